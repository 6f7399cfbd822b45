import { describe, expect, it } from 'vitest';
import type { ModelEndpoint, ModelRole } from '../../shared/schemas/settings.ts';
import { costOf, isLocalBaseUrl, resolveEndpoint } from './endpoints.ts';
import type { ModelSettingsSource } from './endpoints.ts';

const endpoint = (baseUrl: string, model = 'gpt-4o'): ModelEndpoint => ({
  baseUrl,
  model,
  timeoutMs: 60_000,
  maxRetries: 2,
});

function source(
  endpoints: Partial<Record<ModelRole, ModelEndpoint | null>>,
  keys: Partial<Record<ModelRole, string>> = {},
): ModelSettingsSource {
  return { endpointFor: (role) => endpoints[role] ?? null, apiKeyFor: (role) => keys[role] };
}

describe('endpoints', () => {
  it('treats loopback hosts as local', () => {
    expect(isLocalBaseUrl('http://localhost:11434/v1')).toBe(true);
    expect(isLocalBaseUrl('http://127.0.0.1:8741/v1')).toBe(true);
    expect(isLocalBaseUrl('http://127.1.2.3/v1')).toBe(true);
    expect(isLocalBaseUrl('http://[::1]:8000/v1')).toBe(true);
    expect(isLocalBaseUrl('https://api.openai.com/v1')).toBe(false);
    expect(isLocalBaseUrl('http://192.168.1.5:8000/v1')).toBe(false);
    expect(isLocalBaseUrl('http://localhost.evil.com/v1')).toBe(false);
    expect(isLocalBaseUrl('not a url')).toBe(false);
  });

  it('needs a key for a remote endpoint, none for a local one', () => {
    expect(() => resolveEndpoint(source({ planner: endpoint('https://api.openai.com/v1') }), 'planner')).toThrow(
      expect.objectContaining({ code: 'MODEL_NOT_CONFIGURED' }),
    );
    expect(
      resolveEndpoint(source({ planner: endpoint('https://api.openai.com/v1') }, { planner: 'sk-x' }), 'planner')
        .apiKey,
    ).toBe('sk-x');
    expect(resolveEndpoint(source({ planner: endpoint('http://127.0.0.1:9/v1') }), 'planner').apiKey).toBeUndefined();
  });

  it('applies the run-wide override to chat roles and per-role overrides on top', () => {
    const s = source({
      actor: endpoint('https://api.openai.com/v1'),
      embedder: endpoint('https://api.openai.com/v1', 'text-embedding-3-small'),
    });
    const overrides = {
      baseUrl: 'http://localhost:8741/v1',
      model: 'scripted',
      roles: { actor: { model: 'actor-model' } },
    };
    const actor = resolveEndpoint(s, 'actor', overrides).endpoint;
    expect(actor).toMatchObject({ baseUrl: 'http://localhost:8741/v1', model: 'actor-model', timeoutMs: 60_000 });
    // The embedder keeps its own endpoint under a run-wide override (it needs an embedding model) …
    expect(() => resolveEndpoint(s, 'embedder', overrides)).toThrow(
      expect.objectContaining({ code: 'MODEL_NOT_CONFIGURED' }),
    );
    // … and can be pointed elsewhere with its own override, even when none is configured.
    const none = source({});
    expect(
      resolveEndpoint(none, 'embedder', { roles: { embedder: { baseUrl: 'http://127.0.0.1:1/v1', model: 'e' } } })
        .endpoint.model,
    ).toBe('e');
    expect(() => resolveEndpoint(none, 'embedder')).toThrow(/No model endpoint is configured for the embedder/);
  });

  it('rejects an invalid override URL', () => {
    expect(() =>
      resolveEndpoint(source({ actor: endpoint('http://localhost/v1') }), 'actor', { baseUrl: 'ftp://x' }),
    ).toThrow(/Invalid model override/);
  });

  it('prices a call only when both prices and the usage are known', () => {
    const priced = { ...endpoint('x'), inputCostPerMTok: 2.5, outputCostPerMTok: 10 };
    expect(costOf(priced, { promptTokens: 1_000_000, completionTokens: 100_000 })).toBeCloseTo(3.5, 10);
    expect(costOf(priced, null)).toBeNull();
    expect(costOf({ ...endpoint('x'), inputCostPerMTok: 2.5 }, { promptTokens: 1, completionTokens: 1 })).toBeNull();
  });
});
