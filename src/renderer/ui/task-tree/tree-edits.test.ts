import { describe, expect, it } from 'vitest';
import { PlanEditSchema } from '../../../shared/contract/runs.ts';
import { foldRun } from '../../../shared/run/reducer.ts';
import type { RunEvent, RunEventBody, RunOptions } from '../../../shared/schemas/run.ts';
import { addAfterEdit, canEditPlan, moveEdit } from './tree-edits.ts';

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
const bodies: RunEventBody[] = [
  { type: 'run_started', task: 't', serial: 's', options, appVersion: '0', device: null },
  { type: 'node_added', nodeId: 'n1', parentId: null, goal: 'root', by: 'person' },
  { type: 'node_added', nodeId: 'n2', parentId: 'n1', goal: 'a', by: 'agent' },
  { type: 'node_added', nodeId: 'n3', parentId: 'n1', goal: 'b', by: 'agent' },
  { type: 'node_added', nodeId: 'n4', parentId: 'n1', goal: 'c', by: 'agent' },
];
const state = foldRun(
  'r',
  bodies.map((b, seq) => ({ ...b, seq, at: seq }) as RunEvent),
);

describe('tree edits', () => {
  it('moves a sub-goal among its siblings as a valid reorder edit', () => {
    const up = moveEdit(state, 'n3', -1);
    expect(up).toEqual({ op: 'reorder', parentId: 'n1', order: ['n3', 'n2', 'n4'] });
    expect(PlanEditSchema.safeParse(up).success).toBe(true);
    expect(moveEdit(state, 'n4', 1)).toBeNull();
    expect(moveEdit(state, 'n2', -1)).toBeNull();
    expect(moveEdit(state, 'n1', 1)).toBeNull();
  });

  it('adds after a node at the right index (the root gets a first child)', () => {
    expect(addAfterEdit(state, 'n2', 'new')).toEqual({ op: 'add', parentId: 'n1', goal: 'new', index: 1 });
    expect(addAfterEdit(state, 'n1', 'first')).toEqual({ op: 'add', parentId: 'n1', goal: 'first', index: 0 });
    expect(canEditPlan(state)).toBe(true);
    expect(canEditPlan({ ...state, status: 'succeeded' })).toBe(false);
  });
});
