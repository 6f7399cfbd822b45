/**
 * Mobile-Agent-E's prompts: the Manager (plan and current sub-goal), the Operator (one atomic
 * action or a Shortcut), the precondition check of a Shortcut, the Action Reflector (A/B/C, what
 * went wrong, the progress), the Notetaker, and after a task the experience reflectors (Tips,
 * a new Shortcut) and the experience retriever.
 */
import type { Shortcut } from '../../../../shared/schemas/strategy.ts';
import type { ChatContentPart, ChatMessage } from '../../../llm/types.ts';
import { section } from '../moba/prompts/common.ts';
import type { ScreenView } from '../mobile-agent-v2/prompts.ts';
import { describeShortcut } from './experience.ts';

export type { ScreenView } from '../mobile-agent-v2/prompts.ts';

const image = (s: ScreenView, label?: string): ChatContentPart[] =>
  s.screenshot
    ? [
        ...(label ? [{ type: 'text' as const, text: label }] : []),
        { type: 'image' as const, data: s.screenshot.data, mime: s.screenshot.mime },
      ]
    : [];

const keyboardLine = (s: ScreenView) => (s.keyboardShown ? 'The keyboard is shown.' : 'The keyboard is not shown.');

/**
 * ` (from run …, gpt-4o, unreviewed)` after a memory a run or a person wrote, so the model (and
 * whoever reads the prompt) can weigh where it came from; nothing for the product's built-in set.
 */
function fromNote(from: string | undefined): string {
  return from ? ` (from ${from})` : '';
}

export interface ManagerPromptInput {
  task: string;
  screen: ScreenView;
  /** Null on the first call: make a plan. */
  plan: string | null;
  previousSubgoal: string | null;
  progress: string | null;
  notes: string | null;
  shortcuts: readonly Shortcut[];
  /** Provenance of learned Shortcuts by name (`provenanceOf`); the built-in ones have none. */
  shortcutsFrom?: Readonly<Record<string, string>>;
  /** Set when the last actions kept failing (escalation). */
  failedAttempts: string[];
  feedback: string[];
}

const MANAGER = `You are the Manager of an agent that operates an Android phone. You keep the plan of the user's task and choose the current sub-goal for the Operator, who performs actions. You see a screenshot of the current screen.

Write the plan as a short numbered list of sub-goals. When the request needs exploring (searching, comparing), make the sub-goals concrete. Shortcuts the Operator can use are listed; a sub-goal may rely on one.
When everything the task asks for is done, answer "Finished" as the current sub-goal.

Reply with ONE JSON object and nothing else:
{"thought": "…", "plan": "1. … 2. …", "current_subgoal": "the next sub-goal, or Finished"}`;

export function buildManagerMessages(input: ManagerPromptInput): ChatMessage[] {
  const text = [
    section('Task', input.task),
    input.plan === null
      ? section('What to do', 'Make a plan for the task and choose the first sub-goal.')
      : section('Current plan', input.plan),
    section('Previous sub-goal', input.previousSubgoal),
    section('Progress', input.progress),
    section('Important notes', input.notes),
    input.plan === null
      ? ''
      : section(
          'What to do',
          'If the previous sub-goal is done, move on to the next one; change the plan if it no longer fits; answer "Finished" when the whole task is done.',
        ),
    input.failedAttempts.length
      ? section('The agent may be stuck: the last attempts failed', [
          ...input.failedAttempts,
          'Revise the plan or the sub-goal so that the Operator can get on.',
        ])
      : '',
    section(
      'Shortcuts',
      input.shortcuts.map(
        (s) =>
          `${s.name}: ${s.description} | Precondition: ${s.precondition}${fromNote(input.shortcutsFrom?.[s.name])}`,
      ),
    ),
    section('The person supervising the agent said', input.feedback),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: MANAGER },
    { role: 'user', content: [{ type: 'text', text }, ...image(input.screen)] },
  ];
}

export interface OperatorPromptInput {
  task: string;
  plan: string;
  subgoal: string;
  progress: string | null;
  screen: ScreenView;
  tips: readonly string[];
  /** Provenance of stored Tips (`provenanceOf`); absent for the built-in ones. */
  tipsFrom?: string;
  /** The task's knowledge hint (`knowledge`), or null: given beside the Tips, where E's released code gives its user-supplied tips. */
  knowledge: string | null;
  notes: string | null;
  shortcuts: readonly Shortcut[];
  /** Provenance of learned Shortcuts by name; the built-in ones have none. */
  shortcutsFrom?: Readonly<Record<string, string>>;
  /** The last actions with their outcome and the reflector's feedback, oldest first. */
  recent: string[];
  /** A hint after the same kind of failure (tapping without effect). */
  hint: string | null;
  feedback: string[];
}

const OPERATOR = `You are the Operator of an agent that operates an Android phone. The Manager gives you the current sub-goal; you choose ONE action for it from the screenshot and the perception list (each line: a position [x, y] in screen pixels and the text or icon there).

Atomic actions:
- Open_App(app_name): open an app by its name.
- Tap(x, y): tap a position.
- Swipe(x1, y1, x2, y2): move a finger from one position to another (to scroll).
- Type(text): type into the focused input box; only when the keyboard is shown.
- Enter(): press Enter.
- Switch_App(): show the recent apps to switch to another one.
- Back(): go back.
- Home(): go to the home screen.
- Wait(): wait for the screen to load.
A Shortcut runs several atomic actions without looking at the screen in between; use one only when its precondition holds on this screen.

Reply with ONE JSON object and nothing else:
{"thought": "…", "action": {"name": "Tap", "arguments": {"x": 540, "y": 1875}}, "description": "what this action should achieve"}`;

export function buildOperatorMessages(input: OperatorPromptInput): ChatMessage[] {
  const s = input.screen;
  const text = [
    section('Task', input.task),
    section('Plan', input.plan),
    section('Progress', input.progress),
    section('Current subgoal', input.subgoal),
    section(`Tips from earlier tasks${fromNote(input.tipsFrom)}`, [...input.tips]),
    section('Hints for this task', input.knowledge),
    section('Important notes', input.notes),
    section(
      'Shortcuts',
      input.shortcuts.map((sc) => `${describeShortcut(sc)}${fromNote(input.shortcutsFrom?.[sc.name])}`),
    ),
    section('Your last actions (outcome A = as expected, B = wrong page, C = no change)', input.recent),
    section('Hint', input.hint),
    section('The person supervising the agent said', input.feedback),
    section(
      `Screen (${s.width}×${s.height} pixels)`,
      `${s.perception || '(nothing could be read from this screen)'}\n\n${keyboardLine(s)}${s.keyboardShown ? '' : ' Type() is not available: tap an input box first.'}`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: OPERATOR },
    { role: 'user', content: [{ type: 'text', text }, ...image(s)] },
  ];
}

const PRECONDITION = `You check whether a shortcut may run on the current screen of an Android phone. A shortcut runs several actions without looking at the screen in between, so its precondition must hold now. Judge only from the screenshot and the perception list.

Reply with ONE JSON object and nothing else:
{"holds": true or false, "reason": "what on the screen shows it"}`;

export function buildPreconditionMessages(input: {
  shortcut: Shortcut;
  args: Record<string, string | number>;
  screen: ScreenView;
}): ChatMessage[] {
  const text = [
    section(
      'Shortcut',
      `${input.shortcut.name}(${Object.entries(input.args)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')}): ${input.shortcut.description}`,
    ),
    section('Precondition', input.shortcut.precondition),
    section('Screen', `${input.screen.perception}\n\n${keyboardLine(input.screen)}`),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: PRECONDITION },
    { role: 'user', content: [{ type: 'text', text }, ...image(input.screen)] },
  ];
}

export interface ActionReflectorPromptInput {
  task: string;
  subgoal: string;
  progress: string | null;
  action: string;
  expectation: string;
  before: ScreenView;
  after: ScreenView;
}

const ACTION_REFLECTOR = `You are the Action Reflector of an agent that operates an Android phone. Compare the screens before and after the last action with what it was meant to achieve, and grade it:
- "A": successful or partly successful;
- "B": failed — it led to a wrong page that needs going back;
- "C": failed — nothing changed.
A swipe that shows new content usually meets its expectation. For B and C, describe what went wrong. Then update the progress of the task.

Reply with ONE JSON object and nothing else:
{"outcome": "A", "error_description": "None, or what went wrong", "progress_status": "what is done so far"}`;

export function buildActionReflectorMessages(input: ActionReflectorPromptInput): ChatMessage[] {
  const text = [
    section('Task', input.task),
    section('Current subgoal', input.subgoal),
    section('Progress before the action', input.progress),
    section('Action', input.action),
    section('Expectation', input.expectation),
    section('Screen BEFORE', `${input.before.perception}\n\n${keyboardLine(input.before)}`),
    section('Screen AFTER', `${input.after.perception}\n\n${keyboardLine(input.after)}`),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: ACTION_REFLECTOR },
    {
      role: 'user',
      content: [{ type: 'text', text }, ...image(input.before, 'BEFORE:'), ...image(input.after, 'AFTER:')],
    },
  ];
}

const NOTETAKER = `You are the Notetaker of an agent that operates an Android phone. Keep the information the rest of the task needs — names, numbers, prices, times, answers — found on the screens so far. Merge the existing notes with what the current screen adds; leave out actions and steps.

Reply with ONE JSON object and nothing else:
{"notes": "the important notes, or None"}`;

export function buildNotetakerMessages(input: {
  task: string;
  plan: string;
  subgoal: string;
  progress: string | null;
  notes: string | null;
  screen: ScreenView;
}): ChatMessage[] {
  const text = [
    section('Task', input.task),
    section('Plan', input.plan),
    section('Current subgoal', input.subgoal),
    section('Progress', input.progress),
    section('Existing notes', input.notes ?? 'None'),
    section('Screen', input.screen.perception),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: NOTETAKER },
    { role: 'user', content: [{ type: 'text', text }, ...image(input.screen)] },
  ];
}

export interface ExperiencePromptInput {
  task: string;
  plan: string | null;
  progress: string | null;
  notes: string | null;
  /** Every action of the task with its description, outcome and feedback, in order. */
  actions: string[];
  tips: readonly string[];
  shortcuts: readonly Shortcut[];
  /** Tasks still to come, when known. */
  futureTasks: string[];
}

const TIPS_REFLECTOR = `You improve the long-term tips of an agent that operates Android phones. From the task just finished — its plan, its actions with their outcomes, what went wrong — update the tips: general lessons that help with future tasks. Keep them short, general (not about this task's details) and merge overlapping ones. Keep the useful existing tips.

Reply with ONE JSON object and nothing else:
{"thought": "…", "tips": ["tip", "tip"]}`;

const SHORTCUT_REFLECTOR = `You write shortcuts for an agent that operates Android phones. A shortcut is a named sequence of atomic actions (Open_App, Tap, Swipe, Type, Enter, Back, Home, Wait) with arguments and a precondition. It runs without looking at the screen between its steps, so write only sequences whose steps always follow each other, and a precondition that says what must be on the screen before it starts. Propose at most one new shortcut that the task just finished shows to be useful, or none. Do not reuse an existing name; a step argument is either one of the shortcut's arguments (by name) or a fixed value.

Reply with ONE JSON object and nothing else:
{"thought": "…", "shortcut": {"name": "Tap_Type_and_Enter", "arguments": ["x", "y", "text"], "description": "…", "precondition": "…", "steps": [{"action": "Tap", "arguments": {"x": "x", "y": "y"}}, {"action": "Type", "arguments": {"text": "text"}}, {"action": "Enter", "arguments": {}}]}} or {"thought": "…", "shortcut": null}`;

function experienceText(input: ExperiencePromptInput, existing: 'tips' | 'shortcuts'): string {
  return [
    section('Task just finished', input.task),
    section('Plan', input.plan),
    section('Progress', input.progress),
    section('Important notes', input.notes),
    section('Actions, outcomes and feedback', input.actions),
    existing === 'tips'
      ? section('Existing tips', [...input.tips])
      : section('Existing shortcuts', input.shortcuts.map(describeShortcut)),
    section('Tasks to come', input.futureTasks),
  ]
    .filter(Boolean)
    .join('\n');
}

export function buildTipsReflectorMessages(input: ExperiencePromptInput): ChatMessage[] {
  return [
    { role: 'system', content: TIPS_REFLECTOR },
    { role: 'user', content: experienceText(input, 'tips') },
  ];
}

export function buildShortcutReflectorMessages(input: ExperiencePromptInput): ChatMessage[] {
  return [
    { role: 'system', content: SHORTCUT_REFLECTOR },
    { role: 'user', content: experienceText(input, 'shortcuts') },
  ];
}

const RETRIEVER = `You choose which of an agent's stored tips and shortcuts are relevant to a new task on an Android phone, so its prompts stay short.

Reply with ONE JSON object and nothing else:
{"tips": [1, 4], "shortcuts": ["Tap_Type_and_Enter"]}`;

export function buildRetrieverMessages(input: {
  task: string;
  tips: readonly string[];
  shortcuts: readonly Shortcut[];
}): ChatMessage[] {
  const text = [
    section('New task', input.task),
    section(
      'Tips (by number)',
      input.tips.map((t, i) => `${i + 1}. ${t}`),
    ),
    section(
      'Shortcuts',
      input.shortcuts.map((s) => `${s.name}: ${s.description}`),
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: RETRIEVER },
    { role: 'user', content: text },
  ];
}
