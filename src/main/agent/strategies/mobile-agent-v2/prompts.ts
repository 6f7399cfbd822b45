/**
 * Mobile-Agent-v2's prompts: the decision agent (one action from the screenshot and the
 * perception list), the memory unit (a follow-up turn of the decision chat: what on this screen
 * should be remembered), the reflection agent (before and after: A / B / C) and the planning
 * agent (text only: the task progress). The task's knowledge hint, when given, is in the
 * decision, reflection and planning prompts, as the released prompts carry their `add_info`.
 */
import type { ChatMessage } from '../../../llm/types.ts';
import { section } from '../moba/prompts/common.ts';

export interface ScreenView {
  /** The perception list (`[x, y]; text: "…"` lines). */
  perception: string;
  keyboardShown: boolean;
  width: number;
  height: number;
  screenshot: { data: Uint8Array; mime: 'image/jpeg' | 'image/png' } | null;
}

/** The task's knowledge hint, as the decision, reflection and planning prompts show it. */
const knowledgeSection = (knowledge: string | null | undefined) => section('Hints for this task', knowledge);

export interface DecisionPromptInput {
  task: string;
  /** The task's knowledge hint (`--knowledge`), or null. */
  knowledge: string | null;
  screen: ScreenView;
  /** Operations of the steps that went as expected, oldest first. */
  history: string[];
  progress: string | null;
  memory: string[];
  /** The last step, when its reflection said it failed. */
  lastFailure: { action: string; expectation: string; outcome: 'B' | 'C'; why: string } | null;
  feedback: string[];
}

const keyboardLine = (s: ScreenView) =>
  s.keyboardShown
    ? 'The keyboard is shown: Type() writes into the focused input box.'
    : 'The keyboard is not shown: tap an input box before typing; Type() is not available now.';

const DECISION = `You operate an Android phone for a user, one action at a time, from a screenshot. With the screenshot you get a perception list: each line is a position [x, y] in screen pixels (from the top left) and the text or icon found there.

Actions:
- Open_App("name"): start an app by its name.
- Tap(x, y): tap a position; take it from the perception list.
- Swipe(x1, y1, x2, y2): move a finger from one position to another (to scroll a page, swipe against the direction you want to see).
- Type("text"): type into the focused input box; only when the keyboard is shown.
- Home(): go to the home screen.
- Stop(): the task is complete.

Reply with ONE JSON object and nothing else:
{"thought": "what you see and what to do next", "action": "Tap(540, 1875)", "operation": "one sentence: what this action should achieve"}`;

export function buildDecisionMessages(input: DecisionPromptInput): ChatMessage[] {
  const s = input.screen;
  const text = [
    section('Task', input.task),
    knowledgeSection(input.knowledge),
    section(
      'Operations done so far',
      input.history.length ? input.history.map((h, i) => `${i + 1}. ${h}`) : ['none yet'],
    ),
    section('Task progress', input.progress),
    section('Remembered content', input.memory),
    input.lastFailure
      ? section(
          'Your last operation did not work',
          `${input.lastFailure.action} — meant to ${input.lastFailure.expectation}. ${input.lastFailure.outcome === 'B' ? 'It led to a wrong page, and the agent went back.' : 'Nothing changed on the screen.'} ${input.lastFailure.why} Try another action or other coordinates.`,
        )
      : '',
    section('The person supervising you said', input.feedback),
    section(
      `Screen (${s.width}×${s.height} pixels)`,
      `${s.perception || '(nothing could be read from this screen)'}\n\n${keyboardLine(s)}`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: DECISION },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...(s.screenshot ? [{ type: 'image' as const, data: s.screenshot.data, mime: s.screenshot.mime }] : []),
      ],
    },
  ];
}

const MEMORY_QUESTION = `Before the action runs: is there anything on this screen that the rest of the task will need — a number, a name, a time, a message to repeat later? Answer with ONE JSON object and nothing else:
{"important": "the content, in a sentence"} or {"important": null}`;

/** The memory unit: a follow-up turn of the decision chat. */
export function buildMemoryMessages(decision: ChatMessage[], decisionReply: string): ChatMessage[] {
  return [...decision, { role: 'assistant', content: decisionReply }, { role: 'user', content: MEMORY_QUESTION }];
}

export interface ReflectionPromptInput {
  task: string;
  knowledge: string | null;
  action: string;
  expectation: string;
  before: ScreenView;
  after: ScreenView;
}

const REFLECTION = `You check one action of an agent that operates an Android phone. You get the screen before and after the action (screenshots and perception lists), the action and what it was meant to achieve. Answer with one letter:
- "A": the result is as expected (or a clear step towards it);
- "B": it led to a wrong page; the agent must go back;
- "C": nothing changed on the screen.

Reply with ONE JSON object and nothing else:
{"thought": "what changed and whether it matches the expectation", "answer": "A"}`;

export function buildReflectionMessages(input: ReflectionPromptInput): ChatMessage[] {
  const text = [
    section('Task', input.task),
    knowledgeSection(input.knowledge),
    section('Action', input.action),
    section('Expectation', input.expectation),
    section('Screen BEFORE', `${input.before.perception}\n\n${keyboardLine(input.before)}`),
    section('Screen AFTER', `${input.after.perception}\n\n${keyboardLine(input.after)}`),
  ]
    .filter(Boolean)
    .join('\n');
  const images = [
    ...(input.before.screenshot
      ? [
          { type: 'text' as const, text: 'BEFORE:' },
          { type: 'image' as const, data: input.before.screenshot.data, mime: input.before.screenshot.mime },
        ]
      : []),
    ...(input.after.screenshot
      ? [
          { type: 'text' as const, text: 'AFTER:' },
          { type: 'image' as const, data: input.after.screenshot.data, mime: input.after.screenshot.mime },
        ]
      : []),
  ];
  return [
    { role: 'system', content: REFLECTION },
    { role: 'user', content: [{ type: 'text', text }, ...images] },
  ];
}

export interface PlanningPromptInput {
  task: string;
  knowledge: string | null;
  history: string[];
  progress: string | null;
  memory: string[];
}

const PLANNING = `You keep track of the progress of a task an agent performs on an Android phone. From the task, the operations done so far and the earlier progress note, write what has been completed and what remains, briefly. You see no screen.

Reply with ONE JSON object and nothing else:
{"thought": "…", "completed": "what is done so far, and what remains"}`;

export function buildPlanningMessages(input: PlanningPromptInput): ChatMessage[] {
  const text = [
    section('Task', input.task),
    knowledgeSection(input.knowledge),
    section(
      'Operations done so far',
      input.history.map((h, i) => `${i + 1}. ${h}`),
    ),
    section('Earlier progress note', input.progress),
    section('Remembered content', input.memory),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: PLANNING },
    { role: 'user', content: text },
  ];
}
