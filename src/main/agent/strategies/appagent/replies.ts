/**
 * AppAgent's reply and its action language, checked against the screen: a tag must be on it, a
 * grid area must exist, and with ReachAgent's action space the action must be one of the
 * candidates. Problems are validation issues, so the model sees them in its repair round.
 */
import { z } from 'zod';
import type { ActionCall, Direction } from '../../../../shared/actions.ts';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { callKey, parseCall } from '../common/call-syntax.ts';
import { gridPoint, SUBAREAS } from './grid.ts';
import type { Grid, Subarea } from './grid.ts';

export type AppAgentCommand = { kind: 'action'; action: ActionCall } | { kind: 'grid' } | { kind: 'finish' };

export interface AppAgentReply {
  observation: string;
  thought: string;
  written: string;
  summary: string;
  command: AppAgentCommand;
}

export interface AppAgentScreen {
  elements: readonly UiElement[];
  screen: { width: number; height: number };
  /** Set in grid mode. */
  grid: Grid | null;
  /** ReachAgent's action space: the allowed commands as written (`tap(3)`, `swipe(4, up, medium)`…). */
  candidates: ReadonlySet<string> | null;
}

const DIRS = ['up', 'down', 'left', 'right'] as const;
const DISTANCES = ['short', 'medium', 'long'] as const;
/** A finger moving up brings what is below into view: MobA's Scroll names that side. */
const CONTENT_SIDE: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };

const text = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)),
  z.string(),
);

type Mapped = { ok: true; command: AppAgentCommand; canonical: string } | { ok: false; error: string };

function asDirection(v: unknown): Direction | null {
  const s = String(v ?? '').toLowerCase();
  return (DIRS as readonly string[]).includes(s) ? (s as Direction) : null;
}

function asDistance(v: unknown): (typeof DISTANCES)[number] {
  const s = String(v ?? 'medium').toLowerCase();
  return (DISTANCES as readonly string[]).includes(s) ? (s as (typeof DISTANCES)[number]) : 'medium';
}

function asSubarea(v: unknown): Subarea | null {
  const s = String(v ?? 'center')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace('centre', 'center');
  return (SUBAREAS as readonly string[]).includes(s) ? (s as Subarea) : null;
}

/** Maps one written AppAgent action onto the shared action space. */
export function mapAppAgentAction(written: string, at: AppAgentScreen): Mapped {
  const parsed = parseCall(written);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const { name, args } = parsed.call;
  const key = callKey(name);
  if (key === 'finish') return { ok: true, command: { kind: 'finish' }, canonical: 'FINISH' };
  const indices = new Set(at.elements.map((e) => e.index));
  const tag = (v: unknown): number | string =>
    typeof v === 'number' && indices.has(v)
      ? v
      : `element ${String(v)} is not on the screen; tags are 1–${Math.max(0, ...indices)}`;
  if (at.grid) {
    const grid = at.grid;
    const point = (area: unknown, sub: unknown): [number, number] | string => {
      const s = asSubarea(sub);
      if (!s) return `"${String(sub)}" is not a sub-area (${SUBAREAS.join(', ')})`;
      const p = typeof area === 'number' ? gridPoint(grid, at.screen, area, s) : null;
      return p ?? `area ${String(area)} does not exist; areas are 1–${grid.cols * grid.rows}`;
    };
    if (key === 'tap' || key === 'long_press') {
      const p = point(args[0], args[1]);
      if (typeof p === 'string') return { ok: false, error: p };
      if (key === 'tap')
        return {
          ok: true,
          command: {
            kind: 'action',
            action: { name: 'Click_by_Coordinate', params: { x: p[0], y: p[1], unit: 'px' } },
          },
          canonical: written,
        };
      const under = at.elements
        .filter((e) => p[0] >= e.bounds[0] && p[0] < e.bounds[2] && p[1] >= e.bounds[1] && p[1] < e.bounds[3])
        .sort(
          (a, b) =>
            (a.bounds[2] - a.bounds[0]) * (a.bounds[3] - a.bounds[1]) -
            (b.bounds[2] - b.bounds[0]) * (b.bounds[3] - b.bounds[1]),
        )[0];
      if (!under)
        return { ok: false, error: 'long_press in grid mode needs an element under the point; there is none there' };
      return {
        ok: true,
        command: { kind: 'action', action: { name: 'Long_Press', params: { index: under.index } } },
        canonical: written,
      };
    }
    if (key === 'swipe') {
      const a = point(args[0], args[1]);
      const b = point(args[2], args[3]);
      if (typeof a === 'string') return { ok: false, error: a };
      if (typeof b === 'string') return { ok: false, error: b };
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const horizontal = Math.abs(dx) > Math.abs(dy);
      const direction: Direction = horizontal ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
      const share = Math.abs(horizontal ? dx : dy) / (horizontal ? at.screen.width : at.screen.height);
      return {
        ok: true,
        command: {
          kind: 'action',
          action: {
            name: 'Swipe',
            params: {
              direction,
              distance: share < 0.25 ? 'short' : share < 0.5 ? 'medium' : 'long',
              x: Math.round(a[0]),
              y: Math.round(a[1]),
              unit: 'px',
            },
          },
        },
        canonical: written,
      };
    }
    return { ok: false, error: `${name} is not an action in grid mode; use tap, long_press, swipe or FINISH` };
  }
  switch (key) {
    case 'tap':
    case 'long_press': {
      const i = tag(args[0]);
      if (typeof i === 'string') return { ok: false, error: i };
      const action: ActionCall =
        key === 'tap' ? { name: 'Click', params: { index: i } } : { name: 'Long_Press', params: { index: i } };
      return { ok: true, command: { kind: 'action', action }, canonical: `${key}(${i})` };
    }
    case 'text': {
      const t = args.length ? String(args[0]) : '';
      if (!t) return { ok: false, error: 'text() needs the words to type, e.g. text("hello")' };
      return {
        ok: true,
        command: { kind: 'action', action: { name: 'Type', params: { text: t } } },
        canonical: 'text',
      };
    }
    case 'swipe': {
      const i = tag(args[0]);
      if (typeof i === 'string') return { ok: false, error: i };
      const d = asDirection(args[1]);
      if (!d)
        return {
          ok: false,
          error: `swipe needs a direction up, down, left or right, got ${JSON.stringify(args[1] ?? null)}`,
        };
      const dist = asDistance(args[2]);
      return {
        ok: true,
        command: {
          kind: 'action',
          action: { name: 'Scroll', params: { index: i, direction: CONTENT_SIDE[d], distance: dist } },
        },
        canonical: `swipe(${i}, ${d})`,
      };
    }
    case 'grid':
      return { ok: true, command: { kind: 'grid' }, canonical: 'grid()' };
    default:
      return { ok: false, error: `unknown action ${name}; use tap, text, long_press, swipe, grid or FINISH` };
  }
}

/** The reply of one AppAgent step, validated against the screen it was made on. */
export function appAgentReplySchema(at: AppAgentScreen): z.ZodType<AppAgentReply> {
  return z
    .object({
      observation: text.optional(),
      thought: text.optional(),
      action: z.string().trim().min(1, 'an action is required, e.g. tap(3) or FINISH'),
      summary: text.optional(),
    })
    .transform((r, ctx): AppAgentReply => {
      const mapped = mapAppAgentAction(r.action, at);
      if (!mapped.ok) {
        ctx.addIssue({ code: 'custom', path: ['action'], message: mapped.error });
        return z.NEVER;
      }
      if (at.candidates && mapped.command.kind !== 'finish' && !at.candidates.has(mapped.canonical)) {
        ctx.addIssue({
          code: 'custom',
          path: ['action'],
          message: `${r.action} is not one of the allowed actions on this screen: ${[...at.candidates].slice(0, 40).join(', ')}`,
        });
        return z.NEVER;
      }
      return {
        observation: r.observation ?? '',
        thought: r.thought ?? '',
        written: r.action,
        summary: r.summary ?? '',
        command: mapped.command,
      };
    }) as unknown as z.ZodType<AppAgentReply>;
}
