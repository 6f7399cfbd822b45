/**
 * What a person's plan edit means for the cursor and for a proposal waiting for them, as events.
 * Pure functions of the run's state; the run service appends what they return.
 *
 * - Marking a node done or skipped moves the cursor on as MobA would after a success: to the
 *   next open sibling, else up to the parent — which is done too when all its sub-goals are done
 *   or skipped — and so on. Marking it failed closes it the same way, but its parent is not done:
 *   the cursor goes to the parent, which the agent works on again (the Local Agent and the
 *   planner see what is still missing). Marking the root closes the task (the loop ends the run).
 *   This applies when the cursor is on the node or below it; elsewhere only the status changes.
 * - Moving the cursor to a closed node reopens it (pending): the person wants it done again.
 * - A proposal still waiting for approval (or for the person, in copilot mode) whose sub-goal
 *   was removed, closed, or is no longer under the cursor is stale: it is rejected, and the
 *   agent goes on from the new cursor.
 */
import type { PlanEdit } from '../../shared/contract/runs.ts';
import { MobaError } from '../../shared/errors.ts';
import type { NodeStatus, RunEventBody } from '../../shared/schemas/run.ts';
import { nextId } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { pathTo } from '../../shared/run/tree.ts';

const OPEN: readonly NodeStatus[] = ['pending', 'running'];

/** The events of marking `nodeId` with `status` (the node exists). */
export function markEvents(state: RunState, nodeId: string, status: NodeStatus): RunEventBody[] {
  const events: RunEventBody[] = [
    { type: 'node_status', nodeId, status, reason: 'marked by the person', by: 'person' },
  ];
  const closes = !OPEN.includes(status);
  const cursorUnder = state.cursor !== null && pathTo(state, state.cursor).some((n) => n.id === nodeId);
  if (!closes || !cursorUnder) return events;
  const statusOf = (id: string) => (id === nodeId ? status : state.nodes[id]?.status);
  let current = state.nodes[nodeId];
  while (current && current.parentId !== null) {
    const parent = state.nodes[current.parentId];
    if (!parent) break;
    const i = parent.children.indexOf(current.id);
    // Later siblings first; an earlier one still open (a person reordered) after that.
    const sibling = [...parent.children.slice(i + 1), ...parent.children.slice(0, i)].find((id) =>
      OPEN.includes(statusOf(id) ?? 'done'),
    );
    if (sibling) return [...events, { type: 'cursor_moved', nodeId: sibling, by: 'person' }];
    if (!parent.children.every((id) => statusOf(id) === 'done' || statusOf(id) === 'skipped')) {
      return [...events, { type: 'cursor_moved', nodeId: parent.id, by: 'person' }];
    }
    events.push({
      type: 'node_status',
      nodeId: parent.id,
      status: 'done',
      reason: 'all its sub-goals are done',
      by: 'person',
    });
    current = parent;
  }
  // The root itself is closed: nothing is left to work on.
  return [...events, { type: 'cursor_moved', nodeId: null, by: 'person' }];
}

/** The events of moving the cursor to `nodeId` (the node exists). */
export function cursorEvents(state: RunState, nodeId: string): RunEventBody[] {
  const node = state.nodes[nodeId]!;
  const events: RunEventBody[] = [];
  if (!OPEN.includes(node.status))
    events.push({
      type: 'node_status',
      nodeId,
      status: 'pending',
      reason: 'the person moved the cursor here',
      by: 'person',
    });
  events.push({ type: 'cursor_moved', nodeId, by: 'person' });
  return events;
}

/** Whether the proposal waiting for the person no longer fits the plan (see the header). */
export function proposalIsStale(state: RunState): boolean {
  const w = state.waiting;
  if (!w || (w.kind !== 'approve' && w.kind !== 'copilot') || !w.stepId) return false;
  const step = state.steps.find((s) => s.stepId === w.stepId);
  if (!step) return false;
  const node = state.nodes[step.nodeId];
  if (!node || !OPEN.includes(node.status)) return true;
  return state.cursor === null || !pathTo(state, state.cursor).some((n) => n.id === step.nodeId);
}

/**
 * The events of a person's plan edit on a run that has not ended (none for `replan`: the run
 * service asks the loop to re-plan the node).
 * @throws MobaError NOT_FOUND (no such node), INVALID_INPUT (removing the root, a wrong order)
 */
export function planEditEvents(state: RunState, edit: PlanEdit): RunEventBody[] {
  const need = (id: string) => {
    const n = state.nodes[id];
    if (!n) throw new MobaError('NOT_FOUND', `No node ${id} in run ${state.runId}`);
    return n;
  };
  switch (edit.op) {
    case 'add':
      need(edit.parentId);
      return [
        {
          type: 'node_added',
          nodeId: nextId(state, 'n'),
          parentId: edit.parentId,
          goal: edit.goal,
          ...(edit.index !== undefined ? { index: edit.index } : {}),
          by: 'person',
        },
      ];
    case 'remove':
      if (need(edit.nodeId).parentId === null)
        throw new MobaError('INVALID_INPUT', 'The root (the task itself) cannot be removed; stop the run instead');
      return [{ type: 'node_removed', nodeId: edit.nodeId, by: 'person' }];
    case 'rename':
      need(edit.nodeId);
      return [{ type: 'node_updated', nodeId: edit.nodeId, goal: edit.goal, by: 'person' }];
    case 'reorder': {
      const p = need(edit.parentId);
      if (edit.order.length !== p.children.length || !edit.order.every((id) => p.children.includes(id)))
        throw new MobaError(
          'INVALID_INPUT',
          `The new order must list exactly the children of ${edit.parentId}: ${p.children.join(', ')}`,
        );
      return [{ type: 'nodes_reordered', parentId: edit.parentId, order: edit.order, by: 'person' }];
    }
    case 'mark':
      need(edit.nodeId);
      return markEvents(state, edit.nodeId, edit.status);
    case 'replan':
      need(edit.nodeId);
      return [];
    case 'cursor':
      need(edit.nodeId);
      return cursorEvents(state, edit.nodeId);
  }
}
