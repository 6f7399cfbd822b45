import { describe, expect, it } from 'vitest';
import { initialUses, replyText, selectAnswer, viewOf } from './answer.ts';
import { parseScript } from './script.ts';

const body = (system: string, user: string, model = 'm') => ({
  model,
  messages: [
    { role: 'system', content: system },
    {
      role: 'user',
      content: [
        { type: 'text', text: user },
        { type: 'image_url', image_url: { url: 'data:' } },
      ],
    },
  ],
});

describe('scripted script', () => {
  it('rejects bad scripts with the path of each problem', () => {
    expect(() => parseScript({ steps: [{ match: { system: 'x' } }] })).toThrow(
      /steps\.0: needs one of reply, toolCalls, refusal or error/,
    );
    expect(() => parseScript({ steps: [{ reply: 'x', match: { user: { regex: '(' } } }] })).toThrow(
      /steps\.0\.match\.user: invalid regular expression/,
    );
    expect(() => parseScript({ steps: [{ reply: 'x', bogus: 1 }] })).toThrow(/Invalid script/);
  });

  it('answers with the first matching step that has uses left, then the fallback', () => {
    const script = parseScript({
      steps: [
        { name: 'act', match: { system: 'ACTOR' }, reply: 'a1' },
        { name: 'plan', match: { system: { regex: '^planner', flags: 'i' } }, reply: { subgoals: ['x'] }, times: 2 },
        { name: 'act2', match: { system: 'actor', user: 'second' }, reply: 'a2' },
        { name: 'gpt', match: { model: 'gpt-4o' }, reply: 'g', times: 'always' },
      ],
      fallback: { reply: 'fb' },
    });
    const uses = initialUses(script);
    const pick = (system: string, user: string, model?: string) =>
      selectAnswer(script, uses, viewOf(body(system, user, model)))?.label;
    expect(pick('Planner: split the goal', 'u')).toBe('#2 plan');
    expect(pick('You are the actor', 'first')).toBe('#1 act');
    expect(pick('You are the actor', 'first')).toBe('fallback');
    expect(pick('You are the actor', 'the second one')).toBe('#3 act2');
    expect(pick('planner', 'u')).toBe('#2 plan');
    expect(pick('planner', 'u')).toBe('fallback');
    expect(pick('x', 'y', 'gpt-4o-mini')).toBe('#4 gpt');
    expect(pick('x', 'y', 'gpt-4o')).toBe('#4 gpt');
  });

  it('serialises JSON replies with templates from the request', () => {
    const script = parseScript({ steps: [{ reply: { index: '{{element:OK}}' } }] });
    const view = viewOf(body('s', 'Screen:\n[1] Button "Cancel"\n[2] Button "OK"'));
    expect(view.images).toBe(1);
    expect(replyText(script.steps[0]!, view)).toBe('{"index":2}');
  });
});
