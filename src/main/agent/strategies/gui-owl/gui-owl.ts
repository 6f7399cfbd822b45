/**
 * GUI-Owl (Mobile-Agent-v3) as a strategy, laid out as its mobile agent asks it: the system
 * message describes Qwen's `mobile_use` function at the resolution of the resized screenshot;
 * each step is one user message with the task, the task progress — the conclusions of the steps
 * done so far ("Step 1: …; Step 2: …;") — the request to think in `<thinking>` before the call
 * and conclude in `<conclusion>` after it, and the current screenshot. The screenshot is resized
 * by smart_resize with GUI-Owl's bounds (factor 28, 4 to 12800 patches) and the model points in
 * its pixels.
 */
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import { GUI_OWL_RESIZE, imageSizeFor } from '../gui-native/coordinates.ts';
import type { GuiNativeFamily, GuiPromptInput, GuiTurn } from '../gui-native/family.ts';
import { MOBILE_USE } from '../qwen-vl/grammar.ts';
import { mobileUseSystem } from '../qwen-vl/qwen-vl.ts';
import { conclusionOf, parseOwlReply } from './grammar.ts';

/** The task progress: each earlier step by its conclusion (by its call when it gave none), on one line. */
export function owlProgress(history: readonly GuiTurn[]): string {
  return history
    .map((t, i) => {
      const said = conclusionOf(t.written) ?? t.written.replace(/<conclusion>[\s\S]*$/, '').trim();
      return `Step ${i + 1}: ${said.replace(/\n/g, ' ').replace(/"/g, '')}; `;
    })
    .join('');
}

export function buildOwlMessages(input: GuiPromptInput): ChatMessage[] {
  const size = imageSizeFor(input.space, input.screen);
  const notes = [
    ...input.feedback.map((f) => `The user says: ${f}`),
    input.lastError ? `The last operation failed on the device: ${input.lastError}` : '',
  ].filter(Boolean);
  const text = [
    `The user query: ${input.task}`,
    `Task progress (operations you have already done on this device): ${owlProgress(input.history) || 'none yet.'}`,
    ...notes,
    'Before the call, reason step by step inside <thinking></thinking> tags, placed before the <tool_call></tool_call> tags.',
    'After the call, sum up the operation in one sentence inside <conclusion></conclusion> tags, placed after the <tool_call></tool_call> tags.',
  ].join('\n');
  return [
    { role: 'system', content: mobileUseSystem(size) },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        { type: 'image', data: input.image.data, mime: input.image.mime, fixedSize: input.image.fixedSize },
      ],
    },
  ];
}

export const GUI_OWL: GuiNativeFamily = {
  role: 'GUI-Owl',
  purpose: 'gui-owl',
  screenshots: 1,
  space: () => GUI_OWL_RESIZE,
  observed: (_o: Observation) => '',
  messages: buildOwlMessages,
  parse: (reply, screen, space) => parseOwlReply(reply, screen, space),
  repairHint: `Answer again as <thinking>why</thinking> then exactly one <tool_call>{"name": "${MOBILE_USE}", "arguments": {…}}</tool_call> then <conclusion>the operation in one sentence</conclusion>.`,
};
