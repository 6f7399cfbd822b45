/**
 * Pure questions the cockpit and the replay view ask about a run's events and folded state:
 * what the proposed step is and why, which model calls belong to it, and the timeline of
 * reflections, plans and human interventions.
 */
import { formatAction } from '../../shared/actions.ts';
import type { RunState, StepState } from '../../shared/run/reducer.ts';
import type { RunEvent, RunEventOf } from '../../shared/schemas/run.ts';
import type { Observation } from '../../shared/schemas/perception.ts';

/** Index of the last event with seq ≤ `seq`, or -1. */
export function indexAtSeq(events: readonly RunEvent[], seq: number): number {
  const direct = events[seq];
  if (direct && direct.seq === seq) return seq;
  let lo = 0;
  let hi = events.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid]!.seq <= seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** What an agent decided before a step: MobA's Local Agent (act_decided) or another strategy or an external agent (strategy_decided). */
export type StepDecision = RunEventOf<'act_decided'> | RunEventOf<'strategy_decided'>;

/** The decision that led to a step: the newest act_decided or strategy_decided for its node before it. */
export function actDecisionFor(
  events: readonly RunEvent[],
  step: Pick<StepState, 'nodeId' | 'seq'>,
): StepDecision | null {
  for (let i = indexAtSeq(events, step.seq); i >= 0; i--) {
    const e = events[i]!;
    if ((e.type === 'act_decided' || e.type === 'strategy_decided') && e.nodeId === step.nodeId) return e;
    // An earlier proposal means the decision for this one was not recorded (a person's step).
    if (e.type === 'step_proposed' && e.seq < step.seq) return null;
  }
  return null;
}

export type ModelCallEvent = RunEventOf<'model_call'>;

export function modelCalls(events: readonly RunEvent[]): ModelCallEvent[] {
  return events.filter((e): e is ModelCallEvent => e.type === 'model_call');
}

/** The model calls that produced a step: the act call(s) before it and the reflection after it. */
export function callsForStep(events: readonly RunEvent[], step: StepState): ModelCallEvent[] {
  const ids = new Set<string>();
  const act = actDecisionFor(events, step);
  for (const id of act?.callIds ?? []) ids.add(id);
  for (const e of events)
    if (e.type === 'reflected' && e.stepId === step.stepId) for (const id of e.callIds) ids.add(id);
  return modelCalls(events).filter((c) => ids.has(c.callId));
}

export interface Proposal {
  step: StepState;
  observation: (Observation & { screenKey: string }) | null;
  decision: StepDecision | null;
}

/** What a person is asked to decide on right now, when the wait is about a step. */
export function currentProposal(state: RunState, events: readonly RunEvent[]): Proposal | null {
  const stepId = state.waiting?.stepId;
  if (!stepId) return null;
  const step = state.steps.find((s) => s.stepId === stepId);
  if (!step) return null;
  return { step, observation: state.observations[step.observationId] ?? null, decision: actDecisionFor(events, step) };
}

/** The newest observation, for showing the agent's latest view of the screen. */
export function latestObservation(state: RunState): (Observation & { screenKey: string; id: string }) | null {
  const id = state.lastObservationId;
  const o = id ? state.observations[id] : undefined;
  return o && id ? { ...o, id } : null;
}

export type TimelineKind =
  | 'plan'
  | 'plan_reflection'
  | 'reflection'
  | 'decision'
  | 'message'
  | 'escalation'
  | 'error'
  | 'lifecycle';

export interface TimelineItem {
  seq: number;
  at: number;
  kind: TimelineKind;
  nodeId: string | null;
  stepId: string | null;
  title: string;
  text: string;
  tone: 'neutral' | 'ok' | 'bad' | 'warn' | 'person';
}

type TimelineEntry = Omit<TimelineItem, 'seq' | 'at'>;
type TimelineReaders = { [K in RunEvent['type']]?: (e: Extract<RunEvent, { type: K }>) => TimelineEntry | null };

/** What each event type adds to the timeline (types not listed add nothing). */
const TIMELINE_READERS: TimelineReaders = {
  plan_made: (e) => ({
    kind: 'plan',
    nodeId: e.nodeId,
    stepId: null,
    title: `Plan (${e.reason.replace('_', ' ')})`,
    text: e.subgoals.map((g, i) => `${i + 1}. ${g}`).join('\n') + (e.thought ? `\n— ${e.thought}` : ''),
    tone: 'neutral',
  }),
  plan_reflection: (e) => ({
    kind: 'plan_reflection',
    nodeId: e.nodeId,
    stepId: null,
    title: 'Plan reflection',
    text: e.text,
    tone: 'warn',
  }),
  reflected: (e) => ({
    kind: 'reflection',
    nodeId: e.nodeId,
    stepId: e.stepId,
    title: e.goalDone ? 'Reflection: task done' : `Reflection: ${e.subgoalStatus}`,
    text: e.reflection,
    tone: e.subgoalStatus === 'success' ? 'ok' : 'bad',
  }),
  // Plain approvals are the common case; the timeline keeps what changed the run.
  human_decision: (e) =>
    e.decision === 'approve' && !e.feedback
      ? null
      : {
          kind: 'decision',
          nodeId: null,
          stepId: e.stepId,
          title: `Person: ${e.decision.replace('_', ' ')}`,
          text: [e.action ? formatAction(e.action) : null, e.feedback].filter(Boolean).join(' — '),
          tone: 'person',
        },
  voice_input: (e) => ({
    kind: 'decision',
    nodeId: null,
    stepId: null,
    title: `Person spoke (${e.use})`,
    text: `“${e.transcript}”${e.edited ? ` → sent as “${e.text}”` : ''}${e.audio.durationMs !== null ? ` · ${(e.audio.durationMs / 1000).toFixed(1)} s, ${e.model}` : ''}`,
    tone: 'person',
  }),
  message: (e) => ({
    kind: 'message',
    nodeId: e.nodeId,
    stepId: null,
    title: e.from === 'agent' ? 'Agent answer' : `Message from ${e.from}`,
    text: e.text,
    tone: 'neutral',
  }),
  escalated: (e) => ({
    kind: 'escalation',
    nodeId: e.nodeId,
    stepId: null,
    title: `Escalated: ${e.reason.replace(/_/g, ' ')}`,
    text: `${e.detail} → ${e.response.replace(/_/g, ' ')}`,
    tone: 'warn',
  }),
  model_waiting: (e) => ({
    kind: 'error',
    nodeId: null,
    stepId: null,
    title: `Model ${modelWaitReason(e.status)}: retrying in ${Math.ceil(e.waitMs / 1000)} s`,
    text: `${e.purpose} (${e.role}), attempt ${e.attempt + 1} of ${e.maxAttempts} — ${e.message}`,
    tone: 'warn',
  }),
  run_error: (e) => ({
    kind: 'error',
    nodeId: null,
    stepId: null,
    title: e.fatal ? 'Error (run paused)' : 'Problem',
    text: e.error.message,
    tone: 'bad',
  }),
  run_finished: (e) => ({
    kind: 'lifecycle',
    nodeId: null,
    stepId: null,
    title: `Run ${e.outcome}`,
    text: e.reason + (e.answer ? `\nAnswer: ${e.answer}` : ''),
    tone: e.outcome === 'succeeded' ? 'ok' : 'bad',
  }),
  run_paused: (e) => ({
    kind: 'lifecycle',
    nodeId: null,
    stepId: null,
    title: 'Paused',
    text: e.reason,
    tone: 'neutral',
  }),
};

/** Reflections, plans, human decisions, messages and escalations in order: the run's story. */
export function timeline(events: readonly RunEvent[]): TimelineItem[] {
  const out: TimelineItem[] = [];
  for (const e of events) {
    const read = TIMELINE_READERS[e.type] as ((ev: RunEvent) => TimelineEntry | null) | undefined;
    const entry = read?.(e);
    if (entry) out.push({ seq: e.seq, at: e.at, ...entry });
  }
  return out;
}

/** Elapsed wall time of a run, for lists. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** Why a model call waits, in a few words. */
export function modelWaitReason(status: number | null): string {
  if (status === 429) return 'rate limited (HTTP 429)';
  if (status === null) return 'unreachable';
  return `error (HTTP ${status})`;
}
