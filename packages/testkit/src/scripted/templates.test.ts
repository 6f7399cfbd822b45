import { describe, expect, it } from 'vitest';
import { TemplateError, applyTemplates, applyTemplatesDeep, findElementIndex, parseElementLines } from './templates.ts';

const screen = [
  'Elements on screen:',
  '[1] ImageButton "Navigate up" id=up',
  '[2] TextView "Wi-Fi settings" id=title',
  '[3] Switch "Wi-Fi" checked',
  '[4] Button "Save \\"draft\\"" id=save',
  '[12] EditText "" id=search editable',
  '- TextView "Wi-Fi" (text only)',
].join('\n');

describe('scripted templates', () => {
  it('parses element lines and their quoted texts', () => {
    const lines = parseElementLines(screen);
    expect(lines.map((l) => l.index)).toEqual([1, 2, 3, 4, 12]);
    expect(lines[3]!.quoted).toEqual(['Save "draft"']);
  });

  it('prefers the exact text over a longer one that contains it', () => {
    expect(findElementIndex([screen], 'Wi-Fi')).toBe(3);
    expect(findElementIndex([screen], 'wi-fi SETTINGS')).toBe(2);
  });

  it('falls back to text contained in a quote, then anywhere on the line', () => {
    expect(findElementIndex([screen], 'navigate')).toBe(1);
    expect(findElementIndex([screen], 'id=search')).toBe(12);
    expect(findElementIndex([screen], 'draft')).toBe(4);
  });

  it('never picks a text-only line', () => {
    expect(findElementIndex(['- TextView "Bluetooth"'], 'Bluetooth')).toBeUndefined();
  });

  it('searches the newest message first', () => {
    expect(findElementIndex(['[9] Button "OK"', '[5] Button "OK"'], 'OK')).toBe(9);
    expect(findElementIndex(['no elements here', '[5] Button "OK"'], 'OK')).toBe(5);
  });

  it('replaces templates in text, with fallbacks', () => {
    expect(applyTemplates('Click({{element:Wi-Fi}})', [screen])).toBe('Click(3)');
    expect(applyTemplates('Click({{ element: Bluetooth | -1 }})', [screen])).toBe('Click(-1)');
    expect(() => applyTemplates('Click({{element:Bluetooth}})', [screen])).toThrow(TemplateError);
  });

  it('turns a whole-template string in a JSON reply into a number', () => {
    const reply = {
      action: 'Click',
      index: '{{element:Save}}',
      note: 'tap {{element:Wi-Fi}} now',
      list: ['{{element:none|x}}'],
    };
    expect(applyTemplatesDeep(reply, [screen])).toEqual({ action: 'Click', index: 4, note: 'tap 3 now', list: ['x'] });
  });
});

describe('text and match templates', () => {
  const prompt = [
    '## Relevant memory',
    '- [answer] Tomorrow in Shanghai: Sunny, 29° / 23°',
    '## Current screen elements',
    '[1] TextView "Today"',
    '- TextView "Tomorrow | Sunny | 29° | 23°" #day_row',
    '[3] Button "Save"',
  ].join('\n');

  it('repeats the visible text of an element line, text-only lines included', () => {
    expect(applyTemplates('It says {{text:Tomorrow}}.', [prompt])).toBe('It says Tomorrow | Sunny | 29° | 23°.');
    expect(applyTemplates('{{text:Nowhere|unknown}}', [prompt])).toBe('unknown');
    expect(() => applyTemplates('{{text:Nowhere}}', [prompt])).toThrow(/found no element line/);
  });

  it('repeats what a regular expression captures, e.g. a remembered answer', () => {
    expect(applyTemplates('Type("{{match:\\[answer\\] ([^\\n]+)}}")', [prompt])).toBe(
      'Type("Tomorrow in Shanghai: Sunny, 29° / 23°")',
    );
    expect(() => applyTemplates('{{match:nothing (here)}}', [prompt])).toThrow(/matched nothing/);
    expect(() => applyTemplates('{{match:(}}', [prompt])).toThrow(/not a valid regular expression/);
  });

  it('points at perception lines of vision-only prompts: exact text first, the n-th of equal ones, one coordinate', () => {
    const perception = [
      '## Screen',
      '[127, 1573]; text: "S"',
      '[403, 1573]; text: "T"',
      '[541, 1573]; text: "W"',
      '[679, 1573]; text: "T"',
      '[542, 1874]; text: "+"',
      '[2, 9]; text: "Tuesday at noon"',
      '[936, 2142]; icon: "alarm clock"',
    ].join('\n');
    expect(applyTemplates('Tap({{point:T}})', [perception])).toBe('Tap(403, 1573)');
    expect(applyTemplates('Tap({{point:t#2}})', [perception])).toBe('Tap(679, 1573)');
    expect(applyTemplates('{{point:tuesday}}', [perception])).toBe('2, 9');
    expect(applyTemplates('{{point:alarm}}', [perception])).toBe('936, 2142');
    expect(applyTemplatesDeep({ x: '{{x:+}}', y: '{{y:+}}' }, [perception])).toEqual({ x: 542, y: 1874 });
    expect(applyTemplates('{{point:Nope|0, 0}}', [perception])).toBe('0, 0');
    expect(() => applyTemplates('{{point:T#3}}', [perception])).toThrow(TemplateError);
  });
});
