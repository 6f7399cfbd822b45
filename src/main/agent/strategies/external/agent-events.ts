/**
 * The events an external program is told about (AgentEvent in the agent protocol): what a
 * person did to its run — decisions at the gates, a take-over and hand-back, plan edits, a pause
 * or a stop. They are numbered in order and kept for the whole session; every reply carries the
 * ones no reply has carried yet, and the `events` request reads them from any point, waiting for
 * the next one when asked to.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { AgentEvent, AgentEventBody } from '../../../../shared/schemas/agent-protocol.ts';
import type { RunState } from '../../../../shared/run/reducer.ts';
import type { RunEvent } from '../../../../shared/schemas/run.ts';

/** The run's tree of goals as text, one node a line, indented by depth: `[status] goal`. */
export function planOutline(state: RunState): string {
  const lines: string[] = [];
  const visit = (id: string, depth: number) => {
    const node = state.nodes[id];
    if (!node) return;
    lines.push(`${'  '.repeat(depth)}[${node.status}] ${node.goal}${state.cursor === id ? '  <- current' : ''}`);
    for (const child of node.children) visit(child, depth + 1);
  };
  if (state.rootId) visit(state.rootId, 0);
  return lines.join('\n');
}

/** What a run event means to the program, or null when it is not told (its own steps, observations). */
export function agentEventOf(e: RunEvent, state: RunState): AgentEventBody | null {
  const plan = (edit: Extract<AgentEventBody, { type: 'plan_edited' }>['edit'], nodeId: string, goal?: string) => ({
    type: 'plan_edited' as const,
    edit,
    nodeId,
    goal: goal ?? state.nodes[nodeId]?.goal ?? null,
    status: state.nodes[nodeId]?.status ?? null,
    plan: planOutline(state),
  });
  switch (e.type) {
    case 'human_wait':
      return { type: 'waiting', stepId: e.stepId, kind: e.kind, prompt: e.prompt };
    case 'human_decision':
      if (e.decision === 'take_over') return { type: 'taken_over', stepId: e.stepId };
      if (e.decision === 'hand_back') return { type: 'handed_back' };
      return {
        type: 'decided',
        stepId: e.stepId,
        decision: e.decision,
        action: e.action ? formatAction(e.action) : null,
        feedback: e.feedback,
      };
    case 'node_added':
      return e.by === 'person' ? plan('add', e.nodeId, e.goal) : null;
    case 'node_removed':
      return e.by === 'person' ? plan('remove', e.nodeId) : null;
    case 'node_updated':
      return e.by === 'person' ? plan('rename', e.nodeId, e.goal) : null;
    case 'nodes_reordered':
      return e.by === 'person' ? plan('reorder', e.parentId) : null;
    case 'node_status':
      return e.by === 'person' ? plan('mark', e.nodeId) : null;
    case 'cursor_moved':
      return e.by === 'person' && e.nodeId ? plan('cursor', e.nodeId) : null;
    default:
      return null;
  }
}

export class AgentEventLog {
  private readonly events: AgentEvent[] = [];
  /** How many events replies have carried. */
  private delivered = 0;
  private waiters = new Set<() => void>();
  private closed = false;

  push(body: AgentEventBody): void {
    this.events.push({ ...body, seq: this.events.length + 1 } as AgentEvent);
    this.wake();
  }

  /** The events no reply has carried yet; they count as carried from now on. */
  take(): AgentEvent[] {
    const out = this.events.slice(this.delivered);
    this.delivered = this.events.length;
    return out;
  }

  /**
   * The events after `after` (default: those no reply has carried yet), waiting up to `waitMs`
   * for the next one when there are none. Read this way they count as carried too.
   */
  async read(after: number | undefined, waitMs: number): Promise<AgentEvent[]> {
    const from = after ?? this.delivered;
    if (this.events.length <= from && waitMs > 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        this.waiters.add(done);
      });
    }
    const out = this.events.slice(from);
    this.delivered = Math.max(this.delivered, this.events.length);
    return out;
  }

  /** No more events will come: whoever waits is answered now. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  get ended(): boolean {
    return this.closed;
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}
