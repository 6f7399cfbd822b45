import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import { ICON_CLASS, TEXT_CLASS } from '../vision/view.ts';
import { groundOperation, parsePosition, textMatches } from './operations.ts';
import { buildChooseMessages, buildFinalCheckMessages, buildV1Messages } from './prompts.ts';
import { FinalCheckReplySchema, chooseReplySchema, v1ReplySchema } from './replies.ts';

const SCREEN = { width: 1080, height: 2400 };
let n = 0;
const el = (kind: 'text' | 'icon', text: string, x: number, y: number): UiElement => ({
  index: ++n,
  bounds: [x - 20, y - 20, x + 20, y + 20],
  center: [x, y],
  text: kind === 'text' ? text : '',
  contentDesc: '',
  resourceId: '',
  className: kind === 'text' ? TEXT_CLASS : ICON_CLASS,
  packageName: '',
  trueAttributes: ['clickable'],
});
const elements = [
  el('text', 'Mon, Tue, Wed', 150, 516),
  el('text', 'S', 127, 1573),
  el('text', 'T', 403, 1573),
  el('text', 'T', 679, 1573),
  el('text', 'Add label', 160, 1318),
  el('icon', '', 542, 2100),
  el('icon', '', 900, 2337),
  el('icon', '', 136, 2142),
];

describe('Mobile-Agent v1 operations', () => {
  it('grounds click text by OCR: one match taps, several ask for a choice, none is an error', () => {
    expect(groundOperation('click text("Add label")', elements, SCREEN)).toEqual({
      ok: true,
      op: { kind: 'tap', element: elements[4] },
    });
    expect(groundOperation('click text("t")', elements, SCREEN)).toMatchObject({
      ok: true,
      op: { kind: 'choose', what: 'text', candidates: [elements[2], elements[3]] },
    });
    expect(groundOperation('click text("Tue")', elements, SCREEN)).toMatchObject({
      ok: true,
      op: { kind: 'tap', element: elements[0] },
    });
    expect(groundOperation('click text("Alarm")', elements, SCREEN)).toEqual({
      ok: false,
      error: 'There is no text "Alarm" on the screen. Choose another operation, or click an icon instead.',
    });
    const many = Array.from({ length: 5 }, (_, i) => el('text', 'OK', 100 + i * 100, 200));
    expect(groundOperation('click text("OK")', many, SCREEN)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/appears 5 times/),
    });
    expect(textMatches(elements, 'label')).toEqual([elements[4]]);
  });
  it('grounds click icon by region, and maps the other operations', () => {
    expect(groundOperation('click icon("plus", "bottom")', elements, SCREEN)).toMatchObject({
      ok: true,
      op: { kind: 'choose', what: 'icon', candidates: [elements[5], elements[6], elements[7]] },
    });
    expect(groundOperation('click icon("bell", "left")', elements, SCREEN)).toMatchObject({
      ok: true,
      op: { kind: 'tap', element: elements[7] },
    });
    expect(groundOperation('click icon("bell", "top")', elements, SCREEN)).toMatchObject({ ok: false });
    expect(groundOperation('click icon("bell", "middle")', elements, SCREEN)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a region/),
    });
    expect(groundOperation('open App("Clock")', elements, SCREEN)).toMatchObject({
      ok: true,
      op: { kind: 'action', action: { name: 'Open_App', params: { app: 'Clock' } } },
    });
    expect(groundOperation('page down()', elements, SCREEN)).toMatchObject({
      op: { action: { name: 'Swipe', params: { direction: 'up' } } },
    });
    expect(groundOperation('page up', elements, SCREEN)).toMatchObject({
      op: { action: { name: 'Swipe', params: { direction: 'down' } } },
    });
    expect(groundOperation('exit()', elements, SCREEN)).toMatchObject({ op: { action: { name: 'Home' } } });
    expect(groundOperation('back()', elements, SCREEN)).toMatchObject({ op: { action: { name: 'Back' } } });
    expect(groundOperation('type("Work")', elements, SCREEN)).toMatchObject({
      op: { action: { name: 'Type', params: { text: 'Work' } } },
    });
    expect(groundOperation('stop()', elements, SCREEN)).toEqual({ ok: true, op: { kind: 'stop' } });
    expect(groundOperation('swipe(1,2)', elements, SCREEN)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not an operation/),
    });
  });
  it('grounds click icon on a position of one or two regions (paper §2.2)', () => {
    const tap = (position: string) => groundOperation(`click icon("bell", ${position})`, elements, SCREEN);
    // Bottom icons: (542, 2100) and (900, 2337) on the right half, (136, 2142) on the left.
    for (const two of ['"bottom left"', '"left bottom"', '"bottom, left"', '"bottom-left"', '"bottom", "left"'])
      expect(tap(two), two).toEqual({ ok: true, op: { kind: 'tap', element: elements[7] } });
    expect(tap('"bottom right"')).toMatchObject({
      ok: true,
      op: { kind: 'choose', candidates: [elements[5], elements[6]] },
    });
    // With center, the middle band bounds the axis the other region leaves free.
    expect(tap('"bottom center"')).toEqual({ ok: true, op: { kind: 'tap', element: elements[5] } });
    expect(tap('"Top Left"')).toEqual({
      ok: false,
      error: 'No icon was found in the top left of the screen. Try another position, or click text.',
    });
    expect(tap('"top bottom"')).toMatchObject({ ok: false, error: expect.stringMatching(/two opposite sides/) });
    expect(tap('"left right"')).toMatchObject({ ok: false, error: expect.stringMatching(/two opposite sides/) });
    expect(tap('"top left center"')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/one or two regions, not 3/),
    });
    expect(tap('"bottom sky"')).toMatchObject({ ok: false, error: expect.stringMatching(/"sky" is not a region/) });
    expect(parsePosition([])).toEqual({ ok: true, regions: ['center'] });
    expect(parsePosition(['top and right'])).toEqual({ ok: true, regions: ['top', 'right'] });
  });
  it('replies', () => {
    expect(v1ReplySchema(elements, SCREEN).safeParse({ action: 'click text("Alarm")' }).success).toBe(false);
    expect(chooseReplySchema(2).parse({ choice: '2' })).toBe(2);
    expect(chooseReplySchema(2).safeParse({ choice: 3 }).success).toBe(false);
    expect(FinalCheckReplySchema.parse({ complete: 'no', missing: 'Thursday' })).toEqual({
      complete: false,
      missing: 'Thursday',
    });
  });
});

describe('Mobile-Agent v1 prompts (snapshots)', () => {
  const img = { data: new Uint8Array([1, 2]), mime: 'image/jpeg' as const };
  const printable = (m: ChatMessage[]) =>
    m.map((x) => ({
      role: x.role,
      content:
        typeof x.content === 'string'
          ? x.content
          : x.content.map((p) => (p.type === 'text' ? p.text : `<image ${p.data.byteLength} bytes>`)),
    }));
  it('step, choice among crops, last check', () => {
    expect(
      printable(
        buildV1Messages({
          task: 'Create an alarm',
          knowledge: null,
          screenshot: img,
          keyboardShown: false,
          history: ['open App("Clock")', 'click text("9:00") → the screen did not change'],
          reflection:
            'The last operation click text("9:00") did not change the screen, so it did not work. Try another operation or other parameters.',
          feedback: [],
        }),
      ),
    ).toMatchSnapshot();
    expect(
      printable(
        buildChooseMessages({
          task: 'Create an alarm',
          intent: 'select Tuesday',
          what: 'text',
          query: 'T',
          crops: [img, img],
        }),
      ),
    ).toMatchSnapshot();
    expect(
      printable(buildFinalCheckMessages({ task: 'Create an alarm', history: ['open App("Clock")'], screenshot: img })),
    ).toMatchSnapshot();
  });
  it("shows the task's knowledge hint in its one prompt only when given", () => {
    const text = (knowledge: string | null) =>
      JSON.stringify(
        printable(
          buildV1Messages({
            task: 'Create an alarm',
            knowledge,
            screenshot: img,
            keyboardShown: false,
            history: [],
            reflection: null,
            feedback: [],
          }),
        ),
      );
    expect(text('The + button adds an alarm.')).toContain('## Hints for this task\\nThe + button adds an alarm.');
    expect(text(null)).not.toContain('Hints for this task');
  });
});
