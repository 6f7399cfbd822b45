import { serializeError } from '../../shared/errors.ts';
import type { TestModelResult } from '../../shared/contract/models.ts';
import type { ModelEndpoint, Settings } from '../../shared/schemas/settings.ts';
import { encodeWav } from '../../shared/voice/audio-format.ts';
import { resolveEndpoint } from '../llm/endpoints.ts';
import type { ModelSettingsSource, ResolvedEndpoint } from '../llm/endpoints.ts';
import { synthesize, transcribe } from './audio-endpoints.ts';

const TEST_TIMEOUT_MS = 20_000;

/** A second of a 440 Hz tone at 16 kHz: enough for any transcription server to accept the file. */
function testTone(): Uint8Array {
  const rate = 16_000;
  return encodeWav(
    Float32Array.from({ length: rate }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate)),
    rate,
  );
}

/**
 * *Test connection* for the voice roles: one short speech request (the speaker) or one
 * transcription of a test tone (the transcriber — any transcript, even an empty one, proves
 * the endpoint answers in the right format). As for chat roles, a draft on another origin than
 * the saved key's goes without it unless the caller supplies `apiKey`.
 */
export async function testVoiceEndpoint(
  settings: ModelSettingsSource & { get(): Settings },
  role: 'transcriber' | 'speaker',
  draft: ModelEndpoint | undefined,
  signal: AbortSignal,
  apiKey?: string,
): Promise<TestModelResult> {
  const started = performance.now();
  let resolved: ResolvedEndpoint | undefined;
  const limit = AbortSignal.any([signal, AbortSignal.timeout(TEST_TIMEOUT_MS)]);
  try {
    const source: ModelSettingsSource = {
      endpointFor: (r) => {
        const base = r === role ? (draft ?? settings.endpointFor(r)) : settings.endpointFor(r);
        return base && r === role
          ? { ...base, maxRetries: 0, timeoutMs: Math.min(base.timeoutMs, TEST_TIMEOUT_MS) }
          : base;
      },
      // The saved key goes only to the origin it was saved for (a draft elsewhere gets `apiKey` or none).
      apiKeyFor: (r, url) => (r === role && apiKey ? apiKey : settings.apiKeyFor(r, url)),
      keyOriginFor: (r) => settings.keyOriginFor?.(r) ?? null,
    };
    resolved = resolveEndpoint(source, role);
    let reply: string;
    if (role === 'speaker') {
      const voice = settings.get().voice;
      const out = await synthesize(resolved, {
        text: 'MobA Studio voice check.',
        voice: voice.voices.en.endpoint,
        format: voice.format,
        speed: voice.rate,
        signal: limit,
      });
      reply = `${out.audio.length} bytes of ${out.mime}`;
    } else {
      const out = await transcribe(resolved, {
        audio: testTone(),
        fileName: 'tone.wav',
        mime: 'audio/wav',
        signal: limit,
      });
      reply = out.text
        ? `heard “${out.text.slice(0, 80)}” in a test tone`
        : 'a transcript (empty, as expected for a test tone)';
    }
    return {
      ok: true,
      role,
      baseUrl: resolved.endpoint.baseUrl,
      model: resolved.endpoint.model,
      latencyMs: performance.now() - started,
      reply,
      dims: null,
      error: null,
    };
  } catch (error) {
    const e = serializeError(error);
    return {
      ok: false,
      role,
      baseUrl: resolved?.endpoint.baseUrl ?? draft?.baseUrl ?? '',
      model: resolved?.endpoint.model ?? draft?.model ?? '',
      latencyMs: performance.now() - started,
      reply: null,
      dims: null,
      error: { code: e.code, message: e.message },
    };
  }
}
