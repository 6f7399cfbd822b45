/**
 * A sweep episode's large artefacts (screenshots, marked screenshots, UI dumps, audio) do not
 * travel through Redis: the worker serves them from its own store over the web host's
 * authenticated HTTP (`GET /artifacts/<sha256>`, bearer token), and the coordinator fetches the
 * ones its store lacks when it records the episode, checking each against its hash.
 */
import { createHash } from 'node:crypto';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import { errorMessage } from '../../shared/errors.ts';
import type { ArtifactStore } from '../store/artifacts.ts';

/** Every artefact a value (a run's events) refers to, once each. */
export function artifactRefs(value: unknown): ArtifactRef[] {
  const out = new Map<string, ArtifactRef>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.sha256 === 'string' && /^[0-9a-f]{64}$/.test(o.sha256) && typeof o.mime === 'string')
      out.set(o.sha256, o as unknown as ArtifactRef);
    for (const x of Object.values(o)) walk(x);
  };
  walk(value);
  return [...out.values()];
}

export interface FetchArtifactsResult {
  fetched: number;
  present: number;
  missing: Array<{ sha256: string; why: string }>;
}

/** Fetches what `store` lacks from a worker's web host; never throws (what fails is listed). */
export async function fetchArtifacts(
  store: ArtifactStore,
  refs: readonly ArtifactRef[],
  source: { url: string; token: string | undefined },
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<FetchArtifactsResult> {
  const result: FetchArtifactsResult = { fetched: 0, present: 0, missing: [] };
  const f = options.fetch ?? fetch;
  const base = source.url.replace(/\/+$/, '');
  for (const ref of refs) {
    if (store.has(ref.sha256)) {
      result.present++;
      continue;
    }
    if (!source.token) {
      result.missing.push({ sha256: ref.sha256, why: 'no MOBA_SWEEP_TOKEN to fetch it with' });
      continue;
    }
    try {
      const res = await f(`${base}/artifacts/${ref.sha256}`, {
        headers: { Authorization: `Bearer ${source.token}` },
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      if (!res.ok) {
        result.missing.push({ sha256: ref.sha256, why: `HTTP ${res.status} from ${base}` });
        continue;
      }
      const data = new Uint8Array(await res.arrayBuffer());
      if (createHash('sha256').update(data).digest('hex') !== ref.sha256) {
        result.missing.push({ sha256: ref.sha256, why: `the bytes from ${base} do not match the hash` });
        continue;
      }
      store.put(data, {
        mime: ref.mime,
        ...(ref.width !== undefined ? { width: ref.width } : {}),
        ...(ref.height !== undefined ? { height: ref.height } : {}),
      });
      result.fetched++;
    } catch (error) {
      result.missing.push({ sha256: ref.sha256, why: `${base}: ${errorMessage(error)}` });
    }
  }
  return result;
}
