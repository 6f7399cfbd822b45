import type { ChatMessage } from '../../../../llm/types.ts';
import type { RetrievedMemoryItem } from '../../../ports.ts';
import { memorySection, screenImages, screenSection, section } from './common.ts';
import type { ScreenForPrompt } from './common.ts';

export interface ReflectPromptInput {
  finalGoal: string;
  /** The sub-goal of the action; null without the Plan module (the action is judged against the task). */
  goal: string | null;
  action: string;
  /** The element the action targeted, described, or null. */
  element: string | null;
  /** Who performed it: the agent or the person (take-over, copilot). */
  performedBy: 'agent' | 'person';
  /** The Local Agent's observation and thought when it chose the action (null when it did not, e.g. a person's own step). */
  intent: { observation: string; thought: string } | null;
  before: ScreenForPrompt;
  after: ScreenForPrompt;
  memories: RetrievedMemoryItem[];
}

const SYSTEM = `You are the Global Agent of MobA, a two-level agent that operates an Android phone for a user. Your Reflection module checks the result of an action: compare the screen before and after it and decide
- subgoal_status: "success" when the sub-goal is now achieved, else "failure";
- goal_status: "done" only when the user's whole task is complete (everything it asked for is visible or saved), else "not_done";
- reflection: when it failed, what exactly is wrong or still missing and what to do instead (this guides the next plan); when it succeeded, a short note of what changed.
Judge from the screens, not from the intention. Partial success is failure: say what is missing.

Reply with ONE JSON object and nothing else:
{"observation": "what changed between the screens", "thought": "your reasoning", "subgoal_status": "success" | "failure", "goal_status": "done" | "not_done", "reflection": "…"}`;

/** The Global Agent's Reflection module prompt: before/after screens of one action. */
export function buildReflectMessages(input: ReflectPromptInput): ChatMessage[] {
  const text = [
    section("Final goal (the user's task)", input.finalGoal),
    input.goal === null
      ? section(
          'Note',
          'There are no sub-goals: subgoal_status says whether the action did what it aimed at for the task.',
        )
      : section('Sub-goal of the action', input.goal),
    section(
      'Action performed',
      `${input.action}${input.element ? ` on ${input.element}` : ''}${input.performedBy === 'person' ? ' (performed by the person supervising the agent)' : ''}`,
    ),
    section(
      input.performedBy === 'person'
        ? "The Local Agent's view when it proposed the action"
        : "The Local Agent's view when it chose the action",
      input.intent
        ? [`Observation: ${input.intent.observation}`, `Thought: ${input.intent.thought}`].filter((l) => !/: $/.test(l))
        : null,
    ),
    memorySection(input.memories),
    screenSection('Screen BEFORE the action', input.before),
    screenSection('Screen AFTER the action', input.after),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...screenImages(input.before, 'BEFORE', { marked: false }),
        ...screenImages(input.after, 'AFTER', { marked: false }),
      ],
    },
  ];
}
