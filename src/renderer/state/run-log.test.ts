import { describe, expect, it } from 'vitest';
import { foldRun } from '../../shared/run/reducer.ts';
import type { RunEvent, RunEventBody, RunOptions } from '../../shared/schemas/run.ts';
import { emptyRunLog, mergeEvents } from './run-log.ts';

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

function log(bodies: RunEventBody[]): RunEvent[] {
  return bodies.map((b, seq) => ({ ...b, seq, at: 1000 + seq }) as RunEvent);
}

const events = log([
  { type: 'run_started', task: 'alarm', serial: 'sim', options, appVersion: '0', device: null },
  { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'alarm', by: 'person' },
  { type: 'cursor_moved', nodeId: 'n1', by: 'agent' },
  { type: 'node_added', nodeId: 'n2', parentId: 'n1', goal: 'open clock', by: 'agent' },
  { type: 'node_status', nodeId: 'n2', status: 'running', by: 'agent' },
  {
    type: 'step_proposed',
    stepId: 's1',
    nodeId: 'n2',
    action: { name: 'Open_App', params: { app: 'Clock' } },
    element: null,
    observationId: 'o1',
    gate: 'step',
  },
  { type: 'human_wait', waitId: 'w1', kind: 'approve', stepId: 's1', prompt: 'Approve?' },
]);

describe('mergeEvents', () => {
  it('folds contiguous events with the shared reducer, in any arrival order', () => {
    const shuffled = [events[3]!, events[0]!, events[2]!, events[1]!, events[6]!, events[4]!, events[5]!];
    const r = mergeEvents(emptyRunLog('r'), shuffled);
    expect(r.gapFrom).toBeNull();
    expect(r.applied).toBe(7);
    expect(r.log.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(r.log.state).toEqual(foldRun('r', events));
    expect(r.log.state.waiting?.stepId).toBe('s1');
  });

  it('drops duplicates and returns the same log object when nothing is new', () => {
    const a = mergeEvents(emptyRunLog('r'), events.slice(0, 4)).log;
    const b = mergeEvents(a, events.slice(0, 4));
    expect(b.log).toBe(a);
    expect(b.applied).toBe(0);
    const c = mergeEvents(a, events.slice(2, 6));
    expect(c.applied).toBe(2);
    expect(c.log.events).toHaveLength(6);
  });

  it('holds events after a gap and reports where to fetch from, then applies them once filled', () => {
    const a = mergeEvents(emptyRunLog('r'), events.slice(0, 3)).log;
    const gap = mergeEvents(a, [events[5]!, events[6]!]);
    expect(gap.gapFrom).toBe(3);
    expect(gap.applied).toBe(0);
    expect(gap.log.state.lastSeq).toBe(2);
    expect(gap.log.ahead.map((e) => e.seq)).toEqual([5, 6]);
    const filled = mergeEvents(gap.log, [events[3]!, events[4]!]);
    expect(filled.gapFrom).toBeNull();
    expect(filled.applied).toBe(4);
    expect(filled.log.ahead).toEqual([]);
    expect(filled.log.state).toEqual(foldRun('r', events));
  });

  it('folds across a gap the store reported as unreadable rows', () => {
    const r = mergeEvents(emptyRunLog('r'), [...events.slice(0, 3), ...events.slice(4)], null, { acceptGaps: true });
    expect(r.gapFrom).toBeNull();
    expect(r.log.events.map((e) => e.seq)).toEqual([0, 1, 2, 4, 5, 6]);
    // The node whose node_added row was lost: its status change is an anomaly, not a crash.
    expect(r.log.state.anomalies).toBeGreaterThan(0);
    expect(r.log.state.lastSeq).toBe(6);
  });

  it('never mutates the log it was given', () => {
    const a = mergeEvents(emptyRunLog('r'), events.slice(0, 3)).log;
    const frozen = JSON.stringify(a);
    mergeEvents(a, events.slice(3));
    expect(JSON.stringify(a)).toBe(frozen);
  });
});
