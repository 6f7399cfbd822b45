/** Pure questions about a run's task tree, shared by the loop and the views. */
import type { RunState, TaskNodeState } from './reducer.ts';

/** Root first, the node last. */
export function pathTo(state: RunState, nodeId: string): TaskNodeState[] {
  const out: TaskNodeState[] = [];
  let id: string | null = nodeId;
  const seen = new Set<string>();
  while (id !== null && !seen.has(id)) {
    seen.add(id);
    const n: TaskNodeState | undefined = state.nodes[id];
    if (!n) break;
    out.unshift(n);
    id = n.parentId;
  }
  return out;
}

export function depthOf(state: RunState, nodeId: string): number {
  return pathTo(state, nodeId).length - 1;
}

const OPEN = new Set(['pending', 'running']);

/**
 * MobA's cursor movement after a node succeeds: the node is done; the cursor goes to the next
 * open sibling, or climbs to the parent — which is then done too — and repeats. `next` is null
 * when the root is done (the task is complete). A parent with a sub-goal a person marked failed
 * is not done: the cursor stops at it, so the agent works on it again.
 */
export function advanceAfterSuccess(state: RunState, nodeId: string): { completed: string[]; next: string | null } {
  const completed: string[] = [];
  let current: TaskNodeState | undefined = state.nodes[nodeId];
  while (current) {
    completed.push(current.id);
    if (current.parentId === null) return { completed, next: null };
    const parent: TaskNodeState | undefined = state.nodes[current.parentId];
    if (!parent) return { completed, next: null };
    const after = parent.children.slice(parent.children.indexOf(current.id) + 1);
    const before = parent.children.slice(0, parent.children.indexOf(current.id));
    // Siblings later in the order first; an earlier one still open (a person reordered) after that.
    const sibling = [...after, ...before]
      .map((id) => state.nodes[id])
      .find((n) => n && OPEN.has(n.status) && !completed.includes(n.id));
    if (sibling) return { completed, next: sibling.id };
    if (parent.children.some((id) => state.nodes[id]?.status === 'failed')) return { completed, next: parent.id };
    current = parent;
  }
  return { completed, next: null };
}

/** The deepest open node to work on under `nodeId` (itself when it has no open children). */
export function firstOpenLeaf(state: RunState, nodeId: string): string {
  let id = nodeId;
  for (;;) {
    const n = state.nodes[id];
    const child = n?.children.map((c) => state.nodes[c]).find((c) => c && OPEN.has(c.status));
    if (!child) return id;
    id = child.id;
  }
}

/** Goals of the node's siblings before it that are done — "what has been achieved so far". */
export function completedSiblings(state: RunState, nodeId: string): string[] {
  const n = state.nodes[nodeId];
  if (!n || n.parentId === null) return [];
  const p = state.nodes[n.parentId];
  if (!p) return [];
  return p.children
    .map((c) => state.nodes[c])
    .filter((c): c is TaskNodeState => !!c && c.status === 'done')
    .map((c) => c.goal);
}
