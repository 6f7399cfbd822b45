/**
 * Record a sequence of calls through the live gateway and the scripted server, then re-execute
 * it with the ReplayGateway and no server at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import { ReplayGateway } from '../../src/main/llm/replay-gateway.ts';
import { callStructured } from '../../src/main/llm/structured.ts';
import type { ChatMessage, LlmGateway } from '../../src/main/llm/types.ts';
import { MobaError } from '../../src/shared/errors.ts';
import { ModelCallRecord } from '../../src/shared/schemas/llm.ts';
import { scriptedModel, staticModelSettings } from '../support/scripted-model.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const ask = (text: string): ChatMessage[] => [
  { role: 'system', content: 'agent' },
  {
    role: 'user',
    content: [
      { type: 'text', text },
      { type: 'image', data: png, mime: 'image/png' },
    ],
  },
];
const Act = z.object({ action: z.string() });

/** A miniature run: plan, act (with a repair round), reflect, embed, and a failing call. */
async function miniRun(gateway: LlmGateway, variant = '') {
  const plan = await gateway.chat({
    role: 'planner',
    purpose: 'plan',
    messages: ask(`plan the goal${variant}`),
    temperature: 0,
  });
  const act = await callStructured({
    gateway,
    schema: Act,
    role: 'actor',
    purpose: 'act',
    messages: ask('act on sub-goal 1'),
  });
  const reflect = await gateway.chat({ role: 'reflector', purpose: 'reflect', messages: ask('reflect') });
  const vectors = await gateway.embed({ texts: ['set an alarm'] });
  let failure: string | undefined;
  try {
    await gateway.chat({ role: 'reflector', purpose: 'reflect', messages: ask('reflect again') });
  } catch (error) {
    failure = (error as MobaError).code;
  }
  return { plan: plan.text, act: act.value, reflect: reflect.text, vectors, failure };
}

async function record() {
  const server = await scriptedModel({
    steps: [
      { match: { system: 'agent', user: 'plan' }, reply: 'PLAN-1' },
      { match: { user: 'act' }, reply: 'no json here' },
      { match: { user: 'act' }, reply: { action: 'Back()' } },
      { match: { user: 'reflect again' }, error: { status: 400, message: 'bad request' } },
      { match: { user: 'reflect' }, reply: 'REFLECT-1' },
    ],
  });
  cleanups.push(() => server.close());
  const live = new ModelGateway({ settings: staticModelSettings({ baseUrl: server.baseUrl, maxRetries: 0 }) });
  const records: ModelCallRecord[] = [];
  live.onDidRecord((r) => records.push(r));
  const outcome = await miniRun(live);
  await server.close();
  // What a run's event log stores: plain JSON, read back and validated.
  return { outcome, records: ModelCallRecord.array().parse(JSON.parse(JSON.stringify(records))) };
}

describe('ReplayGateway', () => {
  it('re-executes a recorded run without a model, replies in order per role', async () => {
    const { outcome, records } = await record();
    expect(outcome).toMatchObject({
      plan: 'PLAN-1',
      act: { action: 'Back()' },
      reflect: 'REFLECT-1',
      failure: 'MODEL_HTTP_ERROR',
    });
    expect(records.map((r) => `${r.role}:${r.purpose}`)).toEqual([
      'planner:plan',
      'actor:act',
      'actor:act:repair',
      'reflector:reflect',
      'embedder:embed',
      'reflector:reflect',
    ]);

    const replay = new ReplayGateway({ records, mode: 'strict' });
    const replayed: ModelCallRecord[] = [];
    replay.onDidRecord((r) => replayed.push(r));
    const again = await miniRun(replay);
    expect(again).toEqual(outcome);
    expect(replay.remaining()).toEqual({ planner: 0, actor: 0, reflector: 0, embedder: 0 });
    expect(replayed.map((r) => r.replay)).toEqual(records.map((r) => ({ of: r.id, hashMatched: true })));
    expect(replayed.every((r) => r.attempts === 0)).toBe(true);
  });

  it('keeps request hashes stable across runs', async () => {
    const first = await record();
    const second = await record();
    expect(second.records.map((r) => r.requestHash)).toEqual(first.records.map((r) => r.requestHash));
    expect(new Set(first.records.map((r) => r.requestHash)).size).toBe(first.records.length);
  });

  it('flags a changed request in strict mode, serves it in lenient mode', async () => {
    const { records } = await record();
    const strict = new ReplayGateway({ records });
    const seen: ModelCallRecord[] = [];
    strict.onDidRecord((r) => seen.push(r));
    const error = await strict
      .chat({ role: 'planner', purpose: 'plan', messages: ask('plan a different goal'), temperature: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MobaError);
    expect(error).toMatchObject({
      code: 'REPLAY_MISMATCH',
      details: { role: 'planner', recordId: records[0]!.id, expectedHash: records[0]!.requestHash },
    });
    expect(seen[0]!.error?.code).toBe('REPLAY_MISMATCH');

    const lenient = new ReplayGateway({ records, mode: 'lenient' });
    const lenientSeen: ModelCallRecord[] = [];
    lenient.onDidRecord((r) => lenientSeen.push(r));
    const out = await lenient.chat({
      role: 'planner',
      purpose: 'plan',
      messages: ask('plan a different goal'),
      temperature: 0,
    });
    expect(out.text).toBe('PLAN-1');
    expect(lenientSeen[0]!.replay).toEqual({ of: records[0]!.id, hashMatched: false });
  });

  it('reports a run that asks for more than was recorded', async () => {
    const { records } = await record();
    const replay = new ReplayGateway({ records: records.filter((r) => r.role !== 'planner') });
    await expect(
      replay.chat({ role: 'planner', purpose: 'plan', messages: ask('plan the goal') }),
    ).rejects.toMatchObject({
      code: 'REPLAY_MISMATCH',
      message: expect.stringMatching(/no recorded chat call left for the planner role/),
    });
  });
});
