/**
 * AutoGLM-Phone as a strategy, laid out as its phone agent keeps a conversation: a system message
 * (the date, the answer format, the operations and the rules), then per step a user message with
 * the screen info (`{"current_app": …}`, the task first) and the screenshot — only the newest
 * keeps its image — and the model's answer as `<think>…</think><answer>…</answer>`. Coordinates
 * are 0–999 over the screen.
 */
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import type { GuiNativeFamily, GuiPromptInput } from '../gui-native/family.ts';
import { AUTOGLM_SPACE, parseGlmReply } from './grammar.ts';

function system(date: string | null): string {
  return `${date ? `Today's date is: ${date}\n` : ''}You are an agent that operates an Android phone to carry out the user's task, one operation at a time, from the history of operations and a screenshot of the current state.
Answer strictly in this format:
<think>{think}</think>
<answer>{action}</answer>

{think}: why this operation, in brief. {action}: one operation, written exactly as below.

Operations:
- do(action="Launch", app="xxx")
    Start an app directly (faster than finding it on the home screen).
- do(action="Tap", element=[x,y])
    Tap a point: buttons, list items, app icons, any control. Coordinates run from (0,0) at the top left to (999,999) at the bottom right.
- do(action="Tap", element=[x,y], message="important operation")
    The same, for a tap that pays, shares private data or cannot be undone.
- do(action="Type", text="xxx")
    Type into the focused input box (tap it first).
- do(action="Swipe", start=[x1,y1], end=[x2,y2])
    Drag a finger from start to end, (0,0)–(999,999): scroll lists, change pages, pull down the notification shade.
- do(action="Long Press", element=[x,y])
    Press and hold a point: context menus, selecting text.
- do(action="Double Tap", element=[x,y])
    Tap a point twice quickly.
- do(action="Back")
    The Back button: the previous screen, or close a dialog.
- do(action="Home")
    The Home button: the home screen.
- do(action="Wait", duration="x seconds")
    Wait for a page to load.
- do(action="Take_over", message="xxx")
    Ask the user to take over, e.g. to log in or pass a verification.
- do(action="Interact")
    Ask the user to choose when several options fit.
- finish(message="xxx")
    End the task; the message is what you tell the user.

Rules:
1. Before anything else, check that the current app is the one the task needs; if not, Launch it.
2. On an unrelated page, go Back; if that does nothing, use the page's own back or close button.
3. If a page has not loaded, Wait at most three times in a row, then go Back and try again.
4. If what you look for is not on the screen, Swipe to look further.
5. Before each operation, check that the previous one took effect; if a tap did nothing, adjust the point and try once more.
6. Before finishing, check that the task is done completely and correctly; fix anything wrong first.`;
}

function screenInfo(currentApp: string | null): string {
  return JSON.stringify({ current_app: currentApp ?? 'System Home' });
}

export function buildGlmMessages(input: GuiPromptInput): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: system(input.deviceTime) }];
  const turnText = (i: number, info: string) => (i === 0 ? `${input.task}\n\n${info}` : `** Screen Info **\n\n${info}`);
  input.history.forEach((turn, i) => {
    messages.push({ role: 'user', content: turnText(i, turn.observation || screenInfo(null)) });
    messages.push({ role: 'assistant', content: `<think>${turn.thought}</think><answer>${turn.written}</answer>` });
  });
  const notes = [
    ...input.feedback.map((f) => `The user says: ${f}`),
    input.lastError ? `The last operation failed: ${input.lastError}` : '',
  ].filter(Boolean);
  const text = turnText(input.history.length, screenInfo(input.currentApp));
  messages.push({
    role: 'user',
    content: [
      { type: 'image', data: input.image.data, mime: input.image.mime, fixedSize: input.image.fixedSize },
      { type: 'text', text: notes.length ? `${text}\n\n${notes.join('\n')}` : text },
    ],
  });
  return messages;
}

export const AUTOGLM: GuiNativeFamily = {
  role: 'AutoGLM',
  purpose: 'autoglm',
  screenshots: 1,
  space: () => AUTOGLM_SPACE,
  observed: (o: Observation) => screenInfo(o.currentApp?.packageName ?? null),
  messages: buildGlmMessages,
  parse: (reply, screen) => parseGlmReply(reply.text, screen),
  repairHint:
    'Answer again in the exact format: <think>why</think><answer>one do(action="…", …) or finish(message="…")</answer>.',
};
