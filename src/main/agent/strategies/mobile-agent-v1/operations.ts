/**
 * Mobile-Agent v1's eight operations and how they are grounded on the screen without a UI dump:
 * `open App("name")`, `click text("text")` (located by OCR: one match is tapped, two to four are
 * shown to the model to choose from, none or more than four are an error it must correct),
 * `click icon("description", "position")` (the icon regions in that part of the screen — one
 * region, or two as in "top left", the paper's §2.2 "one or two options"; several icons are
 * shown to the vision model to choose from), `type("text")`, `page up()` / `page down()`,
 * `back()`, `exit()` (home) and `stop()`.
 */
import type { ActionCall } from '../../../../shared/actions.ts';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { callKey, parseCall } from '../common/call-syntax.ts';
import { ICON_CLASS, TEXT_CLASS } from '../vision/view.ts';

export const REGIONS = ['top', 'bottom', 'left', 'right', 'center'] as const;
export type Region = (typeof REGIONS)[number];

/** More OCR matches than this are an error the model must resolve (v1's released rule). */
export const MAX_TEXT_MATCHES = 4;

export type V1Operation =
  | { kind: 'action'; action: ActionCall }
  | { kind: 'tap'; element: UiElement }
  | { kind: 'choose'; what: 'text' | 'icon'; query: string; candidates: UiElement[] }
  | { kind: 'stop' };

export type Grounded = { ok: true; op: V1Operation } | { ok: false; error: string };

type Screen = { width: number; height: number };

/** Where a region bounds a centre on each axis: top/bottom thirds, left/right halves, the middle band. */
const BAND: Record<Region, { x?: (x: number, s: Screen) => boolean; y?: (y: number, s: Screen) => boolean }> = {
  top: { y: (y, s) => y < s.height / 3 },
  bottom: { y: (y, s) => y >= (s.height * 2) / 3 },
  left: { x: (x, s) => x < s.width / 2 },
  right: { x: (x, s) => x >= s.width / 2 },
  center: {
    x: (x, s) => x >= s.width / 4 && x < (s.width * 3) / 4,
    y: (y, s) => y >= s.height / 3 && y < (s.height * 2) / 3,
  },
};

/**
 * Whether an element's centre lies in the position: one region, or two combined — each bounds
 * its own axis ("top left" is the top third's left half); with `center`, the centre band bounds
 * only the axis the other region leaves free ("left center" is the left half's middle third).
 */
function inPosition(e: UiElement, position: readonly Region[], screen: Screen): boolean {
  const [x, y] = e.center;
  const sides = position.filter((r) => r !== 'center');
  const xTest = sides.map((r) => BAND[r].x).find(Boolean) ?? (position.includes('center') ? BAND.center.x : undefined);
  const yTest = sides.map((r) => BAND[r].y).find(Boolean) ?? (position.includes('center') ? BAND.center.y : undefined);
  return (xTest?.(x, screen) ?? true) && (yTest?.(y, screen) ?? true);
}

const AXIS: Record<Region, 'x' | 'y' | 'both'> = { top: 'y', bottom: 'y', left: 'x', right: 'x', center: 'both' };

/** The position of `click icon`: one region, or two ("top left", "top, left", "top-left", or two arguments). */
export function parsePosition(
  written: readonly string[],
): { ok: true; regions: Region[] } | { ok: false; error: string } {
  const words = written
    .join(' ')
    .toLowerCase()
    .split(/[\s,;+\-/&]+|\band\b/)
    .filter(Boolean);
  if (!words.length) return { ok: true, regions: ['center'] };
  const wrong = words.find((w) => !REGIONS.includes(w as Region));
  if (wrong) return { ok: false, error: `"${wrong}" is not a region; use one or two of ${REGIONS.join(', ')}` };
  const regions = [...new Set(words as Region[])];
  if (regions.length > 2)
    return { ok: false, error: `The position takes one or two regions, not ${regions.length}: e.g. "top left"` };
  if (regions.length === 2 && AXIS[regions[0]!] === AXIS[regions[1]!])
    return {
      ok: false,
      error: `"${regions.join(' ')}" names two opposite sides; combine a vertical (top, bottom, center) with a horizontal one (left, right, center), e.g. "top left"`,
    };
  return { ok: true, regions };
}

/** The text elements showing `text`: exact (case-insensitive) ones, else those containing it. */
export function textMatches(elements: readonly UiElement[], text: string): UiElement[] {
  const needle = text.trim().toLowerCase();
  const texts = elements.filter((e) => e.className === TEXT_CLASS);
  const exact = texts.filter((e) => e.text.trim().toLowerCase() === needle);
  return exact.length ? exact : texts.filter((e) => e.text.toLowerCase().includes(needle));
}

/** Parses one written operation and grounds it on the screen's text and icon regions. */
export function groundOperation(
  written: string,
  elements: readonly UiElement[],
  screen: { width: number; height: number },
): Grounded {
  const parsed = parseCall(written);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const { name, args } = parsed.call;
  const arg = (i: number) => (args[i] === undefined ? '' : String(args[i]).trim());
  switch (callKey(name)) {
    case 'open_app':
      return arg(0)
        ? { ok: true, op: { kind: 'action', action: { name: 'Open_App', params: { app: arg(0) } } } }
        : { ok: false, error: 'open App needs the app name, e.g. open App("Clock")' };
    case 'click_text': {
      const text = arg(0);
      if (!text) return { ok: false, error: 'click text needs the text, e.g. click text("OK")' };
      const matches = textMatches(elements, text);
      if (!matches.length)
        return {
          ok: false,
          error: `There is no text "${text}" on the screen. Choose another operation, or click an icon instead.`,
        };
      if (matches.length > MAX_TEXT_MATCHES)
        return {
          ok: false,
          error: `"${text}" appears ${matches.length} times on the screen; click a longer, more specific text.`,
        };
      return {
        ok: true,
        op:
          matches.length === 1
            ? { kind: 'tap', element: matches[0]! }
            : { kind: 'choose', what: 'text', query: text, candidates: matches },
      };
    }
    case 'click_icon': {
      const description = arg(0);
      if (!description)
        return {
          ok: false,
          error:
            'click icon needs a description and a position, e.g. click icon("white plus on a blue circle", "bottom")',
        };
      const position = parsePosition(args.slice(1).map((a) => String(a)));
      if (!position.ok) return position;
      const where = position.regions.join(' ');
      const icons = elements.filter((e) => e.className === ICON_CLASS && inPosition(e, position.regions, screen));
      if (!icons.length)
        return {
          ok: false,
          error: `No icon was found in the ${where} of the screen. Try another position, or click text.`,
        };
      return {
        ok: true,
        op:
          icons.length === 1
            ? { kind: 'tap', element: icons[0]! }
            : { kind: 'choose', what: 'icon', query: description, candidates: icons.slice(0, 8) },
      };
    }
    case 'type':
      return arg(0)
        ? { ok: true, op: { kind: 'action', action: { name: 'Type', params: { text: String(args[0]) } } } }
        : { ok: false, error: 'type needs the text, e.g. type("hello")' };
    case 'page_up':
      return {
        ok: true,
        op: { kind: 'action', action: { name: 'Swipe', params: { direction: 'down', distance: 'long' } } },
      };
    case 'page_down':
      return {
        ok: true,
        op: { kind: 'action', action: { name: 'Swipe', params: { direction: 'up', distance: 'long' } } },
      };
    case 'back':
      return { ok: true, op: { kind: 'action', action: { name: 'Back', params: {} } } };
    case 'exit':
    case 'home':
      return { ok: true, op: { kind: 'action', action: { name: 'Home', params: {} } } };
    case 'stop':
      return { ok: true, op: { kind: 'stop' } };
    default:
      return {
        ok: false,
        error: `${name} is not an operation; use open App, click text, click icon, type, page up, page down, back, exit or stop`,
      };
  }
}

/** A tap on a perceived text or icon (its centre), as the shared action. */
export function tapOn(e: UiElement): ActionCall {
  return { name: 'Click', params: { index: e.index } };
}
