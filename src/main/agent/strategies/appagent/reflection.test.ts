/**
 * AppAgent's exploration reflection: its reply parser (each decision, tolerant spelling, clear
 * errors for malformed replies), its prompt (both screens, the doc to refine), the element
 * identity docs are keyed by, and the docs shown beside the tags (model-written first, the
 * template over demonstrations only as a fallback).
 */
import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { buildReflectionMessages, parseExploreReflection } from './reflection.ts';
import { elementKey, promptDocs } from './docs.ts';
import type { Demonstration, ElementDoc } from '../../ports.ts';

function el(index: number, over: Partial<UiElement> = {}): UiElement {
  return {
    index,
    bounds: [0, index * 100, 100, index * 100 + 90],
    center: [50, index * 100 + 45],
    text: '',
    contentDesc: '',
    resourceId: '',
    className: 'android.widget.Button',
    packageName: 'com.android.deskclock',
    trueAttributes: ['clickable', 'enabled'],
    ...over,
  };
}

describe('the exploration reflection reply', () => {
  it('reads each of the four decisions, in any case, with the documentation', () => {
    for (const decision of ['BACK', 'continue', ' Success ']) {
      const r = parseExploreReflection({ decision, thought: 'why', documentation: ' Opens the timer. ' });
      expect(r).toEqual({
        ok: true,
        value: { decision: decision.trim().toUpperCase(), thought: 'why', documentation: 'Opens the timer.' },
      });
    }
    expect(parseExploreReflection({ decision: 'INEFFECTIVE', thought: 'nothing moved', documentation: 'x' })).toEqual({
      ok: true,
      value: { decision: 'INEFFECTIVE', thought: 'nothing moved', documentation: null },
    });
  });

  it('names what is wrong with a malformed reply', () => {
    const unknown = parseExploreReflection({ decision: 'MAYBE', documentation: 'd' });
    expect(unknown).toEqual({ ok: false, error: expect.stringContaining('"MAYBE" is not a decision') });
    const missing = parseExploreReflection({ thought: 't', documentation: 'd' });
    expect(missing).toEqual({
      ok: false,
      error: expect.stringMatching(/decision: .*BACK, INEFFECTIVE, CONTINUE, SUCCESS/),
    });
    const noDoc = parseExploreReflection({ decision: 'SUCCESS', thought: 't' });
    expect(noDoc).toEqual({ ok: false, error: expect.stringContaining('documentation: required with SUCCESS') });
    expect(parseExploreReflection('SUCCESS')).toEqual({ ok: false, error: expect.stringContaining('one JSON object') });
    expect(parseExploreReflection([1])).toEqual({ ok: false, error: expect.stringContaining('one JSON object') });
  });

  it('prompts with both screens, the action on the element and the doc to refine', () => {
    const png = { data: new Uint8Array([1]), mime: 'image/png' as const };
    const [system, user] = buildReflectionMessages({
      task: 'Add an alarm',
      action: 'tap(3)',
      kind: 'tap',
      element: 'ImageButton "Add alarm"',
      previous: 'Adds something.',
      before: png,
      after: { ...png, data: new Uint8Array([2]) },
    });
    expect(system!.content).toContain('BACK');
    const parts = Array.isArray(user!.content) ? user!.content : [];
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
    expect(text).toContain('tap(3): tapping the element ImageButton "Add alarm"');
    expect(text).toContain('Adds something.\nRefine it');
    expect(text.indexOf('before the action')).toBeLessThan(text.indexOf('after the action'));
    expect(parts.filter((p) => p.type === 'image')).toHaveLength(2);
  });
});

describe('element docs beside the tags', () => {
  const demo: Demonstration = {
    id: 'r1',
    goal: 'Add a morning alarm',
    app: 'com.android.deskclock',
    steps: [{ subGoal: 'Add a new alarm', action: 'Click(3)', element: 'Button "Add alarm"' }],
  };

  it('keys an element by resource id (with a short description), else description or text with its class', () => {
    expect(elementKey(el(1, { resourceId: 'com.x:id/fab', contentDesc: 'Add alarm' }))).toBe(
      'id com.x:id/fab "Add alarm"',
    );
    expect(elementKey(el(1, { resourceId: 'com.x:id/row', contentDesc: 'A very long description of a row' }))).toBe(
      'id com.x:id/row',
    );
    expect(elementKey(el(1, { contentDesc: 'Add alarm' }))).toBe('desc "Add alarm" Button');
    expect(elementKey(el(1, { text: 'OK' }))).toBe('text "OK" Button');
    expect(elementKey(el(1))).toBeNull();
  });

  it('shows a model-written doc with its provenance, and the template only where there is none', () => {
    const elements = [el(1, { text: 'Add alarm' }), el(2, { text: 'OK' }), el(3, { text: 'Cancel' })];
    const written: ElementDoc = {
      id: 'element:x',
      app: 'com.android.deskclock',
      element: 'text "Add alarm" Button',
      docs: { tap: 'Starts a new alarm.', longPress: 'Nothing more.' },
      from: 'run R1, gpt-4o, unreviewed',
    };
    const other: ElementDoc = { ...written, app: 'com.moba.notes', element: 'text "OK" Button' };
    const docs = promptDocs(elements, [written, other], [demo], 'com.android.deskclock');
    expect(docs.get(1)).toEqual([
      'tap: Starts a new alarm.',
      'long press: Nothing more. (from run R1, gpt-4o, unreviewed)',
    ]);
    expect(docs.has(2)).toBe(false);
    // Without a model-written doc the demonstration's template stands in.
    expect(promptDocs(elements, [], [demo], 'com.android.deskclock').get(1)?.[0]).toMatch(/^In a demonstration of/);
  });
});
