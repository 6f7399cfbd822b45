import { MOBA_ACTION_NAMES, describeActions } from '../../../../../shared/actions.ts';
import type { ChatMessage } from '../../../../llm/types.ts';
import type { RetrievedMemoryItem } from '../../../ports.ts';
import { memorySection, screenImages, screenSection, section } from './common.ts';
import type { ScreenForPrompt } from './common.ts';

export interface ActPromptInput {
  finalGoal: string;
  goal: string;
  parentGoal: string | null;
  completed: string[];
  /** Execution reflections from earlier failed attempts at this sub-goal. */
  reflections: string[];
  /** What the person said when rejecting earlier proposals, or guidance they gave. */
  feedback: string[];
  /** The last few actions of this run with their outcome. */
  recentActions: string[];
  memories: RetrievedMemoryItem[];
  screen: ScreenForPrompt;
  /** Without the Plan module: act toward the final goal and report completion with Finish(). */
  singleLevel: boolean;
  /** The device's date and time, e.g. "2025-06-02 (Monday) 09:00, UTC+08:00"; null when unknown. */
  deviceTime: string | null;
  /** Single level: the previous reply chose no action (it led nowhere and counted against the step limit). */
  previousReplyChoseNoAction?: boolean;
  /** ReachAgent's action space: the only element actions accepted on this screen, written out. */
  candidates?: string[] | null;
}

const SYSTEM_TWO_LEVEL = `You are the Local Agent of MobA, a two-level agent that operates an Android phone for a user.
The Global Agent hands you one sub-goal at a time. For the current sub-goal you decide whether it can be achieved with exactly ONE action on the current screen, and if so you choose that action.

can_complete:
- "true": one action achieves the sub-goal.
- "possibly": one action may achieve it (or it is clearly the first and likely the only step); the action will be executed and checked.
- "false": it needs several actions or another screen first. Give no action; say in your thought what is missing — the Global Agent will split the sub-goal using it.

Rules:
- Element indices are the numbers in the element list and on the marked screenshot; use only indices that exist.
- Prefer system actions, then combination actions, then single actions.
- Box_Input already taps, clears and confirms: do not tap the box first.
- Use Open_App to start an app instead of looking for its icon.
- If the sub-goal asks for information, put the answer in "message" once it is on screen (no action needed).
- Finish() reports only the current sub-goal as done (e.g. it is already achieved on screen); the Global Agent decides when the whole task is done.
- Never invent what is not on the screen.

Reply with ONE JSON object and nothing else:
{"observation": "what on the screen matters for the sub-goal", "thought": "your reasoning", "can_complete": "true" | "possibly" | "false", "action": "Click(3)" or null, "message": null or "answer for the user"}`;

const SYSTEM_SINGLE_LEVEL = `You are an agent that operates an Android phone for a user, one action at a time, until the task is done.
Look at the current screen and choose the next single action that moves the task forward. When the whole task is done, answer with the action Finish() (with the answer for the user if the task asked a question); if it cannot be done, Failed("reason").

Rules:
- Element indices are the numbers in the element list and on the marked screenshot; use only indices that exist.
- Prefer system actions, then combination actions, then single actions.
- Never invent what is not on the screen.

Reply with ONE JSON object and nothing else:
{"observation": "what on the screen matters", "thought": "your reasoning", "can_complete": "true", "action": "Click(3)", "message": null or "answer for the user"}`;

/** The Local Agent's prompt: one sub-goal, the current screen, memory and the action list. */
export function buildActMessages(input: ActPromptInput): ChatMessage[] {
  const system = `${input.singleLevel ? SYSTEM_SINGLE_LEVEL : SYSTEM_TWO_LEVEL}\n\n## Actions\n${describeActions(MOBA_ACTION_NAMES)}`;
  const text = [
    section("Final goal (the user's task)", input.finalGoal),
    section('Date and time on the device', input.deviceTime),
    input.singleLevel
      ? ''
      : section('Parent goal', input.parentGoal && input.parentGoal !== input.finalGoal ? input.parentGoal : null),
    input.singleLevel ? '' : section('Current sub-goal', input.goal),
    section('Already achieved', input.completed),
    section('Recent actions', input.recentActions),
    section('Earlier attempts at this sub-goal failed', input.reflections),
    section('The person supervising you said', input.feedback),
    input.singleLevel && input.previousReplyChoseNoAction
      ? section(
          'Note',
          'Your previous reply chose no action, which did nothing and counted against the step limit. Choose the next action now, or Failed("reason") if the task cannot be done.',
        )
      : '',
    memorySection(input.memories),
    screenSection('Current screen elements', input.screen),
    section(
      "Allowed element actions on this screen (ReachAgent's action space: other element actions are not accepted; Open_App, Back, Home, Enter, Wait, Type, Finish and Failed remain)",
      input.candidates,
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: [{ type: 'text', text }, ...screenImages(input.screen, 'Current screen')] },
  ];
}
