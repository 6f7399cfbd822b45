/**
 * Provider conformance of the model gateway, over real HTTP through the real `openai` SDK: the
 * scripted server answers as each provider documents (where reasoning goes, error bodies, what
 * a request may ask, Azure's deployment path) and every provider's structured reply, function
 * call, thinking reply, error and stream parse. A thinking model's reasoning never reaches the
 * parser, even when it contains an answer of its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ScriptInput, ScriptProvider, ScriptedServer } from '@moba/testkit';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import { callStructured } from '../../src/main/llm/structured.ts';
import type { ModelWait } from '../../src/main/llm/types.ts';
import { MobaError } from '../../src/shared/errors.ts';
import type { ModelCallRecord } from '../../src/shared/schemas/llm.ts';
import type { ModelEndpoint, ProviderId } from '../../src/shared/schemas/settings.ts';
import { scriptedModel, staticModelSettings } from '../support/scripted-model.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PROVIDERS: ScriptProvider[] = ['openai', 'azure', 'ollama', 'vllm', 'lmstudio', 'openrouter', 'gemini'];
const AZURE = { deployment: 'gpt4o-prod', apiVersion: '2024-10-21' };

async function setup(
  provider: ScriptProvider,
  script: Omit<ScriptInput, 'provider'>,
  endpoint: Partial<ModelEndpoint> = {},
) {
  const server = await scriptedModel({ ...script, provider });
  cleanups.push(() => server.close());
  const settings = staticModelSettings({
    baseUrl: provider === 'azure' ? server.baseUrl.replace(/\/v1$/, '') : server.baseUrl,
    provider: provider as ProviderId,
    ...(provider === 'azure' ? { azure: AZURE } : {}),
    ...endpoint,
  });
  const gateway = new ModelGateway({ settings, retry: { baseDelayMs: 10, maxDelayMs: 20 } });
  cleanups.push(() => gateway.dispose());
  const records: ModelCallRecord[] = [];
  const waits: ModelWait[] = [];
  gateway.onDidRecord((r) => records.push(r));
  gateway.onDidWait((w) => waits.push(w));
  return { server, gateway, records, waits };
}

const Act = z.object({ thought: z.string(), action: z.string() });
const messages = [
  { role: 'system' as const, content: 'You operate a phone. Reply with JSON {"thought", "action"}.' },
  { role: 'user' as const, content: 'Open the Clock app.' },
];
const ANSWER = { thought: 'The Clock icon is on the home screen.', action: 'Open_App("Clock")' };
/**
 * Reasoning that holds an answer of its own, longer than the real one (the tolerant JSON reader
 * prefers the longest object): it must never be what is parsed.
 */
const DECOY =
  'Maybe {"thought": "Going home first is always the safest start on any phone, whatever the task says.", "action": "Home()"}? No: the Clock app is the one to open.';
/** Where each provider puts reasoning; null: hidden (OpenAI and Azure do not return it). */
const REASONING_FIELD: Record<ScriptProvider, string | null> = {
  openai: null,
  azure: null,
  ollama: 'reasoning',
  vllm: 'reasoning',
  lmstudio: 'reasoning_content',
  openrouter: 'reasoning',
  gemini: null,
};

const chatBodies = (s: ScriptedServer) =>
  s
    .requests()
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => r.body as Record<string, unknown>);

async function rejection(p: Promise<unknown>): Promise<MobaError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(MobaError);
    return error as MobaError;
  }
  throw new Error('expected the call to fail');
}

describe.each(PROVIDERS)('%s', (provider) => {
  it('a structured reply: asked as the provider supports, parsed, recorded', async () => {
    const { server, gateway, records } = await setup(provider, { steps: [{ reply: ANSWER }] });
    const out = await callStructured({
      gateway,
      schema: Act,
      role: 'actor',
      purpose: 'act',
      messages,
      responseFormat: 'json',
    });
    expect(out.value).toEqual(ANSWER);
    const body = chatBodies(server)[0]!;
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'act' } });
    expect(records[0]!.request.structured).toBe('json_schema');
    if (provider === 'azure') {
      const r = server.requests()[0]!;
      expect(r.path).toBe(`/openai/deployments/${AZURE.deployment}/chat/completions`);
      expect(r.query['api-version']).toBe(AZURE.apiVersion);
    }
  });

  it('a reply through the forced reply function (the tool channel)', async () => {
    const { server, gateway, records } = await setup(
      provider,
      { steps: [{ reply: ANSWER }] },
      { capabilities: { structured: 'tool', tools: true } },
    );
    const out = await callStructured({
      gateway,
      schema: Act,
      role: 'actor',
      purpose: 'act',
      messages,
      responseFormat: 'json',
    });
    expect(out.value).toEqual(ANSWER);
    expect(chatBodies(server)[0]!.tool_choice).toEqual({ type: 'function', function: { name: 'reply' } });
    expect(records[0]!.reply).toMatchObject({ finishReason: 'tool_calls', toolCalls: [{ name: 'reply' }] });
  });

  it('a thinking reply: the reasoning is kept apart and never parsed', async () => {
    const { server, gateway, records } = await setup(provider, {
      steps: [{ reply: ANSWER, reasoning: DECOY }],
    });
    const out = await callStructured({
      gateway,
      schema: Act,
      role: 'actor',
      purpose: 'act',
      messages,
      responseFormat: 'json',
    });
    expect(out.value).toEqual(ANSWER);
    expect(out.text).not.toContain('Home()');
    const field = REASONING_FIELD[provider];
    const sent = (server.requests()[0]!.body as { messages: unknown[] }).messages;
    expect(sent).toHaveLength(2);
    if (provider === 'gemini')
      expect(records[0]!.reply?.reasoning).toBe(DECOY); // a <thought> block in content
    else if (field) expect(records[0]!.reply?.reasoning).toBe(DECOY);
    else expect(records[0]!.reply?.reasoning).toBeUndefined();
  });

  it('a thinking model that never answered: no answer is read from its reasoning', async () => {
    const { gateway, records } = await setup(provider, {
      steps: [{ reply: '', reasoning: DECOY, reasoningAs: 'reasoning', finishReason: 'length', times: 2 }],
    });
    const error = await rejection(
      callStructured({ gateway, schema: Act, role: 'actor', purpose: 'act', messages, responseFormat: 'json' }),
    );
    expect(error.code).toBe('MODEL_REPLY_INVALID');
    expect(error.message).toMatch(/reasoning but no answer .*token limit/);
    expect(records.map((r) => r.reply?.text)).toEqual(['', '']);
  });

  it("an error in the provider's own shape: its message reaches the person", async () => {
    const { gateway } = await setup(provider, {
      steps: [{ error: { status: 400, message: 'messages[1].content: bad image part' } }],
    });
    const error = await rejection(gateway.chat({ role: 'actor', purpose: 'act', messages }));
    expect(error.code).toBe('MODEL_HTTP_ERROR');
    expect(error.message).toContain('HTTP 400: messages[1].content: bad image part');
    expect(error.details).toMatchObject({ status: 400, attempts: 1 });
  });

  it('a streamed thinking reply: content as it comes, reasoning apart', async () => {
    const { gateway } = await setup(provider, {
      steps: [{ reply: 'Tap the Clock icon now.', reasoning: 'The icon is top left.' }],
    });
    const pieces: string[] = [];
    const r = await gateway.chat({ role: 'actor', purpose: 'act', messages, onDelta: (d) => pieces.push(d) });
    expect(r.text).toBe('Tap the Clock icon now.');
    expect(r.reasoning).toBe(REASONING_FIELD[provider] || provider === 'gemini' ? 'The icon is top left.' : null);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Tap the Clock icon now.');
  });

  it('a 429 with Retry-After is waited for, and the wait is announced', async () => {
    const { gateway, waits } = await setup(provider, {
      steps: [{ error: { status: 429, message: 'Rate limit reached', retryAfter: 0.05 } }, { reply: 'ok' }],
    });
    const r = await gateway.chat({ role: 'actor', purpose: 'act', messages });
    expect(r.text).toBe('ok');
    expect(r.attempts).toBe(2);
    expect(waits).toEqual([
      expect.objectContaining({
        role: 'actor',
        purpose: 'act',
        attempt: 1,
        maxAttempts: 3,
        waitMs: 50,
        status: 429,
        serverAsked: true,
      }),
    ]);
    expect(waits[0]!.message).toContain('Rate limit reached');
  });
});

describe('what a provider refuses is asked again more plainly', () => {
  it('LM Studio refuses JSON mode: the prompt alone asks, and the gateway remembers it', async () => {
    const { server, gateway, records } = await setup(
      'lmstudio',
      { steps: [{ reply: ANSWER, times: 2 }] },
      { capabilities: { structured: 'json_object' } },
    );
    const ask = () =>
      callStructured({ gateway, schema: Act, role: 'actor', purpose: 'act', messages, responseFormat: 'json' });
    expect((await ask()).value).toEqual(ANSWER);
    expect((await ask()).value).toEqual(ANSWER);
    const bodies = chatBodies(server);
    expect(bodies.map((b) => (b.response_format as { type?: string } | undefined)?.type ?? 'none')).toEqual([
      'json_object',
      'none',
      'none',
    ]);
    expect(server.requests()[0]!.status).toBe(400);
    expect(records[0]!.request.structured).toBe('prompt');
    expect(records[0]!.request.notes?.[0]).toMatch(
      /refused json_object .*must be 'json_schema'.*asked again with prompt/,
    );
  });

  it('vLLM takes a named reply function without its tool flags', async () => {
    const { gateway } = await setup(
      'vllm',
      { steps: [{ reply: ANSWER }] },
      { capabilities: { structured: 'tool', tools: true } },
    );
    const out = await callStructured({
      gateway,
      schema: Act,
      role: 'actor',
      purpose: 'act',
      messages,
      responseFormat: 'json',
    });
    expect(out.value).toEqual(ANSWER);
  });
});

describe('images for a text-only model are refused clearly', () => {
  const withImage = [
    {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'What is on the screen?' },
        { type: 'image' as const, data: new Uint8Array([1, 2, 3]), mime: 'image/png' as const },
      ],
    },
  ];

  it('set up as text-only: refused before any request', async () => {
    const { server, gateway, records } = await setup(
      'ollama',
      { steps: [{ reply: 'x' }] },
      {
        model: 'llama3',
        capabilities: { vision: false },
      },
    );
    const error = await rejection(gateway.chat({ role: 'actor', purpose: 'act', messages: withImage }));
    expect(error.code).toBe('MODEL_NOT_CAPABLE');
    expect(error.message).toMatch(/actor role's model "llama3" is set up as text-only/);
    expect(server.requests()).toHaveLength(0);
    expect(records[0]!.error?.code).toBe('MODEL_NOT_CAPABLE');
  });

  it("refused by the server: the server's words and what to do", async () => {
    const { gateway } = await setup('vllm', {
      steps: [{ error: { status: 400, message: 'Qwen2.5-7B-Instruct is not a multimodal model' } }],
    });
    const error = await rejection(gateway.chat({ role: 'actor', purpose: 'act', messages: withImage }));
    expect(error.code).toBe('MODEL_NOT_CAPABLE');
    expect(error.message).toMatch(/does not take images .*not a multimodal model.*Use a vision model/);
  });
});
