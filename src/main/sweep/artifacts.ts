/**
 * A sweep episode's large artefacts (screenshots, marked screenshots, UI dumps, audio) do not
 * travel through Redis: the worker serves them from its own store over its web host
 * (`GET /artifacts/<sha256>`), and the coordinator fetches the ones its store lacks when it
 * records the episode. It fetches only from the address the worker announced, with the
 * credential the worker announced beside it (which reads artefacts and nothing else), follows
 * no redirect, streams each body to disk up to a cap and keeps it only when it hashes to the
 * reference. Its own tokens are never sent.
 */
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import { errorMessage } from '../../shared/errors.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { ArtifactSource } from './jobs.ts';

/** Larger than any screenshot, dump or recording an episode makes. */
export const DEFAULT_MAX_ARTIFACT_BYTES = 64 * 1024 * 1024;

/** The cap per artefact from `MOBA_SWEEP_MAX_ARTIFACT_MB`, else the default. */
export function maxArtifactBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.MOBA_SWEEP_MAX_ARTIFACT_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : DEFAULT_MAX_ARTIFACT_BYTES;
}

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

/** Fetches what `store` lacks from a worker's announced web host; never throws (what fails is listed). */
export async function fetchArtifacts(
  store: ArtifactStore,
  refs: readonly ArtifactRef[],
  source: ArtifactSource,
  options: { fetch?: typeof fetch; timeoutMs?: number; maxBytes?: number } = {},
): Promise<FetchArtifactsResult> {
  const result: FetchArtifactsResult = { fetched: 0, present: 0, missing: [] };
  const f = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? maxArtifactBytes();
  const base = source.url.replace(/\/+$/, '');
  for (const ref of refs) {
    if (store.has(ref.sha256)) {
      result.present++;
      continue;
    }
    try {
      const res = await f(`${base}/artifacts/${ref.sha256}`, {
        headers: { Authorization: `Bearer ${source.token}` },
        // A redirect would take the credential elsewhere.
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const declared = Number(res.headers.get('content-length') ?? NaN);
      if (!res.ok || !res.body || declared > maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        result.missing.push({
          sha256: ref.sha256,
          why: res.ok
            ? `${base} announced ${declared} bytes, more than the ${maxBytes} allowed`
            : `HTTP ${res.status} from ${base}`,
        });
        continue;
      }
      await store.putExpected(res.body, ref, maxBytes).catch(async (error: unknown) => {
        await res.body?.cancel().catch(() => undefined);
        throw error;
      });
      result.fetched++;
    } catch (error) {
      result.missing.push({ sha256: ref.sha256, why: `${base}: ${errorMessage(error)}` });
    }
  }
  return result;
}
