/**
 * Structured replies through the real SDK and the scripted server: tolerant parsing, the one
 * repair round, refusals, and the final failure.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import type { ScriptedServer } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';
import { callStructured } from '../../src/main/llm/structured.ts';
import type { ChatMessage } from '../../src/main/llm/types.ts';
import { MobaError } from '../../src/shared/errors.ts';
import type { ModelCallRecord } from '../../src/shared/schemas/llm.ts';
import { scriptedModel, staticModelSettings } from '../support/scripted-model.ts';

const Plan = z.object({
  thought: z.string(),
  subgoals: z.array(z.string()).min(1),
  done: z.boolean(),
});

const messages: ChatMessage[] = [
  { role: 'system', content: 'You are the planner. Answer in JSON.' },
  { role: 'user', content: 'Goal: set an alarm for 6:30 PM.' },
];

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(script: ScriptInput) {
  const server = await scriptedModel(script);
  cleanups.push(() => server.close());
  const gateway = new ModelGateway({
    settings: staticModelSettings({ baseUrl: server.baseUrl }),
    retry: { baseDelayMs: 10, maxDelayMs: 20 },
  });
  cleanups.push(() => gateway.dispose());
  const records: ModelCallRecord[] = [];
  gateway.onDidRecord((r) => records.push(r));
  return { server, gateway, records };
}

type WireMessage = { role: string; content: string };
const sentMessages = (server: ScriptedServer, i: number) =>
  (server.requests()[i]!.body as { messages: WireMessage[] }).messages;

async function rejection(p: Promise<unknown>): Promise<MobaError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(MobaError);
    return error as MobaError;
  }
  throw new Error('expected the call to fail');
}

describe('callStructured', () => {
  it.each([
    [
      'a fenced block in prose',
      'Here is the plan:\n```json\n{"thought": "t", "subgoals": ["open Clock"], "done": false}\n```\nGood luck!',
    ],
    ['JSON inside prose', 'Thought first. {"thought": "t", "subgoals": ["open Clock"], "done": false} That is all.'],
    [
      'trailing commas, single quotes, Python constants',
      "{'thought': 't', 'subgoals': ['open Clock',], 'done': False,}",
    ],
  ])('accepts %s in one call', async (_label, reply) => {
    const { server, gateway } = await setup({ steps: [{ reply }] });
    const out = await callStructured({
      gateway,
      schema: Plan,
      role: 'planner',
      purpose: 'plan',
      messages,
      responseFormat: 'json',
    });
    expect(out.value).toEqual({ thought: 't', subgoals: ['open Clock'], done: false });
    expect(out.records).toHaveLength(1);
    expect(server.requests()).toHaveLength(1);
    expect(server.requests()[0]!.body).toMatchObject({ response_format: { type: 'json_object' } });
  });

  it('repairs once: the second request shows the reply and the validation errors', async () => {
    const bad = '{"thought": "t", "subgoals": [], "done": "no"}';
    const { server, gateway, records } = await setup({
      steps: [{ reply: bad }, { reply: { thought: 'fixed', subgoals: ['open Clock'], done: false } }],
    });
    const out = await callStructured({ gateway, schema: Plan, role: 'planner', purpose: 'plan', messages });
    expect(out.value.thought).toBe('fixed');
    expect(out.records.map((r) => r.purpose)).toEqual(['plan', 'plan:repair']);
    expect(records).toHaveLength(2);
    const second = sentMessages(server, 1);
    expect(second.slice(0, 2)).toEqual(messages);
    expect(second[2]).toEqual({ role: 'assistant', content: bad });
    expect(second[3]!.role).toBe('user');
    expect(second[3]!.content).toMatch(/- subgoals: .*(>=1|at least 1|too small)/i);
    expect(second[3]!.content).toMatch(/- done: .*expected boolean/i);
  });

  it('repairs a reply without any JSON', async () => {
    const { server, gateway } = await setup({
      steps: [{ reply: 'I will open the Clock app first.' }, { reply: { thought: 't', subgoals: ['a'], done: true } }],
    });
    const out = await callStructured({ gateway, schema: Plan, role: 'planner', purpose: 'plan', messages });
    expect(out.value.done).toBe(true);
    expect(sentMessages(server, 1)[3]!.content).toContain('The reply contains no JSON object.');
  });

  it('fails with MODEL_REPLY_INVALID after a failed repair, carrying the last reply and the issues', async () => {
    const { server, gateway, records } = await setup({
      steps: [{ reply: '{"thought": 1}' }, { reply: '{"thought": 2, "subgoals": ["x"]}' }, { reply: 'unused' }],
    });
    const error = await rejection(
      callStructured({ gateway, schema: Plan, role: 'planner', purpose: 'plan', messages }),
    );
    expect(error.code).toBe('MODEL_REPLY_INVALID');
    const details = error.details as { lastReply: string; issues: string; recordIds: string[] };
    expect(details.lastReply).toBe('{"thought": 2, "subgoals": ["x"]}');
    expect(details.issues).toMatch(/- thought: .*expected string/);
    expect(details.issues).toMatch(/- done: /);
    expect(details.recordIds).toEqual(records.map((r) => r.id));
    expect(server.requests()).toHaveLength(2);
  });

  it('retries a refusal (message.refusal) once, then succeeds', async () => {
    const { server, gateway } = await setup({
      steps: [{ refusal: "I can't help with that." }, { reply: { thought: 't', subgoals: ['a'], done: false } }],
    });
    const out = await callStructured({ gateway, schema: Plan, role: 'planner', purpose: 'plan', messages });
    expect(out.value.subgoals).toEqual(['a']);
    expect(out.records.map((r) => r.purpose)).toEqual(['plan', 'plan:retry']);
    expect(out.records[0]!.reply?.refusal).toBe("I can't help with that.");
    expect(sentMessages(server, 1)).toEqual(messages);
  });

  it('fails with MODEL_REFUSED after a refusal sentence twice', async () => {
    const { server, gateway } = await setup({
      steps: [{ reply: "I'm sorry, but I can't operate this phone.", times: 2 }, { reply: 'unused' }],
    });
    const error = await rejection(
      callStructured({ gateway, schema: Plan, role: 'planner', purpose: 'plan', messages }),
    );
    expect(error.code).toBe('MODEL_REFUSED');
    expect(error.message).toContain("I'm sorry, but I can't operate this phone.");
    expect(server.requests()).toHaveLength(2);
  });

  it('passes transport errors through (no repair round for them)', async () => {
    const { server, gateway } = await setup({ steps: [{ error: { status: 401, message: 'bad key' } }] });
    const error = await rejection(
      callStructured({ gateway, schema: Plan, role: 'planner', purpose: 'plan', messages }),
    );
    expect(error).toMatchObject({ code: 'MODEL_HTTP_ERROR', details: { status: 401 } });
    expect(server.requests()).toHaveLength(1);
  });
});
