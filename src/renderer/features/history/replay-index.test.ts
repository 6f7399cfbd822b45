import { describe, expect, it } from 'vitest';
import { foldRun } from '../../../shared/run/reducer.ts';
import type { RunEvent, RunEventBody, RunOptions } from '../../../shared/schemas/run.ts';
import { ReplayIndex } from './replay-index.ts';

const options: RunOptions = {
  strategy: 'moba',
  mode: 'step',
  usePlan: true,
  useMemory: true,
  maxSteps: 300,
  planBudget: 10,
  settleTimeoutMs: 1000,
  approvalRules: [],
  models: {},
};

/** A run of `n` steps: each proposed, approved, executed, reflected, its node marked done. */
function run(n: number): RunEvent[] {
  const b: RunEventBody[] = [
    { type: 'run_started', task: 't', serial: 's', options, appVersion: '0', device: null },
    { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'root', by: 'person' },
  ];
  for (let i = 0; i < n; i++) {
    const node = `n${i + 2}`;
    const step = `s${i + 1}`;
    b.push(
      { type: 'node_added', nodeId: node, parentId: 'n1', goal: `g${i}`, by: 'agent' },
      { type: 'cursor_moved', nodeId: node, by: 'agent' },
      {
        type: 'step_proposed',
        stepId: step,
        nodeId: node,
        action: { name: 'Back', params: {} },
        element: null,
        observationId: 'o1',
        gate: 'step',
      },
      { type: 'human_wait', waitId: `w${i + 1}`, kind: 'approve', stepId: step, prompt: '?' },
      {
        type: 'human_decision',
        waitId: `w${i + 1}`,
        stepId: step,
        decision: 'approve',
        action: null,
        feedback: null,
        by: 'person',
      },
      {
        type: 'step_executed',
        stepId: step,
        action: { name: 'Back', params: {} },
        by: 'agent',
        ok: true,
        error: null,
        durationMs: 1,
        settleMs: 0,
        detail: '',
      },
      {
        type: 'reflected',
        stepId: step,
        nodeId: node,
        callIds: [],
        subgoalStatus: 'success',
        goalDone: false,
        reflection: 'ok',
      },
      { type: 'node_status', nodeId: node, status: 'done', by: 'agent' },
    );
  }
  return b.map((x, seq) => ({ ...x, seq, at: seq }) as RunEvent);
}

describe('ReplayIndex', () => {
  const events = run(40);
  const index = new ReplayIndex('r', events, 16);

  it('gives exactly the fold of every prefix, from snapshots, forwards and backwards', () => {
    const positions = [0, 1, 15, 16, 17, 31, 100, 99, 250, 5, events.length - 2, events.length - 1, 120, 121, 122];
    for (const p of positions) expect(index.stateAt(p), `position ${p}`).toEqual(foldRun('r', events.slice(0, p + 1)));
    expect(index.stateAt(-1)).toEqual(foldRun('r', []));
    expect(index.stateAt(10_000)).toBe(index.final);
  });

  it('uses a fold it is given for the end, and folds lazily for the rest', () => {
    const final = foldRun('r', events);
    const lazy = new ReplayIndex('r', events, 16, final);
    expect(lazy.final).toBe(final);
    expect(lazy.stateAt(lazy.stepEndIndex(0))).toEqual(foldRun('r', events.slice(0, lazy.stepEndIndex(0) + 1)));
    // A fold of another length is not trusted.
    expect(new ReplayIndex('r', events, 16, foldRun('r', events.slice(0, 5))).final).toEqual(final);
  });

  it('finds steps and shows each at its outcome (done), before the cursor moves on', () => {
    expect(index.stepEventIndex).toHaveLength(40);
    const home = index.stepEndIndex(0);
    expect(events[home]).toMatchObject({ type: 'node_status', status: 'done', nodeId: 'n2' });
    const st = index.stateAt(home);
    expect(st.steps).toHaveLength(1);
    expect(st.steps[0]!.reflection?.subgoalStatus).toBe('success');
    expect(st.cursor).toBe('n2');
    expect(index.stepAt(home)).toBe(0);
    expect(index.stepAt(0)).toBe(-1);
  });

  it('steps forwards and backwards between step positions', () => {
    const homes = Array.from({ length: 40 }, (_, k) => index.stepEndIndex(k));
    expect(index.nextStepPosition(0)).toBe(homes[0]);
    expect(index.nextStepPosition(homes[0]!)).toBe(homes[1]);
    expect(index.prevStepPosition(homes[1]!)).toBe(homes[0]);
    expect(index.prevStepPosition(homes[0]!)).toBeNull();
    expect(index.nextStepPosition(homes[39]!)).toBeNull();
    // From the middle of step 3 (its proposal), "previous" is step 2 and "next" is step 3's outcome.
    const mid = index.stepEventIndex[2]!;
    expect(index.prevStepPosition(mid)).toBe(homes[1]);
    expect(index.nextStepPosition(mid)).toBe(homes[2]);
  });
});
