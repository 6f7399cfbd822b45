/**
 * The coordinate action language Mobile-Agent v2 and E write — `Tap(x, y)`, `Swipe(x1, y1, x2,
 * y2)`, `Type(text)`, `Open_App(name)`, `Back()`, `Home()`, `Enter()`, `Switch_App()`, `Wait()`,
 * `Stop()` — mapped
 * onto the shared action space. Coordinates are screen pixels. A swipe starts where the model put
 * the finger down, as the released code's `input swipe x1 y1 x2 y2` does, and keeps its direction;
 * its length is rounded to the shared `Swipe`'s short/medium/long. `Type` needs the keyboard up, as
 * their prompts say: otherwise the model is told to tap an input box first.
 */
import type { ActionCall, Direction } from '../../../../shared/actions.ts';
import { callKey } from '../common/call-syntax.ts';
import type { ParsedCall } from '../common/call-syntax.ts';

export type VisionCommand = { kind: 'action'; action: ActionCall } | { kind: 'stop' };

export type MappedCommand = { ok: true; command: VisionCommand } | { ok: false; error: string };

export interface CoordinateScreen {
  width: number;
  height: number;
  keyboardShown: boolean;
}

/** The names a strategy offers (canonical keys, e.g. `tap`, `open_app`); others are refused. */
export type ActionNames = ReadonlySet<string>;

const ALIASES: Record<string, string> = {
  open: 'open_app',
  openapp: 'open_app',
  click: 'tap',
  input: 'type',
  text: 'type',
  finish: 'stop',
  done: 'stop',
  exit: 'home',
  go_home: 'home',
  press_back: 'back',
};

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())
      ? Number(v)
      : null;
}

function distanceOf(share: number): 'short' | 'medium' | 'long' {
  return share < 0.25 ? 'short' : share < 0.5 ? 'medium' : 'long';
}

/** Maps one parsed call. @param names the actions this strategy offers */
export function mapCoordinateCall(call: ParsedCall, screen: CoordinateScreen, names: ActionNames): MappedCommand {
  const raw = callKey(call.name);
  const key = ALIASES[raw.replace(/_/g, '')] ?? ALIASES[raw] ?? raw;
  if (!names.has(key))
    return { ok: false, error: `${call.name} is not an available action; use one of: ${[...names].join(', ')}` };
  const args = call.args;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < screen.width && y < screen.height;
  switch (key) {
    case 'tap': {
      const x = num(args[0]);
      const y = num(args[1]);
      if (x === null || y === null)
        return { ok: false, error: `Tap needs two numbers, Tap(x, y); got ${JSON.stringify(args)}` };
      if (!inside(x, y))
        return { ok: false, error: `(${x}, ${y}) is off the screen (${screen.width}×${screen.height})` };
      return {
        ok: true,
        command: {
          kind: 'action',
          action: { name: 'Click_by_Coordinate', params: { x: Math.round(x), y: Math.round(y), unit: 'px' } },
        },
      };
    }
    case 'swipe': {
      const [x1, y1, x2, y2] = args.map(num);
      if ([x1, y1, x2, y2].some((v) => v === null || v === undefined))
        return { ok: false, error: `Swipe needs four numbers, Swipe(x1, y1, x2, y2); got ${JSON.stringify(args)}` };
      const dx = x2! - x1!;
      const dy = y2! - y1!;
      if (dx === 0 && dy === 0) return { ok: false, error: 'Swipe needs two different points' };
      const horizontal = Math.abs(dx) > Math.abs(dy);
      const direction: Direction = horizontal ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
      const share = Math.abs(horizontal ? dx : dy) / (horizontal ? screen.width : screen.height);
      if (!inside(x1!, y1!))
        return { ok: false, error: `(${x1}, ${y1}) is off the screen (${screen.width}×${screen.height})` };
      return {
        ok: true,
        command: {
          kind: 'action',
          action: {
            name: 'Swipe',
            params: { direction, distance: distanceOf(share), x: Math.round(x1!), y: Math.round(y1!), unit: 'px' },
          },
        },
      };
    }
    case 'type': {
      const text = args.length ? String(args[0]) : '';
      if (!text) return { ok: false, error: 'Type needs the text, Type("…")' };
      if (!screen.keyboardShown)
        return { ok: false, error: 'The keyboard is not shown, so typing is not possible yet: tap an input box first' };
      return { ok: true, command: { kind: 'action', action: { name: 'Type', params: { text } } } };
    }
    case 'open_app': {
      const app = args.length ? String(args[0]).trim() : '';
      if (!app) return { ok: false, error: 'Open_App needs the app name' };
      return { ok: true, command: { kind: 'action', action: { name: 'Open_App', params: { app } } } };
    }
    case 'back':
      return { ok: true, command: { kind: 'action', action: { name: 'Back', params: {} } } };
    case 'home':
      return { ok: true, command: { kind: 'action', action: { name: 'Home', params: {} } } };
    case 'enter':
      return { ok: true, command: { kind: 'action', action: { name: 'Enter', params: {} } } };
    case 'switch_app':
      return { ok: true, command: { kind: 'action', action: { name: 'Switch_App', params: {} } } };
    case 'wait':
      return {
        ok: true,
        command: {
          kind: 'action',
          action: { name: 'Wait', params: { seconds: Math.min(10, Math.max(1, num(args[0]) ?? 3)) } },
        },
      };
    case 'stop':
      return { ok: true, command: { kind: 'stop' } };
    default:
      return { ok: false, error: `${call.name} is not an available action; use one of: ${[...names].join(', ')}` };
  }
}
