/**
 * Evaluates task predicates (docs/benchmark.md) against the phone's state, the state when the
 * episode started, the screen the agent saw and its answer. Pure and total: a value of the
 * wrong type makes a check false, never throws. Templates (`{param}`) are already resolved.
 */
import { packageOfApp } from '../../../shared/bench/apps.ts';
import type { ComparePredicate, Condition, Predicate, StatePredicate } from '../../../shared/bench/task-predicates.ts';
import { linearRegex, regexProblem } from '../../linear-regex.ts';
import { getPath, mustParsePath } from './paths.ts';
import {
  datesIn,
  digitsOf,
  numbersIn,
  parseClockTime,
  parseIsoDate,
  sameDate,
  similarity,
  textContains,
  textEquals,
  timesIn,
} from './text-match.ts';

/** `sim-state` without a package: the device summary and every app's state. */
export interface PhoneState {
  device: Record<string, unknown>;
  packages: Record<string, unknown>;
}

/** What a screen predicate looks at: one observation, reduced. */
export interface ScreenView {
  packageName: string | null;
  activity: string | null;
  elements: Array<{ text: string; contentDesc: string; resourceId: string }>;
}

export interface EvalContext {
  now: PhoneState;
  /** The state when the agent started (for `new` and `unchanged`). */
  start: PhoneState;
  /** The observation this moment belongs to; screen checks are false without one. */
  screen: ScreenView | null;
  /** The agent's answer so far (its Finish message), or null. */
  answer: string | null;
}

/** A value and what stood in its place when the episode started. */
interface Slot {
  value: unknown;
  /** The counterpart at the start; `present` false when there was none (the value is new). */
  init: unknown;
  present: boolean;
}

export function appState(state: PhoneState, app: string): unknown {
  return app === 'device' ? state.device : state.packages[packageOfApp(app)];
}

export function evaluatePredicate(p: Predicate, ctx: EvalContext): boolean {
  if ('all' in p) return p.all.every((q) => evaluatePredicate(q, ctx));
  if ('any' in p) return p.any.some((q) => evaluatePredicate(q, ctx));
  if ('not' in p) return !evaluatePredicate(p.not, ctx);
  if ('answer' in p) return matches(p.answer, { value: ctx.answer, init: undefined, present: false });
  if ('screen' in p) return screenMatches(p.screen, ctx.screen);
  if ('compare' in p) return compareMatches(p.compare, ctx);
  return stateMatches(p, ctx);
}

/** Two state values compared: deep equality for eq/ne, order for numbers or texts (a number plus `by`). */
function compareMatches(c: ComparePredicate['compare'], ctx: EvalContext): boolean {
  const read = (r: ComparePredicate['compare']['left']) =>
    getPath(appState(r.at === 'start' ? ctx.start : ctx.now, r.app), mustParsePath(r.path ?? ''));
  const left = read(c.left);
  let right = read(c.right);
  if (left === undefined || right === undefined) return false;
  if (c.by !== undefined) {
    if (typeof right !== 'number') return false;
    right = right + c.by;
  }
  if (c.op === 'eq') return deepEqual(left, right);
  if (c.op === 'ne') return !deepEqual(left, right);
  const comparable =
    (typeof left === 'number' && typeof right === 'number') || (typeof left === 'string' && typeof right === 'string');
  if (!comparable) return false;
  const l = left as number | string;
  const r = right as number | string;
  if (c.op === 'lt') return l < r;
  if (c.op === 'lte') return l <= r;
  if (c.op === 'gt') return l > r;
  return l >= r;
}

/** Which kinds of check a predicate contains (to pick its default timing). */
export function predicateKinds(p: Predicate): Set<'state' | 'screen' | 'answer'> {
  const out = new Set<'state' | 'screen' | 'answer'>();
  const walk = (q: Predicate): void => {
    if ('all' in q) q.all.forEach(walk);
    else if ('any' in q) q.any.forEach(walk);
    else if ('not' in q) walk(q.not);
    else if ('answer' in q) out.add('answer');
    else if ('screen' in q) out.add('screen');
    else out.add('state');
  };
  walk(p);
  return out;
}

function stateMatches(p: StatePredicate, ctx: EvalContext): boolean {
  const segments = mustParsePath(p.path ?? '');
  const value = getPath(appState(ctx.now, p.app), segments);
  const init = getPath(appState(ctx.start, p.app), segments);
  const slot: Slot = { value, init, present: init !== undefined };
  if (p.exists !== undefined && (value !== undefined && value !== null) !== p.exists) return false;
  if (p.is !== undefined && !matches(p.is, slot)) return false;
  const arrayTest = p.some !== undefined || p.every !== undefined || p.none !== undefined || p.count !== undefined;
  if (arrayTest || p.where !== undefined || p.new !== undefined) {
    if (!Array.isArray(value)) return false;
    let items = pairElements(value, init);
    if (p.new !== undefined) items = items.filter((i) => !i.present === p.new);
    if (p.where !== undefined) items = items.filter((i) => matches(p.where!, i));
    if (p.some !== undefined && !items.some((i) => matches(p.some!, i))) return false;
    if (p.every !== undefined && !items.every((i) => matches(p.every!, i))) return false;
    if (p.none !== undefined && items.some((i) => matches(p.none!, i))) return false;
    if (p.count !== undefined && !matches(p.count, { value: items.length, init: undefined, present: false }))
      return false;
  }
  if (p.unchanged !== undefined) {
    let same: boolean;
    if (p.where !== undefined && Array.isArray(init)) {
      // The elements that matched at the start are all still there, untouched.
      const kept = pairElements(init, undefined).filter((i) =>
        matches(p.where!, { value: i.value, init: i.value, present: true }),
      );
      const now = Array.isArray(value) ? value : [];
      same = kept.every((k) => pairElements(now, [k.value]).some((c) => c.present && deepEqual(c.value, k.value)));
    } else same = slot.present && deepEqual(value, init);
    if (same !== p.unchanged) return false;
  }
  return true;
}

/**
 * An element's text, and each part of it: its lines, and the texts perception merged into it
 * (joined with " | ", e.g. "Display | Dark theme, font size").
 */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const parts = text
    .split(/\n| \| /)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return parts.length > 1 ? [text, ...parts] : [text];
}

function screenMatches(
  s: {
    app?: string | undefined;
    package?: string | undefined;
    activity?: string | undefined;
    text?: Condition | undefined;
    id?: string | undefined;
  },
  screen: ScreenView | null,
): boolean {
  if (!screen) return false;
  if (s.app !== undefined && screen.packageName !== packageOfApp(s.app)) return false;
  if (s.package !== undefined && screen.packageName !== s.package) return false;
  if (s.activity !== undefined) {
    const a = screen.activity ?? '';
    const want = s.activity;
    if (
      !(
        a === want ||
        a.endsWith(want.startsWith('.') ? want : `.${want}`) ||
        (screen.packageName !== null && `${screen.packageName}${a.startsWith('.') ? a : ''}` === want)
      )
    )
      return false;
  }
  if (s.id !== undefined) {
    const id = s.id;
    if (!screen.elements.some((e) => e.resourceId === id || e.resourceId.endsWith(`:id/${id}`))) return false;
  }
  if (s.text !== undefined) {
    const cond = s.text;
    const hit = screen.elements.some((e) =>
      [...textLines(e.text), e.contentDesc].some(
        (t) => t !== '' && matches(cond, { value: t, init: undefined, present: false }),
      ),
    );
    if (!hit) return false;
  }
  return true;
}

/**
 * Pairs each current element with the one it was at the start: by `id` when elements have
 * one, else by value (as a multiset, so a second identical message is new).
 */
function pairElements(now: unknown[], init: unknown): Slot[] {
  const before = Array.isArray(init) ? [...init] : [];
  const idOf = (v: unknown): unknown =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && 'id' in v ? (v as { id: unknown }).id : undefined;
  return now.map((value) => {
    const id = idOf(value);
    let at = id !== undefined ? before.findIndex((b) => b !== undefined && idOf(b) === id) : -1;
    if (at < 0 && id === undefined) at = before.findIndex((b) => b !== undefined && deepEqual(b, value));
    if (at < 0) return { value, init: undefined, present: false };
    const init = before[at];
    before[at] = undefined;
    return { value, init, present: true };
  });
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => deepEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

function asText(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

function compare(v: unknown, target: number | string): number | null {
  if (typeof target === 'number') {
    const n =
      typeof v === 'number'
        ? v
        : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
          ? Number(v)
          : NaN;
    return Number.isNaN(n) ? null : n - target;
  }
  if (typeof v !== 'string') return null;
  return v < target ? -1 : v > target ? 1 : 0;
}

function multisetEqual(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  const rest = [...b];
  return a.every((x) => {
    const i = rest.findIndex((y) => deepEqual(x, y));
    if (i < 0) return false;
    rest.splice(i, 1);
    return true;
  });
}

/** A slot for a value with no counterpart at the start (a count, a length, a text). */
const lone = (value: unknown): Slot => ({ value, init: undefined, present: false });

/** Operators over an array's elements (after `$where`, which narrows them). */
const ELEMENT_OPERATORS: Record<string, (cond: Condition, items: Slot[]) => boolean> = {
  $some: (c, items) => items.some((i) => matches(c, i)),
  $every: (c, items) => items.every((i) => matches(c, i)),
  $none: (c, items) => !items.some((i) => matches(c, i)),
  $count: (c, items) => matches(c, lone(items.length)),
};

/** Does `slot.value` meet `cond`? */
export function matches(cond: Condition, slot: Slot): boolean {
  if (cond === null || typeof cond !== 'object' || Array.isArray(cond)) return deepEqual(slot.value, cond);
  for (const [key, arg] of Object.entries(cond)) {
    if (arg === undefined) continue;
    if (!keyMatches(cond, key, arg, slot)) return false;
  }
  return true;
}

/** One key of a condition object: an element operator, a path into the value, or an operator. */
function keyMatches(cond: { $where?: Condition }, key: string, arg: unknown, slot: Slot): boolean {
  const onElements = Object.hasOwn(ELEMENT_OPERATORS, key) ? ELEMENT_OPERATORS[key] : undefined;
  if (onElements) {
    const items = elements(cond, slot);
    return items !== null && onElements(arg as Condition, items);
  }
  if (!key.startsWith('$')) {
    const segments = mustParsePath(key);
    const init = slot.present ? getPath(slot.init, segments) : undefined;
    return matches(arg as Condition, { value: getPath(slot.value, segments), init, present: init !== undefined });
  }
  const op = Object.hasOwn(OPERATORS, key) ? OPERATORS[key] : undefined;
  return op !== undefined && op(arg, slot, asText(slot.value));
}

function elements(cond: { $where?: Condition }, slot: Slot): Slot[] | null {
  if (!Array.isArray(slot.value)) return null;
  let items = pairElements(slot.value, slot.present ? slot.init : undefined);
  if (cond.$where !== undefined) items = items.filter((i) => matches(cond.$where as Condition, i));
  return items;
}

/** `arg` compared with the value (numbers, or strings in code-unit order); false when they do not compare. */
const ordered =
  (accept: (difference: number) => boolean): Operator =>
  (arg, { value }) => {
    const d = compare(value, arg as number | string);
    return d !== null && accept(d);
  };

/** An operator: its argument, the slot, and the value as text (a string or a number's digits; else null). */
type Operator = (arg: unknown, slot: Slot, text: string | null) => boolean;

/** The operators of docs/benchmark.md; an unknown one never matches. */
const OPERATORS: Record<string, Operator> = {
  $eq: (arg, { value }) => deepEqual(value, arg),
  $ne: (arg, { value }) => !deepEqual(value, arg),
  $in: (arg, { value }) => (arg as unknown[]).some((x) => deepEqual(value, x)),
  $nin: (arg, { value }) => !(arg as unknown[]).some((x) => deepEqual(value, x)),
  $gt: ordered((d) => d > 0),
  $gte: ordered((d) => d >= 0),
  $lt: ordered((d) => d < 0),
  $lte: ordered((d) => d <= 0),
  $ieq: (arg, _slot, text) => text !== null && textEquals(text, arg as string),
  $icontains: (arg, _slot, text) =>
    text !== null && (Array.isArray(arg) ? arg : [arg]).every((n) => textContains(text, n as string)),
  $regex: (arg, _slot, text) => {
    if (text === null) return false;
    const spec = typeof arg === 'string' ? { pattern: arg, flags: '' } : (arg as { pattern: string; flags?: string });
    // RE2 (linear in the text): a task's pattern cannot freeze the host whatever the agent answered.
    return regexProblem(spec.pattern, spec.flags ?? '') === null && linearRegex(spec.pattern, spec.flags).test(text);
  },
  $fuzzy: (arg, _slot, text) => {
    if (text === null) return false;
    const spec = typeof arg === 'string' ? { text: arg, min: 0.8 } : (arg as { text: string; min?: number });
    return similarity(text, spec.text) >= (spec.min ?? 0.8);
  },
  $digits: (arg, _slot, text) =>
    text !== null && digitsOf(text) !== '' && digitsOf(text) === digitsOf(arg as string | number),
  $time: (arg, _slot, text) => {
    const want = parseClockTime(arg as string);
    return text !== null && want !== null && (parseClockTime(text) === want || timesIn(text).includes(want));
  },
  $date: (arg, _slot, text) => {
    const want = parseIsoDate(arg as string);
    return text !== null && want !== null && datesIn(text).some((d) => sameDate(d, want));
  },
  $number: (arg, { value }, text) => {
    const spec =
      typeof arg === 'object' && arg !== null
        ? (arg as { eq: number | string; tol?: number })
        : { eq: arg as number | string };
    const want = Number(spec.eq);
    const tol = spec.tol ?? 0;
    if (Number.isNaN(want)) return false;
    const found = typeof value === 'number' ? [value] : text !== null ? numbersIn(text) : [];
    return found.some((n) => Math.abs(n - want) <= tol + 1e-9);
  },
  $exists: (arg, { value }) => (value !== undefined && value !== null) === arg,
  $len: (arg, { value }) => {
    const len = typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : null;
    return len !== null && matches(arg as Condition, lone(len));
  },
  $setEq: (arg, { value }) => Array.isArray(value) && multisetEqual(value, arg as unknown[]),
  $includes: (arg, { value }) =>
    Array.isArray(value) && (arg as unknown[]).every((x) => value.some((y) => deepEqual(x, y))),
  // Applied by $some/$every/$none/$count; alone it only requires an array.
  $where: (_arg, { value }) => Array.isArray(value),
  $new: (arg, slot) => !slot.present === arg,
  $unchanged: (arg, slot) => (slot.present && deepEqual(slot.value, slot.init)) === arg,
  $not: (arg, slot) => !matches(arg as Condition, slot),
  $and: (arg, slot) => (arg as Condition[]).every((c) => matches(c, slot)),
  $or: (arg, slot) => (arg as Condition[]).some((c) => matches(c, slot)),
};
