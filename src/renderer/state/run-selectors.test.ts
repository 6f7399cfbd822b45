import { describe, expect, it } from 'vitest';
import { foldRun } from '../../shared/run/reducer.ts';
import type { ModelCallRecord } from '../../shared/schemas/llm.ts';
import type { RunEvent, RunEventBody, RunOptions } from '../../shared/schemas/run.ts';
import {
  actDecisionFor,
  callsForStep,
  currentProposal,
  formatDuration,
  indexAtSeq,
  timeline,
} from './run-selectors.ts';

const options: RunOptions = {
  strategy: 'moba',
  mode: 'step',
  usePlan: true,
  useMemory: true,
  maxSteps: 30,
  planBudget: 10,
  settleTimeoutMs: 1000,
  approvalRules: [],
  models: {},
};
const call = (id: string, purpose: string): ModelCallRecord => ({
  id,
  kind: 'chat',
  role: 'actor',
  purpose,
  baseUrl: 'http://x/v1',
  model: 'm',
  request: { messages: [] },
  requestHash: '0'.repeat(64),
  reply: { text: '{}', refusal: null, finishReason: 'stop' },
  usage: null,
  latencyMs: 5,
  costUsd: null,
  attempts: 1,
  error: null,
  startedAt: 0,
});

const bodies: RunEventBody[] = [
  { type: 'run_started', task: 't', serial: 's', options, appVersion: '0', device: null },
  { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'root', by: 'person' },
  {
    type: 'model_call',
    callId: 'c1',
    nodeId: 'n1',
    record: call('a', 'act'),
    memories: [{ id: 'route:1', kind: 'route', score: 0.9 }],
  },
  {
    type: 'act_decided',
    nodeId: 'n1',
    callIds: ['c1'],
    observation: 'home screen',
    thought: 'open the clock',
    canComplete: 'true',
    action: { name: 'Open_App', params: { app: 'Clock' } },
    message: null,
  },
  {
    type: 'step_proposed',
    stepId: 's1',
    nodeId: 'n1',
    action: { name: 'Open_App', params: { app: 'Clock' } },
    element: null,
    observationId: 'o1',
    gate: 'step',
  },
  { type: 'human_wait', waitId: 'w1', kind: 'approve', stepId: 's1', prompt: '?' },
  {
    type: 'human_decision',
    waitId: 'w1',
    stepId: 's1',
    decision: 'reject',
    action: null,
    feedback: 'use the icon',
    by: 'person',
  },
  { type: 'model_call', callId: 'c2', nodeId: 'n1', record: call('b', 'act'), memories: [] },
  {
    type: 'act_decided',
    nodeId: 'n1',
    callIds: ['c2'],
    observation: 'home',
    thought: 'tap the icon',
    canComplete: 'true',
    action: { name: 'Click', params: { index: 4 } },
    message: null,
  },
  {
    type: 'step_proposed',
    stepId: 's2',
    nodeId: 'n1',
    action: { name: 'Click', params: { index: 4 } },
    element: null,
    observationId: 'o1',
    gate: 'step',
  },
  { type: 'human_wait', waitId: 'w2', kind: 'approve', stepId: 's2', prompt: '?' },
  {
    type: 'human_decision',
    waitId: 'w2',
    stepId: 's2',
    decision: 'approve',
    action: null,
    feedback: null,
    by: 'person',
  },
  {
    type: 'step_executed',
    stepId: 's2',
    action: { name: 'Click', params: { index: 4 } },
    by: 'agent',
    ok: true,
    error: null,
    durationMs: 1,
    settleMs: 0,
    detail: '',
  },
  { type: 'model_call', callId: 'c3', nodeId: 'n1', record: call('c', 'reflect'), memories: [] },
  {
    type: 'reflected',
    stepId: 's2',
    nodeId: 'n1',
    callIds: ['c3'],
    subgoalStatus: 'success',
    goalDone: true,
    reflection: 'clock open',
  },
  { type: 'run_finished', outcome: 'succeeded', cause: 'finished', reason: 'done', answer: null },
];
const events = bodies.map((b, seq) => ({ ...b, seq, at: 1000 * seq }) as RunEvent);

describe('run selectors', () => {
  it('finds the decision that led to each step and the calls that belong to it', () => {
    const st = foldRun('r', events);
    const [s1, s2] = st.steps;
    expect(actDecisionFor(events, s1!)?.thought).toBe('open the clock');
    expect(actDecisionFor(events, s2!)?.thought).toBe('tap the icon');
    expect(callsForStep(events, s2!).map((c) => c.callId)).toEqual(['c2', 'c3']);
    expect(callsForStep(events, s1!).map((c) => c.callId)).toEqual(['c1']);
  });

  it('finds the thought of a strategy or external agent (strategy_decided) for its step', () => {
    const other = [
      ...bodies.slice(0, 2),
      {
        type: 'strategy_decided',
        nodeId: 'n1',
        role: 'agent',
        callIds: [],
        observation: '',
        thought: 'Alarms live in the Clock app',
        written: 'Open_App("Clock")',
        action: { name: 'Open_App', params: { app: 'Clock' } },
        summary: '',
      },
      bodies[4]!,
    ].map((b, seq) => ({ ...b, seq, at: seq }) as RunEvent);
    const [step] = foldRun('r', other).steps;
    expect(actDecisionFor(other, step!)?.thought).toBe('Alarms live in the Clock app');
  });

  it('describes what waits for the person with the observation and thought', () => {
    const waiting = foldRun('r', events.slice(0, 6));
    const p = currentProposal(waiting, events.slice(0, 6));
    expect(p?.step.stepId).toBe('s1');
    expect(p?.decision?.observation).toBe('home screen');
    expect(currentProposal(foldRun('r', events), events)).toBeNull();
  });

  it('tells the run as a timeline of decisions with feedback, reflections and the outcome', () => {
    const t = timeline(events);
    expect(t.map((i) => i.kind)).toEqual(['decision', 'reflection', 'lifecycle']);
    expect(t[0]).toMatchObject({ title: 'Person: reject', text: 'use the icon', tone: 'person', stepId: 's1' });
    expect(t[1]).toMatchObject({ title: 'Reflection: task done', text: 'clock open', tone: 'ok' });
  });

  it('locates events by seq and formats durations', () => {
    expect(indexAtSeq(events, 5)).toBe(5);
    expect(indexAtSeq(events.slice(3), 2)).toBe(-1);
    expect(indexAtSeq(events.slice(3), 7)).toBe(4);
    expect(formatDuration(59_400)).toBe('59s');
    expect(formatDuration(61_000)).toBe('1m 01s');
    expect(formatDuration(3_725_000)).toBe('1h 02m');
  });
});
