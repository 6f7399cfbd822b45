/**
 * The model gateway against the scripted OpenAI-compatible server, over real HTTP through the
 * real `openai` SDK: usage, cost, images, retries, Retry-After, timeouts, cancellation,
 * streaming, embeddings and key handling. No test leaves the machine.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import type { ModelGatewayOptions } from '../../src/main/llm/model-gateway.ts';
import type { ScriptedServer } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';
import { SettingsService } from '../../src/main/settings/settings-service.ts';
import { EnvSecretStore } from '../../src/main/settings/secrets.ts';
import { ArtifactStore } from '../../src/main/store/artifacts.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { MobaError } from '../../src/shared/errors.ts';
import { ModelCallRecord } from '../../src/shared/schemas/llm.ts';
import type { ModelEndpoint } from '../../src/shared/schemas/settings.ts';
import { scriptedModel, staticModelSettings } from '../support/scripted-model.ts';
import { tempDir } from '@moba/testkit/rigs';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(
  script: ScriptInput,
  endpoint: Partial<ModelEndpoint> = {},
  options: Partial<ModelGatewayOptions> & { apiKey?: string } = {},
) {
  const server = await scriptedModel(script);
  cleanups.push(() => server.close());
  const settings = staticModelSettings({ baseUrl: server.baseUrl, ...endpoint }, options.apiKey);
  const gateway = new ModelGateway({ settings, retry: { baseDelayMs: 20, maxDelayMs: 100 }, ...options });
  cleanups.push(() => gateway.dispose());
  const records: ModelCallRecord[] = [];
  gateway.onDidRecord((r) => records.push(r));
  return { server, gateway, records };
}

const chatRequests = (server: ScriptedServer) => server.requests().filter((r) => r.path.endsWith('/chat/completions'));

async function rejection(p: Promise<unknown>): Promise<MobaError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(MobaError);
    return error as MobaError;
  }
  throw new Error('expected the call to fail');
}

describe('ModelGateway over the scripted server', () => {
  it('returns text, usage, latency and cost, and records the call', async () => {
    const { server, gateway, records } = await setup(
      { steps: [{ reply: 'Hello there', usage: { promptTokens: 1200, completionTokens: 300 } }] },
      { model: 'gpt-4o', inputCostPerMTok: 2.5, outputCostPerMTok: 10, temperature: 0.2 },
    );
    const result = await gateway.chat({
      role: 'planner',
      purpose: 'plan',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hi' },
      ],
      maxTokens: 50,
    });
    expect(result.text).toBe('Hello there');
    expect(result.refusal).toBeNull();
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ promptTokens: 1200, completionTokens: 300, totalTokens: 1500 });
    expect(result.costUsd).toBeCloseTo((1200 * 2.5 + 300 * 10) / 1e6, 12);
    expect(result.attempts).toBe(1);
    expect(result.latencyMs).toBeGreaterThan(0);
    expect(result.model).toBe('gpt-4o');
    const body = chatRequests(server)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'gpt-4o', temperature: 0.2, max_tokens: 50 });
    expect(body.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'hi' },
    ]);
    expect(records).toHaveLength(1);
    const record = ModelCallRecord.parse(records[0]);
    expect(record).toMatchObject({
      kind: 'chat',
      role: 'planner',
      purpose: 'plan',
      baseUrl: server.baseUrl,
      model: 'gpt-4o',
      attempts: 1,
      error: null,
      costUsd: result.costUsd,
    });
    expect(record.request).toMatchObject({ temperature: 0.2, maxTokens: 50 });
    expect(record.reply).toEqual({ text: 'Hello there', refusal: null, finishReason: 'stop' });
    expect(result.record).toBe(records[0]);
  });

  it('sends images as data URLs and records them as artifact refs in the store', async () => {
    const dir = tempDir('moba-llm-');
    cleanups.push(() => dir.dispose());
    const db = openDatabase({ path: join(dir.path, 'moba.sqlite') });
    cleanups.push(() => db.close());
    const artifacts = new ArtifactStore(db, join(dir.path, 'artifacts'));
    const { server, gateway, records } = await setup({ steps: [{ reply: '{"ok":true}' }] }, {}, { artifacts });
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b7e1a40000000049454e44ae426082',
      'hex',
    );
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    await gateway.chat({
      role: 'actor',
      purpose: 'act',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'image', data: png, mime: 'image/png' },
            { type: 'image', data: jpeg, mime: 'image/jpeg', detail: 'low' },
          ],
        },
      ],
    });
    const sent = (chatRequests(server)[0]!.body as { messages: Array<{ content: Array<Record<string, unknown>> }> })
      .messages[0]!.content;
    expect(sent[1]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(sent[2]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`, detail: 'low' },
    });
    const parts = records[0]!.request.messages[0]!.content as Array<{
      type: string;
      image?: { sha256: string; mime: string; bytes: number };
    }>;
    expect(parts.map((p) => p.type)).toEqual(['text', 'image', 'image']);
    expect(parts[1]!.image).toMatchObject({ mime: 'image/png', bytes: png.byteLength });
    expect(parts[2]!.image).toMatchObject({ mime: 'image/jpeg', bytes: jpeg.byteLength });
    expect(artifacts.read(parts[1]!.image!.sha256).equals(png)).toBe(true);
    expect(existsSync(artifacts.get(parts[2]!.image!.sha256).path)).toBe(true);
    expect(JSON.stringify(records[0])).not.toContain('base64');
  });

  it('retries a 500 and succeeds on the second attempt', async () => {
    const { server, gateway, records } = await setup({
      steps: [{ error: { status: 500, message: 'boom' } }, { reply: 'recovered' }],
    });
    const result = await gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] });
    expect(result.text).toBe('recovered');
    expect(result.attempts).toBe(2);
    expect(records[0]!.attempts).toBe(2);
    expect(chatRequests(server).map((r) => r.status)).toEqual([500, 200]);
  });

  it('retries a dropped connection (network error)', async () => {
    const { gateway } = await setup({ steps: [{ error: { disconnect: true } }, { reply: 'back' }] });
    const result = await gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] });
    expect(result).toMatchObject({ text: 'back', attempts: 2 });
  });

  it('honours Retry-After on 429', async () => {
    const { server, gateway } = await setup({
      steps: [{ error: { status: 429, message: 'slow down', retryAfter: 1 } }, { reply: 'ok' }],
    });
    const result = await gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] });
    const [first, second] = chatRequests(server);
    const waited = second!.receivedAt - first!.receivedAt;
    // The configured back-off is ~20 ms; only the header explains a one-second gap.
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(3_000);
    expect(result.attempts).toBe(2);
    expect(result.latencyMs).toBeGreaterThanOrEqual(950);
  });

  it('fails at once when Retry-After is longer than the client waits', async () => {
    const { server, gateway } = await setup({
      steps: [{ error: { status: 429, message: 'quota', retryAfter: 3600 } }, { reply: 'never' }],
    });
    const error = await rejection(
      gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error.code).toBe('MODEL_HTTP_ERROR');
    expect(error.message).toMatch(/retry after 3600 s/);
    expect(chatRequests(server)).toHaveLength(1);
  });

  it('does not retry a 400, and reports the status and the server message', async () => {
    const { server, gateway, records } = await setup({
      steps: [
        { error: { status: 400, message: 'context length exceeded', code: 'context_length_exceeded' } },
        { reply: 'never' },
      ],
    });
    const error = await rejection(
      gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error.code).toBe('MODEL_HTTP_ERROR');
    expect(error.message).toContain('HTTP 400: context length exceeded');
    expect(error.details).toMatchObject({
      status: 400,
      serverMessage: 'context length exceeded',
      code: 'context_length_exceeded',
      attempts: 1,
    });
    expect(chatRequests(server)).toHaveLength(1);
    expect(records[0]!.error).toMatchObject({ code: 'MODEL_HTTP_ERROR', details: { status: 400 } });
    expect(records[0]!.reply).toBeNull();
  });

  it('gives up after maxRetries with the last error', async () => {
    const { server, gateway } = await setup(
      { steps: [{ error: { status: 503, message: 'overloaded' }, times: 'always' }] },
      { maxRetries: 2 },
    );
    const error = await rejection(
      gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', details: { status: 503, attempts: 3 } });
    expect(chatRequests(server)).toHaveLength(3);
  });

  it('times out per attempt, retries, then fails with TIMEOUT', async () => {
    const { server, gateway, records } = await setup(
      { steps: [{ reply: 'late', delayMs: 30_000, times: 'always' }] },
      { timeoutMs: 1_000, maxRetries: 1 },
    );
    const t0 = performance.now();
    const error = await rejection(
      gateway.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] }),
    );
    const elapsed = performance.now() - t0;
    expect(error.code).toBe('TIMEOUT');
    expect(error.details).toMatchObject({ attempts: 2 });
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(20_000); // two 1 s attempts, not the 30 s reply
    expect(chatRequests(server)).toHaveLength(2);
    expect(records[0]!.error?.code).toBe('TIMEOUT');
  });

  it('cancels mid-request promptly with CANCELLED', async () => {
    const { server, gateway, records } = await setup({ steps: [{ reply: 'late', delayMs: 10_000 }] });
    const controller = new AbortController();
    const pending = gateway.chat({
      role: 'actor',
      purpose: 'act',
      messages: [{ role: 'user', content: 'x' }],
      signal: controller.signal,
    });
    await waitFor(() => chatRequests(server).length === 1);
    const t0 = performance.now();
    controller.abort();
    const error = await rejection(pending);
    expect(error.code).toBe('CANCELLED');
    expect(performance.now() - t0).toBeLessThan(6_000); // far below the 10 s reply or 30 s back-off
    expect(records[0]!.error?.code).toBe('CANCELLED');
    expect(chatRequests(server)).toHaveLength(1);
  });

  it('cancels during the back-off before a retry', async () => {
    const { server, gateway } = await setup({
      steps: [{ error: { status: 429, message: 'wait', retryAfter: 30 } }, { reply: 'never' }],
    });
    const controller = new AbortController();
    const pending = gateway.chat({
      role: 'actor',
      purpose: 'act',
      messages: [{ role: 'user', content: 'x' }],
      signal: controller.signal,
    });
    await waitFor(() => chatRequests(server).length === 1 && chatRequests(server)[0]!.status === 429);
    const t0 = performance.now();
    controller.abort();
    expect((await rejection(pending)).code).toBe('CANCELLED');
    expect(performance.now() - t0).toBeLessThan(6_000); // far below the 10 s reply or 30 s back-off
    expect(chatRequests(server)).toHaveLength(1);
  });

  it('rejects an already-aborted call without a request', async () => {
    const { server, gateway } = await setup({ steps: [{ reply: 'x' }] });
    expect(
      (
        await rejection(
          gateway.chat({
            role: 'actor',
            purpose: 'act',
            messages: [{ role: 'user', content: 'x' }],
            signal: AbortSignal.abort(),
          }),
        )
      ).code,
    ).toBe('CANCELLED');
    expect(chatRequests(server)).toHaveLength(0);
  });

  it('streams the reply in pieces, with usage', async () => {
    const text = 'The settings page shows Wi-Fi, Bluetooth and Display entries near the top of the list.';
    const { server, gateway, records } = await setup({
      steps: [{ reply: text, usage: { promptTokens: 10, completionTokens: 20 } }],
    });
    const deltas: string[] = [];
    const result = await gateway.chat({
      role: 'planner',
      purpose: 'plan',
      messages: [{ role: 'user', content: 'x' }],
      onDelta: (d) => deltas.push(d),
    });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(text);
    expect(result.text).toBe(text);
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 20, totalTokens: 30 });
    expect(result.finishReason).toBe('stop');
    expect(chatRequests(server)[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(records[0]!.request.stream).toBe(true);
  });

  it('cancels a stream mid-way', async () => {
    const { gateway } = await setup({
      steps: [{ reply: 'one two three four five six seven eight nine ten eleven twelve', chunkDelayMs: 300 }],
    });
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = gateway.chat({
      role: 'planner',
      purpose: 'plan',
      messages: [{ role: 'user', content: 'x' }],
      signal: controller.signal,
      onDelta: (d) => {
        deltas.push(d);
        controller.abort();
      },
    });
    const error = await rejection(pending);
    expect(error.code).toBe('CANCELLED');
    expect(deltas).toHaveLength(1);
  });

  it('embeds texts deterministically, in order', async () => {
    const { server, gateway, records } = await setup({ embeddingDims: 32 });
    const vectors = await gateway.embed({ texts: ['set an alarm', 'send a message', 'set an alarm'] });
    expect(vectors).toHaveLength(3);
    expect(vectors[0]).toHaveLength(32);
    expect(vectors[2]).toEqual(vectors[0]);
    expect(vectors[1]).not.toEqual(vectors[0]);
    const norm = Math.sqrt(vectors[0]!.reduce((s, x) => s + x * x, 0));
    expect(norm).toBeCloseTo(1, 5);
    expect(server.requests()[0]!.path).toBe('/v1/embeddings');
    expect(records[0]).toMatchObject({
      kind: 'embed',
      role: 'embedder',
      attempts: 1,
      error: null,
      request: { texts: ['set an alarm', 'send a message', 'set an alarm'] },
    });
    expect(records[0]!.embeddings).toEqual(vectors);
    expect(await gateway.embed({ texts: [] })).toEqual([]);
  });

  it('needs a key for a non-local endpoint (MODEL_NOT_CONFIGURED, no request) and sends it but never records it', async () => {
    const noKey = new ModelGateway({ settings: staticModelSettings({ baseUrl: 'http://models.invalid/v1' }) });
    const records: ModelCallRecord[] = [];
    noKey.onDidRecord((r) => records.push(r));
    const error = await rejection(
      noKey.chat({ role: 'planner', purpose: 'plan', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error.code).toBe('MODEL_NOT_CONFIGURED');
    expect(error.message).toMatch(/No API key for the planner role/);
    expect(records[0]).toMatchObject({ attempts: 0, error: { code: 'MODEL_NOT_CONFIGURED' } });

    const key = 'sk-test-secret-0123456789';
    const { server, gateway, records: keyed } = await setup({ steps: [{ reply: 'ok' }] }, {}, { apiKey: key });
    await gateway.chat({ role: 'planner', purpose: 'plan', messages: [{ role: 'user', content: 'x' }] });
    expect(server.requests()[0]!.hasAuthorization).toBe(true);
    expect(JSON.stringify(keyed)).not.toContain(key);
  });

  it('reads endpoints and keys from the real settings service, with per-run overrides', async () => {
    const server = await scriptedModel({
      steps: [{ match: { model: 'planner-x' }, reply: 'from planner-x', times: 'always' }],
      fallback: { reply: 'other' },
    });
    cleanups.push(() => server.close());
    const dir = tempDir('moba-llm-');
    cleanups.push(() => dir.dispose());
    const db = openDatabase({ path: join(dir.path, 'moba.sqlite') });
    cleanups.push(() => db.close());
    const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
    settings.update({
      models: { default: { baseUrl: server.baseUrl, model: 'default-model', timeoutMs: 5_000, maxRetries: 0 } },
    });
    const plain = new ModelGateway({ settings });
    expect(
      (await plain.chat({ role: 'planner', purpose: 'plan', messages: [{ role: 'user', content: 'x' }] })).text,
    ).toBe('other');
    const overridden = new ModelGateway({ settings, overrides: { roles: { planner: { model: 'planner-x' } } } });
    expect(
      (await overridden.chat({ role: 'planner', purpose: 'plan', messages: [{ role: 'user', content: 'x' }] })).text,
    ).toBe('from planner-x');
    expect(
      (await overridden.chat({ role: 'actor', purpose: 'act', messages: [{ role: 'user', content: 'x' }] })).text,
    ).toBe('other');
    // The embedder has no endpoint by default: a clear error, not a call to the chat model.
    expect((await rejection(plain.embed({ texts: ['a'] }))).code).toBe('MODEL_NOT_CONFIGURED');
    expect(server.requests().map((r) => (r.body as { model: string }).model)).toEqual([
      'default-model',
      'planner-x',
      'default-model',
    ]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
