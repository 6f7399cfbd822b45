import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, extractJson, looksLikeRefusal } from './json-extract.ts';

function value(text: string): unknown {
  const r = extractJson(text);
  if (!r.ok) throw new Error(`expected JSON in ${JSON.stringify(text)}: ${r.reason}`);
  return r.value;
}

describe('extractJson', () => {
  it('reads plain JSON', () => {
    expect(value('{"a": 1, "b": [true, null]}')).toEqual({ a: 1, b: [true, null] });
  });

  it('reads JSON inside a fenced block surrounded by prose', () => {
    const text =
      'Sure! Here is my answer:\n```json\n{"action": "Click", "index": 3}\n```\nLet me know if you need more.';
    expect(value(text)).toEqual({ action: 'Click', index: 3 });
  });

  it('reads a fence without a language tag, and an unclosed fence', () => {
    expect(value('```\n{"x": 1}\n```')).toEqual({ x: 1 });
    expect(value('Answer:\n```json\n{"x": 2}')).toEqual({ x: 2 });
  });

  it('reads JSON embedded in prose without fences', () => {
    expect(value('Thought: the button is visible. {"index": 7, "text": "a {brace} inside"} That is all.')).toEqual({
      index: 7,
      text: 'a {brace} inside',
    });
  });

  it('mends trailing commas, single quotes, comments and Python constants', () => {
    expect(value("{'a': 'x', 'b': [1, 2,],}")).toEqual({ a: 'x', b: [1, 2] });
    expect(value('{"done": True, "reason": None, "ok": False}')).toEqual({ done: true, reason: null, ok: false });
    expect(value('{\n  // the element\n  "index": 4 /* best guess */\n}')).toEqual({ index: 4 });
  });

  it('closes a truncated object', () => {
    expect(value('{"subgoals": ["open app", "tap')).toEqual({ subgoals: ['open app', 'tap'] });
  });

  it('reads a top-level array', () => {
    expect(value('The list: [1, 2, 3]')).toEqual([1, 2, 3]);
  });

  it('prefers the fenced block over braces in the prose before it', () => {
    expect(value('Use {curly} notation like this:\n```json\n{"a": 1}\n```')).toEqual({ a: 1 });
  });

  it('reports no JSON for prose and empty replies', () => {
    expect(extractJson('I cannot help with that.')).toEqual({
      ok: false,
      reason: 'The reply contains no JSON object.',
    });
    expect(extractJson('   ')).toEqual({ ok: false, reason: 'The reply was empty.' });
    expect(extractJson('42').ok).toBe(false);
  });
});

describe('describeIssues', () => {
  it('names the path of every issue', () => {
    const schema = z.object({ subgoals: z.array(z.object({ goal: z.string() })), done: z.boolean() });
    const result = schema.safeParse({ subgoals: [{ goal: 1 }], done: 'yes' });
    expect(result.success).toBe(false);
    const text = describeIssues(result.error!.issues);
    const lines = text.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^- subgoals\[0\]\.goal: .*expected string/);
    expect(lines[1]).toMatch(/^- done: .*expected boolean/);
  });

  it('names the root', () => {
    const result = z.object({ a: z.number() }).safeParse([]);
    expect(describeIssues(result.error!.issues)).toMatch(/^- \(root\): /);
  });
});

describe('looksLikeRefusal', () => {
  it('spots apologies and refusals without JSON', () => {
    expect(looksLikeRefusal("I'm sorry, but I can't help with that request.")).toBe(true);
    expect(looksLikeRefusal('I cannot assist with controlling this device.')).toBe(true);
    expect(looksLikeRefusal('As an AI, I am unable to do that.')).toBe(true);
  });

  it('does not flag answers, even apologetic ones that carry JSON', () => {
    expect(looksLikeRefusal('{"action": "Back"}')).toBe(false);
    expect(looksLikeRefusal('Sorry for the delay: {"action": "Back"}')).toBe(false);
    expect(looksLikeRefusal('The screen shows a dialog.')).toBe(false);
  });
});

describe('extractJson picks the answer, not a bracket in the prose', () => {
  it('prefers the longest bracketed span', () => {
    expect(value('Element [1] is the button. {"action": "Click", "index": 1}')).toEqual({ action: 'Click', index: 1 });
    expect(value('[{"a": 1}, {"a": 2}]')).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('does not read bare prose as JSON', () => {
    expect(extractJson('As an AI, I am unable to do that.').ok).toBe(false);
  });
});
