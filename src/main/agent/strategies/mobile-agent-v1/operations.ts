/**
 * Mobile-Agent v1's eight operations and how they are grounded on the screen without a UI dump:
 * `open App("name")`, `click text("text")` (located by OCR: one match is tapped, two to four are
 * shown to the model to choose from, none or more than four are an error it must correct),
 * `click icon("description", "region")` (the icon regions in that part of the screen; several
 * are shown to the vision model to choose from), `type("text")`, `page up()` / `page down()`,
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

function inRegion(e: UiElement, region: Region, screen: { width: number; height: number }): boolean {
  const [x, y] = e.center;
  switch (region) {
    case 'top':
      return y < screen.height / 3;
    case 'bottom':
      return y >= (screen.height * 2) / 3;
    case 'left':
      return x < screen.width / 2;
    case 'right':
      return x >= screen.width / 2;
    case 'center':
      return (
        x >= screen.width / 4 && x < (screen.width * 3) / 4 && y >= screen.height / 3 && y < (screen.height * 2) / 3
      );
  }
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
      const region = (arg(1) || 'center').toLowerCase() as Region;
      if (!description)
        return {
          ok: false,
          error:
            'click icon needs a description and a region, e.g. click icon("white plus on a blue circle", "bottom")',
        };
      if (!REGIONS.includes(region))
        return { ok: false, error: `"${arg(1)}" is not a region; use one of ${REGIONS.join(', ')}` };
      const icons = elements.filter((e) => e.className === ICON_CLASS && inRegion(e, region, screen));
      if (!icons.length)
        return {
          ok: false,
          error: `No icon was found in the ${region} of the screen. Try another region, or click text.`,
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
