/**
 * Turns a run's event stream into its steps, one at a time and in proposal order, holding only
 * what open steps need: the task tree's goals, the last few model calls and the steps not yet
 * complete. The run reducer would keep every observation of the run; a dataset of 10,000 steps
 * must not. A step is complete once the stream has passed the last event that names it (known
 * beforehand from `RunDigest`) and, if it was executed, the first observation after it (its
 * "after" screen, as the reducer defines it).
 */
import type { ActionCall } from '../../shared/actions.ts';
import type { ModelCallRecord } from '../../shared/schemas/llm.ts';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import type { Actor, RunEvent } from '../../shared/schemas/run.ts';
import type { StoredAnnotation } from './run-selection.ts';

export interface CallInfo {
  callId: string;
  record: ModelCallRecord;
}

export interface AssembledStep {
  stepId: string;
  /** 1-based position in the run. */
  position: number;
  nodeId: string;
  subgoal: string | null;
  subgoalPath: string[];
  before: Observation | null;
  after: Observation | null;
  act: {
    observation: string;
    thought: string;
    canComplete: 'true' | 'possibly' | 'false';
    message: string | null;
    calls: CallInfo[];
  } | null;
  reflectCalls: CallInfo[];
  proposed: ActionCall;
  element: UiElement | null;
  gate: string | null;
  decision: { kind: string; by: Actor; feedback: string | null; action: ActionCall | null; at: number } | null;
  executed: { action: ActionCall; by: Actor; ok: boolean; error: string | null } | null;
  abandoned: string | null;
  reflection: { status: 'success' | 'failure'; goalDone: boolean; text: string } | null;
  annotations: StoredAnnotation[];
}

interface Pending extends AssembledStep {
  lastSeq: number;
}

const KEEP_CALLS = 48;
/** Open steps beyond this are emitted as they are (a log that never completes them). */
const MAX_OPEN = 64;

export class StepAssembler {
  private readonly goals = new Map<string, { goal: string; parentId: string | null }>();
  private readonly calls = new Map<string, CallInfo>();
  private readonly open: Pending[] = [];
  private readonly observations = new Map<string, Observation>();
  private lastAct: (RunEvent & { type: 'act_decided' }) | null = null;
  private lastStep: Pending | null = null;
  private seen = -1;
  private count = 0;
  private readonly lastSeqOfStep: ReadonlyMap<string, number>;
  private readonly annotations: ReadonlyMap<string, StoredAnnotation[]>;

  constructor(lastSeqOfStep: ReadonlyMap<string, number>, annotations: readonly StoredAnnotation[]) {
    this.lastSeqOfStep = lastSeqOfStep;
    const byStep = new Map<string, StoredAnnotation[]>();
    for (const a of annotations) byStep.set(a.stepId, [...(byStep.get(a.stepId) ?? []), a]);
    this.annotations = byStep;
  }

  /** Feeds one event; returns the steps it completed, in proposal order. */
  push(e: RunEvent): AssembledStep[] {
    this.seen = e.seq;
    switch (e.type) {
      case 'node_added':
        this.goals.set(e.nodeId, { goal: e.goal, parentId: e.parentId });
        break;
      case 'node_updated': {
        const g = this.goals.get(e.nodeId);
        if (g) this.goals.set(e.nodeId, { ...g, goal: e.goal });
        break;
      }
      case 'observation': {
        this.observations.set(e.observationId, e.observation);
        // Only the latest few are ever referenced by a proposal.
        if (this.observations.size > 8) this.observations.delete(this.observations.keys().next().value!);
        const last = this.lastStep;
        if (last && last.executed && last.after === null) last.after = e.observation;
        break;
      }
      case 'model_call':
        this.calls.set(e.callId, { callId: e.callId, record: e.record });
        if (this.calls.size > KEEP_CALLS) this.calls.delete(this.calls.keys().next().value!);
        break;
      case 'act_decided':
        this.lastAct = e;
        break;
      case 'step_proposed':
        this.propose(e);
        break;
      case 'human_decision': {
        const s = e.stepId ? this.find(e.stepId) : undefined;
        // The first real decision on the step; a later hand-back only ends a take-over.
        if (s && !s.decision && e.decision !== 'hand_back')
          s.decision = { kind: e.decision, by: e.by, feedback: e.feedback, action: e.action, at: e.at };
        break;
      }
      case 'step_executed': {
        const s = this.find(e.stepId);
        if (s) s.executed = { action: e.action, by: e.by, ok: e.ok, error: e.error?.message ?? null };
        break;
      }
      case 'step_abandoned': {
        const s = this.find(e.stepId);
        if (s) s.abandoned = e.reason;
        break;
      }
      case 'reflected': {
        const s = this.find(e.stepId);
        if (s) {
          s.reflection = { status: e.subgoalStatus, goalDone: e.goalDone, text: e.reflection };
          s.reflectCalls = e.callIds.flatMap((id) => (this.calls.has(id) ? [this.calls.get(id)!] : []));
        }
        break;
      }
      default:
        break;
    }
    return this.drain(false);
  }

  /** The steps still open when the log ends. */
  end(): AssembledStep[] {
    return this.drain(true);
  }

  private find(stepId: string): Pending | undefined {
    for (let i = this.open.length - 1; i >= 0; i--) if (this.open[i]!.stepId === stepId) return this.open[i];
    return undefined;
  }

  private path(nodeId: string): string[] {
    const out: string[] = [];
    let id: string | null = nodeId;
    for (let guard = 0; id && guard < 200; guard++) {
      const g = this.goals.get(id);
      if (!g) break;
      out.unshift(g.goal);
      id = g.parentId;
    }
    return out;
  }

  private propose(e: RunEvent & { type: 'step_proposed' }): void {
    const act = this.lastAct && this.lastAct.nodeId === e.nodeId ? this.lastAct : null;
    this.lastAct = null;
    const step: Pending = {
      stepId: e.stepId,
      position: ++this.count,
      nodeId: e.nodeId,
      subgoal: this.goals.get(e.nodeId)?.goal ?? null,
      subgoalPath: this.path(e.nodeId),
      before: this.observations.get(e.observationId) ?? null,
      after: null,
      act: act
        ? {
            observation: act.observation,
            thought: act.thought,
            canComplete: act.canComplete,
            message: act.message,
            calls: act.callIds.flatMap((id) => (this.calls.has(id) ? [this.calls.get(id)!] : [])),
          }
        : null,
      reflectCalls: [],
      proposed: e.action,
      element: e.element,
      gate: e.gate,
      decision: null,
      executed: null,
      abandoned: null,
      reflection: null,
      annotations: this.annotations.get(e.stepId) ?? [],
      lastSeq: this.lastSeqOfStep.get(e.stepId) ?? e.seq,
    };
    this.open.push(step);
    this.lastStep = step;
  }

  private complete(s: Pending): boolean {
    return this.seen >= s.lastSeq && (!s.executed || s.after !== null);
  }

  private drain(all: boolean): AssembledStep[] {
    const out: AssembledStep[] = [];
    while (this.open.length && (all || this.open.length > MAX_OPEN || this.complete(this.open[0]!))) {
      const { lastSeq: _lastSeq, ...step } = this.open.shift()!;
      out.push(step);
    }
    return out;
  }
}
