import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer } from '@moba/testkit';
import type { ScriptedServer } from '@moba/testkit';
import { defaultSettings } from '../../shared/schemas/settings.ts';
import type { ModelEndpoint, ModelRole } from '../../shared/schemas/settings.ts';
import { testModelEndpoint } from './model-handlers.ts';
import type { TestSettings } from './model-handlers.ts';

describe('testModel', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer({
      script: { steps: [{ match: { user: 'single word OK' }, reply: 'OK', times: 'always' }], embeddingDims: 32 },
      port: 0,
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const settingsWith = (endpoint: ModelEndpoint | null, key?: string): TestSettings => {
    const s = defaultSettings();
    if (endpoint) s.models.default = endpoint;
    return {
      get: () => s,
      endpointFor: (r: ModelRole) => (r === 'embedder' ? null : s.models.default),
      apiKeyFor: () => key,
    };
  };

  it('reports the reply and latency of the saved default endpoint', async () => {
    const r = await testModelEndpoint(
      settingsWith({ baseUrl: server.baseUrl, model: 'scripted', timeoutMs: 5_000, maxRetries: 2 }),
      'default',
      undefined,
      new AbortController().signal,
    );
    expect(r).toMatchObject({
      ok: true,
      role: 'default',
      baseUrl: server.baseUrl,
      model: 'scripted',
      reply: 'OK',
      dims: null,
      error: null,
    });
    expect(r.latencyMs).toBeGreaterThan(0);
  });

  it('tests an unsaved draft, e.g. an embedding endpoint, without retrying', async () => {
    const r = await testModelEndpoint(
      settingsWith(null),
      'embedder',
      { baseUrl: server.baseUrl, model: 'embed', timeoutMs: 5_000, maxRetries: 5 },
      new AbortController().signal,
    );
    expect(r).toMatchObject({ ok: true, role: 'embedder', dims: 32 });
  });

  it('turns failures into a readable error (no key for a remote endpoint; nothing listening)', async () => {
    const noKey = await testModelEndpoint(settingsWith(null), 'default', undefined, new AbortController().signal);
    expect(noKey).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_CONFIGURED' } });
    const down = await testModelEndpoint(
      settingsWith(null),
      'actor',
      { baseUrl: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 2_000, maxRetries: 3 },
      new AbortController().signal,
    );
    expect(down.ok).toBe(false);
    expect(down.error?.message).toBeTruthy();
    expect(down.latencyMs).toBeLessThan(2_500);
  });
});
