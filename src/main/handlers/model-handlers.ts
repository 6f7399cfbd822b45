import { serializeError } from '../../shared/errors.ts';
import type { TestModelResult } from '../../shared/contract/models.ts';
import type { ModelEndpoint, ModelRole, Settings } from '../../shared/schemas/settings.ts';
import type { Handlers } from '../contract/router.ts';
import type { ModelSettingsSource } from '../llm/endpoints.ts';
import { ModelGateway } from '../llm/model-gateway.ts';
import { testVoiceEndpoint } from '../voice/voice-test.ts';

/** The saved settings (SettingsService fits). */
export type TestSettings = ModelSettingsSource & { get(): Settings };

/** A test never waits longer than this, whatever the endpoint's own timeout says. */
const TEST_TIMEOUT_MS = 20_000;

/**
 * One tiny request to a role's endpoint: a one-word chat for chat roles, one embedding for the
 * embedder. `draft` tests unsaved settings: the saved key goes with it only when the draft is on
 * the origin the key was saved for; elsewhere only `apiKey`, a key the caller supplies for this
 * one request (never stored), is sent.
 */
export async function testModelEndpoint(
  settings: TestSettings,
  role: 'default' | ModelRole,
  draft: ModelEndpoint | undefined,
  signal: AbortSignal,
  apiKey?: string,
): Promise<TestModelResult> {
  if (role === 'transcriber' || role === 'speaker') return testVoiceEndpoint(settings, role, draft, signal, apiKey);
  const asRole: ModelRole = role === 'default' ? 'planner' : role;
  const base = draft ?? (role === 'default' ? settings.get().models.default : settings.endpointFor(role));
  const source: ModelSettingsSource = {
    // One attempt, bounded: a test should answer quickly, and retries would hide the first error.
    endpointFor: (r) =>
      r === asRole
        ? base
          ? { ...base, maxRetries: 0, timeoutMs: Math.min(base.timeoutMs, TEST_TIMEOUT_MS) }
          : null
        : settings.endpointFor(r),
    apiKeyFor: (r, url) => (r === asRole && apiKey ? apiKey : settings.apiKeyFor(r, url)),
    keyOriginFor: (r) => settings.keyOriginFor?.(r) ?? null,
  };
  const gateway = new ModelGateway({ settings: source });
  let endpoint: ModelEndpoint | null = null;
  const started = performance.now();
  const limit = AbortSignal.any([signal, AbortSignal.timeout(TEST_TIMEOUT_MS)]);
  try {
    endpoint = gateway.endpointFor(asRole);
    if (asRole === 'embedder') {
      const vectors = await gateway.embed({ texts: ['MobA Studio connection test'], signal: limit, purpose: 'test' });
      return {
        ok: true,
        role,
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        latencyMs: performance.now() - started,
        reply: null,
        dims: vectors[0]?.length ?? 0,
        error: null,
      };
    }
    const r = await gateway.chat({
      role: asRole,
      purpose: 'test',
      messages: [{ role: 'user', content: 'Reply with the single word OK.' }],
      maxTokens: 16,
      temperature: 0,
      signal: limit,
    });
    return {
      ok: true,
      role,
      baseUrl: r.baseUrl,
      model: r.model,
      latencyMs: r.latencyMs,
      reply: (r.refusal ?? r.text).slice(0, 200),
      dims: null,
      error: null,
    };
  } catch (error) {
    const e = serializeError(error);
    return {
      ok: false,
      role,
      baseUrl: endpoint?.baseUrl ?? draft?.baseUrl ?? '',
      model: endpoint?.model ?? draft?.model ?? '',
      latencyMs: performance.now() - started,
      reply: null,
      dims: null,
      error: { code: e.code, message: e.message },
    };
  }
}

export function modelHandlers(s: { settings: TestSettings }): Pick<Handlers, 'testModel'> {
  return {
    testModel: ({ role, endpoint, apiKey }, { signal }) =>
      testModelEndpoint(s.settings, role, endpoint, signal, apiKey),
  };
}
