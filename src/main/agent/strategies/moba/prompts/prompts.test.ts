import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../llm/types.ts';
import { buildActMessages } from './act.ts';
import type { ScreenForPrompt } from './common.ts';
import { buildPlanMessages } from './plan.ts';
import { buildReflectMessages } from './reflect.ts';
import { buildSelectAppMessages } from './select-app.ts';

const png = new Uint8Array([137, 80, 78, 71]);
const screen = (elements: string, app = 'com.android.deskclock/.DeskClock'): ScreenForPrompt => ({
  elementsText: elements,
  currentApp: app,
  keyboardShown: false,
  width: 1080,
  height: 2400,
  screenshot: { data: png, mime: 'image/jpeg' },
  marked: { data: png, mime: 'image/jpeg' },
  note: null,
});
const alarms = screen('[1] TextView "7:00 AM" #digital_clock\n[2] ImageButton "Add alarm" #fab\n- TextView "Alarm"');
// Each memory carries its provenance into the prompt: a run's (model, unreviewed) and a person's.
const memories = [
  {
    id: 'route:1',
    kind: 'route',
    score: 0.9,
    text: 'Route for "Set an alarm at 7:00": Open_App("Clock") → Click "Add alarm" → …',
    provenance: 'run 20250601-080000-ab12, gpt-4o, unreviewed',
  },
  { id: 'user:2', kind: 'user', score: 0.5, text: 'Alarms are labelled in English', provenance: 'a person' },
];

/** Images become placeholders so snapshots stay readable and stable. */
function printable(messages: ChatMessage[]): unknown {
  return messages.map((m) => ({
    role: m.role,
    content:
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) => (p.type === 'text' ? p.text : `<image ${p.mime} ${p.data.byteLength} bytes>`)),
  }));
}

describe('MobA prompts (pure functions of typed inputs)', () => {
  it('act (two-level)', () => {
    const messages = buildActMessages({
      finalGoal: 'Create an alarm at 6:30 PM titled Work',
      goal: 'Add a new alarm',
      parentGoal: 'Create an alarm at 6:30 PM titled Work',
      completed: ['Open the Clock app'],
      reflections: [],
      feedback: ['Use the round + button'],
      recentActions: ['Open_App("Clock") for "Open the Clock app" → success'],
      memories,
      screen: alarms,
      singleLevel: false,
      deviceTime: '2025-06-02 (Monday) 09:00, UTC+08:00',
    });
    expect(printable(messages)).toMatchSnapshot();
  });

  it('act (single level, without the Plan module)', () => {
    expect(
      printable(
        buildActMessages({
          finalGoal: 'Open the Clock app',
          goal: 'Open the Clock app',
          parentGoal: null,
          completed: [],
          reflections: [],
          feedback: [],
          recentActions: [],
          memories: [],
          screen: alarms,
          singleLevel: true,
          deviceTime: null,
        }),
      ),
    ).toMatchSnapshot();
  });

  it('act (single level, after a reply that chose no action)', () => {
    const text = JSON.stringify(
      printable(
        buildActMessages({
          finalGoal: 'Open the Clock app',
          goal: 'Open the Clock app',
          parentGoal: null,
          completed: [],
          reflections: [],
          feedback: [],
          recentActions: [],
          memories: [],
          screen: alarms,
          singleLevel: true,
          deviceTime: null,
          previousReplyChoseNoAction: true,
        }),
      ),
    );
    expect(text).toContain(
      '## Note\\nYour previous reply chose no action, which did nothing and counted against the step limit.',
    );
  });

  it('plan after a failed reflection', () => {
    expect(
      printable(
        buildPlanMessages({
          finalGoal: 'Create an alarm at 6:30 PM titled Work, Monday to Thursday',
          goal: 'Set the alarm to repeat Monday to Thursday',
          parentGoal: 'Create an alarm at 6:30 PM titled Work, Monday to Thursday',
          completed: ['Set the time to 6:30 PM'],
          planReflection: null,
          failureReflections: ['Only Monday is selected; Tuesday, Wednesday and Thursday are still missing.'],
          guidance: [],
          memories,
          screen: alarms,
          deviceTime: '2025-06-02 (Monday) 09:00, UTC+08:00',
          reason: 'reflection_failed',
        }),
      ),
    ).toMatchSnapshot();
  });

  it('reflect (before/after originals only)', () => {
    const messages = buildReflectMessages({
      finalGoal: 'Create an alarm',
      goal: 'Add a new alarm',
      action: 'Click(2)',
      element: '[2] ImageButton "Add alarm"',
      performedBy: 'agent',
      intent: { observation: 'The alarm list with the + button at the bottom', thought: 'The + button adds an alarm' },
      before: alarms,
      after: screen('[1] View "6" \n[2] Button "OK"'),
      memories: [],
    });
    expect(printable(messages)).toMatchSnapshot();
    const images = (messages[1]!.content as Array<{ type: string }>).filter((p) => p.type === 'image');
    expect(images).toHaveLength(2);
  });

  it('select app (text only)', () => {
    const messages = buildSelectAppMessages({
      request: 'Clock',
      finalGoal: 'Create an alarm',
      apps: [
        { packageName: 'com.android.deskclock', label: 'com.android.deskclock', activity: '.DeskClock' },
        { packageName: 'com.moba.notes', label: 'Notes', activity: '.MainActivity' },
      ],
      descriptions: {
        'com.android.deskclock': 'Alarms, world clock, timer and stopwatch.',
        'com.moba.notes': 'Notes: quick notes (from run 20250601-080000-ab12, gpt-4o, unreviewed)',
      },
      memories: [],
    });
    expect(printable(messages)).toMatchSnapshot();
    expect(typeof messages[1]!.content).toBe('string');
  });
});
