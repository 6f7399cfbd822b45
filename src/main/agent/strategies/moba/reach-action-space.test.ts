import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { buildActMessages } from './prompts/act.ts';
import { buildPlanMessages } from './prompts/plan.ts';
import type { ScreenForPrompt } from './prompts/common.ts';
import { actReplySchema, planReplySchema } from './replies.ts';
import { reachActionSpace } from '../common/reach-action-space.ts';

const el = (
  index: number,
  className: string,
  text: string,
  attrs: string[],
  bounds: [number, number, number, number] = [0, index * 100, 1080, index * 100 + 90],
): UiElement => ({
  index,
  bounds,
  center: [540, index * 100 + 45],
  text,
  contentDesc: '',
  resourceId: '',
  className,
  packageName: 'p',
  trueAttributes: attrs,
});
const elements = [
  el(1, 'android.widget.Button', 'OK', ['clickable']),
  el(2, 'android.widget.EditText', 'Label', ['clickable', 'focusable']),
  el(3, 'android.widget.ListView', '', ['scrollable'], [0, 300, 1080, 2000]),
];

describe("ReachAgent's action space", () => {
  const space = reachActionSpace(elements);
  it('lists the candidate actions of the screen', () => {
    expect(space.lines).toEqual([
      'Click(1) — "OK"',
      'Click(2) — "Label"',
      'Box_Input(2, "…") — "Label"',
      'Scroll(3, up)',
      'Scroll(3, down)',
      'Scroll(3, left)',
      'Scroll(3, right)',
    ]);
  });
  it('accepts candidates and actions without an element; refuses the rest with the list', () => {
    expect(space.refuse({ name: 'Click', params: { index: 1 } })).toBeNull();
    expect(space.refuse({ name: 'Box_Input', params: { index: 2, text: 'Work' } })).toBeNull();
    expect(space.refuse({ name: 'Scroll', params: { index: 3, direction: 'down', distance: 'medium' } })).toBeNull();
    expect(space.refuse({ name: 'Open_App', params: { app: 'Clock' } })).toBeNull();
    // Four directions on every scrollable element (ReachAgent §4.1); none on what does not scroll.
    expect(space.refuse({ name: 'Scroll', params: { index: 3, direction: 'left', distance: 'medium' } })).toBeNull();
    expect(space.refuse({ name: 'Scroll', params: { index: 1, direction: 'down', distance: 'medium' } })).toMatch(
      /not one of the candidate actions/,
    );
    expect(space.refuse({ name: 'Box_Input', params: { index: 1, text: 'x' } })).toMatch(
      /not one of the candidate actions/,
    );
    expect(space.refuse({ name: 'Click_by_Coordinate', params: { x: 1, y: 1, unit: 'grid' } })).toMatch(
      /not one of the candidate actions/,
    );
    expect(space.refuse({ name: 'Swipe', params: { direction: 'up', distance: 'long' } })).toMatch(
      /not one of the candidate actions/,
    );
  });
  it("MobA's Local Agent with the space: the candidates in its prompt, others refused in the repair round", () => {
    const schema = actReplySchema(new Set([1, 2, 3]), { allowed: space.refuse });
    expect(schema.safeParse({ observation: '', thought: '', can_complete: 'true', action: 'Click(1)' }).success).toBe(
      true,
    );
    const bad = schema.safeParse({ observation: '', thought: '', can_complete: 'true', action: 'Swipe(up, long)' });
    expect(bad.success).toBe(false);
    const screen: ScreenForPrompt = {
      elementsText: '[1] Button "OK"',
      currentApp: null,
      keyboardShown: false,
      width: 1080,
      height: 2400,
      screenshot: null,
      marked: null,
      note: null,
    };
    const act = buildActMessages({
      finalGoal: 'g',
      goal: 'g',
      parentGoal: null,
      completed: [],
      reflections: [],
      feedback: [],
      recentActions: [],
      memories: [],
      screen,
      singleLevel: false,
      candidates: space.lines,
      deviceTime: null,
    });
    expect(JSON.stringify(act)).toContain("## Allowed element actions on this screen (ReachAgent's action space");
    const plan = buildPlanMessages({
      finalGoal: 'g',
      goal: 'g',
      parentGoal: null,
      completed: [],
      planReflection: null,
      failureReflections: [],
      guidance: [],
      memories: [],
      screen,
      reason: 'cannot_complete',
      planning: 'pages',
      deviceTime: null,
    });
    expect(plan[1]!.content).toMatchSnapshot();
    const plain = buildPlanMessages({
      finalGoal: 'g',
      goal: 'g',
      parentGoal: null,
      completed: [],
      planReflection: null,
      failureReflections: [],
      guidance: [],
      memories: [],
      screen,
      reason: 'cannot_complete',
      deviceTime: null,
    });
    expect(JSON.stringify(plain)).not.toContain('page reaching');
  });

  it('page planning: sub-goals not of the form "Reach <page>" or "On <page>: <operation>" send the plan back, naming them', () => {
    const reply = (subgoals: string[]) => ({ observation: 'o', thought: 't', subgoals });
    const pages = planReplySchema('pages');
    expect(
      pages.safeParse(reply(['Reach the alarm editor of the Clock app', 'On the alarm editor: set the label to Work']))
        .success,
    ).toBe(true);
    const bad = pages.safeParse(reply(['Reach the Clock app', 'Add a new alarm', 'On the alarm list set it']));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'page planning: every sub-goal is "Reach <page>" or "On <page>: <operation>"; these are not: "Add a new alarm", "On the alarm list set it"',
    );
    // Free sub-goals are the default.
    expect(planReplySchema().safeParse(reply(['Add a new alarm'])).success).toBe(true);
  });
});
