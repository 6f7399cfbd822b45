import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../llm/types.ts';
import {
  buildDecisionMessages,
  buildMemoryMessages,
  buildPlanningMessages,
  buildReflectionMessages,
} from './prompts.ts';
import type { ScreenView } from './prompts.ts';
import { MemoryReplySchema, PlanningReplySchema, ReflectionReplySchema, decisionReplySchema } from './replies.ts';

const png = new Uint8Array([1, 2, 3, 4]);
const screen = (perception: string, keyboardShown = false): ScreenView => ({
  perception,
  keyboardShown,
  width: 1080,
  height: 2400,
  screenshot: { data: png, mime: 'image/jpeg' },
});
const alarms = screen('[126, 145]; text: "Alarm"\n[542, 1874]; text: "+"\n[136, 2142]; icon: "alarm clock"');
/** A first decision on the alarm list, without a hint unless one is given. */
const firstDecision = (task: string, knowledge: string | null = null) =>
  buildDecisionMessages({
    task,
    knowledge,
    screen: alarms,
    history: [],
    progress: null,
    memory: [],
    lastFailure: null,
    feedback: [],
  });
const printable = (m: ChatMessage[]) =>
  m.map((x) => ({
    role: x.role,
    content:
      typeof x.content === 'string'
        ? x.content
        : x.content.map((p) => (p.type === 'text' ? p.text : `<image ${p.data.byteLength} bytes>`)),
  }));

describe('Mobile-Agent-v2 prompts (snapshots)', () => {
  it('decision, first step and after a failure', () => {
    expect(printable(firstDecision('Create an alarm at 6:30 PM'))).toMatchSnapshot();
    expect(
      printable(
        buildDecisionMessages({
          task: 'Create an alarm at 6:30 PM',
          knowledge: 'New alarms start from the + button at the bottom of the Alarm tab.',
          screen: screen('[250, 666]; text: "Label"', true),
          history: ['open the Clock app', 'start a new alarm'],
          progress: 'The Clock app is open; a new alarm was started.',
          memory: ['The alarm list shows 7:00 AM.'],
          lastFailure: {
            action: 'Tap(542, 1874)',
            expectation: 'start a new alarm',
            outcome: 'B',
            why: 'Settings opened.',
          },
          feedback: ['Use the + button'],
        }),
      ),
    ).toMatchSnapshot();
  });

  it('memory unit as a follow-up turn, reflection with two screens, planning text only', () => {
    const decision = firstDecision('t');
    const memory = buildMemoryMessages(decision, '{"action":"Tap(542, 1874)"}');
    expect(memory.slice(0, 2)).toEqual(decision);
    expect(printable(memory.slice(2))).toMatchSnapshot();
    const reflection = buildReflectionMessages({
      task: 'Create an alarm',
      knowledge: null,
      action: 'Tap(542, 1874)',
      expectation: 'start a new alarm',
      before: alarms,
      after: screen('[250, 579]; text: "Select time"'),
    });
    expect(printable(reflection)).toMatchSnapshot();
    expect((reflection[1]!.content as Array<{ type: string }>).filter((p) => p.type === 'image')).toHaveLength(2);
    const planning = buildPlanningMessages({
      task: 'Create an alarm',
      knowledge: null,
      history: ['open the Clock app'],
      progress: null,
      memory: [],
    });
    expect(printable(planning)).toMatchSnapshot();
    expect(typeof planning[1]!.content).toBe('string');
  });
});

describe("Mobile-Agent-v2's knowledge hint", () => {
  const texts = (m: ChatMessage[]) =>
    printable(m).flatMap((x) => (typeof x.content === 'string' ? [x.content] : x.content));
  const prompts = (knowledge: string | null) => {
    const decision = firstDecision('Create an alarm', knowledge);
    return {
      decision,
      memoryQuestion: buildMemoryMessages(decision, '{}').slice(2),
      reflection: buildReflectionMessages({
        task: 'Create an alarm',
        knowledge,
        action: 'Tap(542, 1874)',
        expectation: 'start a new alarm',
        before: alarms,
        after: alarms,
      }),
      planning: buildPlanningMessages({
        task: 'Create an alarm',
        knowledge,
        history: ['open Clock'],
        progress: null,
        memory: [],
      }),
    };
  };
  const hint = 'Alarms are made from the + button of the Alarm tab.';

  it('is in the decision, reflection and planning prompts, as the released prompts carry add_info', () => {
    const p = prompts(hint);
    for (const m of [p.decision, p.reflection, p.planning])
      expect(texts(m).join('\n')).toContain(`## Hints for this task\n${hint}\n`);
    // The memory unit's own turn adds nothing: it follows the decision chat, which has the hint once.
    expect(texts(p.memoryQuestion).join('\n')).not.toContain(hint);
    expect(texts(p.decision).join('\n').split(hint)).toHaveLength(2);
  });

  it('is absent from every prompt when the task has none', () => {
    const p = prompts(null);
    for (const m of [p.decision, p.memoryQuestion, p.reflection, p.planning])
      expect(texts(m).join('\n')).not.toContain('Hints for this task');
  });
});

describe('Mobile-Agent-v2 replies', () => {
  it('decision: coordinates on the screen; Type only with the keyboard up', () => {
    const s = decisionReplySchema({ width: 1080, height: 2400, keyboardShown: false });
    expect(s.parse({ thought: 't', action: 'Tap(542, 1874)', operation: 'add' })).toMatchObject({
      written: 'Tap(542, 1874)',
      command: { kind: 'action', action: { name: 'Click_by_Coordinate' } },
    });
    expect(s.safeParse({ action: 'Type("Work")' }).success).toBe(false);
    expect(s.safeParse({ action: 'Back()' }).success).toBe(false);
    expect(s.parse({ action: 'Stop()' }).command).toEqual({ kind: 'stop' });
  });
  it('memory, reflection and planning replies are tolerant of the usual variations', () => {
    expect(MemoryReplySchema.parse({ important: 'None' })).toBeNull();
    expect(MemoryReplySchema.parse({ important: 'Gate 12' })).toBe('Gate 12');
    expect(ReflectionReplySchema.parse({ answer: 'B: wrong page' })).toEqual({ thought: '', outcome: 'B' });
    expect(ReflectionReplySchema.parse({ outcome: 'c' }).outcome).toBe('C');
    expect(ReflectionReplySchema.safeParse({ answer: 'D' }).success).toBe(false);
    expect(PlanningReplySchema.parse({ completed: 'Clock open.' })).toBe('Clock open.');
  });
});
