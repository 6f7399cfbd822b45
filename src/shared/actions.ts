/**
 * MobA's action space, defined once as data: name, kind, description, positional argument
 * order and zod parameters. The prompt's action list, the parser of model replies and CLI
 * input, the validation of human edits and the device executors (src/main/device) all derive
 * from these definitions.
 */
import { z } from 'zod';
import { opensQuote, readQuoted } from './quoted.ts';

export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export const Direction = z.enum(DIRECTIONS);
export type Direction = z.infer<typeof Direction>;

export const DISTANCES = ['short', 'medium', 'long'] as const;
export const Distance = z.enum(DISTANCES);
export type Distance = z.infer<typeof Distance>;

const ElementIndex = z.number().int().min(1).max(10_000);
const Text = z.string().max(2_000);

/** MobA's kinds: the model is asked to prefer system over combination over single actions. */
export type ActionKind = 'single' | 'combination' | 'system';

export interface ActionDefinition<P extends z.ZodObject = z.ZodObject> {
  readonly kind: ActionKind;
  /** How the model writes it, e.g. `Click(element_index)`. */
  readonly signature: string;
  readonly description: string;
  /** Parameter names in positional order. */
  readonly args: readonly string[];
  readonly params: P;
  /** The parameter naming the target element, when there is one. */
  readonly elementParam?: string;
  /** Ends the run (Finish, Failed) rather than touching the device. */
  readonly terminal?: boolean;
  /**
   * From other strategies' action sets (the GUI-native models' gestures at screen points and
   * asking the person, Mobile-Agent-E's Switch_App): offered by those strategies and in a
   * person's edits, not in MobA's action list.
   */
  readonly guiNative?: true;
}

function define<P extends z.ZodObject>(def: ActionDefinition<P>): ActionDefinition<P> {
  return def;
}

export const ACTIONS = {
  Click: define({
    kind: 'single',
    signature: 'Click(element_index)',
    description: 'Tap the centre of the element with this index.',
    args: ['index'],
    params: z.object({ index: ElementIndex }),
    elementParam: 'index',
  }),
  Click_by_Coordinate: define({
    kind: 'single',
    signature: 'Click_by_Coordinate(x, y)',
    description:
      'Tap a point given on a 0–1000 grid over the screen (0,0 top-left; 1000,1000 bottom-right). Use only when no element fits.',
    args: ['x', 'y', 'unit'],
    params: z.object({ x: z.number().min(0), y: z.number().min(0), unit: z.enum(['grid', 'px']).default('grid') }),
  }),
  Double_Click: define({
    kind: 'single',
    signature: 'Double_Click(element_index)',
    description: 'Tap the element twice quickly.',
    args: ['index'],
    params: z.object({ index: ElementIndex }),
    elementParam: 'index',
  }),
  Long_Press: define({
    kind: 'single',
    signature: 'Long_Press(element_index)',
    description: 'Press and hold the element for about one second.',
    args: ['index'],
    params: z.object({ index: ElementIndex }),
    elementParam: 'index',
  }),
  Long_Press_by_Coordinate: define({
    kind: 'single',
    signature: 'Long_Press_by_Coordinate(x, y, seconds)',
    description: 'Press and hold a point (0–1000 grid unless in px) for the given seconds (default 1).',
    args: ['x', 'y', 'seconds', 'unit'],
    params: z.object({
      x: z.number().min(0),
      y: z.number().min(0),
      seconds: z.number().min(0.3).max(10).default(1),
      unit: z.enum(['grid', 'px']).default('grid'),
    }),
    guiNative: true,
  }),
  Double_Click_by_Coordinate: define({
    kind: 'single',
    signature: 'Double_Click_by_Coordinate(x, y)',
    description: 'Tap a point (0–1000 grid unless in px) twice quickly.',
    args: ['x', 'y', 'unit'],
    params: z.object({ x: z.number().min(0), y: z.number().min(0), unit: z.enum(['grid', 'px']).default('grid') }),
    guiNative: true,
  }),
  Swipe_by_Coordinate: define({
    kind: 'single',
    signature: 'Swipe_by_Coordinate(x1, y1, x2, y2)',
    description: 'Move a finger from one point to another (0–1000 grid unless in px): scrolls, drags, pulls down.',
    args: ['x1', 'y1', 'x2', 'y2', 'unit'],
    params: z.object({
      x1: z.number().min(0),
      y1: z.number().min(0),
      x2: z.number().min(0),
      y2: z.number().min(0),
      unit: z.enum(['grid', 'px']).default('grid'),
    }),
    guiNative: true,
  }),
  Scroll: define({
    kind: 'single',
    signature: 'Scroll(element_index, direction, distance)',
    description:
      'Scroll a scrollable element so content further in `direction` (up/down/left/right) comes into view; distance short/medium/long.',
    args: ['index', 'direction', 'distance'],
    params: z.object({ index: ElementIndex, direction: Direction, distance: Distance.default('medium') }),
    elementParam: 'index',
  }),
  Swipe: define({
    kind: 'single',
    signature: 'Swipe(direction, distance)',
    description:
      'Move a finger across the screen from its centre in `direction` (e.g. left for the next page); distance short/medium/long.',
    // The start is optional and left out of MobA's prompt (its paper's Swipe starts at the centre):
    // a start element (`index`) or a start point (`x`, `y`, on the 0–1000 grid unless `unit` is px),
    // for strategies whose models name where the finger goes down (Mobile-Agent, AppAgent's grid).
    args: ['direction', 'distance', 'index', 'x', 'y', 'unit'],
    params: z
      .object({
        direction: Direction,
        distance: Distance.default('medium'),
        index: ElementIndex.optional(),
        x: z.number().min(0).optional(),
        y: z.number().min(0).optional(),
        unit: z.enum(['grid', 'px']).optional(),
      })
      .refine((p) => (p.x === undefined) === (p.y === undefined), {
        message: 'a start point needs both x and y',
        path: ['x'],
      })
      .refine((p) => p.index === undefined || p.x === undefined, {
        message: 'start at an element or at a point, not both',
        path: ['index'],
      }),
    elementParam: 'index',
  }),
  Type: define({
    kind: 'single',
    signature: 'Type(text)',
    description: 'Type text into the focused input field (the keyboard must be up).',
    args: ['text'],
    params: z.object({ text: Text.min(1) }),
  }),
  Back: define({
    kind: 'single',
    signature: 'Back()',
    description: 'Press the Back key (closes the keyboard, a dialog, or goes to the previous screen).',
    args: [],
    params: z.object({}),
  }),
  Home: define({
    kind: 'single',
    signature: 'Home()',
    description: 'Go to the home screen.',
    args: [],
    params: z.object({}),
  }),
  Switch_App: define({
    kind: 'system',
    signature: 'Switch_App()',
    description: 'Open the overview of recent apps (the Overview key) to switch to another one.',
    args: [],
    params: z.object({}),
    guiNative: true,
  }),
  Enter: define({
    kind: 'single',
    signature: 'Enter()',
    description: 'Press Enter (submits a search or a form).',
    args: [],
    params: z.object({}),
  }),
  Wait: define({
    kind: 'single',
    signature: 'Wait(seconds)',
    description: 'Wait for the screen to finish loading (1–10 seconds).',
    args: ['seconds'],
    params: z.object({ seconds: z.number().min(0.1).max(10).default(2) }),
  }),
  Box_Input: define({
    kind: 'combination',
    signature: 'Box_Input(element_index, text)',
    description: 'Tap the input box, clear what is in it, type the text and confirm with Enter.',
    args: ['index', 'text'],
    params: z.object({ index: ElementIndex, text: Text }),
    elementParam: 'index',
  }),
  Open_App: define({
    kind: 'system',
    signature: 'Open_App(app)',
    description:
      'Open an app by its name or a description of what it is for; the app is chosen from the installed apps.',
    args: ['app'],
    params: z.object({ app: z.string().min(1).max(200) }),
  }),
  Close_App: define({
    kind: 'system',
    signature: 'Close_App(package_name)',
    description: 'Force-stop an app by its package name.',
    args: ['packageName'],
    params: z.object({
      packageName: z
        .string()
        .regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/, 'a package name such as com.android.settings'),
    }),
  }),
  Ask_User: define({
    kind: 'system',
    signature: 'Ask_User(question)',
    description:
      'Ask the person a question (or to take over, e.g. to log in) and wait; their answer reaches the next prompt.',
    args: ['question'],
    params: z.object({ question: z.string().min(1).max(2_000) }),
    guiNative: true,
  }),
  Finish: define({
    kind: 'system',
    signature: 'Finish(message)',
    description: 'The whole task is done; optionally give the answer the user asked for.',
    args: ['message'],
    params: z.object({ message: z.string().max(4_000).optional() }),
    terminal: true,
  }),
  Failed: define({
    kind: 'system',
    signature: 'Failed(reason)',
    description: 'The task cannot be done; say why.',
    args: ['reason'],
    params: z.object({ reason: z.string().max(4_000).optional() }),
    terminal: true,
  }),
} as const;

export type Actions = typeof ACTIONS;
export type ActionName = keyof Actions;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

export type ActionParams<N extends ActionName> = z.output<Actions[N]['params']>;

/** One action with validated parameters: `{ name: 'Click', params: { index: 3 } }`. */
export type ActionCall = { [N in ActionName]: { name: N; params: ActionParams<N> } }[ActionName];

export const ActionCallSchema = z.discriminatedUnion(
  'name',
  ACTION_NAMES.map((name) => z.object({ name: z.literal(name), params: ACTIONS[name].params })) as unknown as [
    z.ZodObject<{ name: z.ZodLiteral<'Click'>; params: Actions['Click']['params'] }>,
    ...z.ZodObject<{ name: z.ZodLiteral<ActionName>; params: z.ZodObject }>[],
  ],
) as unknown as z.ZodType<ActionCall>;

/** The element index an action targets, if any. */
export function targetIndex(call: ActionCall): number | undefined {
  const def = ACTIONS[call.name] as ActionDefinition;
  if (!def.elementParam) return undefined;
  const v = (call.params as Record<string, unknown>)[def.elementParam];
  return typeof v === 'number' ? v : undefined;
}

function quote(value: string): string {
  return JSON.stringify(value);
}

/** `Click(3)`, `Box_Input(5, "工作")` — the form the model writes and the UI shows. */
export function formatAction(call: ActionCall): string {
  const def = ACTIONS[call.name] as ActionDefinition;
  const params = call.params as Record<string, unknown>;
  const out: string[] = [];
  // After a left-out optional argument, the rest are named so the call reads back the same.
  let named = false;
  for (const arg of def.args) {
    const v = params[arg];
    if (v === undefined || (arg === 'unit' && v === 'grid')) {
      named = true;
      continue;
    }
    const text =
      typeof v === 'string' ? (arg === 'direction' || arg === 'distance' || arg === 'unit' ? v : quote(v)) : String(v);
    out.push(named ? `${arg}=${text}` : text);
  }
  return `${call.name}(${out.join(', ')})`;
}

/** MobA's own action space: every action but those from the GUI-native models' sets. */
export const MOBA_ACTION_NAMES = ACTION_NAMES.filter((n) => !(ACTIONS[n] as ActionDefinition).guiNative);

/** The action list for prompts, grouped by kind in MobA's order of preference. */
export function describeActions(names: readonly ActionName[] = MOBA_ACTION_NAMES): string {
  const order: ActionKind[] = ['system', 'combination', 'single'];
  const titles: Record<ActionKind, string> = {
    system: 'System actions',
    combination: 'Combination actions',
    single: 'Single actions',
  };
  const lines: string[] = [];
  for (const kind of order) {
    const group = names.filter((n) => ACTIONS[n].kind === kind);
    if (!group.length) continue;
    lines.push(`${titles[kind]}:`);
    for (const n of group) lines.push(`- ${ACTIONS[n].signature}: ${ACTIONS[n].description}`);
  }
  return lines.join('\n');
}

export type ParseActionResult = { ok: true; action: ActionCall } | { ok: false; error: string };

/**
 * Parses `Name(arg, …)` as models and people write it: positional or `key=value` arguments,
 * single or double quoted strings (with escapes), bare words for enums, numbers. Tolerates a
 * trailing period, surrounding backticks and a missing `()` for parameterless actions.
 */
export function parseAction(input: string): ParseActionResult {
  const text = input.trim().replace(/^[`\s]+|[`\s.;]+$/g, '');
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(([\s\S]*)\))?$/.exec(text);
  if (!m)
    return { ok: false, error: `Not an action call: ${JSON.stringify(input.slice(0, 120))}. Expected e.g. Click(3)` };
  const rawName = m[1]!;
  const name = ACTION_NAMES.find((n) => n.toLowerCase() === rawName.toLowerCase());
  if (!name) return { ok: false, error: `Unknown action ${rawName}. Known: ${ACTION_NAMES.join(', ')}` };
  const tokens = splitArgs(m[2] ?? '');
  if (!tokens.ok) return { ok: false, error: `${name}: ${tokens.error}` };
  const def = ACTIONS[name] as ActionDefinition;
  const params: Record<string, unknown> = {};
  let position = 0;
  for (const t of tokens.args) {
    const key = t.key ?? def.args[position++];
    if (key === undefined)
      return { ok: false, error: `${name} takes ${def.args.length} argument(s): ${def.signature}` };
    params[normaliseKey(key, def)] = t.value;
  }
  const parsed = def.params.safeParse(params);
  if (!parsed.success) {
    return {
      ok: false,
      error: `${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')} (expected ${def.signature})`,
    };
  }
  return { ok: true, action: { name, params: parsed.data } as ActionCall };
}

/** Validates a structured action (e.g. from a human edit or a JSON reply). */
export function validateAction(value: unknown): ParseActionResult {
  const r = ActionCallSchema.safeParse(value);
  if (r.success) return { ok: true, action: r.data };
  return { ok: false, error: r.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ') };
}

function normaliseKey(key: string, def: ActionDefinition): string {
  const k = key.toLowerCase();
  if (k === 'element_index' || k === 'element' || k === 'idx') return def.elementParam ?? 'index';
  if (k === 'package_name' || k === 'package') return 'packageName';
  const direct = def.args.find((a) => a.toLowerCase() === k);
  return direct ?? key;
}

interface Arg {
  key?: string;
  value: unknown;
}

function splitArgs(src: string): { ok: true; args: Arg[] } | { ok: false; error: string } {
  const args: Arg[] = [];
  let i = 0;
  const skipWs = () => {
    while (i < src.length && /\s/.test(src[i]!)) i++;
  };
  skipWs();
  if (i >= src.length) return { ok: true, args };
  for (;;) {
    skipWs();
    let key: string | undefined;
    const km = /^([A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*/.exec(src.slice(i));
    if (km && !/^(true|false|null)$/i.test(km[1]!)) {
      key = km[1];
      i += km[0].length;
    }
    let value: unknown;
    if (opensQuote(src[i])) {
      const quoted = readQuoted(src, i);
      if (!quoted) return { ok: false, error: 'unterminated string' };
      i = quoted.next;
      value = quoted.text;
    } else {
      const start = i;
      while (i < src.length && src[i] !== ',') i++;
      const word = src.slice(start, i).trim();
      if (word === '') return { ok: false, error: 'empty argument' };
      if (/^-?\d+(\.\d+)?$/.test(word)) value = Number(word);
      else if (/^(true|false)$/i.test(word)) value = word.toLowerCase() === 'true';
      else if (/^(none|null|undefined)$/i.test(word)) value = undefined;
      else value = word.replace(/^['"]|['"]$/g, '');
    }
    args.push(key === undefined ? { value } : { key, value });
    skipWs();
    if (i >= src.length) break;
    if (src[i] !== ',') return { ok: false, error: `unexpected ${JSON.stringify(src[i])}` };
    i++;
  }
  return { ok: true, args: args.filter((a) => a.value !== undefined) };
}
