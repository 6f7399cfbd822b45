/**
 * AppAgent's one prompt per step: the task, the summary of past actions the model wrote last
 * time, the tagged screenshot, the element list (with documentation learned from
 * demonstrations), and its action language. In grid mode the screenshot carries numbered areas
 * instead of element tags.
 */
import type { ChatMessage } from '../../../llm/types.ts';
import { section } from '../moba/prompts/common.ts';
import type { ScreenForPrompt } from '../moba/prompts/common.ts';

export interface AppAgentPromptInput {
  task: string;
  /** The summary of the previous step (what has been done so far), or null at the start. */
  lastSummary: string | null;
  /** What the supervising person said (rejections, guidance). */
  feedback: string[];
  /** Why the last step failed, when it did. */
  lastError: string | null;
  screen: ScreenForPrompt;
  /** Element tag → documentation lines. */
  docs: ReadonlyMap<number, readonly string[]>;
  /** Grid mode: the areas instead of the element tags. */
  grid: { cols: number; rows: number } | null;
  /** ReachAgent's action space: the only actions allowed, already written in this language. */
  candidates: string[] | null;
  /** AppAgent's exploration phase: the agent explores the app for the task to learn its elements. */
  explore?: boolean;
}

const SYSTEM = `You operate an Android phone to complete a user's task, one action per step. You see a screenshot of the current screen in which every interactive element carries a numeric tag, and a list naming each tag.

Actions (write exactly one):
- tap(element): tap the element with this tag, e.g. tap(5).
- text("words"): type into the input field that has focus (tap the field first, so the keyboard is up).
- long_press(element): press and hold the element.
- swipe(element, direction, distance): move a finger from the element's centre; direction is up, down, left or right; distance is short, medium or long. To see more of a list below, swipe up.
- grid(): when no tag marks what you need, ask for a numbered grid over the screen instead of the tags.
- FINISH: the task is complete.

Reply with ONE JSON object and nothing else:
{"observation": "what you see that matters", "thought": "what to do next and why", "action": "tap(5)", "summary": "what has been done so far, this action included"}`;

const SYSTEM_GRID = `You operate an Android phone to complete a user's task, one action per step. The screenshot is covered by a grid of numbered square areas. Each area has nine sub-areas: center, top-left, top, top-right, left, right, bottom-left, bottom, bottom-right.

Actions (write exactly one):
- tap(area, "subarea"): tap a point, e.g. tap(12, "center").
- long_press(area, "subarea"): press and hold a point.
- swipe(start_area, "start_subarea", end_area, "end_subarea"): move a finger from one point to another.
- FINISH: the task is complete.

Reply with ONE JSON object and nothing else:
{"observation": "what you see that matters", "thought": "what to do next and why", "action": "tap(12, \\"center\\")", "summary": "what has been done so far, this action included"}`;

const EXPLORE_INTRO = `You are exploring an Android app to learn how its UI elements work, by trying to complete a task in it yourself, one action per step. After each action your action is judged and what the element does is written down for later tasks, so act on elements whose function you can learn from. You see a screenshot of the current screen in which every interactive element carries a numeric tag, and a list naming each tag.`;

/** The system prompt: the exploration intro replaces the first paragraph while exploring. */
function systemPrompt(input: AppAgentPromptInput): string {
  if (input.grid) return SYSTEM_GRID;
  if (!input.explore) return SYSTEM;
  return `${EXPLORE_INTRO}${SYSTEM.slice(SYSTEM.indexOf('\n\n'))}`;
}

/** AppAgent's step prompt. */
export function buildAppAgentMessages(input: AppAgentPromptInput): ChatMessage[] {
  const s = input.screen;
  const lines = s.elementsText
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^\[(\d+)\]/.exec(line);
      const docs = m ? input.docs.get(Number(m[1])) : undefined;
      return docs?.length ? `${line}\n    docs: ${docs.join(' ')}` : line;
    });
  const text = [
    section('Task', input.task),
    section('Summary of your past actions', input.lastSummary ?? 'Nothing done yet.'),
    section('The last action failed', input.lastError),
    section('The person supervising you said', input.feedback),
    `## Screen\nApp: ${s.currentApp ?? 'unknown'} · keyboard ${s.keyboardShown ? 'shown' : 'hidden'} · screen ${s.width}×${s.height}\n`,
    input.grid
      ? section(
          'Grid',
          `${input.grid.cols} columns × ${input.grid.rows} rows; areas numbered from 1, row by row from the top left.`,
        )
      : section('Tagged elements', lines.length ? lines.join('\n') : '(no interactive elements; use grid())'),
    section('Allowed actions on this screen (nothing else will be accepted)', input.candidates),
  ]
    .filter(Boolean)
    .join('\n');
  const image = s.marked ?? s.screenshot;
  return [
    { role: 'system', content: systemPrompt(input) },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        ...(image
          ? [
              {
                type: 'text' as const,
                text: input.grid ? 'The screen with the numbered grid:' : 'The screen with element tags:',
              },
              { type: 'image' as const, data: image.data, mime: image.mime },
            ]
          : []),
      ],
    },
  ];
}
