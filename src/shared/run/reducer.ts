/**
 * The run's state as a pure fold of its events. Main uses it to drive and recover the loop,
 * the renderer to draw the live and replay views, exports to reconstruct trajectories. It
 * never throws on an event it cannot apply (e.g. a node id that does not exist): such events
 * are counted in `anomalies`, so a damaged log still opens.
 */
import type { ActionCall } from '../actions.ts';
import type { Observation, UiElement } from '../schemas/perception.ts';
import type { Actor, CanComplete, NodeStatus, RunEvent, RunOptions, RunStatus, WaitKind } from '../schemas/run.ts';
import type { FailureCategory } from '../annotations/failure-categories.ts';
import { endCauseOf } from '../schemas/end-cause.ts';
import type { EndCause } from '../schemas/end-cause.ts';
import { initialStrategyState, reduceStrategy } from './strategy-state.ts';
import type { StrategyState } from './strategy-state.ts';

export interface TaskNodeState {
  id: string;
  parentId: string | null;
  goal: string;
  status: NodeStatus;
  children: string[];
  addedBy: Actor;
  /** Execution reflections (after acting), newest last. */
  reflections: string[];
  /** Plan reflections: the Local Agent's thought when the node could not be done in one action. */
  planReflections: string[];
  /** How many times this node was split into sub-goals. */
  splits: number;
  /** Steps executed for this node. */
  attempts: number;
  failures: number;
  /** Escalations about this node (re-plans of it as a parent, questions to the person). */
  escalations: number;
  lastCanComplete: CanComplete | null;
}

export interface StepState {
  stepId: string;
  nodeId: string;
  proposed: ActionCall;
  element: UiElement | null;
  observationId: string;
  gate: string | null;
  decision: { kind: string; by: Actor; feedback: string | null; action: ActionCall | null } | null;
  executed: {
    action: ActionCall;
    by: Actor;
    ok: boolean;
    error: string | null;
    durationMs: number;
    detail: string;
  } | null;
  reflection: { subgoalStatus: 'success' | 'failure'; goalDone: boolean; text: string } | null;
  abandoned: string | null;
  /** The first observation captured after the step executed. */
  afterObservationId: string | null;
  /** Event seq where the step was proposed (for stepping through). */
  seq: number;
  /** The Local Agent's observation and thought behind the proposal (its act call), for the reflection that judges it. */
  intent: { observation: string; thought: string } | null;
}

/** A failure tag on a step, with its provenance. */
export interface AnnotationState {
  annotationId: string;
  stepId: string;
  category: FailureCategory;
  note: string;
  by: Actor;
  author: string | null;
  at: number;
}

export interface WaitState {
  waitId: string;
  kind: WaitKind;
  stepId: string | null;
  prompt: string;
}

export interface RunCounters {
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  executedActions: number;
  /** Local Agent replies that chose no action (without the Plan module they count against the step limit). */
  noActionReplies: number;
  plans: number;
  rejections: number;
  humanActions: number;
}

export interface RunState {
  runId: string;
  task: string;
  serial: string;
  options: RunOptions | null;
  /** The loop that drove the run instead of its strategy (a benchmark pseudo-agent), or null. */
  driver: string | null;
  status: RunStatus;
  /** Why the run ended (its run_finished's cause; derived for logs older than causes); null until it ends. */
  cause: EndCause | null;
  outcomeReason: string | null;
  answer: string | null;
  rootId: string | null;
  nodes: Record<string, TaskNodeState>;
  cursor: string | null;
  steps: StepState[];
  observations: Record<string, Observation & { screenKey: string }>;
  lastObservationId: string | null;
  waiting: WaitState | null;
  /** Feedback from rejected proposals not yet shown to the Local Agent. */
  pendingFeedback: string[];
  messages: Array<{ from: Actor; text: string; nodeId: string | null }>;
  /** The most recent escalation, so a wait for the person can be resumed after a restart. */
  lastEscalation: { nodeId: string; reason: string; detail: string; response: string } | null;
  /** What a person said by voice (the task, guidance, a rejection's reason), oldest first. */
  voiceInputs: Array<{
    seq: number;
    use: 'task' | 'guidance' | 'feedback';
    text: string;
    transcript: string;
    edited: boolean;
    audioSha256: string;
    durationMs: number | null;
  }>;
  /** Escalations about the plan budget that a person answered (each grants another budget). */
  budgetGrants: number;
  /** The Local Agent's latest decision. */
  lastAct: {
    nodeId: string;
    observation: string;
    thought: string;
    canComplete: CanComplete;
    action: ActionCall | null;
  } | null;
  counters: RunCounters;
  createdAt: number;
  updatedAt: number;
  lastSeq: number;
  anomalies: number;
  /** How many ids of each kind were handed out (n nodes, s steps, o observations, c calls, w waits). */
  ids: Record<IdKind, number>;
  /** Failure annotations in force, oldest first (removed ones are dropped). */
  annotations: AnnotationState[];
  /** What the run's strategy keeps beyond the task tree (progress, plan, notes, outcomes…). */
  strategy: StrategyState;
  /** A model call waiting to be retried (rate limited, server error), until the next call is recorded. */
  modelWait: ModelWaitState | null;
}

/** `model_waiting` as the cockpit shows it: what waits, why, and until when (epoch ms). */
export interface ModelWaitState {
  role: string;
  purpose: string;
  attempt: number;
  maxAttempts: number;
  status: number | null;
  serverAsked: boolean;
  message: string;
  until: number;
}

export type IdKind = 'n' | 's' | 'o' | 'c' | 'w';

/** The next id of a kind: ids are sequential per run, so a replay produces the same ids. */
/**
 * Whether the agent's own loop ran this step through its gate: its proposal as is, or the
 * person's edit or override of it (recorded as the person's, `by: 'person'`). A step a person
 * performed on the phone outside the gate (taking over, the action box) is not.
 */
export function ranThroughGate(s: Pick<StepState, 'executed' | 'decision'>): boolean {
  if (!s.executed) return false;
  return s.executed.by === 'agent' || s.decision?.kind === 'edit' || s.decision?.kind === 'override';
}

export function nextId(state: RunState, kind: IdKind): string {
  return `${kind}${state.ids[kind] + 1}`;
}

const ID_OF: Partial<Record<RunEvent['type'], IdKind>> = {
  node_added: 'n',
  step_proposed: 's',
  observation: 'o',
  model_call: 'c',
  human_wait: 'w',
};

export function initialRunState(runId: string): RunState {
  return {
    runId,
    task: '',
    serial: '',
    options: null,
    driver: null,
    status: 'running',
    cause: null,
    outcomeReason: null,
    answer: null,
    rootId: null,
    nodes: {},
    cursor: null,
    steps: [],
    observations: {},
    lastObservationId: null,
    waiting: null,
    pendingFeedback: [],
    messages: [],
    lastEscalation: null,
    voiceInputs: [],
    budgetGrants: 0,
    lastAct: null,
    counters: {
      modelCalls: 0,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      executedActions: 0,
      noActionReplies: 0,
      plans: 0,
      rejections: 0,
      humanActions: 0,
    },
    createdAt: 0,
    updatedAt: 0,
    lastSeq: -1,
    anomalies: 0,
    ids: { n: 0, s: 0, o: 0, c: 0, w: 0 },
    annotations: [],
    strategy: initialStrategyState(),
    modelWait: null,
  };
}

function withNode(state: RunState, nodeId: string, update: (n: TaskNodeState) => TaskNodeState): RunState {
  const node = state.nodes[nodeId];
  if (!node) return { ...state, anomalies: state.anomalies + 1 };
  return { ...state, nodes: { ...state.nodes, [nodeId]: update(node) } };
}

function withStep(state: RunState, stepId: string, update: (s: StepState) => StepState): RunState {
  const i = state.steps.findIndex((s) => s.stepId === stepId);
  if (i < 0) return { ...state, anomalies: state.anomalies + 1 };
  const steps = state.steps.slice();
  steps[i] = update(steps[i]!);
  return { ...state, steps };
}

function removeSubtree(nodes: Record<string, TaskNodeState>, nodeId: string): Record<string, TaskNodeState> {
  const out = { ...nodes };
  const stack = [nodeId];
  while (stack.length) {
    const id = stack.pop()!;
    const n = out[id];
    if (!n) continue;
    stack.push(...n.children);
    delete out[id];
  }
  return out;
}

type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>;
/** How one type of event changes the state (`prev`: the state before the event's bookkeeping). */
type Handler<T extends RunEvent['type']> = (state: RunState, event: EventOf<T>, prev: RunState) => RunState;

const unchanged = (state: RunState): RunState => state;
const anomaly = (state: RunState): RunState => ({ ...state, anomalies: state.anomalies + 1 });
const toStrategy = (state: RunState, event: Parameters<typeof reduceStrategy>[1]): RunState => ({
  ...state,
  strategy: reduceStrategy(state.strategy, event),
});

function nodeAdded(state: RunState, event: EventOf<'node_added'>): RunState {
  const node: TaskNodeState = {
    id: event.nodeId,
    parentId: event.parentId,
    goal: event.goal,
    status: 'pending',
    children: [],
    addedBy: event.by,
    reflections: [],
    planReflections: [],
    splits: 0,
    attempts: 0,
    failures: 0,
    escalations: 0,
    lastCanComplete: null,
  };
  const added = { ...state, nodes: { ...state.nodes, [node.id]: node } };
  if (event.parentId === null) return { ...added, rootId: added.rootId ?? node.id };
  return withNode(added, event.parentId, (p) => {
    const children = p.children.slice();
    children.splice(event.index ?? children.length, 0, node.id);
    return { ...p, children };
  });
}

function nodeRemoved(state: RunState, event: EventOf<'node_removed'>): RunState {
  const node = state.nodes[event.nodeId];
  if (!node || node.parentId === null) return anomaly(state);
  const detached = withNode(state, node.parentId, (p) => ({
    ...p,
    children: p.children.filter((c) => c !== event.nodeId),
  }));
  const nodes = removeSubtree(detached.nodes, event.nodeId);
  const cursor = detached.cursor && !nodes[detached.cursor] ? node.parentId : detached.cursor;
  return { ...detached, nodes, cursor };
}

function observed(state: RunState, event: EventOf<'observation'>): RunState {
  const observations = {
    ...state.observations,
    [event.observationId]: { ...event.observation, screenKey: event.screenKey },
  };
  // The first observation after an executed step is that step's "after" screen.
  const last = state.steps.at(-1);
  const steps =
    last && last.executed && last.afterObservationId === null
      ? [...state.steps.slice(0, -1), { ...last, afterObservationId: event.observationId }]
      : state.steps;
  return { ...state, observations, steps, lastObservationId: event.observationId };
}

function modelCalled(state: RunState, event: EventOf<'model_call'>): RunState {
  const u = event.record.usage;
  const c = state.counters;
  return {
    ...state,
    modelWait: null,
    counters: {
      ...c,
      modelCalls: c.modelCalls + 1,
      promptTokens: c.promptTokens + (u?.promptTokens ?? 0),
      completionTokens: c.completionTokens + (u?.completionTokens ?? 0),
      costUsd: c.costUsd + (event.record.costUsd ?? 0),
    },
  };
}

function actDecided(state: RunState, event: EventOf<'act_decided'>): RunState {
  const next = withNode(state, event.nodeId, (n) => ({ ...n, lastCanComplete: event.canComplete }));
  return {
    ...next,
    pendingFeedback: [],
    lastAct: {
      nodeId: event.nodeId,
      observation: event.observation,
      thought: event.thought,
      canComplete: event.canComplete,
      action: event.action,
    },
    counters:
      event.action === null ? { ...next.counters, noActionReplies: next.counters.noActionReplies + 1 } : next.counters,
  };
}

function stepProposed(state: RunState, event: EventOf<'step_proposed'>): RunState {
  const step: StepState = {
    stepId: event.stepId,
    nodeId: event.nodeId,
    proposed: event.action,
    element: event.element,
    observationId: event.observationId,
    gate: event.gate,
    decision: null,
    executed: null,
    reflection: null,
    abandoned: null,
    afterObservationId: null,
    seq: event.seq,
    // The proposal the Local Agent just made (a person's own step on the same node has no intent).
    intent:
      state.lastAct &&
      state.lastAct.nodeId === event.nodeId &&
      JSON.stringify(state.lastAct.action) === JSON.stringify(event.action)
        ? { observation: state.lastAct.observation, thought: state.lastAct.thought }
        : null,
  };
  return { ...state, steps: [...state.steps, step] };
}

function humanDecided(state: RunState, event: EventOf<'human_decision'>, prev: RunState): RunState {
  const c = state.counters;
  const next: RunState = {
    ...state,
    status: state.status === 'waiting' ? 'running' : state.status,
    waiting: null,
    pendingFeedback:
      (event.decision === 'reject' || event.decision === 'answer') && event.feedback
        ? [...state.pendingFeedback, event.feedback]
        : state.pendingFeedback,
    budgetGrants:
      state.budgetGrants +
      (prev.waiting?.kind === 'escalation' &&
      state.lastEscalation?.reason === 'plan_budget' &&
      (event.decision === 'answer' || event.decision === 'approve')
        ? 1
        : 0),
    counters: event.decision === 'reject' ? { ...c, rejections: c.rejections + 1 } : c,
  };
  if (!event.stepId) return next;
  return withStep(next, event.stepId, (s) => ({
    ...s,
    decision: { kind: event.decision, by: event.by, feedback: event.feedback, action: event.action },
  }));
}

function stepExecuted(state: RunState, event: EventOf<'step_executed'>): RunState {
  const c = state.counters;
  const counted: RunState = {
    ...state,
    counters: {
      ...c,
      executedActions: c.executedActions + (event.ok ? 1 : 0),
      humanActions: c.humanActions + (event.by === 'person' ? 1 : 0),
    },
  };
  const executed = {
    action: event.action,
    by: event.by,
    ok: event.ok,
    error: event.error?.message ?? null,
    durationMs: event.durationMs,
    detail: event.detail,
  };
  const step = counted.steps.find((s) => s.stepId === event.stepId);
  if (!step) return anomaly(counted);
  const attempted = withNode(counted, step.nodeId, (n) => ({ ...n, attempts: n.attempts + 1 }));
  return withStep(attempted, event.stepId, (s) => ({ ...s, executed }));
}

function reflected(state: RunState, event: EventOf<'reflected'>): RunState {
  const next = withNode(state, event.nodeId, (n) =>
    event.subgoalStatus === 'failure' && !event.goalDone
      ? { ...n, reflections: [...n.reflections, event.reflection], failures: n.failures + 1 }
      : n,
  );
  return withStep(next, event.stepId, (s) => ({
    ...s,
    reflection: { subgoalStatus: event.subgoalStatus, goalDone: event.goalDone, text: event.reflection },
  }));
}

function voiceInput(state: RunState, event: EventOf<'voice_input'>): RunState {
  const input = {
    seq: event.seq,
    use: event.use,
    text: event.text,
    transcript: event.transcript,
    edited: event.edited,
    audioSha256: event.audio.sha256,
    durationMs: event.audio.durationMs,
  };
  return { ...state, voiceInputs: [...state.voiceInputs, input] };
}

function stepAnnotated(state: RunState, event: EventOf<'step_annotated'>): RunState {
  if (!state.steps.some((s) => s.stepId === event.stepId)) return anomaly(state);
  const annotation: AnnotationState = {
    annotationId: event.annotationId,
    stepId: event.stepId,
    category: event.category,
    note: event.note,
    by: event.by,
    author: event.author,
    at: event.at,
  };
  return { ...state, annotations: [...state.annotations, annotation] };
}

function annotationRemoved(state: RunState, event: EventOf<'annotation_removed'>): RunState {
  const annotations = state.annotations.filter((a) => a.annotationId !== event.annotationId);
  return annotations.length === state.annotations.length ? anomaly(state) : { ...state, annotations };
}

function outcomeJudged(state: RunState, event: EventOf<'outcome_judged'>): RunState {
  const ok = event.outcome === 'A';
  const judged = toStrategy(state, event);
  const next = ok ? judged : withNode(judged, event.nodeId, (n) => ({ ...n, failures: n.failures + 1 }));
  return withStep(next, event.stepId, (s) => ({
    ...s,
    reflection: { subgoalStatus: ok ? 'success' : 'failure', goalDone: false, text: `${event.outcome}: ${event.text}` },
  }));
}

/** One handler per event type (the mapped type makes a missing one a type error). */
const HANDLERS: { [T in RunEvent['type']]: Handler<T> } = {
  run_started: (state, e) => ({
    ...state,
    task: e.task,
    serial: e.serial,
    options: e.options,
    driver: e.driver ?? null,
    status: 'running',
    createdAt: e.at,
  }),
  node_added: nodeAdded,
  node_updated: (state, e) => withNode(state, e.nodeId, (n) => ({ ...n, goal: e.goal })),
  node_removed: nodeRemoved,
  nodes_reordered: (state, e) =>
    withNode(state, e.parentId, (p) => {
      const same = e.order.length === p.children.length && e.order.every((c) => p.children.includes(c));
      return same ? { ...p, children: e.order.slice() } : p;
    }),
  node_status: (state, e) => withNode(state, e.nodeId, (n) => ({ ...n, status: e.status })),
  cursor_moved: (state, e) => ({ ...state, cursor: e.nodeId }),
  observation: observed,
  model_call: modelCalled,
  act_decided: actDecided,
  plan_reflection: (state, e) =>
    withNode(state, e.nodeId, (n) => ({ ...n, planReflections: [...n.planReflections, e.text] })),
  plan_made: (state, e) => {
    const next = withNode(state, e.nodeId, (n) => ({ ...n, splits: n.splits + 1 }));
    return { ...next, counters: { ...next.counters, plans: next.counters.plans + 1 } };
  },
  app_selected: unchanged,
  step_proposed: stepProposed,
  human_wait: (state, e) => ({
    ...state,
    status: 'waiting',
    waiting: { waitId: e.waitId, kind: e.kind, stepId: e.stepId, prompt: e.prompt },
  }),
  human_decision: humanDecided,
  step_executed: stepExecuted,
  step_abandoned: (state, e) => withStep(state, e.stepId, (s) => ({ ...s, abandoned: e.reason })),
  reflected,
  message: (state, e) => ({
    ...state,
    messages: [...state.messages, { from: e.from, text: e.text, nodeId: e.nodeId }],
  }),
  escalated: (state, e) => ({
    ...withNode(state, e.nodeId, (n) => ({ ...n, escalations: n.escalations + 1 })),
    lastEscalation: { nodeId: e.nodeId, reason: e.reason, detail: e.detail, response: e.response },
  }),
  model_waiting: (state, e) => {
    const { type: _t, seq: _s, at, waitMs, ...wait } = e;
    return { ...state, modelWait: { ...wait, until: at + waitMs } };
  },
  memory_written: unchanged,
  run_error: unchanged,
  models_changed: (state, e) => (state.options ? { ...state, options: { ...state.options, models: e.models } } : state),
  voice_input: voiceInput,
  run_paused: (state) => ({ ...state, status: 'paused', modelWait: null }),
  run_resumed: (state) => ({ ...state, status: state.waiting ? 'waiting' : 'running' }),
  run_finished: (state, e) => ({
    ...state,
    status: e.outcome,
    cause: endCauseOf(e),
    outcomeReason: e.reason,
    answer: e.answer,
    waiting: null,
    modelWait: null,
  }),
  step_annotated: stepAnnotated,
  annotation_removed: annotationRemoved,
  // The acting role has seen the person's feedback, as MobA's act_decided does.
  strategy_decided: (state, e) => ({ ...toStrategy(state, e), pendingFeedback: [] }),
  outcome_judged: outcomeJudged,
  progress_updated: toStrategy,
  memory_unit_added: toStrategy,
  plan_updated: toStrategy,
  notes_updated: toStrategy,
  experience_loaded: toStrategy,
  experience_evolved: toStrategy,
  shortcut_invoked: toStrategy,
};

/** Applies one event. Pure: the input state is never mutated. */
export function reduceRun(prev: RunState, event: RunEvent): RunState {
  // A later annotation is about the run, not part of it: it does not move its end.
  const annotation = event.type === 'step_annotated' || event.type === 'annotation_removed';
  const state: RunState = { ...prev, lastSeq: event.seq, updatedAt: annotation ? prev.updatedAt : event.at };
  const kind = ID_OF[event.type];
  if (kind) state.ids = { ...state.ids, [kind]: state.ids[kind] + 1 };
  const handle = HANDLERS[event.type] as Handler<RunEvent['type']>;
  return handle(state, event, prev);
}

export function foldRun(runId: string, events: readonly RunEvent[]): RunState {
  let state = initialRunState(runId);
  for (const e of events) state = reduceRun(state, e);
  return state;
}
