import { MOBA_ACTION_NAMES, describeActions } from '../../../../../shared/actions.ts';
import type { ChatMessage } from '../../../../llm/types.ts';
import type { RetrievedMemoryItem } from '../../../ports.ts';
import { memorySection, screenImages, screenSection, section } from './common.ts';
import type { ScreenForPrompt } from './common.ts';

export interface PlanPromptInput {
  finalGoal: string;
  goal: string;
  parentGoal: string | null;
  completed: string[];
  /** Why the Local Agent could not do it in one action (its plan reflection). */
  planReflection: string | null;
  /** Why the last attempt failed (execution reflections), for a re-split after a failure. */
  failureReflections: string[];
  /** Guidance from the person. */
  guidance: string[];
  memories: RetrievedMemoryItem[];
  screen: ScreenForPrompt;
  /** The device's date and time, e.g. "2025-06-02 (Monday) 09:00, UTC+08:00"; null when unknown. */
  deviceTime: string | null;
  reason: 'cannot_complete' | 'reflection_failed' | 'escalation' | 'requested';
  /** `pages`: ReachAgent's decomposition into page-reaching and page-operation sub-goals. */
  planning?: 'subgoals' | 'pages';
}

const PAGES = `Write every sub-goal as one of two kinds, in this form:
- "Reach <page>": get to a named page or screen of an app, by any path (e.g. "Reach the alarm editor of the Clock app");
- "On <page>: <operation>": do one thing on the page that is on screen then (e.g. "On the alarm editor: set the label to Work").
Reach a page before operating on it.`;

const SYSTEM = `You are the Global Agent of MobA, a two-level agent that operates an Android phone for a user. Your Plan module splits a goal that cannot be done in one action into an ordered list of smaller sub-goals.

Rules for sub-goals:
- Each sub-goal should be achievable with a single action where possible (tap something, type into a field, scroll, open an app).
- Write them in plain language from what is on the current screen; no element indices.
- Only what is still needed: do not repeat what is already achieved; start from the current screen.
- When an earlier attempt failed, plan only what is missing or must be corrected.
- Between 1 and 8 sub-goals, in the order they must be done.

Reply with ONE JSON object and nothing else:
{"observation": "what the current screen shows that matters", "thought": "how the goal breaks down and why", "subgoals": ["first sub-goal", "second sub-goal"]}`;

const REASONS: Record<PlanPromptInput['reason'], string> = {
  cannot_complete: 'The Local Agent found that this goal needs more than one action.',
  reflection_failed: 'An action for this goal did not achieve it. Plan what is still needed on the current screen.',
  escalation:
    'Planning at a lower level kept failing; plan this goal again from the current screen, possibly differently.',
  requested: 'The person asked for a new plan of this goal.',
};

/** The Global Agent's Plan module prompt. */
export function buildPlanMessages(input: PlanPromptInput): ChatMessage[] {
  const text = [
    section("Final goal (the user's task)", input.finalGoal),
    section('Date and time on the device', input.deviceTime),
    section('Parent goal', input.parentGoal && input.parentGoal !== input.finalGoal ? input.parentGoal : null),
    section('Goal to split', input.goal),
    section('Why a plan is needed', REASONS[input.reason]),
    input.planning === 'pages' ? section('Decomposition: page reaching and page operation', PAGES) : '',
    section('Already achieved', input.completed),
    section("The Local Agent's assessment", input.planReflection),
    section('What went wrong before', input.failureReflections),
    section('Guidance from the person supervising you', input.guidance),
    memorySection(input.memories),
    screenSection('Current screen elements', input.screen),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    // The action set the sub-goals are planned for (MobA's Eq. 1: the plan is conditioned on it).
    {
      role: 'system',
      content: `${SYSTEM}\n\n## Actions the Local Agent can take\n${describeActions(MOBA_ACTION_NAMES)}`,
    },
    { role: 'user', content: [{ type: 'text', text }, ...screenImages(input.screen, 'Current screen')] },
  ];
}
