/**
 * Mobile-Agent-E's long-term experience: Tips (general lessons) and Shortcuts (named,
 * parameterised sequences of atomic actions with a precondition). A first task starts from the
 * small built-in set below; with evolution on, what the experience reflectors write after each
 * task is stored in memory (`tips` and `shortcut` memories, editable in the memory editor) and
 * used by the next task.
 */
import type { Shortcut } from '../../../../shared/schemas/strategy.ts';
import type { ParsedCall } from '../common/call-syntax.ts';
import { callKey } from '../common/call-syntax.ts';

export const INITIAL_TIPS: readonly string[] = [
  'Do not enter payment details or sign in unless the task asks for it; continue as a guest when an app offers that.',
  'When an app opens with a pop-up, banner or tutorial, close it before doing anything else.',
  'No app is open in the background when a task starts: open the apps you need.',
  'Text left in an input box from earlier typing is not an error; clear it only when it gets in the way.',
  'A new note needs no title unless the task asks for one.',
];

export const INITIAL_SHORTCUTS: readonly Shortcut[] = [
  {
    name: 'Tap_Type_and_Enter',
    arguments: ['x', 'y', 'text'],
    description: 'Tap an input box at (x, y), type the text and press Enter — for searching or sending a message.',
    precondition: 'An input box is on the screen at (x, y), ready for the text.',
    steps: [
      { action: 'Tap', arguments: { x: 'x', y: 'y' } },
      { action: 'Type', arguments: { text: 'text' } },
      { action: 'Enter', arguments: {} },
    ],
  },
];

/** The atomic actions and their argument names, in the order calls write them. */
export const ATOMIC_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  open_app: ['app_name'],
  tap: ['x', 'y'],
  swipe: ['x1', 'y1', 'x2', 'y2'],
  type: ['text'],
  enter: [],
  switch_app: [],
  back: [],
  home: [],
  wait: [],
};

/** An atomic action written as `{ name, arguments }` into a call with positional arguments. */
export function atomicCall(name: string, args: Record<string, unknown>): ParsedCall {
  const order = ATOMIC_ACTIONS[callKey(name)] ?? Object.keys(args);
  const values = order.map((k) => args[k]).filter((v) => v !== undefined) as Array<string | number>;
  return { name, args: values };
}

/**
 * The atomic calls a shortcut runs for these arguments: each step's argument names the
 * shortcut's argument it takes, or is a literal value.
 * @returns the calls, or why the invocation does not fit the shortcut
 */
export function expandShortcut(
  shortcut: Shortcut,
  args: Record<string, string | number>,
): { ok: true; calls: ParsedCall[] } | { ok: false; error: string } {
  const missing = shortcut.arguments.filter((a) => args[a] === undefined || args[a] === '');
  if (missing.length)
    return {
      ok: false,
      error: `${shortcut.name} needs the argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
    };
  const calls: ParsedCall[] = [];
  for (const step of shortcut.steps) {
    if (!ATOMIC_ACTIONS[callKey(step.action)])
      return { ok: false, error: `${shortcut.name} has a step ${step.action}, which is not an atomic action` };
    const resolved: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(step.arguments))
      resolved[k] = typeof v === 'string' && Object.hasOwn(args, v) ? args[v] : v;
    calls.push(atomicCall(step.action, resolved));
  }
  return { ok: true, calls };
}

/**
 * Checks a shortcut the reflector proposes against the existing ones.
 * @returns why it cannot be kept, or null
 */
export function shortcutProblem(shortcut: Shortcut, existing: readonly Shortcut[]): string | null {
  if (existing.some((s) => s.name.toLowerCase() === shortcut.name.toLowerCase()))
    return `a shortcut named ${shortcut.name} exists already`;
  for (const step of shortcut.steps) {
    if (!ATOMIC_ACTIONS[callKey(step.action)])
      return `step ${step.action} is not an atomic action (shortcuts are made of atomic actions only)`;
  }
  const used = new Set(
    shortcut.steps.flatMap((s) => Object.values(s.arguments).filter((v): v is string => typeof v === 'string')),
  );
  const unused = shortcut.arguments.filter((a) => !used.has(a));
  if (unused.length)
    return `argument${unused.length > 1 ? 's' : ''} ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used by any step`;
  return null;
}

/** A shortcut as the prompts list it. */
export function describeShortcut(s: Shortcut): string {
  return `${s.name}(${s.arguments.join(', ')}): ${s.description} | Precondition: ${s.precondition} | Steps: ${s.steps
    .map(
      (st) =>
        `${st.action}(${Object.entries(st.arguments)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(', ')})`,
    )
    .join(' → ')}`;
}
