/**
 * Mobile-Agent v1's prompts: one per step from the screenshot alone (no element list: the
 * agent names text and icons, and OCR and icon regions ground them), a choice among marked
 * crops when a text appears several times or several icons fit, and a last check of the
 * task's requirements before it stops.
 */
import type { ChatContentPart, ChatMessage } from '../../../llm/types.ts';
import { section } from '../moba/prompts/common.ts';

type Image = { data: Uint8Array; mime: 'image/jpeg' | 'image/png' };

export interface V1PromptInput {
  task: string;
  /** The task's knowledge hint (`knowledge`), or null; v1 has one prompt, so it is there. */
  knowledge: string | null;
  screenshot: Image | null;
  keyboardShown: boolean;
  /** Earlier operations with what happened, oldest first. */
  history: string[];
  /** Self-reflection: the last operation did not change the screen, or could not be grounded. */
  reflection: string | null;
  feedback: string[];
}

const SYSTEM = `You operate an Android phone for a user by looking at screenshots. Choose ONE operation per step:
- open App("name"): open an app.
- click text("text"): tap the text shown on the screen (write it exactly as shown).
- click icon("what it looks like", "position"): tap an icon; position is one or two of top, bottom, left, right, center (e.g. "top left").
- type("text"): type into the input box that has focus.
- page up() / page down(): scroll the page.
- back(): go back.
- exit(): go to the home screen.
- stop(): the task is complete.
If an operation did not change the screen, it failed: try another operation or other parameters.

Reply with ONE JSON object and nothing else:
{"observation": "what the screen shows", "thought": "what to do next and why", "action": "click text(\\"OK\\")"}`;

export function buildV1Messages(input: V1PromptInput): ChatMessage[] {
  const text = [
    section('Task', input.task),
    section('Hints for this task', input.knowledge),
    section(
      'Your operations so far',
      input.history.length ? input.history.map((h, i) => `${i + 1}. ${h}`) : ['none yet'],
    ),
    section('Reflection', input.reflection),
    section('The person supervising you said', input.feedback),
    section('Keyboard', input.keyboardShown ? 'shown' : 'not shown'),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...(input.screenshot
          ? [{ type: 'image' as const, data: input.screenshot.data, mime: input.screenshot.mime }]
          : []),
      ],
    },
  ];
}

const CHOOSE = `An agent operating an Android phone wants to tap something that appears in several places. Each image is a part of the screen with one candidate in a red box, numbered in order. Say which candidate is meant.

Reply with ONE JSON object and nothing else:
{"thought": "…", "choice": 1}`;

export function buildChooseMessages(input: {
  task: string;
  intent: string;
  what: 'text' | 'icon';
  query: string;
  crops: Image[];
}): ChatMessage[] {
  const parts: ChatContentPart[] = [
    {
      type: 'text',
      text: [
        section('Task', input.task),
        section('What the agent wants to do', input.intent),
        section(input.what === 'text' ? 'The text to tap' : 'The icon to tap', input.query),
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
  input.crops.forEach((c, i) =>
    parts.push({ type: 'text', text: `Candidate ${i + 1}:` }, { type: 'image', data: c.data, mime: c.mime }),
  );
  return [
    { role: 'system', content: CHOOSE },
    { role: 'user', content: parts },
  ];
}

const FINAL_CHECK = `An agent operating an Android phone is about to stop. Check every requirement of the task against the current screen and the operations done.

Reply with ONE JSON object and nothing else:
{"complete": true, "missing": "what is still missing, or None"}`;

export function buildFinalCheckMessages(input: {
  task: string;
  history: string[];
  screenshot: Image | null;
}): ChatMessage[] {
  const text = [
    section('Task', input.task),
    section(
      'Operations done',
      input.history.map((h, i) => `${i + 1}. ${h}`),
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: FINAL_CHECK },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...(input.screenshot
          ? [{ type: 'image' as const, data: input.screenshot.data, mime: input.screenshot.mime }]
          : []),
      ],
    },
  ];
}
