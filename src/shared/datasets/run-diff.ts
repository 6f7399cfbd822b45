/**
 * Two runs of the same task (two strategies, two models, before and after a prompt change)
 * side by side. Steps are compared by what the agent saw and did: the screen before the step
 * (its screen key, a hash of what is on screen) and the executed action in the product's
 * syntax (the proposal when nothing ran). The **first divergence** is the first position
 * where the runs' steps differ in either — or where one run has a step and the other has
 * ended. The full alignment (for the table) is a longest common subsequence of the steps'
 * signatures, so a detour in one run shows as inserted steps rather than as every later step
 * differing. Pure: the CLI (`moba runs diff`) and History → Compare use it alike.
 */
import { formatAction } from '../actions.ts';
import type { RunState, StepState } from '../run/reducer.ts';

export interface DiffStep {
  /** 0-based index in the run's steps. */
  index: number;
  stepId: string;
  subgoal: string | null;
  screenKey: string | null;
  app: string | null;
  proposed: string;
  executed: string | null;
  by: string | null;
  decision: string | null;
  reflection: { status: 'success' | 'failure'; text: string } | null;
  /** Observation ids of the screens before and after (for screenshots). */
  before: string;
  after: string | null;
}

export interface DiffSide {
  runId: string;
  task: string;
  status: string;
  strategy: string | null;
  steps: number;
}

export type DivergenceReason = 'screen' | 'action' | 'a_ended' | 'b_ended';

export interface RunDiff {
  a: DiffSide;
  b: DiffSide;
  sameTask: boolean;
  /** Steps both runs took alike before they diverged. */
  commonPrefix: number;
  firstDivergence: { position: number; reason: DivergenceReason; a: DiffStep | null; b: DiffStep | null } | null;
  /** The alignment: pairs of step indices (null = the step has no counterpart). */
  alignment: Array<{ a: number | null; b: number | null; same: boolean }>;
}

function normTask(t: string): string {
  return t
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?。！？]+$/u, '');
}

export function diffStep(state: RunState, s: StepState, index: number): DiffStep {
  const obs = state.observations[s.observationId];
  return {
    index,
    stepId: s.stepId,
    subgoal: state.nodes[s.nodeId]?.goal ?? null,
    screenKey: obs?.screenKey ?? null,
    app: obs?.currentApp?.packageName ?? null,
    proposed: formatAction(s.proposed),
    executed: s.executed ? formatAction(s.executed.action) : null,
    by: s.executed?.by ?? null,
    decision: s.decision?.kind ?? null,
    reflection: s.reflection ? { status: s.reflection.subgoalStatus, text: s.reflection.text } : null,
    before: s.observationId,
    after: s.afterObservationId,
  };
}

/** What makes two steps "the same": the screen they started from and what was done on it. */
function signature(d: DiffStep): string {
  return `${d.screenKey ?? '?'}\u0000${d.executed ?? d.proposed}`;
}

function side(state: RunState): DiffSide {
  return {
    runId: state.runId,
    task: state.task,
    status: state.status,
    strategy: state.options?.strategy ?? null,
    steps: state.steps.length,
  };
}

/** Aligns two folded runs. */
export function diffRuns(a: RunState, b: RunState): RunDiff {
  const sa = a.steps.map((s, i) => diffStep(a, s, i));
  const sb = b.steps.map((s, i) => diffStep(b, s, i));
  let prefix = 0;
  let firstDivergence: RunDiff['firstDivergence'] = null;
  for (let i = 0; ; i++) {
    const x = sa[i];
    const y = sb[i];
    if (!x && !y) break;
    if (!x || !y) {
      firstDivergence = { position: i, reason: x ? 'b_ended' : 'a_ended', a: x ?? null, b: y ?? null };
      break;
    }
    if (x.screenKey !== y.screenKey) {
      firstDivergence = { position: i, reason: 'screen', a: x, b: y };
      break;
    }
    if ((x.executed ?? x.proposed) !== (y.executed ?? y.proposed)) {
      firstDivergence = { position: i, reason: 'action', a: x, b: y };
      break;
    }
    prefix++;
  }
  return {
    a: side(a),
    b: side(b),
    sameTask: normTask(a.task) === normTask(b.task),
    commonPrefix: prefix,
    firstDivergence,
    alignment: align(sa.map(signature), sb.map(signature)),
  };
}

/** Longest-common-subsequence alignment; runs of a few hundred steps make a table of some 10^5 cells. */
function align(a: readonly string[], b: readonly string[]): RunDiff['alignment'] {
  const n = a.length;
  const m = b.length;
  const L: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      L[i]![j] = a[i] === b[j] ? L[i + 1]![j + 1]! + 1 : Math.max(L[i + 1]![j]!, L[i]![j + 1]!);
  const out: RunDiff['alignment'] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) out.push({ a: i++, b: j++, same: true });
    else if (j >= m || (i < n && L[i + 1]![j]! >= L[i]![j + 1]!)) {
      // A step of A without a counterpart; when B also has one here, show them side by side.
      if (j < m && L[i + 1]![j + 1] === L[i]![j]) out.push({ a: i++, b: j++, same: false });
      else out.push({ a: i++, b: null, same: false });
    } else out.push({ a: null, b: j++, same: false });
  }
  return out;
}
