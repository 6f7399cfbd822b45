/**
 * A task instance: one task with its parameters drawn for one seed, its texts in one language,
 * and every placeholder filled. Parameters are drawn in the order they are written, each from
 * its own generator (seeded by the instance seed and its name, so adding a parameter does not
 * change the others), after the phone was reset with the instance's seed — `pick`, `value`
 * and `if` read that initial state.
 */
import { createHash } from 'node:crypto';
import { mulberry32 } from '@moba/base';
import { relativeDay } from '@moba/sim/time';
import type { ParamSpec } from '../../shared/bench/task-params.ts';
import type { Predicate } from '../../shared/bench/task-predicates.ts';
import type { BenchTask, UserSpec, Milestone } from '../../shared/bench/task-schema.ts';
import type { Disturbance, SetupStep, SolutionStep } from '../../shared/bench/task-steps.ts';
import type { Locale } from '../../shared/bench/task-values.ts';
import { MobaError } from '../../shared/errors.ts';
import { linearRegex } from '../linear-regex.ts';
import { appState, evaluatePredicate, matches, predicateKinds } from './predicates/evaluate.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import { getPath, mustParsePath } from './predicates/paths.ts';
import { fill, fillBoth } from './templates.ts';
import type { ParamValues } from './templates.ts';

export const DEFAULT_TIMEOUT_S = 600;
export const MIN_STEP_BUDGET = 5;

export interface InstanceMilestone extends Omit<Milestone, 'when'> {
  when: 'reached' | 'final';
}

export interface TaskInstance {
  task: BenchTask;
  /** The instance seed (parameters); the phone's seed unless the task pins one. */
  seed: number;
  phoneSeed: number;
  locale: Locale;
  params: ParamValues;
  /** The goal in the episode's language, and in both. */
  goal: string;
  goals: { en: string; zh: string };
  /** The task's knowledge hint in the episode's language (`knowledge`), if it has one. */
  knowledge: string | null;
  setup: SetupStep[];
  preconditions: Predicate[];
  milestones: InstanceMilestone[];
  invariants: Array<{ id: string; check: Predicate }>;
  solution: SolutionStep[];
  /** The disturbances the phone applies once the agent starts (placeholders filled, apps by alias). */
  disturbances: Disturbance[];
  /** The simulated user's facts (placeholders filled), or null. */
  user: UserSpec | null;
  budget: { maxSteps: number; timeoutS: number };
}

/** A 31-bit seed from text (the phone's seed range). */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) & 0x7fffffff;
}

/** The seed of instance `index` of a task in a suite run with `suiteSeed` (AndroidWorld's scheme). */
export function instanceSeed(suiteSeed: number, taskId: string, index: number): number {
  return seedOf(`${suiteSeed}|${taskId}|${index}`);
}

/** The step budget: the task's, else twice the human steps (at least 5). */
export function stepBudget(task: BenchTask, humanSteps?: number): number {
  if (task.budget?.maxSteps) return task.budget.maxSteps;
  const human = humanSteps ?? task.human?.steps ?? task.solution.length;
  return Math.max(MIN_STEP_BUDGET, Math.ceil(2 * human));
}

const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  zh: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
};
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The device's local calendar date (YYYY-MM-DD) from `sim-state`'s device summary. */
export function deviceDate(state: PhoneState): string {
  const time = String(state.device.time ?? '');
  const zone = String(state.device.timezone ?? 'Asia/Shanghai');
  const at = new Date(time);
  if (Number.isNaN(at.getTime())) throw new MobaError('INVALID_INPUT', `The phone reported no usable time (${time})`);
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function formatTime(hhmm: string): { en: string; zh: string } {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const mm = String(m).padStart(2, '0');
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return { en: `${h12}:${mm} ${h < 12 ? 'AM' : 'PM'}`, zh: `${h < 12 ? '上午' : '下午'}${h12}:${mm}` };
}

function formatDate(iso: string, what: 'date' | 'weekday'): { en: string; zh: string } {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (what === 'weekday') {
    const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    return { en: WEEKDAYS.en[day]!, zh: WEEKDAYS.zh[day]! };
  }
  return { en: `${MONTHS[m - 1]} ${d}`, zh: `${m}月${d}日` };
}

function num(v: unknown, what: string): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw new MobaError('INVALID_INPUT', `${what} is not a number (${JSON.stringify(v)})`);
  return n;
}

/**
 * Draws every parameter of `specs` (the task's `params`, or its `paramsAfterSetup` on top of
 * the values drawn before) from `initial`.
 * @throws MobaError INVALID_INPUT when the initial state has nothing to pick from (the runner
 *   then moves on to the next seed).
 */
export function drawParams(
  specs: Record<string, ParamSpec> | undefined,
  seed: number,
  initial: PhoneState,
  before: ParamValues = {},
): ParamValues {
  const values: ParamValues = { ...before };
  const ctx = { now: initial, start: initial, screen: null, answer: null };
  for (const [name, spec] of Object.entries(specs ?? {}) as Array<[string, ParamSpec]>) {
    const random = mulberry32(seedOf(`${seed}|${name}`));
    const pickOne = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const f = <T>(v: T): T => fill(v, values, 'en');
    let v: unknown;
    if ('int' in spec) {
      const [lo, hi] = spec.int;
      v = lo + Math.floor(random() * (hi - lo + 1));
    } else if ('oneOf' in spec) v = pickOne(spec.oneOf);
    else if ('pick' in spec) {
      const list = getPath(appState(initial, spec.pick.app), mustParsePath(spec.pick.path));
      if (!Array.isArray(list))
        throw new MobaError(
          'INVALID_INPUT',
          `params.${name}: ${spec.pick.app} ${spec.pick.path} is not a list on this phone`,
        );
      const where = spec.pick.where === undefined ? undefined : f(spec.pick.where);
      const candidates =
        where === undefined ? list : list.filter((e) => matches(where, { value: e, init: e, present: true }));
      if (candidates.length === 0)
        throw new MobaError(
          'INVALID_INPUT',
          `params.${name}: nothing in ${spec.pick.app} ${spec.pick.path} matches on this seed`,
        );
      const picked = pickOne(candidates);
      v = spec.pick.field ? getPath(picked, mustParsePath(spec.pick.field)) : picked;
    } else if ('value' in spec) {
      v = getPath(appState(initial, spec.value.app), mustParsePath(spec.value.path));
      if (v === undefined)
        throw new MobaError(
          'INVALID_INPUT',
          `params.${name}: ${spec.value.app} has no ${spec.value.path} on this phone`,
        );
    } else if ('clock' in spec) v = relativeDay(deviceDate(initial), String(f(spec.clock)));
    else if ('date' in spec) v = addDays(deviceDate(initial), num(f(spec.date.days), `params.${name}.date.days`));
    else if ('time' in spec) {
      const h = num(f(spec.time.hour), `params.${name}.time.hour`);
      const m = num(f(spec.time.minute), `params.${name}.time.minute`);
      const minutes = (((h * 60 + m) % 1440) + 1440) % 1440;
      v = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    } else if ('format' in spec) {
      const source = String(values[spec.of]);
      v = spec.format === 'time' ? formatTime(source) : formatDate(source, spec.format);
    } else if ('text' in spec) {
      const both = fillBoth(spec.text, values);
      v = both.en === both.zh ? both.en : both;
    } else if ('sum' in spec) v = spec.sum.reduce<number>((acc, x) => acc + num(f(x), `params.${name}.sum`), 0);
    else if ('extract' in spec) {
      const text = String(f(spec.extract.from));
      const m = linearRegex(f(spec.extract.regex), '', `params.${name}.extract.regex`).exec(text);
      if (!m)
        throw new MobaError(
          'INVALID_INPUT',
          `params.${name}: /${spec.extract.regex}/ finds nothing in ${JSON.stringify(text.slice(0, 120))}`,
        );
      v = m[1] ?? m[0];
    } else v = evaluatePredicate(f(spec.if), ctx) ? f(spec.then) : f(spec.else);
    values[name] = v;
  }
  return values;
}

/**
 * Fills the task for one seed and language; `initial` is the phone right after reseeding,
 * `afterSetup` the phone after the task's set-up (for `paramsAfterSetup`; without it those
 * stay unfilled, enough to run the set-up, which may not use them).
 */
export function buildInstance(
  task: BenchTask,
  options: { seed: number; locale: Locale; initial: PhoneState; afterSetup?: PhoneState },
): TaskInstance {
  const early = drawParams(task.params, options.seed, options.initial);
  const late = Object.keys(task.paramsAfterSetup ?? {});
  // Before the set-up, a parameter drawn after it stands for itself (`{name}`): only the set-up, which may not use it, is run.
  const params = options.afterSetup
    ? drawParams(task.paramsAfterSetup, options.seed, options.afterSetup, early)
    : { ...early, ...Object.fromEntries(late.map((n) => [n, `{${n}}`])) };
  const locale = task.device?.locale ?? options.locale;
  const goals = fillBoth(task.goal, params);
  const f = <T>(v: T): T => fill(v, params, locale);
  return {
    task,
    seed: options.seed,
    phoneSeed: task.device?.seed ?? options.seed,
    locale,
    params,
    goal: goals[locale],
    goals,
    knowledge: task.knowledge ? fillBoth(task.knowledge, params)[locale] : null,
    setup: f(task.setup ?? []),
    preconditions: f(task.preconditions ?? []),
    milestones: task.milestones.map((m) => ({
      ...f(m),
      when: m.when ?? (predicateKinds(m.check).has('state') ? 'final' : 'reached'),
    })),
    invariants: f(task.invariants ?? []).map((i) => ({ id: i.id, check: i.check })),
    solution: f(task.solution),
    disturbances: f(task.disturbances ?? []),
    user: task.user ? f(task.user) : null,
    budget: { maxSteps: stepBudget(task), timeoutS: task.budget?.timeoutS ?? DEFAULT_TIMEOUT_S },
  };
}
