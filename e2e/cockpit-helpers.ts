/**
 * Shared pieces of the cockpit e2e tests: the scripted model's script for MobA's alarm case
 * study as these tests drive it (with one wrong proposal to edit, one to reject and one to
 * override), and page helpers for waiting on proposals and deciding them with the keyboard.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, serve } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';
import type { ScriptInput, ScriptedServer } from '@moba/testkit';
import { startMirrorPhone } from '../test/support/mirror-phone.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import { scriptedModel } from '../test/support/scripted-model.ts';

export const ALARM_TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';
export const REJECT_FEEDBACK = 'That is 7 on the hour dial. Tap the 6 instead.';

const LOCAL = 'You are the Local Agent of MobA';
const PLAN = 'Your Plan module';
const REFLECT = 'Your Reflection module';

function act(
  goal: string,
  action: string | null,
  options: { thought?: string; can?: 'true' | 'possibly' | 'false'; user?: string } = {},
) {
  return {
    name: `act: ${goal}${options.user ? ' (after feedback)' : ''}`,
    match: { system: LOCAL, user: options.user ?? `## Current sub-goal\n${goal}` },
    reply: {
      observation: `The screen for "${goal}".`,
      thought: options.thought ?? 'One action does it.',
      can_complete: options.can ?? (action ? 'true' : 'false'),
      action,
    },
    times: 1,
  };
}

function plan(goal: string, subgoals: string[], user?: string) {
  return {
    name: `plan: ${goal}`,
    match: { system: PLAN, user: user ?? `## Goal to split\n${goal}` },
    reply: { observation: 'What the screen shows.', thought: 'Split it into single actions.', subgoals },
    times: 1,
  };
}

function reflect(
  goal: string,
  status: 'success' | 'failure' = 'success',
  done = false,
  reflection = 'Done as intended.',
) {
  return {
    name: `reflect: ${goal}`,
    match: { system: REFLECT, user: `## Sub-goal of the action\n${goal}` },
    reply: {
      observation: 'Compared the two screens.',
      thought: 'Checked the result.',
      subgoal_status: status,
      goal_status: done ? 'done' : 'not_done',
      reflection,
    },
    times: 1,
  };
}

/**
 * Case study A of the MobA paper on the simulated phone, as the cockpit test drives it: the
 * model proposes the Stopwatch tab for "Add a new alarm" (the person edits it to the Add alarm
 * button), 7 for the hour (the person rejects it; the next request must carry the feedback,
 * else no step matches and the run fails), AM instead of PM (the person overrides by clicking
 * PM on the screen). Everything else is approved.
 */
export function alarmScript(): ScriptInput {
  const steps = [
    act(ALARM_TASK, null, {
      thought: 'This needs the Clock app, a new alarm, its time, label, vibrate and repeat days.',
    }),
    plan(ALARM_TASK, [
      'Open the Clock app',
      'Add a new alarm',
      'Set the time to 6:30 PM',
      'Set the label to Work',
      'Turn on vibrate',
      'Set the alarm to repeat Monday to Thursday',
    ]),
    act('Open the Clock app', 'Click({{element:Clock}})'),
    reflect('Open the Clock app'),
    act('Add a new alarm', 'Click({{element:Stopwatch}})', { thought: 'A new alarm starts from the tab bar.' }),
    reflect('Add a new alarm'),
    act('Set the time to 6:30 PM', null, { thought: 'The time picker needs the hour, the minutes and PM, then OK.' }),
    plan('Set the time to 6:30 PM', [
      'Select 6 on the hour dial',
      'Select 30 on the minute dial',
      'Choose PM',
      'Confirm the time with OK',
    ]),
    act('Select 6 on the hour dial', 'Click({{element:7}})'),
    act('Select 6 on the hour dial', 'Click({{element:6}})', {
      user: REJECT_FEEDBACK,
      thought: 'The person says 7 was wrong: tap 6.',
    }),
    reflect('Select 6 on the hour dial'),
    act('Select 30 on the minute dial', 'Click({{element:30}})'),
    reflect('Select 30 on the minute dial'),
    act('Choose PM', 'Click({{element:AM}})'),
    reflect('Choose PM'),
    act('Confirm the time with OK', 'Click({{element:OK}})'),
    reflect('Confirm the time with OK'),
    act('Set the label to Work', null, { thought: 'The label is edited in a dialog.' }),
    plan('Set the label to Work', ['Open the label editor', 'Type Work as the label', 'Confirm the label with OK']),
    act('Open the label editor', 'Click({{element:Add label}})'),
    reflect('Open the label editor'),
    act('Type Work as the label', 'Type("Work")'),
    reflect('Type Work as the label'),
    act('Confirm the label with OK', 'Click({{element:OK}})'),
    reflect('Confirm the label with OK'),
    act('Turn on vibrate', 'Click({{element:Vibrate}})'),
    reflect('Turn on vibrate'),
    act('Set the alarm to repeat Monday to Thursday', 'Click({{element:Monday}})', {
      can: 'possibly',
      thought: 'Selecting the days may be enough; Monday first.',
    }),
    reflect(
      'Set the alarm to repeat Monday to Thursday',
      'failure',
      false,
      'Only Monday is selected; Tuesday, Wednesday and Thursday are still missing.',
    ),
    plan(
      'Set the alarm to repeat Monday to Thursday',
      ['Select Tuesday', 'Select Wednesday', 'Select Thursday'],
      'Only Monday is selected',
    ),
    act('Select Tuesday', 'Click({{element:Tuesday}})'),
    reflect('Select Tuesday'),
    act('Select Wednesday', 'Click({{element:Wednesday}})'),
    reflect('Select Wednesday'),
    act('Select Thursday', 'Click({{element:Thursday}})'),
    reflect('Select Thursday', 'success', true),
  ];
  return { description: 'The cockpit e2e run of the alarm case study.', models: ['scripted'], steps };
}

/** Waits until the run waits for approval of a proposal whose text matches, and returns its step id. */
export async function waitForProposal(page: Page, action: RegExp, timeout = 90_000): Promise<string> {
  const card = page.locator('[data-testid="step-card"][data-wait="approve"]');
  await expect(card.locator('[data-testid="proposed-action"]')).toHaveText(action, { timeout });
  return (await card.getAttribute('data-step')) ?? '';
}

/** Approves the waiting step with Enter and waits until it is no longer the one waiting. */
export async function approve(page: Page, action: RegExp): Promise<string> {
  const step = await waitForProposal(page, action);
  await page.locator('body').press('Enter');
  await expect(page.locator(`[data-testid="step-card"][data-step="${step}"]`)).toHaveCount(0, { timeout: 30_000 });
  return step;
}

/** The box of the element whose text (or content description) is `label` on the agent's screen view. */
export function elementOnScreen(page: Page, label: string) {
  return page
    .locator(`[data-testid="agent-screen"] :is([data-element-label="${label}"], [data-element-desc="${label}"]) rect`)
    .first();
}

export const TOUR_TASK = 'Show the stopwatch and then the timer in the Clock app';

/** A short step-mode run on the Clock app: three clicks on elements every screen has, each reflected as done. */
export function clockTourScript(): ScriptInput {
  const goals: Array<[string, string]> = [
    ['Open the Clock app', 'Click({{element:Clock}})'],
    ['Show the stopwatch', 'Click({{element:Stopwatch}})'],
    ['Show the timer', 'Click({{element:Timer}})'],
  ];
  return {
    description: 'A three-step tour of the Clock app for the cockpit e2e tests.',
    models: ['scripted'],
    steps: [
      act(TOUR_TASK, null, { thought: 'Three taps: the app, then two tabs.' }),
      plan(
        TOUR_TASK,
        goals.map(([g]) => g),
      ),
      ...goals.flatMap(([goal, action], i) => [act(goal, action), reflect(goal, 'success', i === goals.length - 1)]),
    ],
  };
}

/** The endpoint for every chat role of a run started through the contract. */
export function runModels(baseUrl: string): Record<string, { baseUrl: string; model: string }> {
  return Object.fromEntries(
    ['planner', 'actor', 'reflector', 'appSelector'].map((r) => [r, { baseUrl, model: 'scripted' }]),
  );
}

/** A mirrored phone, the scripted model on the Clock tour, `moba serve` on the phone and a page. */
export interface TourRig {
  phone: MirrorPhone;
  model: ScriptedServer;
  host: ServedHost & { stop(): Promise<void> };
  page: Page;
}

export async function startTourRig(
  browser: Browser,
  screen: { width: number; height: number; density: number },
): Promise<TourRig> {
  const phone = await startMirrorPhone(screen);
  const model = await scriptedModel(clockTourScript());
  const host = await serve(phone.hostEnv);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  return { phone, model, host, page };
}

/** Stops what `startTourRig` started, saying (under `label`) what failed to stop. */
export async function stopTourRig(rig: Partial<TourRig>, label: string): Promise<void> {
  await rig.page?.close().catch((e: unknown) => console.warn(`[${label}] closing the page: ${String(e)}`));
  await rig.host?.stop().catch((e: unknown) => console.warn(`[${label}] stopping the host: ${String(e)}`));
  await rig.phone?.close().catch((e: unknown) => console.warn(`[${label}] stopping the phone: ${String(e)}`));
  await rig.model?.close();
}
