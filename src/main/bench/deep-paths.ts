/**
 * Which state paths and field names of a task can exist, judged against the states a seeded
 * phone actually went through (the start, after each step of the reference solution, the end):
 * a milestone on `alarm` instead of `alarms`, or on a field `lable` no alarm has, validates as a
 * file and then scores 0 for every agent. A path is accepted when it leads to a value in any of
 * the states; a field when some element of the list has it in any of the states. Where nothing
 * can be told (an empty list everywhere, a path built from parameters), nothing is said.
 */
import { packageOfApp } from '../../shared/bench/apps.ts';
import type { Condition, Predicate, StatePredicate } from '../../shared/bench/task-predicates.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { appState } from './predicates/evaluate.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import { formatPath, getPath, parsePath } from './predicates/paths.ts';
import type { PathSegment } from './predicates/paths.ts';
import type { TaskProblem } from './task-validate.ts';

const LIST_TESTS = ['where', 'some', 'every', 'none'] as const;
const LIST_OPERATORS = ['$where', '$some', '$every', '$none'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function keysOf(values: readonly unknown[]): string[] {
  const keys = new Set<string>();
  for (const v of values) if (isObject(v)) for (const k of Object.keys(v)) keys.add(k);
  return [...keys].sort();
}

function listing(keys: readonly string[]): string {
  return keys.length > 12 ? `${keys.slice(0, 12).join(', ')}, …` : keys.join(', ');
}

/** Why `segments` leads nowhere in any state: the first segment no state has, and what is there instead. */
function missingAt(app: string, segments: readonly PathSegment[], roots: readonly unknown[]): string {
  for (let n = 1; n <= segments.length; n++) {
    const here = roots.map((r) => getPath(r, segments.slice(0, n)));
    if (here.some((v) => v !== undefined)) continue;
    const parents = roots.map((r) => getPath(r, segments.slice(0, n - 1))).filter((v) => v !== undefined);
    const where = n === 1 ? `${app}'s state` : `${app} ${formatPath(segments.slice(0, n - 1))}`;
    const seg = segments[n - 1]!;
    if (typeof seg === 'number') {
      const lengths = parents.map((p) => (Array.isArray(p) ? p.length : -1));
      return lengths.every((l) => l < 0)
        ? `${where} is not a list, so [${seg}] leads nowhere`
        : `${where} never has an element [${seg}] (its lengths: ${[...new Set(lengths)].join(', ')})`;
    }
    const keys = keysOf(parents);
    return `"${seg}" is not in ${where}${keys.length ? ` (it has: ${listing(keys)})` : ''}`;
  }
  return 'leads to nothing in any state the phone went through';
}

/** Field names of a condition that no element of `values` has, recursively into nested lists and objects. */
function fieldProblems(cond: Condition | undefined, values: readonly unknown[], at: string, out: TaskProblem[]): void {
  if (!isObject(cond)) return;
  const objects = values.filter(isObject);
  for (const [key, arg] of Object.entries(cond)) {
    const here = `${at}.${key}`;
    if ((LIST_OPERATORS as readonly string[]).includes(key)) {
      fieldProblems(
        arg as Condition,
        values.flatMap((v) => (Array.isArray(v) ? v : [])),
        here,
        out,
      );
      continue;
    }
    if (key === '$and' || key === '$or') {
      (arg as Condition[]).forEach((c, i) => fieldProblems(c, values, `${here}[${i}]`, out));
      continue;
    }
    if (key === '$not') {
      fieldProblems(arg as Condition, values, here, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    const segments = parsePath(key);
    if (!segments || objects.length === 0) continue;
    if (isObject(arg) && (arg as Record<string, unknown>).$exists === false) continue;
    const found = objects.map((o) => getPath(o, segments)).filter((v) => v !== undefined);
    if (found.length === 0) {
      out.push({ path: here, message: `no element ever has a field "${key}" (fields: ${listing(keysOf(objects))})` });
      continue;
    }
    fieldProblems(arg as Condition, found, here, out);
  }
}

function statePredicateProblems(p: StatePredicate, at: string, states: readonly PhoneState[], out: TaskProblem[]) {
  if (p.app !== 'device' && states.every((s) => s.packages[packageOfApp(p.app)] === undefined)) {
    out.push({ path: `${at}.app`, message: `the phone has no state for ${p.app} (${packageOfApp(p.app)})` });
    return;
  }
  const segments = parsePath(p.path ?? '');
  if (!segments) return;
  const roots = states.map((s) => appState(s, p.app));
  const values = roots.map((r) => getPath(r, segments)).filter((v) => v !== undefined);
  if (values.length === 0) {
    if (p.exists !== false) out.push({ path: `${at}.path`, message: missingAt(p.app, segments, roots) });
    return;
  }
  const items = values.flatMap((v) => (Array.isArray(v) ? v : []));
  for (const key of LIST_TESTS) fieldProblems(p[key], items, `${at}.${key}`, out);
  if (p.is !== undefined) fieldProblems(p.is, values, `${at}.is`, out);
}

function predicateProblems(p: Predicate, at: string, states: readonly PhoneState[], out: TaskProblem[]): void {
  if ('all' in p) return p.all.forEach((q, i) => predicateProblems(q, `${at}.all[${i}]`, states, out));
  if ('any' in p) return p.any.forEach((q, i) => predicateProblems(q, `${at}.any[${i}]`, states, out));
  if ('not' in p) return predicateProblems(p.not, `${at}.not`, states, out);
  if ('answer' in p || 'screen' in p) return;
  if ('compare' in p) {
    for (const side of ['left', 'right'] as const)
      statePredicateProblems({ ...p.compare[side], exists: true }, `${at}.compare.${side}`, states, out);
    return;
  }
  statePredicateProblems(p, at, states, out);
}

/**
 * The paths and fields of a task that lead nowhere in `states`. Predicates are taken from the
 * instance (parameters filled in) so their positions match the task file's.
 */
export function statePathProblems(
  task: BenchTask,
  filled: {
    milestones: readonly { check: Predicate }[];
    invariants: readonly { check: Predicate }[];
    preconditions: readonly Predicate[];
  },
  states: readonly PhoneState[],
): TaskProblem[] {
  const out: TaskProblem[] = [];
  filled.milestones.forEach((m, i) => predicateProblems(m.check, `milestones[${i}].check`, states, out));
  filled.invariants.forEach((m, i) => predicateProblems(m.check, `invariants[${i}].check`, states, out));
  filled.preconditions.forEach((p, i) => predicateProblems(p, `preconditions[${i}]`, states, out));
  for (const [name, spec] of Object.entries(task.params ?? {})) {
    const source = 'pick' in spec ? spec.pick : 'value' in spec ? spec.value : null;
    if (!source || source.path.includes('{')) continue;
    // Parameters are drawn from the initial state only.
    const p: StatePredicate = { app: source.app, path: source.path, exists: true };
    if ('pick' in spec && spec.pick.where !== undefined) p.where = spec.pick.where;
    statePredicateProblems(p, `params.${name}.${'pick' in spec ? 'pick' : 'value'}`, states.slice(0, 1), out);
  }
  return out;
}
