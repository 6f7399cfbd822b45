/**
 * Qwen2.5-VL / Qwen3-VL mobile use: one call of the `mobile_use` function per answer,
 *
 *   <tool_call>
 *   {"name": "mobile_use", "arguments": {"action": "click", "coordinate": [x, y]}}
 *   </tool_call>
 *
 * — in the text, or as `tool_calls` when the server parses function calls itself. Qwen2.5-VL's
 * coordinates are absolute pixels on the screenshot as resized by smart_resize (the size the
 * strategy sends); Qwen3-VL's are relative, 0–1000. The actions map onto the shared space:
 *
 * | mobile_use | shared action |
 * | --- | --- |
 * | `click` (coordinate) | `Click_by_Coordinate` |
 * | `long_press` (coordinate, time) | `Long_Press_by_Coordinate` |
 * | `swipe` (coordinate, coordinate2) | `Swipe_by_Coordinate` |
 * | `type` (text) | `Type` |
 * | `system_button` Back / Home / Enter | `Back` / `Home` / `Enter` (Menu has no counterpart) |
 * | `key` (text: back, home, enter) | `Back` / `Home` / `Enter` |
 * | `open` (text) | `Open_App` |
 * | `wait` (time) | `Wait` (at most 10 s) |
 * | `answer` (text) | `Finish` with the answer |
 * | `terminate` (status success / failure) | `Finish` / `Failed` |
 */
import type { ActionCall } from '../../../../shared/actions.ts';
import type { ToolCall } from '../../../../shared/schemas/llm.ts';
import { extractJson } from '../../../llm/json-extract.ts';
import type { ParsedReply } from '../../../llm/structured.ts';
import { toScreenPoint } from '../gui-native/coordinates.ts';
import type { CoordinateSpace, Size } from '../gui-native/coordinates.ts';
import type { GuiDecision } from '../gui-native/family.ts';
import { readPoint } from '../gui-native/keyword-call.ts';

export const MOBILE_USE = 'mobile_use';

type Args = Record<string, unknown>;

const KEYS: Record<string, ActionCall> = {
  back: { name: 'Back', params: {} },
  home: { name: 'Home', params: {} },
  enter: { name: 'Enter', params: {} },
};

function fail(issue: string): ParsedReply<never> {
  return { ok: false, issues: `- ${issue}` };
}

/** The `mobile_use` call of a reply: `tool_calls`, else the first `<tool_call>` block (or a bare call object). */
function callOf(
  text: string,
  toolCalls: readonly ToolCall[],
): { args: Args; written: string; thought: string } | string {
  const native = toolCalls.find((c) => c.name === MOBILE_USE);
  const block = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/.exec(text);
  const raw = native ? `{"name":"${MOBILE_USE}","arguments":${native.arguments}}` : (block?.[1] ?? text);
  const thought = (block ? text.slice(0, block.index) : native ? text : '').trim();
  const json = extractJson(raw);
  if (!json.ok) return `No <tool_call> with a JSON call of ${MOBILE_USE}: ${json.reason}`;
  const call = json.value as { name?: unknown; arguments?: unknown };
  if (call.name !== undefined && call.name !== MOBILE_USE)
    return `Call ${MOBILE_USE}, not ${JSON.stringify(call.name)}.`;
  const args = (call.arguments && typeof call.arguments === 'object' ? call.arguments : call) as Args;
  return { args, written: JSON.stringify(args), thought };
}

function toAction(args: Args, screen: Size, space: CoordinateSpace): ActionCall {
  const point = (key: 'coordinate' | 'coordinate2') => {
    const p = readPoint(args[key]);
    if (!p) throw new Error(`${String(args.action)} needs "${key}": [x, y]`);
    return toScreenPoint(space, screen, p);
  };
  const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '');
  const seconds = (fallback: number) => (Number(args.time) > 0 ? Number(args.time) : fallback);
  switch (args.action) {
    case 'click': {
      const [x, y] = point('coordinate');
      return { name: 'Click_by_Coordinate', params: { x, y, unit: 'px' } };
    }
    case 'long_press': {
      const [x, y] = point('coordinate');
      return {
        name: 'Long_Press_by_Coordinate',
        params: { x, y, seconds: Math.min(10, Math.max(0.3, seconds(1))), unit: 'px' },
      };
    }
    case 'swipe': {
      const [x1, y1] = point('coordinate');
      const [x2, y2] = point('coordinate2');
      return { name: 'Swipe_by_Coordinate', params: { x1, y1, x2, y2, unit: 'px' } };
    }
    case 'type':
      if (!text('text')) throw new Error('type needs "text"');
      return { name: 'Type', params: { text: text('text') } };
    case 'system_button':
    case 'key': {
      const key = text(args.action === 'key' ? 'text' : 'button')
        .toLowerCase()
        .replace(/^keycode_/, '');
      const action = KEYS[key];
      if (!action) throw new Error(`no ${JSON.stringify(key)} on this phone; use Back, Home or Enter`);
      return action;
    }
    case 'open':
      if (!text('text').trim()) throw new Error('open needs the app\'s name as "text"');
      return { name: 'Open_App', params: { app: text('text').trim() } };
    case 'wait':
      return { name: 'Wait', params: { seconds: Math.min(10, Math.max(0.1, seconds(2))) } };
    case 'answer':
      return { name: 'Finish', params: text('text') ? { message: text('text') } : {} };
    case 'terminate':
      return args.status === 'failure' ? { name: 'Failed', params: {} } : { name: 'Finish', params: {} };
    default:
      throw new Error(
        `unknown action ${JSON.stringify(args.action)}; use click, long_press, swipe, type, system_button, key, open, wait, answer or terminate`,
      );
  }
}

/** Reads a Qwen-VL mobile-use reply into the shared action space. Pure. */
export function parseQwenReply(
  reply: { text: string; toolCalls: readonly ToolCall[] },
  screen: Size,
  space: CoordinateSpace,
): ParsedReply<GuiDecision> {
  const call = callOf(reply.text, reply.toolCalls);
  if (typeof call === 'string') return fail(call);
  try {
    return {
      ok: true,
      value: { thought: call.thought, written: call.written, action: toAction(call.args, screen, space) },
    };
  } catch (error) {
    return fail(`${call.written}: ${(error as Error).message}`);
  }
}
