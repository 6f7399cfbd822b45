/**
 * GUI-Owl (Mobile-Agent-v3) answers in three parts, in this order:
 *
 *   <thinking>
 *   why this operation
 *   </thinking>
 *   <tool_call>
 *   {"name": "mobile_use", "arguments": {"action": "click", "coordinate": [x, y]}}
 *   </tool_call>
 *   <conclusion>
 *   the operation in one sentence
 *   </conclusion>
 *
 * The call is Qwen-VL's `mobile_use` function (read by the same parser, so the actions map onto
 * the shared space as in `qwen-vl/grammar.ts`), with points in pixels of the screenshot as
 * resized for GUI-Owl. `<think>` is taken for `<thinking>`. The conclusion is what the next
 * prompts' task progress lists ("Step 1: …"); a reply without one is listed by its call.
 */
import type { ToolCall } from '../../../../shared/schemas/llm.ts';
import type { ParsedReply } from '../../../llm/structured.ts';
import type { CoordinateSpace, Size } from '../gui-native/coordinates.ts';
import type { GuiDecision } from '../gui-native/family.ts';
import { parseQwenReply } from '../qwen-vl/grammar.ts';

const THINKING = /<(thinking|think)>([\s\S]*?)<\/\1>/;
const CONCLUSION = /<conclusion>([\s\S]*?)(?:<\/conclusion>|$)/;

/** The conclusion a written answer carries, if any. */
export function conclusionOf(written: string): string | null {
  const c = CONCLUSION.exec(written)?.[1]?.trim();
  return c ? c : null;
}

/** Reads a GUI-Owl reply into the shared action space. Pure. */
export function parseOwlReply(
  reply: { text: string; toolCalls: readonly ToolCall[] },
  screen: Size,
  space: CoordinateSpace,
): ParsedReply<GuiDecision> {
  const thinking = THINKING.exec(reply.text);
  const conclusion = conclusionOf(reply.text);
  const call = reply.text.replace(THINKING, '').replace(CONCLUSION, '');
  const r = parseQwenReply({ text: call, toolCalls: reply.toolCalls }, screen, space);
  if (!r.ok) return r;
  const thought = thinking?.[2]?.trim() || r.value.thought;
  const written = conclusion ? `${r.value.written}\n<conclusion>${conclusion}</conclusion>` : r.value.written;
  return { ok: true, value: { ...r.value, thought, written } };
}
