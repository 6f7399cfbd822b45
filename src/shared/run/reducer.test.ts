import { describe, expect, it } from 'vitest';
import type { RunEvent, RunEventBody, RunOptions } from '../schemas/run.ts';
import { RunEventSchema } from '../schemas/run.ts';
import { foldRun, initialRunState, reduceRun } from './reducer.ts';
import { advanceAfterSuccess, firstOpenLeaf, pathTo } from './tree.ts';

function log(bodies: RunEventBody[]): RunEvent[] {
  return bodies.map((b, seq) => ({ ...b, seq, at: 1000 + seq }) as RunEvent);
}

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

const alarm = log([
  { type: 'run_started', task: 'alarm', serial: 'sim', options, appVersion: '0', device: null },
  { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'Create alarm', by: 'agent' },
  { type: 'cursor_moved', nodeId: 'n1', by: 'agent' },
  { type: 'plan_reflection', nodeId: 'n1', text: 'needs several steps' },
  {
    type: 'plan_made',
    nodeId: 'n1',
    callIds: ['c1'],
    observation: '',
    thought: '',
    subgoals: ['open clock', 'add'],
    reason: 'cannot_complete',
  },
  { type: 'node_added', nodeId: 'n2', parentId: 'n1', goal: 'open clock', by: 'agent' },
  { type: 'node_added', nodeId: 'n3', parentId: 'n1', goal: 'add', by: 'agent' },
  { type: 'node_added', nodeId: 'n4', parentId: 'n1', goal: 'set time', index: 1, by: 'person' },
  { type: 'cursor_moved', nodeId: 'n2', by: 'agent' },
  {
    type: 'step_proposed',
    stepId: 's1',
    nodeId: 'n2',
    action: { name: 'Open_App', params: { app: 'Clock' } },
    element: null,
    observationId: 'o1',
    gate: 'mode step',
  },
  { type: 'human_wait', waitId: 'w1', kind: 'approve', stepId: 's1', prompt: 'Approve?' },
  {
    type: 'human_decision',
    waitId: 'w1',
    stepId: 's1',
    decision: 'reject',
    action: null,
    feedback: 'use the launcher icon',
    by: 'person',
  },
]);

describe('run reducer', () => {
  it('builds the tree, honours insertion positions, and tracks waiting and feedback', () => {
    const s = foldRun('r1', alarm);
    expect(s.rootId).toBe('n1');
    expect(s.nodes.n1!.children).toEqual(['n2', 'n4', 'n3']);
    expect(s.nodes.n4!.addedBy).toBe('person');
    expect(s.nodes.n1!.splits).toBe(1);
    expect(s.nodes.n1!.planReflections).toEqual(['needs several steps']);
    expect(s.cursor).toBe('n2');
    expect(s.status).toBe('running');
    expect(s.pendingFeedback).toEqual(['use the launcher icon']);
    expect(s.counters.rejections).toBe(1);
    expect(s.steps[0]!.decision?.kind).toBe('reject');
    const waiting = foldRun('r1', alarm.slice(0, 11));
    expect(waiting.status).toBe('waiting');
    expect(waiting.waiting?.stepId).toBe('s1');
  });

  it('is pure and every event validates against the schema', () => {
    const before = initialRunState('r');
    const frozen = JSON.stringify(before);
    reduceRun(before, alarm[0]!);
    expect(JSON.stringify(before)).toBe(frozen);
    for (const e of alarm) expect(RunEventSchema.safeParse(e).success, e.type).toBe(true);
  });

  it('moves the cursor like MobA: next sibling, else climb and complete the parent', () => {
    const s = foldRun('r1', alarm);
    expect(advanceAfterSuccess(s, 'n2')).toEqual({ completed: ['n2'], next: 'n4' });
    const done = foldRun(
      'r1',
      log([
        ...alarm.map(({ seq: _s, at: _a, ...b }) => b as RunEventBody),
        { type: 'node_status', nodeId: 'n4', status: 'done', by: 'agent' },
        { type: 'node_status', nodeId: 'n2', status: 'done', by: 'agent' },
      ]),
    );
    expect(advanceAfterSuccess(done, 'n3')).toEqual({ completed: ['n3', 'n1'], next: null });
    expect(pathTo(s, 'n3').map((n) => n.id)).toEqual(['n1', 'n3']);
    expect(firstOpenLeaf(s, 'n1')).toBe('n2');
  });

  it('removes subtrees and counts events it cannot apply instead of throwing', () => {
    const s = foldRun(
      'r1',
      log([
        ...alarm.map(({ seq: _s, at: _a, ...b }) => b as RunEventBody),
        { type: 'node_removed', nodeId: 'n2', by: 'person' },
        { type: 'node_status', nodeId: 'ghost', status: 'done', by: 'agent' },
      ]),
    );
    expect(s.nodes.n2).toBeUndefined();
    expect(s.nodes.n1!.children).toEqual(['n4', 'n3']);
    expect(s.cursor).toBe('n1');
    expect(s.anomalies).toBe(1);
  });
});

describe('model_waiting', () => {
  const record = {
    id: 'r1',
    kind: 'chat' as const,
    role: 'actor' as const,
    purpose: 'act',
    baseUrl: 'http://x/v1',
    model: 'm',
    request: { messages: [] },
    requestHash: '0'.repeat(64),
    reply: { text: 'ok', refusal: null, finishReason: 'stop' },
    usage: null,
    latencyMs: 1,
    costUsd: null,
    attempts: 2,
    error: null,
    startedAt: 0,
  };
  const wait: RunEventBody = {
    type: 'model_waiting',
    role: 'actor',
    purpose: 'act',
    attempt: 1,
    maxAttempts: 3,
    waitMs: 12_000,
    status: 429,
    serverAsked: true,
    message: 'HTTP 429: slow down',
  };

  it('shows the wait until the retried call is recorded, with when it ends', () => {
    const events = log([alarm[0]!, wait]);
    for (const e of events) expect(RunEventSchema.safeParse(e).success).toBe(true);
    const waiting = foldRun('r', events);
    expect(waiting.modelWait).toEqual({
      role: 'actor',
      purpose: 'act',
      attempt: 1,
      maxAttempts: 3,
      status: 429,
      serverAsked: true,
      message: 'HTTP 429: slow down',
      until: events[1]!.at + 12_000,
    });
    const answered = reduceRun(waiting, {
      type: 'model_call',
      callId: 'c1',
      nodeId: null,
      record,
      memories: [],
      seq: 2,
      at: 5000,
    });
    expect(answered.modelWait).toBeNull();
    expect(
      reduceRun(waiting, { type: 'run_paused', by: 'person', reason: 'x', seq: 2, at: 5000 }).modelWait,
    ).toBeNull();
  });
});
