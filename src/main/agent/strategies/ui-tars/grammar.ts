/**
 * UI-TARS' answer grammar (its mobile action space, as its repository and model card give it):
 *
 *   Thought: <a small plan; the next action in one sentence>
 *   Action: click(start_box='<|box_start|>(x1,y1)<|box_end|>')
 *
 * Points are absolute pixels on the screenshot as the model saw it — resized by the smart_resize
 * rule, which the strategy also used to send it — and become screen pixels here. Each action
 * maps onto the shared action space:
 *
 * | UI-TARS | shared action |
 * | --- | --- |
 * | `click(start_box)` | `Click_by_Coordinate` |
 * | `long_press(start_box[, time])` | `Long_Press_by_Coordinate` (time in seconds, default 1) |
 * | `type(content)` | `Type`; a content ending in `\n` is `Type`, then `Enter` |
 * | `scroll(start_box, direction)` | `Swipe_by_Coordinate` from the point, the finger moving against `direction` for 40 % of the screen |
 * | `scroll(start_box, end_box)`, `drag(start_box, end_box)` | `Swipe_by_Coordinate` between the points |
 * | `open_app(app_name)` | `Open_App` |
 * | `press_home()` / `press_back()` | `Home` / `Back` |
 * | `hotkey(key='enter')` | `Enter` |
 * | `wait()` | `Wait(5)` |
 * | `call_user()` | `Ask_User` with the thought as the question |
 * | `finished(content)` | `Finish` with the content as the answer |
 */
import type { ActionCall, Direction } from '../../../../shared/actions.ts';
import type { ParsedReply } from '../../../llm/structured.ts';
import { toScreenPoint } from '../gui-native/coordinates.ts';
import type { CoordinateSpace, Size } from '../gui-native/coordinates.ts';
import type { GuiDecision } from '../gui-native/family.ts';
import { parseKeywordCall, readPoint } from '../gui-native/keyword-call.ts';
import type { KeywordCall } from '../gui-native/keyword-call.ts';

/** How far a `scroll` moves the finger, as a share of the screen along its direction. */
export const SCROLL_SHARE = 0.4;
const WAIT_SECONDS = 5;

const FINGER: Record<Direction, [number, number]> = { up: [0, 1], down: [0, -1], left: [1, 0], right: [-1, 0] };

function fail(issue: string): ParsedReply<never> {
  return { ok: false, issues: `- ${issue}` };
}

/** The thought and the action text of a reply (`Thought:`, or `Reflection:`/`Action_Summary:` before `Action:`). */
export function splitTarsReply(text: string): { thought: string; action: string } | null {
  const at = text.lastIndexOf('Action:');
  if (at < 0) return null;
  const head = text.slice(0, at);
  const thought = /(?:Thought|Action_Summary):\s*([\s\S]*)$/.exec(head)?.[1] ?? head.replace(/^Reflection:\s*/, '');
  // Several actions separated by blank lines: the first is the next one.
  const action = text
    .slice(at + 'Action:'.length)
    .trim()
    .split(/\)\s*\n\s*\n/)[0]!;
  return { thought: thought.trim(), action: action.endsWith(')') ? action : `${action})` };
}

/** `type(content='…')` keeps quotes inside the content as the model wrote them (it does not escape them). */
function typed(action: string): string | null {
  const m = /^type\s*\(\s*content\s*=\s*(['"])([\s\S]*)\1\s*\)$/.exec(action.trim());
  return m ? m[2]!.replace(/\\n/g, '\n').replace(/\\(['"])/g, '$1') : null;
}

function pointOf(
  call: KeywordCall,
  key: 'start_box' | 'end_box',
  screen: Size,
  space: CoordinateSpace,
): [number, number] {
  const aliases = key === 'start_box' ? ['start_box', 'start_point', 'point'] : ['end_box', 'end_point'];
  const raw = aliases.map((k) => call.kwargs[k]).find((v) => v !== undefined);
  const p = readPoint(raw);
  if (!p) throw new Error(`${call.name} needs ${key}='<|box_start|>(x,y)<|box_end|>'`);
  return toScreenPoint(space, screen, p);
}

function scrollEnd(from: [number, number], direction: string, screen: Size): [number, number] {
  const d = FINGER[direction.trim().toLowerCase() as Direction];
  if (!d) throw new Error(`scroll direction must be up, down, left or right, not ${JSON.stringify(direction)}`);
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max - 1, Math.round(v)));
  return [
    clamp(from[0] + d[0] * SCROLL_SHARE * screen.width, screen.width),
    clamp(from[1] + d[1] * SCROLL_SHARE * screen.height, screen.height),
  ];
}

function toAction(call: KeywordCall, thought: string, screen: Size, space: CoordinateSpace): ActionCall {
  const at = (key: 'start_box' | 'end_box') => pointOf(call, key, screen, space);
  const swipe = (a: [number, number], b: [number, number]): ActionCall => ({
    name: 'Swipe_by_Coordinate',
    params: { x1: a[0], y1: a[1], x2: b[0], y2: b[1], unit: 'px' },
  });
  const text = (k: string) => (typeof call.kwargs[k] === 'string' ? (call.kwargs[k] as string) : '');
  switch (call.name) {
    case 'click': {
      const [x, y] = at('start_box');
      return { name: 'Click_by_Coordinate', params: { x, y, unit: 'px' } };
    }
    case 'long_press': {
      const [x, y] = at('start_box');
      const seconds = Number(call.kwargs.time) > 0 ? Math.min(10, Math.max(0.3, Number(call.kwargs.time))) : 1;
      return { name: 'Long_Press_by_Coordinate', params: { x, y, seconds, unit: 'px' } };
    }
    case 'scroll': {
      const from = at('start_box');
      const end = call.kwargs.end_box ?? call.kwargs.end_point;
      return swipe(from, end !== undefined ? at('end_box') : scrollEnd(from, text('direction'), screen));
    }
    case 'drag':
      return swipe(at('start_box'), at('end_box'));
    case 'open_app':
      if (!text('app_name').trim()) throw new Error("open_app needs app_name='…'");
      return { name: 'Open_App', params: { app: text('app_name').trim() } };
    case 'press_home':
      return { name: 'Home', params: {} };
    case 'press_back':
      return { name: 'Back', params: {} };
    case 'hotkey':
    case 'press':
      if (/^(enter|return)$/i.test(text('key').trim())) return { name: 'Enter', params: {} };
      throw new Error(`only the Enter key can be pressed on a phone, not ${JSON.stringify(text('key'))}`);
    case 'wait':
      return { name: 'Wait', params: { seconds: WAIT_SECONDS } };
    case 'call_user':
      return { name: 'Ask_User', params: { question: thought || 'The agent needs your help to go on.' } };
    case 'finished': {
      const content = text('content').trim();
      return { name: 'Finish', params: content ? { message: content } : {} };
    }
    default:
      throw new Error(
        `unknown action ${call.name}; use click, long_press, type, scroll, open_app, drag, press_home, press_back, wait or finished`,
      );
  }
}

/** Reads a UI-TARS reply into the shared action space. Pure. */
export function parseTarsReply(text: string, screen: Size, space: CoordinateSpace): ParsedReply<GuiDecision> {
  const parts = splitTarsReply(text);
  if (!parts) return fail('No "Action:" line: answer "Thought: …" then "Action: …".');
  const { thought, action } = parts;
  const written = action.trim();
  const content = /^type\s*\(/.test(written) ? typed(written) : null;
  if (content !== null) {
    const clean = content.replace(/\n+$/, '');
    if (!clean) return fail("type needs some content: type(content='…').");
    const then: ActionCall | undefined = clean !== content ? { name: 'Enter', params: {} } : undefined;
    return {
      ok: true,
      value: { thought, written, action: { name: 'Type', params: { text: clean } }, ...(then ? { then } : {}) },
    };
  }
  const call = parseKeywordCall(written);
  if (!call.ok) return fail(call.error);
  try {
    return { ok: true, value: { thought, written, action: toAction(call.call, thought, screen, space) } };
  } catch (error) {
    return fail(`${written}: ${(error as Error).message}`);
  }
}
