import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedServer } from '@moba/testkit';
import { freePort } from '@moba/testkit/rigs';
import type { RunEventBody } from '../../shared/schemas/run.ts';
import { ModelGateway } from '../llm/model-gateway.ts';
import { scriptedModel, staticModelSettings } from '../../../test/support/scripted-model.ts';
import { NO_ANSWER, SimulatedUser } from './simulated-user.ts';
import { askUserModel, modelResponder, userModelMessages } from './simulated-user-model.ts';

const RULES = 'You are the user of a phone assistant';
const user = {
  facts: [
    { id: 'landlord', about: ['landlord', '房东'], answer: 'My landlord is Wang Fang.' },
    { id: 'amount', about: ['how much', 'amount'], answer: '¥3,200' },
  ],
  known: [{ about: ['paid'], answer: 'Not yet.' }],
};
const GOAL = 'Send my landlord the usual rent message.';

let model: ScriptedServer;
beforeAll(async () => {
  model = await scriptedModel({
    models: ['scripted'],
    steps: [
      {
        name: 'who gets the message',
        match: { system: RULES, user: 'Whom should I write to?' },
        reply: { fact: 'landlord', answer: 'Wang Fang, my landlord.' },
        times: 2,
      },
      {
        name: 'a fact the task does not have',
        match: { system: RULES, user: 'What is your favourite colour?' },
        reply: { fact: 'colour', answer: 'Blue.' },
      },
      {
        name: 'honest',
        match: { system: RULES, user: 'Which emoji?' },
        reply: { fact: null, answer: "I don't know" },
      },
    ],
  });
});
afterAll(async () => {
  await model?.close();
});

function modelUser(baseUrl: string) {
  const simulated = new SimulatedUser(user, 'en');
  const events: RunEventBody[] = [];
  const gateway = new ModelGateway({ settings: staticModelSettings({ baseUrl, maxRetries: 0, timeoutMs: 5_000 }) });
  const responder = modelResponder(simulated, {
    gateway,
    user,
    locale: 'en',
    goal: GOAL,
    sink: { append: (e) => events.push(e) },
  });
  return { simulated, events, gateway, responder, respond: responder.answer };
}

describe("the simulated user's model mode", () => {
  it('writes a prompt of the facts, the goal and the question with its rules', () => {
    const [system, prompt] = userModelMessages(user, 'en', GOAL, 'Whom should I write to?');
    expect(system!.content).toMatch(/Answer ONLY from the facts/);
    expect(system!.content).toContain("I don't know");
    expect(prompt!.content).toContain(`## Your request\n${GOAL}`);
    expect(prompt!.content).toContain('- landlord: My landlord is Wang Fang. (about: landlord, 房东)');
    expect(prompt!.content).toContain('- known:0: Not yet. (about: paid)');
    expect(prompt!.content).toContain('## The question\nWhom should I write to?');
  });

  it('answers from keywords first, asks the model what they cannot, grounded in the facts; each call recorded in the run', async () => {
    model.reset();
    const { simulated, events, respond } = modelUser(model.baseUrl);
    // The keywords match: no model call.
    expect(await respond('How much is the rent?')).toBe('¥3,200');
    expect(model.requests().filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(0);
    // The keywords do not: the model answers from a fact, at temperature 0; the call is in the run.
    expect(await respond('Whom should I write to?')).toBe('Wang Fang, my landlord.');
    const chats = model.requests().filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(1);
    expect((chats[0]!.body as { temperature: number }).temperature).toBe(0);
    expect(events).toEqual([expect.objectContaining({ type: 'model_call', nodeId: null })]);
    expect(events[0]).toMatchObject({ record: { role: 'simulatedUser', purpose: 'simulated-user' } });
    // A fact the task does not have, or none: "I don't know", an unnecessary question.
    expect(await respond('What is your favourite colour?')).toBe(NO_ANSWER.en);
    expect(await respond('Which emoji?')).toBe(NO_ANSWER.en);
    // A second question about the landlord, answered by the model: asked before, unnecessary.
    expect(await respond('Whom should I write to?')).toBe('Wang Fang, my landlord.');
    expect(events.filter((e) => e.type === 'model_call')).toHaveLength(4);
    expect(events.filter((e) => e.type === 'message')).toEqual([]);
    expect(simulated.questionCounts).toEqual({ questions: 5, unnecessaryQuestions: 3 });
  });

  it("stops recording the gateway's calls in the run once disposed", async () => {
    model.reset();
    const { events, gateway, responder } = modelUser(model.baseUrl);
    await askUserModel(gateway, user, 'en', GOAL, 'Whom should I write to?');
    expect(events).toEqual([expect.objectContaining({ type: 'model_call' })]);
    responder.dispose();
    await askUserModel(gateway, user, 'en', GOAL, 'Whom should I write to?');
    expect(model.requests().filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(2);
    expect(events).toHaveLength(1);
    gateway.dispose();
  });

  it('falls back to the keywords with a warning in the run when the model cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    const { simulated, events, respond } = modelUser(closed);
    expect(await respond('Whom should I write to?')).toBe(NO_ANSWER.en);
    expect(await respond('Who is the landlord?')).toBe('My landlord is Wang Fang.');
    const warnings = events.filter((e) => e.type === 'message');
    expect(warnings).toEqual([
      expect.objectContaining({
        from: 'system',
        text: expect.stringMatching(/^Warning: the simulated user's model could not answer/),
      }),
    ]);
    expect(simulated.questionCounts).toEqual({ questions: 2, unnecessaryQuestions: 1 });
  });
});
