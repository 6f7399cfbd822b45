/** Pure helpers that turn toolbar commands into the contract's plan edits. */
import type { PlanEdit } from '../../../shared/contract/runs.ts';
import type { RunState } from '../../../shared/run/reducer.ts';

/** Moves a node one place up (-1) or down (+1) among its siblings; null when it cannot move. */
export function moveEdit(state: RunState, nodeId: string, delta: -1 | 1): PlanEdit | null {
  const node = state.nodes[nodeId];
  if (!node || node.parentId === null) return null;
  const parent = state.nodes[node.parentId];
  if (!parent) return null;
  const order = parent.children.slice();
  const i = order.indexOf(nodeId);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return null;
  [order[i], order[j]] = [order[j]!, order[i]!];
  return { op: 'reorder', parentId: parent.id, order };
}

/** A new sub-goal right after `nodeId` among its siblings (or as the root's first child). */
export function addAfterEdit(state: RunState, nodeId: string, goal: string): PlanEdit | null {
  const node = state.nodes[nodeId];
  if (!node) return null;
  if (node.parentId === null) return { op: 'add', parentId: node.id, goal, index: 0 };
  const parent = state.nodes[node.parentId];
  if (!parent) return null;
  return { op: 'add', parentId: parent.id, goal, index: parent.children.indexOf(nodeId) + 1 };
}

/** Whether the run can still take plan edits. */
export function canEditPlan(state: RunState): boolean {
  return state.status === 'running' || state.status === 'waiting' || state.status === 'paused';
}
