import { describe, expect, it } from 'vitest';
import { managerRuns } from './e-loop.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import type { Shortcut } from '../../../../shared/schemas/strategy.ts';
import { INITIAL_SHORTCUTS, INITIAL_TIPS, describeShortcut, expandShortcut, shortcutProblem } from './experience.ts';
import {
  buildActionReflectorMessages,
  buildManagerMessages,
  buildNotetakerMessages,
  buildOperatorMessages,
  buildPreconditionMessages,
  buildRetrieverMessages,
  buildShortcutReflectorMessages,
  buildTipsReflectorMessages,
} from './prompts.ts';
import type { OperatorPromptInput, ScreenView } from './prompts.ts';
import { ActionReflectorReplySchema, ManagerReplySchema, ShortcutReplySchema, operatorReplySchema } from './replies.ts';

const png = new Uint8Array([9, 9, 9]);
const screen = (perception: string, keyboardShown = false): ScreenView => ({
  perception,
  keyboardShown,
  width: 1080,
  height: 2400,
  screenshot: { data: png, mime: 'image/jpeg' },
});
const home = screen('[151, 544]; text: "Clock"\n[244, 2145]; text: "Search apps"');
const printable = (m: ChatMessage[]) =>
  m.map((x) => ({
    role: x.role,
    content:
      typeof x.content === 'string'
        ? x.content
        : x.content.map((p) => (p.type === 'text' ? p.text : `<image ${p.data.byteLength} bytes>`)),
  }));
const tapType = INITIAL_SHORTCUTS[0]!;

describe('Mobile-Agent-E experience', () => {
  it('expands a shortcut: arguments by name, literals as they are', () => {
    expect(expandShortcut(tapType, { x: 10, y: 20, text: 'Work' })).toEqual({
      ok: true,
      calls: [
        { name: 'Tap', args: [10, 20] },
        { name: 'Type', args: ['Work'] },
        { name: 'Enter', args: [] },
      ],
    });
    const literal: Shortcut = {
      ...tapType,
      name: 'Search_Coffee',
      arguments: ['x', 'y'],
      steps: [
        { action: 'Tap', arguments: { x: 'x', y: 'y' } },
        { action: 'Type', arguments: { text: 'coffee' } },
      ],
    };
    expect(expandShortcut(literal, { x: 1, y: 2 })).toMatchObject({
      ok: true,
      calls: [{ args: [1, 2] }, { args: ['coffee'] }],
    });
    expect(expandShortcut(tapType, { x: 10 })).toEqual({
      ok: false,
      error: 'Tap_Type_and_Enter needs the arguments y, text',
    });
  });
  it('keeps new shortcuts only when their name is new, their steps atomic and their arguments used', () => {
    expect(shortcutProblem(tapType, INITIAL_SHORTCUTS)).toMatch(/exists already/);
    expect(
      shortcutProblem(
        { ...tapType, name: 'X', steps: [{ action: 'Tap_Type_and_Enter', arguments: {} }] },
        INITIAL_SHORTCUTS,
      ),
    ).toMatch(/not an atomic action/);
    expect(shortcutProblem({ ...tapType, name: 'X', arguments: ['x', 'y', 'text', 'z'] }, INITIAL_SHORTCUTS)).toMatch(
      /z is not used/,
    );
    expect(shortcutProblem({ ...tapType, name: 'Y' }, INITIAL_SHORTCUTS)).toBeNull();
    expect(describeShortcut(tapType)).toContain('| Precondition: An input box is on the screen at (x, y)');
  });
});

describe('Mobile-Agent-E replies', () => {
  const s = operatorReplySchema({ width: 1080, height: 2400, keyboardShown: false }, INITIAL_SHORTCUTS);
  it('the Operator: an atomic action, a shortcut with its expansion, or an abnormal end', () => {
    expect(
      s.parse({ action: { name: 'Tap', arguments: { x: 151, y: 544 } }, description: 'open Clock' }).choice,
    ).toEqual({
      kind: 'atomic',
      written: 'Tap(x=151, y=544)',
      command: { kind: 'action', action: { name: 'Click_by_Coordinate', params: { x: 151, y: 544, unit: 'px' } } },
    });
    expect(s.parse({ action: 'Open_App("Clock")' }).choice).toMatchObject({
      kind: 'atomic',
      command: { action: { name: 'Open_App' } },
    });
    // Type inside a shortcut is fine without a keyboard: its Tap opens one.
    expect(
      s.parse({ action: { name: 'Tap_Type_and_Enter', arguments: { x: 244, y: 2145, text: 'Clock' } } }).choice,
    ).toMatchObject({ kind: 'shortcut', args: { x: 244, y: 2145, text: 'Clock' } });
    expect(s.parse({ action: 'Tap_Type_and_Enter(244, 2145, "Clock")' }).choice).toMatchObject({
      kind: 'shortcut',
      args: { x: 244, y: 2145, text: 'Clock' },
    });
    expect(s.parse({ action: { name: 'Finish', arguments: {} } }).choice).toEqual({
      kind: 'abnormal',
      written: 'Finish',
    });
    expect(s.safeParse({ action: { name: 'Type', arguments: { text: 'x' } } }).success).toBe(false);
    expect(s.safeParse({ action: { name: 'Tap_Type_and_Enter', arguments: { x: 1 } } }).success).toBe(false);
    expect(s.safeParse({ action: { name: 'Fly', arguments: {} } }).success).toBe(false);
  });
  it('Manager, Action Reflector and shortcut reflector replies', () => {
    expect(ManagerReplySchema.parse({ plan: '1. a', current_subgoal: 'Finished.' })).toMatchObject({ finished: true });
    expect(ManagerReplySchema.parse({ plan: '1. a', current_subgoal: 'Open Clock' })).toMatchObject({
      finished: false,
      subgoal: 'Open Clock',
    });
    expect(ManagerReplySchema.safeParse({ plan: '1. a' }).success).toBe(false);
    expect(
      ActionReflectorReplySchema.parse({ outcome: 'C', error_description: 'Nothing changed', progress_status: 'x' }),
    ).toEqual({ outcome: 'C', error: 'Nothing changed', progress: 'x' });
    expect(ShortcutReplySchema.parse({ shortcut: null })).toBeNull();
    expect(
      ShortcutReplySchema.safeParse({
        shortcut: {
          name: 'bad name!',
          arguments: [],
          description: 'd',
          precondition: 'p',
          steps: [{ action: 'Tap', arguments: {} }],
        },
      }).success,
    ).toBe(false);
  });
});

describe('Mobile-Agent-E prompts (snapshots)', () => {
  it('Manager: first plan, and stuck after failures', () => {
    expect(
      printable(
        buildManagerMessages({
          task: 'Create an alarm at 6:30 PM',
          screen: home,
          plan: null,
          previousSubgoal: null,
          progress: null,
          notes: null,
          shortcuts: INITIAL_SHORTCUTS,
          failedAttempts: [],
          feedback: [],
        }),
      ),
    ).toMatchSnapshot();
    expect(
      printable(
        buildManagerMessages({
          task: 'Create an alarm at 6:30 PM',
          screen: home,
          plan: '1. Open Clock 2. Add alarm',
          previousSubgoal: 'Add alarm',
          progress: 'Clock open',
          notes: 'Alarms: 7:00 AM',
          shortcuts: [...INITIAL_SHORTCUTS, { ...tapType, name: 'Open_Alarms' }],
          shortcutsFrom: { Open_Alarms: 'a person' },
          failedAttempts: ['Click_by_Coordinate(540, 1875) — meant to add an alarm → C: nothing changed'],
          feedback: ['Try the + button'],
        }),
      ),
    ).toMatchSnapshot();
  });
  const operatorInput: OperatorPromptInput = {
    task: 'Create an alarm',
    plan: '1. Open Clock',
    subgoal: 'Open Clock',
    progress: null,
    screen: home,
    tips: INITIAL_TIPS,
    knowledge: null,
    notes: null,
    shortcuts: INITIAL_SHORTCUTS,
    recent: [],
    hint: null,
    feedback: [],
  };
  it("gives the task's knowledge hint to the Operator beside its Tips, only when there is one", () => {
    const operator = (knowledge: string | null) =>
      JSON.stringify(printable(buildOperatorMessages({ ...operatorInput, knowledge })));
    const hinted = operator('The + button adds an alarm.');
    expect(hinted).toContain('## Hints for this task\\nThe + button adds an alarm.');
    expect(hinted.indexOf('Hints for this task')).toBeGreaterThan(hinted.indexOf('Tips from earlier tasks'));
    expect(operator(null)).not.toContain('Hints for this task');
  });
  it('Operator, precondition check, Action Reflector, Notetaker', () => {
    expect(
      printable(buildOperatorMessages({ ...operatorInput, recent: ['Open_App("Clock") — open Clock → A'] })),
    ).toMatchSnapshot();
    // Stored Tips and a learned Shortcut say where they came from; the built-in shortcut does not.
    const learned: Shortcut = {
      ...tapType,
      name: 'Search_Alarm',
      arguments: ['text'],
      steps: [
        { action: 'Type', arguments: { text: 'text' } },
        { action: 'Enter', arguments: {} },
      ],
    };
    expect(
      printable(
        buildOperatorMessages({
          task: 'Create an alarm',
          plan: '1. Open Clock',
          subgoal: 'Open Clock',
          progress: null,
          screen: home,
          tips: ['Alarms live in the Clock app.'],
          tipsFrom: 'run 20260101-120000-ab12, gpt-4o, unreviewed',
          knowledge: null,
          notes: null,
          shortcuts: [...INITIAL_SHORTCUTS, learned],
          shortcutsFrom: { Search_Alarm: 'run 20260101-120000-ab12, gpt-4o, approved by a person' },
          recent: [],
          hint: null,
          feedback: [],
        }),
      ),
    ).toMatchSnapshot();
    expect(
      printable(buildPreconditionMessages({ shortcut: tapType, args: { x: 1, y: 2, text: 'Work' }, screen: home })),
    ).toMatchSnapshot();
    const reflector = buildActionReflectorMessages({
      task: 'Create an alarm',
      subgoal: 'Open Clock',
      progress: null,
      action: 'Tap(151, 544)',
      expectation: 'open Clock',
      before: home,
      after: screen('[126, 145]; text: "Alarm"'),
    });
    expect(printable(reflector)).toMatchSnapshot();
    expect(
      printable(
        buildNotetakerMessages({
          task: 'Create an alarm',
          plan: '1. Open Clock',
          subgoal: 'Open Clock',
          progress: null,
          notes: null,
          screen: home,
        }),
      ),
    ).toMatchSnapshot();
  });
  it('experience reflectors and retriever are text only', () => {
    const input = {
      task: 'Create an alarm',
      plan: '1. Open Clock',
      progress: 'done',
      notes: null,
      actions: ['1. Open_App("Clock") — open Clock → A'],
      tips: INITIAL_TIPS.slice(0, 2),
      shortcuts: INITIAL_SHORTCUTS,
      futureTasks: [],
    };
    for (const m of [
      buildTipsReflectorMessages(input),
      buildShortcutReflectorMessages(input),
      buildRetrieverMessages({ task: 'x', tips: INITIAL_TIPS, shortcuts: INITIAL_SHORTCUTS }),
    ]) {
      expect(typeof m[1]!.content).toBe('string');
      expect(printable(m)).toMatchSnapshot();
    }
  });
});

describe("Mobile-Agent-E's Manager", () => {
  it('runs on every iteration as released; retryWithoutManager skips it only for the retry after one failure', () => {
    const at = { afterFailure: true, retryWithoutManager: false, escalating: false, hasPlan: true };
    expect(managerRuns(at)).toBe(true);
    expect(managerRuns({ ...at, afterFailure: false })).toBe(true);
    expect(managerRuns({ ...at, retryWithoutManager: true })).toBe(false);
    // Still called when the failures escalate or there is no plan yet.
    expect(managerRuns({ ...at, retryWithoutManager: true, escalating: true })).toBe(true);
    expect(managerRuns({ ...at, retryWithoutManager: true, hasPlan: false })).toBe(true);
    expect(managerRuns({ ...at, retryWithoutManager: true, afterFailure: false })).toBe(true);
  });
});
