/**
 * `input [<source>] [-d DISPLAY] <command> …` — Android 14's InputShellCommand over the
 * device: tap, swipe (same point + duration = long press), draganddrop, text (`%s` = space),
 * keyevent (numbers or KEYCODE_ names, --longpress, --doubletap), keycombination,
 * motionevent, press, roll, scroll.
 */
import { KEYCODE } from '@moba/base';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { parseKeyCode } from '../keycodes.ts';
import { command, parseNumberArg, sleep } from './util.ts';

const SOURCES = new Set([
  'dpad',
  'keyboard',
  'mouse',
  'touchpad',
  'gamepad',
  'touchnavigation',
  'joystick',
  'touchscreen',
  'stylus',
  'trackball',
  'rotaryencoder',
]);

const USAGE = `Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The sources are:
      dpad
      keyboard
      mouse
      touchpad
      gamepad
      touchnavigation
      joystick
      touchscreen
      stylus
      trackball

-d: specify the display ID.
      (Default: -1 for key event, 0 for motion event if not specified.)
The commands and default sources are:
      text <string> (Default: keyboard)
      keyevent [--longpress|--duration <duration to hold key down in ms>] [--doubletap] [--async] [--delay <duration between keycodes in ms>] <key code number or name> ... (Default: keyboard)
      tap <x> <y> (Default: touchscreen)
      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      press (Default: trackball)
      roll <dx> <dy> (Default: trackball)
      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)
      scroll (Default: rotaryencoder). Has the following syntax:
            scroll <x> <y> [axis_value] (for pointer-based sources)
            scroll [axis_value] (for non-pointer-based sources)
            Axis options: SCROLL, HSCROLL, VSCROLL
            None or one or multiple axis value options can be specified.
            To specify multiple axes, use one axis option for per axis.
            Example: \`scroll --axis VSCROLL,2 --axis SCROLL,-2.4\`
      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard, the key order is important here.)
`;

/** Android's default swipe duration when none is given. */
const DEFAULT_SWIPE_MS = 300;
/** ViewConfiguration.getLongPressTimeout() plus margin, for draganddrop's initial hold. */
const LONG_PRESS_MS = 500;

async function invalid(ctx: CommandContext, name: string): Promise<number> {
  await ctx.err(`Error: Invalid arguments for command: ${name}\n${USAGE}`);
  return 1;
}

async function exception(ctx: CommandContext, name: string, text: string): Promise<number> {
  await ctx.err(`Exception occurred while executing '${name}':\n${text}\n`);
  return 255;
}

function numbers(args: readonly string[], count: number): number[] | undefined {
  const out = args.slice(0, count).map(parseNumberArg);
  if (out.length < count || out.some((n) => n === undefined)) return undefined;
  return out as number[];
}

/** `%s` becomes a space; any other `%x` pair is kept, as InputShellCommand.sendText does. */
export function decodeInputText(text: string): string {
  return text.replace(/%s/g, ' ');
}

/** Characters the virtual keyboard's KeyCharacterMap can type. */
const TYPABLE = /^[\x20-\x7e\n\t]*$/;

async function keyevent(ctx: CommandContext, args: readonly string[]): Promise<number> {
  let longpress = false;
  let doubletap = false;
  let delay = 0;
  const codes: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--longpress') longpress = true;
    else if (arg === '--doubletap') doubletap = true;
    else if (arg === '--async') continue;
    else if (arg === '--delay') delay = parseNumberArg(args[++i]) ?? 0;
    else if (arg === '--duration') longpress = (parseNumberArg(args[++i]) ?? 0) >= LONG_PRESS_MS;
    else {
      const code = parseKeyCode(arg);
      if (code === undefined)
        return exception(ctx, 'keyevent', `java.lang.IllegalArgumentException: Unknown keycode: ${arg}`);
      codes.push(code);
    }
  }
  if (codes.length === 0) return invalid(ctx, 'keyevent');
  for (const [i, code] of codes.entries()) {
    if (i > 0 && delay > 0 && !(await sleep(delay, ctx.signal))) return 0;
    await ctx.device.keyevent(code, longpress ? { longpress: true } : undefined);
    if (doubletap) await ctx.device.keyevent(code);
  }
  return 0;
}

/** Modifier keys and the meta state they hold down (KeyEvent.META_*_ON | META_*_LEFT/RIGHT_ON). */
const MODIFIERS: Readonly<Record<number, number>> = {
  57: 0x12,
  58: 0x22,
  59: 0x41,
  60: 0x81,
  113: 0x3000,
  114: 0x5000,
  117: 0x30000,
  118: 0x50000,
};

/** `input keycombination [-t MS] KEY…`: the modifiers are held while the other keys are pressed. */
async function keycombination(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const names = args[0] === '-t' ? args.slice(2) : args;
  if (names.length < 2) return invalid(ctx, 'keycombination');
  const codes: number[] = [];
  for (const arg of names) {
    const code = parseKeyCode(arg);
    if (code === undefined)
      return exception(ctx, 'keycombination', `java.lang.IllegalArgumentException: Unknown keycode: ${arg}`);
    codes.push(code);
  }
  const meta = codes.reduce((m, code) => m | (MODIFIERS[code] ?? 0), 0);
  const keys = codes.filter((code) => MODIFIERS[code] === undefined);
  for (const code of keys) await ctx.device.keyevent(code, meta ? { metaState: meta } : undefined);
  return 0;
}

async function dragAndDrop(ctx: CommandContext, p: number[], durationMs: number): Promise<void> {
  const [x1, y1, x2, y2] = p as [number, number, number, number];
  await ctx.device.touch(0, x1, y1);
  await sleep(LONG_PRESS_MS, ctx.signal);
  const steps = Math.max(1, Math.min(20, Math.round(durationMs / 16)));
  for (let s = 1; s <= steps; s++) {
    await ctx.device.touch(2, x1 + ((x2 - x1) * s) / steps, y1 + ((y2 - y1) * s) / steps);
    await sleep(durationMs / steps, ctx.signal);
  }
  await ctx.device.touch(1, x2, y2);
}

async function scroll(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const positional: string[] = [];
  let h = 0;
  let v = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--axis') {
      const [axis, value] = (args[++i] ?? '').split(',');
      const amount = parseNumberArg(value) ?? 0;
      if (axis === 'HSCROLL') h += amount;
      else if (axis === 'VSCROLL' || axis === 'SCROLL') v += amount;
      else return exception(ctx, 'scroll', `java.lang.IllegalArgumentException: Unsupported axis: ${axis}`);
    } else {
      positional.push(args[i] as string);
    }
  }
  const point =
    positional.length >= 2 ? numbers(positional, 2) : [ctx.device.props.width / 2, ctx.device.props.height / 2];
  if (!point) return invalid(ctx, 'scroll');
  await ctx.device.scroll(point[0] as number, point[1] as number, h, v);
  return 0;
}

export const input: ShellCommand = command('input', async (ctx) => {
  const args = [...ctx.args];
  if (args[0] !== undefined && SOURCES.has(args[0])) args.shift();
  if (args[0] === '-d') args.splice(0, 2);
  const [name, ...rest] = args;
  switch (name) {
    case 'tap': {
      const p = numbers(rest, 2);
      if (!p || rest.length !== 2) return invalid(ctx, name);
      await ctx.device.tap(p[0] as number, p[1] as number);
      return 0;
    }
    case 'swipe':
    case 'draganddrop': {
      if (rest.length !== 4 && rest.length !== 5) return invalid(ctx, name);
      const p = numbers(rest, 4);
      const duration = rest.length === 5 ? parseNumberArg(rest[4]) : DEFAULT_SWIPE_MS;
      if (!p || duration === undefined) return invalid(ctx, name);
      const ms = duration < 0 ? DEFAULT_SWIPE_MS : duration;
      if (name === 'swipe') await ctx.device.swipe(p[0] as number, p[1] as number, p[2] as number, p[3] as number, ms);
      else await dragAndDrop(ctx, p, ms);
      return 0;
    }
    case 'text': {
      if (rest[0] === undefined) return invalid(ctx, name);
      const text = decodeInputText(rest[0]);
      // Unmappable characters make KeyCharacterMap.getEvents return null on a real phone.
      if (!TYPABLE.test(text))
        return exception(ctx, 'text', 'java.lang.NullPointerException: Attempt to get length of null array');
      await ctx.device.text(text);
      return 0;
    }
    case 'keyevent':
      return keyevent(ctx, rest);
    case 'keycombination':
      return keycombination(ctx, rest);
    case 'motionevent': {
      const action = { DOWN: 0, UP: 1, MOVE: 2, CANCEL: 1 }[(rest[0] ?? '').toUpperCase()] as 0 | 1 | 2 | undefined;
      const p = numbers(rest.slice(1), 2);
      if (action === undefined || !p) return invalid(ctx, name);
      await ctx.device.touch(action, p[0] as number, p[1] as number);
      return 0;
    }
    case 'press':
      await ctx.device.keyevent(KEYCODE.DPAD_CENTER);
      return 0;
    case 'roll':
      return numbers(rest, 2) ? 0 : invalid(ctx, name);
    case 'scroll':
      return scroll(ctx, rest);
    case undefined:
      await ctx.err(USAGE);
      return 1;
    default:
      await ctx.err(`Error: Unknown command: ${name}\n${USAGE}`);
      return 1;
  }
});
