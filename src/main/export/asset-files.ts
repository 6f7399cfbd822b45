import type { ArtifactRef } from '../../shared/schemas/common.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';

/** Where an artifact goes inside an export folder. */
const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/xml': 'xml',
  'application/json': 'json',
  'text/plain': 'txt',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
};

/** `assets/<sha256>.<ext>`, relative to the export folder. */
export function assetFile(ref: { sha256: string; mime: string }): string {
  return `assets/${ref.sha256}.${EXT[ref.mime] ?? 'bin'}`;
}

/** Every artifact reference in the events (screens, model images, spoken audio), found structurally (any `{ sha256, mime, bytes }`). */
export function collectArtifactRefs(events: readonly RunEvent[]): Map<string, ArtifactRef> {
  const out = new Map<string, ArtifactRef>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 12 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (
      typeof o.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(o.sha256) &&
      typeof o.mime === 'string' &&
      typeof o.bytes === 'number'
    ) {
      if (!out.has(o.sha256)) out.set(o.sha256, o as unknown as ArtifactRef);
      return;
    }
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  for (const e of events)
    if (e.type === 'observation' || e.type === 'model_call' || e.type === 'voice_input') walk(e, 0);
  return out;
}
