import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBody, RunOptions } from '../schemas/run.ts';
import { RunEventSchema } from '../schemas/run.ts';
import type { Shortcut } from '../schemas/strategy.ts';
import { foldRun } from './reducer.ts';

const options: RunOptions = {
  strategy: 'appagent',
  mode: 'step',
  usePlan: true,
  useMemory: true,
  maxSteps: 30,
  planBudget: 10,
  settleTimeoutMs: 1000,
  approvalRules: [],
  models: {},
};
const shortcut: Shortcut = {
  name: 'Tap_Type_and_Enter',
  arguments: ['x', 'y', 'text'],
  description: 'Tap a box, type, Enter.',
  precondition: 'An empty input box is on the screen.',
  steps: [
    { action: 'Tap', arguments: { x: 'x', y: 'y' } },
    { action: 'Type', arguments: { text: 'text' } },
    { action: 'Enter', arguments: {} },
  ],
};

function events(bodies: RunEventBody[]): RunEvent[] {
  return bodies.map((b, seq) => ({ ...b, seq, at: 1000 + seq }) as RunEvent);
}

const obs = {
  serial: 's',
  capturedAt: 0,
  source: 'screencap' as const,
  screen: { width: 1080, height: 2400, rotation: 0 },
  screenshot: null,
  marked: null,
  xml: null,
  elements: [],
  elementsFrom: 'ocr' as const,
  currentApp: null,
  keyboardShown: false,
  problems: [],
  timings: {},
};

describe('strategy state: a pure fold of the strategy events', () => {
  const log = events([
    { type: 'run_started', task: 'Create an alarm', serial: 's', options, appVersion: 't', device: null },
    { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'Create an alarm', by: 'person' },
    { type: 'cursor_moved', nodeId: 'n1', by: 'agent' },
    {
      type: 'human_decision',
      waitId: null,
      stepId: null,
      decision: 'reject',
      action: null,
      feedback: 'not that',
      by: 'person',
    },
    {
      type: 'experience_loaded',
      tips: ['Close pop-ups first.'],
      shortcuts: [shortcut],
      memoryIds: [],
      retrieved: false,
      callIds: [],
    },
    {
      type: 'plan_updated',
      callIds: ['c1'],
      thought: 't',
      plan: '1. Open Clock 2. Add alarm',
      subgoal: 'Open Clock',
      finished: false,
      escalated: false,
    },
    { type: 'observation', observationId: 'o1', observation: obs, screenKey: 'k1' },
    {
      type: 'strategy_decided',
      nodeId: 'n1',
      role: 'decision',
      callIds: ['c2'],
      observation: '',
      thought: 'tap it',
      written: 'Tap(540, 1875)',
      action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1875, unit: 'px' } },
      summary: 'open the editor',
    },
    {
      type: 'step_proposed',
      stepId: 's1',
      nodeId: 'n1',
      action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1875, unit: 'px' } },
      element: null,
      observationId: 'o1',
      gate: null,
    },
    {
      type: 'step_executed',
      stepId: 's1',
      action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1875, unit: 'px' } },
      by: 'agent',
      ok: true,
      error: null,
      durationMs: 1,
      settleMs: 1,
      detail: '',
    },
    {
      type: 'outcome_judged',
      stepId: 's1',
      nodeId: 'n1',
      callIds: ['c3'],
      outcome: 'B',
      operation: 'open the editor',
      text: 'A settings page opened instead.',
      progress: null,
    },
    {
      type: 'step_proposed',
      stepId: 's2',
      nodeId: 'n1',
      action: { name: 'Back', params: {} },
      element: null,
      observationId: 'o1',
      gate: null,
    },
    {
      type: 'step_executed',
      stepId: 's2',
      action: { name: 'Back', params: {} },
      by: 'agent',
      ok: true,
      error: null,
      durationMs: 1,
      settleMs: 1,
      detail: '',
    },
    {
      type: 'outcome_judged',
      stepId: 's2',
      nodeId: 'n1',
      callIds: ['c4'],
      outcome: 'A',
      operation: 'go back',
      text: 'Back on the alarms.',
      progress: 'Clock is open.',
    },
    { type: 'progress_updated', callIds: ['c5'], progress: 'Clock is open; nothing added yet.' },
    { type: 'memory_unit_added', callIds: ['c6'], content: 'The alarm list shows 7:00 AM.' },
    { type: 'notes_updated', callIds: ['c7'], notes: 'Existing alarm: 7:00 AM.' },
    {
      type: 'shortcut_invoked',
      nodeId: 'n1',
      name: 'Tap_Type_and_Enter',
      arguments: { x: 1, y: 2, text: 'Work' },
      actions: [],
      refused: true,
      reason: 'No input box on the screen.',
      callIds: ['c8'],
    },
    {
      type: 'experience_evolved',
      callIds: ['c9'],
      tips: ['Close pop-ups first.', 'Confirm dialogs with OK.'],
      shortcut: null,
      shortcutNote: 'none proposed',
      memoryIds: ['tips:x'],
    },
  ]);

  it('every event is valid against the contract schema', () => {
    for (const e of log) expect(RunEventSchema.safeParse(e).success, e.type).toBe(true);
  });

  it('folds progress, memory unit, plan, notes, outcomes, the A-only history and the experience', () => {
    const st = foldRun('r', log);
    expect(st.pendingFeedback).toEqual([]);
    expect(st.strategy).toMatchObject({
      progress: 'Clock is open; nothing added yet.',
      memoryUnit: ['The alarm list shows 7:00 AM.'],
      plan: '1. Open Clock 2. Add alarm',
      subgoal: 'Open Clock',
      notes: 'Existing alarm: 7:00 AM.',
      history: [{ stepId: 's2', operation: 'go back' }],
      tips: ['Close pop-ups first.'],
      evolved: { tips: ['Close pop-ups first.', 'Confirm dialogs with OK.'], shortcut: null, note: 'none proposed' },
      decisions: 1,
      lastDecision: { role: 'decision', written: 'Tap(540, 1875)' },
    });
    expect(st.strategy.outcomes.map((o) => o.outcome)).toEqual(['B', 'A']);
    expect(st.strategy.shortcutsUsed).toEqual([
      { name: 'Tap_Type_and_Enter', actions: [], refused: true, reason: 'No input box on the screen.' },
    ]);
    expect(st.steps[0]!.reflection).toEqual({
      subgoalStatus: 'failure',
      goalDone: false,
      text: 'B: A settings page opened instead.',
    });
    expect(st.steps[1]!.reflection?.subgoalStatus).toBe('success');
    expect(st.nodes.n1!.failures).toBe(1);
    expect(st.anomalies).toBe(0);
  });

  it('the fold of a prefix is the state at that moment (replay)', () => {
    const st = foldRun('r', log.slice(0, 11));
    expect(st.strategy.history).toEqual([]);
    expect(st.strategy.progress).toBeNull();
  });

  it('keeps where stored Tips and Shortcuts came from; a log written before provenance folds without it', () => {
    expect(foldRun('r', log).strategy.experienceFrom).toBeUndefined();
    const provenance = {
      tips: 'run 20260101-120000-ab12, gpt-4o, unreviewed',
      shortcuts: { Tap_Type_and_Enter: 'a person' },
    };
    const withFrom = log.map((e) => (e.type === 'experience_loaded' ? { ...e, provenance } : e));
    expect(RunEventSchema.safeParse(withFrom[4]).success).toBe(true);
    expect(foldRun('r', withFrom).strategy.experienceFrom).toEqual(provenance);
  });
});
