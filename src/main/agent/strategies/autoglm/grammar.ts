/**
 * AutoGLM-Phone's answer grammar: its reasoning in `<think>…</think>` (which the model gateway
 * keeps apart as reasoning, never parsed), then one line of pseudo-code in `<answer>…</answer>`:
 *
 *   do(action="Tap", element=[x,y])        finish(message="…")
 *
 * Points are relative, 0–999 over the screen, and become pixels as AutoGLM's own code does it:
 * `int(x / 1000 * width)`. The actions map onto the shared space:
 *
 * | AutoGLM | shared action |
 * | --- | --- |
 * | `Launch` (app) | `Open_App` |
 * | `Tap` (element[, message]) | `Click_by_Coordinate` (the message — "a sensitive operation" — goes into the thought; guarded mode's rules decide the gate) |
 * | `Type` / `Type_Name` (text) | `Type` (AutoGLM clears the field first; MobA Studio types into it as it is) |
 * | `Swipe` (start, end) | `Swipe_by_Coordinate` |
 * | `Long Press` (element) | `Long_Press_by_Coordinate`, 3 s as AutoGLM holds |
 * | `Double Tap` (element) | `Double_Click_by_Coordinate` |
 * | `Back` / `Home` | `Back` / `Home` |
 * | `Wait` (duration "x seconds") | `Wait` (at most 10 s) |
 * | `Take_over` (message), `Interact` | `Ask_User` |
 * | `finish` (message) | `Finish` with the message |
 */
import type { ActionCall } from '../../../../shared/actions.ts';
import type { ParsedReply } from '../../../llm/structured.ts';
import { toScreenPoint } from '../gui-native/coordinates.ts';
import type { CoordinateSpace, Size } from '../gui-native/coordinates.ts';
import type { GuiDecision } from '../gui-native/family.ts';
import { parseKeywordCall, readPoint } from '../gui-native/keyword-call.ts';
import type { KeywordCall } from '../gui-native/keyword-call.ts';

/** AutoGLM's coordinates: 0–999, read as thousandths of the screen and truncated. */
export const AUTOGLM_SPACE: CoordinateSpace = { kind: 'relative', scale: 1000, floor: true };

/** How long AutoGLM holds a long press. */
export const AUTOGLM_LONG_PRESS_S = 3;

function fail(issue: string): ParsedReply<never> {
  return { ok: false, issues: `- ${issue}` };
}

/** The operation line and any thought before it (when the model wrote no `<think>` block). */
export function splitAnswer(text: string): { thought: string; code: string } | null {
  const tagged = /<answer>([\s\S]*?)(?:<\/answer>|$)/.exec(text);
  if (tagged) return { thought: text.slice(0, tagged.index).trim(), code: tagged[1]!.trim() };
  const at = text.search(/\b(?:do|finish)\s*\(/);
  if (at < 0) return null;
  return { thought: text.slice(0, at).trim(), code: text.slice(at).trim() };
}

function toAction(call: KeywordCall, screen: Size): ActionCall {
  const k = call.kwargs;
  const point = (key: string) => {
    const p = readPoint(k[key]);
    if (!p) throw new Error(`${String(k.action)} needs ${key}=[x,y]`);
    return toScreenPoint(AUTOGLM_SPACE, screen, p);
  };
  const text = (key: string) => (typeof k[key] === 'string' ? (k[key] as string) : '');
  switch (k.action) {
    case 'Launch':
      if (!text('app').trim()) throw new Error('Launch needs app="…"');
      return { name: 'Open_App', params: { app: text('app').trim() } };
    case 'Tap': {
      const [x, y] = point('element');
      return { name: 'Click_by_Coordinate', params: { x, y, unit: 'px' } };
    }
    case 'Type':
    case 'Type_Name':
      if (!text('text')) throw new Error(`${k.action} needs text="…"`);
      return { name: 'Type', params: { text: text('text') } };
    case 'Swipe': {
      const [x1, y1] = point('start');
      const [x2, y2] = point('end');
      return { name: 'Swipe_by_Coordinate', params: { x1, y1, x2, y2, unit: 'px' } };
    }
    case 'Long Press': {
      const [x, y] = point('element');
      return { name: 'Long_Press_by_Coordinate', params: { x, y, seconds: AUTOGLM_LONG_PRESS_S, unit: 'px' } };
    }
    case 'Double Tap': {
      const [x, y] = point('element');
      return { name: 'Double_Click_by_Coordinate', params: { x, y, unit: 'px' } };
    }
    case 'Back':
      return { name: 'Back', params: {} };
    case 'Home':
      return { name: 'Home', params: {} };
    case 'Wait': {
      const seconds = Number.parseFloat(String(k.duration ?? '1'));
      return { name: 'Wait', params: { seconds: Number.isFinite(seconds) ? Math.min(10, Math.max(0.1, seconds)) : 1 } };
    }
    case 'Take_over':
      return {
        name: 'Ask_User',
        params: { question: text('message') || 'Please take over: log in or pass the check.' },
      };
    case 'Interact':
      return {
        name: 'Ask_User',
        params: { question: text('message') || 'Several options fit: which one do you want?' },
      };
    default:
      throw new Error(
        `unknown action ${JSON.stringify(k.action)}; use Launch, Tap, Type, Swipe, Long Press, Double Tap, Back, Home, Wait, Take_over or Interact`,
      );
  }
}

/** Reads an AutoGLM answer (its `<think>` already set apart) into the shared action space. Pure. */
export function parseGlmReply(text: string, screen: Size): ParsedReply<GuiDecision> {
  const parts = splitAnswer(text);
  if (!parts)
    return fail('No operation: answer <answer>do(action="…", …)</answer> or <answer>finish(message="…")</answer>.');
  const written = parts.code;
  const call = parseKeywordCall(written);
  if (!call.ok) return fail(call.error);
  const { name, kwargs } = call.call;
  if (name === 'finish') {
    const message = typeof kwargs.message === 'string' ? kwargs.message.trim() : '';
    return {
      ok: true,
      value: { thought: parts.thought, written, action: { name: 'Finish', params: message ? { message } : {} } },
    };
  }
  if (name !== 'do') return fail(`${written}: write do(action="…", …) or finish(message="…"), not ${name}(…)`);
  try {
    const action = toAction(call.call, screen);
    const note = typeof kwargs.message === 'string' && kwargs.action === 'Tap' ? `(sensitive: ${kwargs.message}) ` : '';
    return { ok: true, value: { thought: `${note}${parts.thought}`.trim(), written, action } };
  } catch (error) {
    return fail(`${written}: ${(error as Error).message}`);
  }
}
