/**
 * UI-TARS (1.5; the same grammar for UI-TARS-2's phone use) as a strategy. Its layout: one user
 * message with the instructions, the action space and the task; then the history as alternating
 * turns — each earlier screen (the latest few as screenshots) and the model's answer on it — and
 * the current screenshot last. Coordinates are absolute on the screenshot resized by the
 * smart_resize rule (factor 28, 100 to 16384 patches), which is the size the strategy sends it at.
 */
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { ChatContentPart, ChatMessage } from '../../../llm/types.ts';
import { UI_TARS_RESIZE } from '../gui-native/coordinates.ts';
import type { GuiImage, GuiNativeFamily, GuiPromptInput } from '../gui-native/family.ts';
import { parseTarsReply } from './grammar.ts';

/** The action space, in the model's own notation (its grammar, as trained). */
export const TARS_ACTION_SPACE = `click(start_box='<|box_start|>(x1,y1)<|box_end|>')
long_press(start_box='<|box_start|>(x1,y1)<|box_end|>')
type(content='') # End the content with "\\n" to submit what you typed.
scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left')
open_app(app_name='')
drag(start_box='<|box_start|>(x1,y1)<|box_end|>', end_box='<|box_start|>(x3,y3)<|box_end|>')
press_home()
press_back()
wait() # Wait 5 s, then look at the screen again.
call_user() # Ask the user for help when the task cannot go on without them.
finished(content='xxx') # Escape \\', \\" and \\n inside content so it reads as a Python string.`;

function instructions(task: string): string {
  return `You are a GUI agent operating an Android phone. You get a task, the actions you took so far and screenshots of the phone; decide the one next action that moves the task forward.

## Output Format
\`\`\`
Thought: ...
Action: ...
\`\`\`

## Action Space
${TARS_ACTION_SPACE}

## Note
- Use English in \`Thought\` part.
- In \`Thought\` part, plan briefly, then state the next action and the element it targets in one sentence.

## User Instruction
${task}
`;
}

const picture = (image: GuiImage): ChatContentPart => ({
  type: 'image',
  data: image.data,
  mime: image.mime,
  fixedSize: image.fixedSize,
});

/** What the person said and what failed, as a note before the current screenshot. */
function notes(input: GuiPromptInput): string | null {
  const lines = [
    ...input.feedback.map((f) => `The user says: ${f}`),
    input.lastError ? `The last action failed on the phone: ${input.lastError}` : '',
  ].filter(Boolean);
  return lines.length ? lines.join('\n') : null;
}

export function buildTarsMessages(input: GuiPromptInput): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: instructions(input.task) }];
  for (const turn of input.history) {
    if (turn.image) messages.push({ role: 'user', content: [picture(turn.image)] });
    messages.push({ role: 'assistant', content: `Thought: ${turn.thought}\nAction: ${turn.written}` });
  }
  const note = notes(input);
  messages.push({
    role: 'user',
    content: [...(note ? [{ type: 'text' as const, text: note }] : []), picture(input.image)],
  });
  return messages;
}

export const UI_TARS: GuiNativeFamily = {
  role: 'UI-TARS',
  purpose: 'ui-tars',
  // UI-TARS keeps the latest five screenshots in its history.
  screenshots: 5,
  space: () => UI_TARS_RESIZE,
  observed: (_o: Observation) => '',
  messages: buildTarsMessages,
  parse: (reply, screen, space) => parseTarsReply(reply.text, screen, space),
  repairHint: 'Answer again in the exact format: a "Thought: …" line, then one "Action: …" from the action space.',
};
