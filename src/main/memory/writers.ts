/**
 * The agent-facing record inputs and their drafts. Inputs accept `null` and empty strings for
 * "not known" (what the run loop has at hand); long texts are clipped to the schema's limits
 * rather than refused, because losing a memory is worse than shortening an observation.
 */
import { createHash } from 'node:crypto';
import type {
  ActionOutcome,
  MemoryDraft,
  MemorySource,
  ReflectionStage,
  RouteStep,
  TaskStatus,
  UserCategory,
} from '../../shared/schemas/memory.ts';

type Maybe<T> = T | null | undefined;
type DraftOf<K extends MemoryDraft['kind']> = Extract<MemoryDraft, { kind: K }>;

/** undefined for null/blank; otherwise trimmed and clipped to `max` characters. */
function opt(value: Maybe<string>, max: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  const t = value.trim();
  if (!t) return undefined;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Required text: clipped, but left empty (and refused by validation) when blank. */
function req(value: string, max: number): string {
  return opt(value, max) ?? '';
}

function defined<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

interface RunRef {
  runId: string;
  nodeId: string;
  /** Give one to make the write idempotent (e.g. derived from the run's event number). */
  id?: string;
}

export interface TaskNodeInput extends RunRef {
  goal: string;
  status: TaskStatus;
  parentNodeId?: Maybe<string>;
  taskGoal?: Maybe<string>;
}

export interface ActionInput extends RunRef {
  goal: string;
  parentGoal?: Maybe<string>;
  taskGoal?: Maybe<string>;
  action: string;
  /** A description of the element acted on, e.g. `button "Save" (id save)`. */
  element?: Maybe<string>;
  observation?: Maybe<string>;
  thought?: Maybe<string>;
  reflection?: Maybe<string>;
  outcome: ActionOutcome;
  app?: Maybe<string>;
  activity?: Maybe<string>;
  screenKey?: Maybe<string>;
}

export interface RouteStepInput {
  subGoal: string;
  action: string;
  element?: Maybe<string>;
  app?: Maybe<string>;
  activity?: Maybe<string>;
  actionId?: Maybe<string>;
}

export interface RouteInput extends RunRef {
  goal: string;
  taskGoal?: Maybe<string>;
  steps: RouteStepInput[];
  /** The main app; defaults to the app most steps ran in. */
  app?: Maybe<string>;
}

export interface AnswerInput extends RunRef {
  goal: string;
  text: string;
  taskGoal?: Maybe<string>;
  app?: Maybe<string>;
}

export interface ThoughtInput extends RunRef {
  goal: string;
  text: string;
  app?: Maybe<string>;
}

export interface ReflectionInput extends RunRef {
  goal: string;
  text: string;
  stage: ReflectionStage;
  action?: Maybe<string>;
  app?: Maybe<string>;
}

export interface PlanInput {
  runId: string;
  nodeId: string;
  goal: string;
  subgoals: string[];
  thought?: Maybe<string>;
  parentNodeId?: Maybe<string>;
  taskGoal?: Maybe<string>;
  /** The task-tree ids of the sub-goals, in order; when given, each becomes a task node under `nodeId`. */
  subgoalIds?: Maybe<string[]>;
}

export interface InteractionInput {
  runId: string;
  task: string;
  /** How the run ended, e.g. "succeeded" / "failed". */
  outcome: string;
  answer?: Maybe<string>;
}

export interface AppPageInput {
  /** The run whose model described the page. */
  runId?: Maybe<string>;
  app: string;
  activity: string;
  description: string;
  screenKey?: Maybe<string>;
  affordances?: Maybe<string[]>;
  source?: MemorySource;
}

export interface UserMemoryInput {
  text: string;
  category?: UserCategory;
  task?: Maybe<string>;
  answer?: Maybe<string>;
  source?: MemorySource;
}

export interface AppDescriptionInput {
  app: string;
  name: string;
  description: string;
  keyScreens?: Maybe<string[]>;
  source?: MemorySource;
}

function ref(input: RunRef): { runId: string; nodeId: string; id?: string } {
  return defined({ runId: input.runId, nodeId: input.nodeId, id: input.id });
}

export function taskNodeDraft(i: TaskNodeInput): MemoryDraft {
  return defined({
    kind: 'task',
    ...ref(i),
    goal: req(i.goal, 2_000),
    status: i.status,
    parentNodeId: opt(i.parentNodeId, 128),
    taskGoal: opt(i.taskGoal, 2_000),
  });
}

export function actionDraft(i: ActionInput): MemoryDraft {
  return defined({
    kind: 'action',
    ...ref(i),
    goal: req(i.goal, 2_000),
    parentGoal: opt(i.parentGoal, 2_000),
    taskGoal: opt(i.taskGoal, 2_000),
    action: req(i.action, 1_000),
    element: opt(i.element, 1_000),
    observation: opt(i.observation, 4_000),
    thought: opt(i.thought, 4_000),
    reflection: opt(i.reflection, 4_000),
    outcome: i.outcome,
    app: opt(i.app, 255),
    activity: opt(i.activity, 300),
    screenKey: opt(i.screenKey, 200),
  });
}

export function routeDraft(i: RouteInput): MemoryDraft {
  const steps: RouteStep[] = i.steps.map((s) =>
    defined({
      subGoal: req(s.subGoal, 1_000),
      action: req(s.action, 1_000),
      element: opt(s.element, 1_000),
      app: opt(s.app, 255),
      activity: opt(s.activity, 300),
      actionId: opt(s.actionId, 128),
    }),
  );
  return defined({
    kind: 'route',
    ...ref(i),
    goal: req(i.goal, 2_000),
    taskGoal: opt(i.taskGoal, 2_000),
    steps,
    app: opt(i.app, 255) ?? mostCommonApp(steps),
  });
}

export function answerDraft(i: AnswerInput): MemoryDraft {
  return defined({
    kind: 'answer',
    ...ref(i),
    goal: req(i.goal, 2_000),
    text: req(i.text, 8_000),
    taskGoal: opt(i.taskGoal, 2_000),
    app: opt(i.app, 255),
  });
}

export function thoughtDraft(i: ThoughtInput): MemoryDraft {
  return defined({
    kind: 'thought',
    ...ref(i),
    goal: req(i.goal, 2_000),
    text: req(i.text, 8_000),
    app: opt(i.app, 255),
  });
}

export function reflectionDraft(i: ReflectionInput): MemoryDraft {
  return defined({
    kind: 'reflection',
    ...ref(i),
    goal: req(i.goal, 2_000),
    text: req(i.text, 8_000),
    stage: i.stage,
    action: opt(i.action, 1_000),
    app: opt(i.app, 255),
  });
}

/** The planned node, its sub-goal nodes (when ids are given) and a planning note. */
export function planDrafts(i: PlanInput): Array<{ draft: MemoryDraft; id?: string }> {
  const out: Array<{ draft: MemoryDraft; id?: string }> = [];
  const taskGoal = opt(i.taskGoal, 2_000);
  // Task nodes are one per (run, node): a stable id makes re-planning update instead of duplicate.
  out.push({
    draft: taskNodeDraft({
      runId: i.runId,
      nodeId: i.nodeId,
      goal: i.goal,
      status: 'active',
      parentNodeId: i.parentNodeId,
      taskGoal,
    }),
    id: taskNodeId(i.runId, i.nodeId),
  });
  i.subgoalIds?.forEach((id, n) => {
    const goal = i.subgoals[n];
    if (goal)
      out.push({
        draft: taskNodeDraft({ runId: i.runId, nodeId: id, goal, status: 'pending', parentNodeId: i.nodeId, taskGoal }),
        id: taskNodeId(i.runId, id),
      });
  });
  const listed = i.subgoals.map((g, n) => `${n + 1}. ${g}`).join('; ');
  const thought = opt(i.thought, 6_000);
  out.push({
    draft: reflectionDraft({
      runId: i.runId,
      nodeId: i.nodeId,
      goal: i.goal,
      stage: 'plan',
      text: `${thought ? `${thought} ` : ''}Split into: ${listed}`,
    }),
  });
  return out;
}

export function taskNodeId(runId: string, nodeId: string): string {
  return `task:${hash(`${runId}\u0000${nodeId}`)}`;
}

export function interactionDraft(i: InteractionInput): MemoryDraft {
  const answer = opt(i.answer, 8_000);
  const task = req(i.task, 2_000);
  const text = `Asked "${task}" → ${i.outcome}${answer ? `; answered: ${answer}` : ''}`;
  return defined({ kind: 'user', runId: i.runId, text: req(text, 4_000), category: 'interaction', task, answer });
}

export function appPageDraft(i: AppPageInput): DraftOf<'page'> {
  return defined({
    kind: 'page',
    app: i.app,
    activity: req(i.activity, 300),
    description: req(i.description, 4_000),
    screenKey: opt(i.screenKey, 200),
    affordances: i.affordances?.length ? i.affordances.map((a) => req(a, 300)) : undefined,
    source: i.source,
    runId: i.runId ?? undefined,
  });
}

/** Pages are one per package + activity (+ screen key): re-observing updates the description. */
export function pageId(draft: DraftOf<'page'>): string {
  return `page:${hash(`${draft.app}\u0000${draft.activity}\u0000${draft.screenKey ?? ''}`)}`;
}

export interface LearnedPreferenceInput {
  runId: string;
  /** What the preference is about (e.g. `app-for:a calendar app`); one memory per key. */
  key: string;
  text: string;
  task?: Maybe<string>;
}

/** A preference the agent learned in a run; its id comes from `key`, so learning it again updates it. */
export function learnedPreferenceDraft(i: LearnedPreferenceInput): { draft: MemoryDraft; id: string } {
  return {
    draft: defined({
      kind: 'user',
      runId: i.runId,
      text: req(i.text, 4_000),
      category: 'preference',
      task: opt(i.task, 2_000),
    }),
    id: `user:learned-${hash(i.key.trim().toLowerCase())}`,
  };
}

export function userDraft(i: UserMemoryInput): MemoryDraft {
  return defined({
    kind: 'user',
    text: req(i.text, 4_000),
    category: i.category ?? 'preference',
    task: opt(i.task, 2_000),
    answer: opt(i.answer, 8_000),
    source: i.source,
  });
}

export function appDraft(i: AppDescriptionInput): DraftOf<'app'> {
  return defined({
    kind: 'app',
    app: i.app,
    name: req(i.name, 200),
    description: req(i.description, 4_000),
    keyScreens: i.keyScreens?.length ? i.keyScreens.map((s) => req(s, 500)) : undefined,
    source: i.source,
  });
}

function mostCommonApp(steps: readonly RouteStep[]): string | undefined {
  const counts = new Map<string, number>();
  for (const s of steps) if (s.app) counts.set(s.app, (counts.get(s.app) ?? 0) + 1);
  let best: string | undefined;
  let n = 0;
  for (const [app, c] of counts) {
    if (c <= n) continue;
    best = app;
    n = c;
  }
  return best;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}
