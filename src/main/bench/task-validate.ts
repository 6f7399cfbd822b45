/**
 * Validates task files and names the exact field and the reason for each problem: the schema
 * (with union errors narrowed to the alternative the author meant), then what a schema cannot
 * say — placeholders that name no parameter, parameters used before they are drawn, paths and
 * regular expressions that do not parse, duplicate ids, solution steps for unknown milestones.
 */
import type { z } from 'zod';
import { CONDITION_OPERATORS } from '../../shared/bench/task-predicates.ts';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import { SolutionStep } from '../../shared/bench/task-steps.ts';
import type { Condition, Predicate } from '../../shared/bench/task-predicates.ts';
import type { BenchTask as BenchTaskType } from '../../shared/bench/task-schema.ts';
import { MAX_TASK_FILE_BYTES, readRegularFile } from '../bounded-read.ts';
import { tooDeepPath } from '../../shared/input-depth.ts';
import { regexProblem } from '../linear-regex.ts';
import { parsePath } from './predicates/paths.ts';
import { parseClockTime, parseIsoDate } from './predicates/text-match.ts';
import { MAX_FILLED_TEXT, literalLength, placeholdersIn, referencedParams } from './templates.ts';
import { extensionProblems } from './task-validate-extensions.ts';

export interface TaskProblem {
  /** Where in the file, e.g. `milestones[2].check.some.label`; '' for the whole file. */
  path: string;
  message: string;
}

export type TaskCheck =
  | { ok: true; task: BenchTaskType; problems: [] }
  | { ok: false; task?: undefined; problems: TaskProblem[] };

type Issue = z.core.$ZodIssue;
type PathKey = PropertyKey;

export function formatIssuePath(path: readonly PathKey[]): string {
  return path
    .map((k, i) =>
      typeof k === 'number'
        ? `[${k}]`
        : /^[A-Za-z_$][\w$-]*$/.test(String(k))
          ? i === 0
            ? String(k)
            : `.${String(k)}`
          : `[${JSON.stringify(String(k))}]`,
    )
    .join('');
}

const STEP_ACTIONS = SolutionStep.options.map((o) => (o.shape.action as z.ZodLiteral<string>).value);

/** How badly a union alternative missed: problems at its own level mean it is the wrong alternative. */
function mismatch(issues: Issue[]): number {
  let score = 0;
  for (const i of issues) {
    if (i.code === 'unrecognized_keys' && i.path.length === 0) score += 10 * i.keys.length;
    else if (i.path.length === 0) score += 10;
    else if (i.code === 'invalid_type' && i.path.length === 1 && /received undefined/.test(i.message)) score += 10;
    else score += 1;
  }
  return score;
}

function describe(issue: Issue, missing: boolean): string {
  if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return issue.code === 'invalid_value'
      ? `missing (one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')})`
      : `missing (expected ${issue.expected})`;
  }
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type':
      return /received undefined/.test(issue.message)
        ? `missing (expected ${issue.expected})`
        : issue.message.replace(/^Invalid input: /, '');
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}`;
    default:
      return issue.message.replace(/^Invalid input: /, '').replace(/^Invalid string: /, '');
  }
}

/** Flattens zod issues into problems, following each union into the alternative that fits best. */
export function problemsFromIssues(
  issues: readonly Issue[],
  input: unknown,
  prefix: readonly PathKey[] = [],
): TaskProblem[] {
  const out: TaskProblem[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      if (issue.errors.length === 0) {
        const last = path.at(-1);
        out.push({
          path: formatIssuePath(path),
          message:
            last === 'action'
              ? `unknown action; one of ${STEP_ACTIONS.join(', ')}`
              : 'matches none of the allowed forms',
        });
        continue;
      }
      const best = [...issue.errors].sort((a, b) => mismatch(a) - mismatch(b) || a.length - b.length)[0]!;
      out.push(...problemsFromIssues(best, input, path));
      continue;
    }
    out.push({ path: formatIssuePath(path), message: describe(issue, valueAt(input, path) === undefined) });
  }
  // One problem per path and message.
  const seen = new Set<string>();
  return out.filter((p) => (seen.has(`${p.path}\n${p.message}`) ? false : (seen.add(`${p.path}\n${p.message}`), true)));
}

function valueAt(input: unknown, path: readonly PathKey[]): unknown {
  let cur = input;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

/** Deeper than any task needs (the built-in suite's go about 12 levels down); deeper input is refused before the schema sees it. */
export const MAX_TASK_DEPTH = 64;

/** Validates parsed JSON as a task. */
export function checkTask(json: unknown): TaskCheck {
  const deep = tooDeepPath(json, MAX_TASK_DEPTH);
  if (deep) {
    const shown = deep.length > 10 ? `${formatIssuePath(deep.slice(0, 8))}…` : formatIssuePath(deep);
    return {
      ok: false,
      problems: [{ path: shown, message: `nested deeper than ${MAX_TASK_DEPTH} levels (a task needs far fewer)` }],
    };
  }
  const parsed = BenchTask.safeParse(json);
  if (!parsed.success) return { ok: false, problems: problemsFromIssues(parsed.error.issues, json) };
  const problems = semanticProblems(parsed.data);
  return problems.length ? { ok: false, problems } : { ok: true, task: parsed.data, problems: [] };
}

/** Reads and validates one task file; the problems name the file's fields (never throws). */
export function checkTaskFile(file: string): TaskCheck {
  let text: string;
  try {
    // A regular file of bounded size: a link to /dev/zero or a huge file is refused, not read.
    text = readRegularFile(file, MAX_TASK_FILE_BYTES, 'task file').toString('utf8');
  } catch (error) {
    return { ok: false, problems: [{ path: '', message: `cannot read the file: ${(error as Error).message}` }] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '', message: `not valid JSON: ${jsonErrorWhere(text, (error as Error).message)}` }],
    };
  }
  return checkTask(json);
}

/** "Unexpected token … at position 120" → "… (line 5, column 3)". */
function jsonErrorWhere(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m || /line \d+/.test(message)) return message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `${message} (line ${line}, column ${column})`;
}

// ------------------------------------------------------------------------------ semantics

function semanticProblems(task: BenchTaskType): TaskProblem[] {
  const out: TaskProblem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const params = [...Object.keys(task.params ?? {}), ...Object.keys(task.paramsAfterSetup ?? {})];

  // Parameters: each may use only parameters written before it.
  const drawn = new Set<string>();
  for (const [name, spec] of Object.entries(task.params ?? {})) {
    const refs = referencedParams(spec);
    if ('format' in spec) refs.add(spec.of);
    for (const r of refs) {
      if (r === name) add(`params.${name}`, `refers to itself ({${r}})`);
      else if (!params.includes(r)) add(`params.${name}`, `refers to {${r}}, which is not a parameter`);
      else if (!drawn.has(r)) add(`params.${name}`, `refers to {${r}}, which is drawn after it; write {${r}} first`);
    }
    if ('if' in spec) checkPredicate(spec.if, `params.${name}.if`, add);
    if ('extract' in spec && !templated(spec.extract.regex)) {
      const problem = regexProblem(spec.extract.regex);
      if (problem) add(`params.${name}.extract.regex`, `not a valid regular expression: ${problem}`);
    }
    if ('pick' in spec && spec.pick.where !== undefined)
      checkCondition(spec.pick.where, `params.${name}.pick.where`, add);
    drawn.add(name);
  }
  for (const [name, length] of Object.entries(paramLengths(task.params ?? {})))
    if (length > MAX_FILLED_TEXT)
      add(
        `params.${name}`,
        `can grow to about ${Math.min(length, 1e15).toLocaleString('en')} characters (at most ${MAX_FILLED_TEXT.toLocaleString('en')}): a text built from parameters that are built from parameters doubles at every step`,
      );

  // Placeholders everywhere else must name a parameter.
  const checkRefs = (value: unknown, path: string) => {
    for (const r of referencedParams(value))
      if (!params.includes(r))
        add(
          path,
          `{${r}} is not a parameter${params.length ? ` (parameters: ${params.join(', ')})` : ' (the task has no params)'}`,
        );
  };
  checkRefs(task.goal.en, 'goal.en');
  checkRefs(task.goal.zh, 'goal.zh');
  const enRefs = new Set(placeholdersIn(task.goal.en));
  const zhRefs = new Set(placeholdersIn(task.goal.zh));
  for (const r of enRefs) if (!zhRefs.has(r)) add('goal.zh', `does not mention {${r}}, which the English goal does`);
  for (const r of zhRefs) if (!enRefs.has(r)) add('goal.en', `does not mention {${r}}, which the Chinese goal does`);
  task.setup?.forEach((s, i) => checkRefs(s, `setup[${i}]`));
  task.solution.forEach((s, i) => checkRefs(s, `solution[${i}]`));
  task.preconditions?.forEach((p, i) => {
    checkRefs(p, `preconditions[${i}]`);
    checkPredicate(p, `preconditions[${i}]`, add);
  });

  const ids = new Set<string>();
  task.milestones.forEach((m, i) => {
    if (ids.has(m.id)) add(`milestones[${i}].id`, `"${m.id}" is used by another milestone`);
    ids.add(m.id);
    checkRefs(m.check, `milestones[${i}].check`);
    checkPredicate(m.check, `milestones[${i}].check`, add);
  });
  const invIds = new Set<string>();
  task.invariants?.forEach((m, i) => {
    if (invIds.has(m.id)) add(`invariants[${i}].id`, `"${m.id}" is used by another invariant`);
    invIds.add(m.id);
    checkRefs(m.check, `invariants[${i}].check`);
    checkPredicate(m.check, `invariants[${i}].check`, add);
  });
  task.solution.forEach((s, i) => {
    if (s.milestone !== undefined && !ids.has(s.milestone))
      add(`solution[${i}].milestone`, `"${s.milestone}" is not a milestone id (${[...ids].join(', ')})`);
  });
  extensionProblems(task, add, checkRefs);
  const lastFinish = task.solution.findIndex((s) => s.action === 'Finish');
  if (lastFinish >= 0 && lastFinish !== task.solution.length - 1)
    add(`solution[${lastFinish}]`, 'Finish must be the last step');
  if (task.category === 'cross-app' && task.apps.filter((a) => a !== 'launcher').length < 2)
    add('apps', 'a cross-app task uses at least two apps');
  return out;
}

/** What a parameter drawn from the phone is assumed to be at most, for the bound below. */
const PHONE_VALUE_LENGTH = 1_000;

/**
 * An upper bound on the text length of each parameter: a `text` is its template with every
 * placeholder replaced by the bound of the parameter it names; other values count as written
 * (with their placeholders so replaced), values drawn from the phone as PHONE_VALUE_LENGTH. Invalid references count as empty (reported elsewhere).
 */
function paramLengths(params: NonNullable<BenchTaskType['params']>): Record<string, number> {
  const out: Record<string, number> = {};
  const filled = (template: string) =>
    literalLength(template) +
    placeholdersIn(template).reduce((n, ref) => n + (Object.hasOwn(out, ref) ? out[ref]! : 0), 0);
  for (const [name, spec] of Object.entries(params)) {
    if ('text' in spec) {
      const t = typeof spec.text === 'string' ? { en: spec.text, zh: spec.text } : spec.text;
      out[name] = Math.max(filled(t.en), filled(t.zh));
    } else if ('extract' in spec) out[name] = filled(spec.extract.from);
    else if ('pick' in spec || 'value' in spec) out[name] = PHONE_VALUE_LENGTH;
    else out[name] = filled(JSON.stringify(spec));
  }
  return out;
}

type Add = (path: string, message: string) => void;

function checkPredicate(p: Predicate, path: string, add: Add): void {
  if ('all' in p) return p.all.forEach((q, i) => checkPredicate(q, `${path}.all[${i}]`, add));
  if ('any' in p) return p.any.forEach((q, i) => checkPredicate(q, `${path}.any[${i}]`, add));
  if ('not' in p) return checkPredicate(p.not, `${path}.not`, add);
  if ('answer' in p) return checkCondition(p.answer, `${path}.answer`, add);
  if ('screen' in p) {
    if (p.screen.text !== undefined) checkCondition(p.screen.text, `${path}.screen.text`, add);
    return;
  }
  if ('compare' in p) return;
  for (const key of ['where', 'some', 'every', 'none', 'count', 'is'] as const) {
    const c = p[key];
    if (c !== undefined) checkCondition(c, `${path}.${key}`, add);
  }
}

const templated = (v: unknown): boolean => typeof v === 'string' && placeholdersIn(v).length > 0;

function checkCondition(c: Condition, path: string, add: Add): void {
  if (c === null || typeof c !== 'object' || Array.isArray(c)) return;
  for (const [key, arg] of Object.entries(c)) {
    const at = `${path}.${key}`;
    if (key.startsWith('$')) {
      if (!(CONDITION_OPERATORS as readonly string[]).includes(key)) continue; // reported by the schema
      if (key === '$regex' && !templated(arg)) {
        const spec =
          typeof arg === 'string' ? { pattern: arg, flags: '' } : (arg as { pattern: string; flags?: string });
        const problem = regexProblem(spec.pattern, spec.flags ?? '');
        if (problem) add(at, `not a valid regular expression: ${problem}`);
      }
      if (key === '$time' && typeof arg === 'string' && !templated(arg) && parseClockTime(arg) === null)
        add(at, `expected a time HH:MM, got "${arg}"`);
      if (key === '$date' && typeof arg === 'string' && !templated(arg) && parseIsoDate(arg) === null)
        add(at, `expected a date YYYY-MM-DD, got "${arg}"`);
      if (['$len', '$where', '$some', '$every', '$none', '$count', '$not'].includes(key))
        checkCondition(arg as Condition, at, add);
      if (key === '$and' || key === '$or')
        (arg as Condition[]).forEach((x, i) => checkCondition(x, `${at}[${i}]`, add));
      continue;
    }
    if (parsePath(key) === null)
      add(at, `"${key}" is neither an operator ($…) nor a field path like name or items[0].title`);
    else checkCondition(arg as Condition, at, add);
  }
}
