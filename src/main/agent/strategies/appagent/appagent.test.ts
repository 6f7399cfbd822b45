import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../llm/types.ts';
import type { ScreenForPrompt } from '../moba/prompts/common.ts';
import { elementDocs } from './docs.ts';
import { appAgentElements } from './elements.ts';
import { gridCells, gridFor, gridPoint } from './grid.ts';
import { buildAppAgentMessages } from './prompts.ts';
import { appAgentReplySchema, mapAppAgentAction } from './replies.ts';

const node = (attrs: string, children = '') => `<node ${attrs}>${children}</node>`;
const DUMP = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${node(
  'index="0" text="" class="android.widget.FrameLayout" package="com.android.deskclock" content-desc="" clickable="false" focusable="false" enabled="true" bounds="[0,0][1080,2400]"',
  node(
    'text="" class="android.widget.FrameLayout" package="com.android.deskclock" content-desc="" clickable="true" focusable="true" enabled="true" bounds="[0,200][1080,600]" resource-id="com.android.deskclock:id/alarm_item"',
    node(
      'text="7:00 AM" class="android.widget.TextView" package="com.android.deskclock" content-desc="" clickable="false" focusable="false" enabled="true" bounds="[40,220][500,400]"',
    ),
  ) +
    node(
      'text="" class="android.widget.ImageButton" package="com.android.deskclock" content-desc="Add alarm" clickable="true" focusable="true" enabled="true" bounds="[414,1749][666,2001]"',
    ) +
    // Its centre is 10 px from the button's: a near-duplicate.
    node(
      'text="" class="android.view.View" package="com.android.deskclock" content-desc="" clickable="true" focusable="true" enabled="true" bounds="[424,1759][676,2011]"',
    ) +
    node(
      'text="Label" class="android.widget.EditText" package="com.android.deskclock" content-desc="" clickable="false" focusable="true" enabled="true" bounds="[40,700][1040,800]"',
    ) +
    node(
      'text="Off" class="android.widget.Button" package="com.android.deskclock" content-desc="" clickable="true" focusable="true" enabled="false" bounds="[40,900][400,1000]"',
    ),
)}${node(
  // A dialog window over the lower part of the app: what it covers is not offered.
  'text="" class="android.widget.FrameLayout" package="com.android.deskclock" content-desc="" clickable="false" focusable="false" enabled="true" bounds="[0,1600][1080,2400]"',
  node(
    'text="OK" class="android.widget.Button" package="com.android.deskclock" content-desc="" clickable="true" focusable="true" enabled="true" bounds="[800,2200][1000,2300]"',
  ),
)}</hierarchy>`;
const SCREEN = { width: 1080, height: 2400 };

describe('AppAgent elements', () => {
  it('clickables first, then focusables; near-duplicates within 30 px, disabled and covered nodes dropped; a text inside names its host', () => {
    const els = appAgentElements(DUMP, SCREEN);
    expect(els.map((e) => [e.index, e.className.split('.').pop(), e.text || e.contentDesc])).toEqual([
      [1, 'FrameLayout', '7:00 AM'],
      [2, 'Button', 'OK'],
      [3, 'EditText', 'Label'],
    ]);
    expect(els[0]!.trueAttributes).toEqual(['clickable', 'focusable']);
  });

  it('keeps the add button when no dialog covers it', () => {
    const noDialog = DUMP.replace(
      /<node text="" class="android.widget.FrameLayout" package="com.android.deskclock" content-desc="" clickable="false" focusable="false" enabled="true" bounds="\[0,1600\]\[1080,2400\]">.*<\/node><\/hierarchy>/,
      '</hierarchy>',
    );
    const els = appAgentElements(noDialog, SCREEN);
    expect(els.map((e) => e.contentDesc || e.text)).toEqual(['7:00 AM', 'Add alarm', 'Label']);
  });
});

describe('AppAgent action language', () => {
  const elements = appAgentElements(DUMP, SCREEN);
  const at = { elements, screen: SCREEN, grid: null, candidates: null };
  it('maps onto the shared action space', () => {
    expect(mapAppAgentAction('tap(2)', at)).toMatchObject({
      ok: true,
      command: { kind: 'action', action: { name: 'Click', params: { index: 2 } } },
    });
    expect(mapAppAgentAction('text("Work")', at)).toMatchObject({
      ok: true,
      command: { action: { name: 'Type', params: { text: 'Work' } } },
    });
    expect(mapAppAgentAction('long_press(1)', at)).toMatchObject({
      ok: true,
      command: { action: { name: 'Long_Press', params: { index: 1 } } },
    });
    // A finger moving up shows what is below: MobA's Scroll names that side.
    expect(mapAppAgentAction('swipe(1, "up", "long")', at)).toMatchObject({
      ok: true,
      command: { action: { name: 'Scroll', params: { index: 1, direction: 'down', distance: 'long' } } },
    });
    expect(mapAppAgentAction('grid()', at)).toMatchObject({ ok: true, command: { kind: 'grid' } });
    expect(mapAppAgentAction('FINISH', at)).toMatchObject({ ok: true, command: { kind: 'finish' } });
  });
  it('refuses what is not on the screen, with the reason the model sees', () => {
    expect(mapAppAgentAction('tap(9)', at)).toEqual({
      ok: false,
      error: 'element 9 is not on the screen; tags are 1–3',
    });
    expect(mapAppAgentAction('swipe(1, sideways)', at)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/direction/),
    });
    expect(mapAppAgentAction('open_app("Clock")', at)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown action open_app/),
    });
    const r = appAgentReplySchema(at).safeParse({ thought: 't', action: 'tap(42)' });
    expect(r.success).toBe(false);
  });
  it('grid mode: areas and sub-areas become points', () => {
    const grid = gridFor(SCREEN);
    expect(grid).toEqual({ cell: 120, cols: 9, rows: 20 });
    expect(gridPoint(grid, SCREEN, 1, 'center')).toEqual([60, 60]);
    expect(gridPoint(grid, SCREEN, 10, 'top-left')).toEqual([30, 150]);
    expect(gridPoint(grid, SCREEN, 181, 'center')).toBeNull();
    expect(gridCells(grid, SCREEN)).toHaveLength(180);
    const g = { ...at, grid };
    expect(mapAppAgentAction('tap(10, "top-left")', g)).toMatchObject({
      ok: true,
      command: { action: { name: 'Click_by_Coordinate', params: { x: 30, y: 150, unit: 'px' } } },
    });
    // The finger goes down at the first area's point, as the released grid swipe does.
    const [gx, gy] = gridPoint(grid, SCREEN, 100, 'center')!;
    expect(mapAppAgentAction('swipe(100, "center", 10, "center")', g)).toMatchObject({
      ok: true,
      command: {
        action: { name: 'Swipe', params: { direction: 'up', distance: 'long', x: gx, y: gy, unit: 'px' } },
      },
    });
    expect(mapAppAgentAction('tap(10, "middle")', g)).toMatchObject({ ok: false });
  });
  it("ReachAgent's action space accepts only the candidates", () => {
    const schema = appAgentReplySchema({ ...at, candidates: new Set(['tap(2)']) });
    expect(schema.safeParse({ action: 'tap(2)' }).success).toBe(true);
    expect(schema.safeParse({ action: 'FINISH' }).success).toBe(true);
    const bad = schema.safeParse({ action: 'tap(1)' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('not one of the allowed actions');
  });
});

describe('AppAgent docs and prompt', () => {
  const elements = appAgentElements(
    DUMP.replace(
      /<node text="" class="android.widget.FrameLayout" package="com.android.deskclock" content-desc="" clickable="false" focusable="false" enabled="true" bounds="\[0,1600\]\[1080,2400\]">.*<\/node><\/hierarchy>/,
      '</hierarchy>',
    ),
    SCREEN,
  );
  const docs = elementDocs(
    elements,
    [
      {
        id: 'route:1',
        goal: 'Set a wake-up alarm',
        app: 'com.android.deskclock',
        steps: [{ subGoal: 'Add a new alarm', action: 'Click(4)', element: 'button "Add alarm" (id fab)' }],
        from: 'an expert seed',
      },
    ],
    'com.android.deskclock',
  );
  it('documents elements a demonstration acted on, in the same app only', () => {
    expect([...docs.entries()]).toEqual([
      [
        2,
        [
          'In a demonstration of "Set a wake-up alarm" (from an expert seed) it was used to add a new alarm (Click(4)).',
        ],
      ],
    ]);
    expect(
      elementDocs(
        elements,
        [
          {
            id: 'r',
            goal: 'g',
            app: 'com.moba.notes',
            steps: [{ subGoal: 's', action: 'a', element: 'button "Add alarm"' }],
          },
        ],
        'com.android.deskclock',
      ).size,
    ).toBe(0);
  });
  it('prompt (snapshot)', () => {
    const png = new Uint8Array([1, 2, 3]);
    const screen: ScreenForPrompt = {
      elementsText:
        '[1] FrameLayout "7:00 AM" #alarm_item\n[2] ImageButton "" desc="Add alarm"\n[3] EditText "Label" editable',
      currentApp: 'com.android.deskclock/.DeskClock',
      keyboardShown: false,
      width: 1080,
      height: 2400,
      screenshot: { data: png, mime: 'image/jpeg' },
      marked: { data: png, mime: 'image/jpeg' },
      note: null,
    };
    const printable = (m: ChatMessage[]) =>
      m.map((x) => ({
        role: x.role,
        content:
          typeof x.content === 'string'
            ? x.content
            : x.content.map((p) => (p.type === 'text' ? p.text : `<image ${p.data.byteLength} bytes>`)),
      }));
    expect(
      printable(
        buildAppAgentMessages({
          task: 'Create an alarm at 6:30 PM',
          lastSummary: 'Opened the Clock app.',
          feedback: ['Use the + button'],
          lastError: null,
          screen,
          docs,
          grid: null,
          candidates: null,
        }),
      ),
    ).toMatchSnapshot();
    expect(
      printable(
        buildAppAgentMessages({
          task: 'Create an alarm at 6:30 PM',
          lastSummary: null,
          feedback: [],
          lastError: 'element 9 is not on the screen',
          screen,
          docs: new Map(),
          grid: { cols: 9, rows: 20 },
          candidates: null,
        }),
      ),
    ).toMatchSnapshot();
    expect(
      printable(
        buildAppAgentMessages({
          task: 'Create an alarm at 6:30 PM',
          lastSummary: null,
          feedback: [],
          lastError: null,
          screen,
          docs: new Map(),
          grid: null,
          candidates: ['tap(1) — "7:00 AM"', 'tap(2) — "Add alarm"', 'FINISH'],
        }),
      ),
    ).toMatchSnapshot();
  });
});
