/**
 * The memory editor against the real web host: an expert memory imported from a file appears
 * in the list, in "preview retrieval", and in the prompt of the next run's planning call (the
 * model-call inspector names it) — started from the composer with "Approved memories only" on,
 * which the run records and an expert seed passes; editing and deleting; and a demonstration recorded on the
 * phone's screen is saved as a successful route of element-level actions.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, savePanelShot, serve, test } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';
import { startMirrorPhone } from '../test/support/mirror-phone.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import { scriptedModel } from '../test/support/scripted-model.ts';
import type { ScriptedServer } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';

test.describe.configure({ mode: 'serial' });

const TASK = 'Open the Clock app to check the alarms';
/** A phrase only the seed has: the planning prompt carries it only if the memory was retrieved. */
const SEED_MARK = 'expert tip 7731: the Clock icon is on the first launcher page';
const SEED_ID = 'route:seed-open-clock-7731';

const seedFile = {
  format: 'moba-memory',
  version: 1,
  description: 'One expert route for the cockpit e2e test.',
  memories: [
    {
      kind: 'route',
      id: SEED_ID,
      goal: TASK,
      taskGoal: TASK,
      app: 'com.android.deskclock',
      steps: [
        {
          subGoal: `Open the Clock app (${SEED_MARK})`,
          action: 'Click(index of Clock)',
          element: 'TextView "Clock"',
          app: 'com.android.launcher3',
        },
      ],
    },
  ],
};

const script: ScriptInput = {
  models: ['scripted'],
  steps: [
    {
      name: 'act: root',
      match: { system: 'You are the Local Agent of MobA', user: `## Current sub-goal\n${TASK}` },
      reply: {
        observation: 'The launcher.',
        thought: 'Opening the app and checking alarms is more than one action.',
        can_complete: 'false',
        action: null,
      },
      times: 1,
    },
    // Answers only when the expert route is in the planning prompt.
    {
      name: 'plan: with the expert route',
      match: { system: 'Your Plan module', user: SEED_MARK },
      reply: {
        observation: 'The launcher.',
        thought: 'As the expert route says: tap Clock.',
        subgoals: ['Open the Clock app'],
      },
      times: 1,
    },
    {
      name: 'act: open clock',
      match: { system: 'You are the Local Agent of MobA', user: '## Current sub-goal\nOpen the Clock app' },
      reply: {
        observation: 'The launcher shows Clock.',
        thought: 'Tap it.',
        can_complete: 'true',
        action: 'Click({{element:Clock}})',
      },
      times: 1,
    },
    {
      name: 'reflect: done',
      match: { system: 'Your Reflection module' },
      reply: {
        observation: 'The alarms are shown.',
        thought: 'Done.',
        subgoal_status: 'success',
        goal_status: 'done',
        reflection: 'The Clock app shows the alarms.',
      },
      times: 'always',
    },
  ],
};

let phone: MirrorPhone;
let model: ScriptedServer;
let host: ServedHost & { stop(): Promise<void> };
let page: Page;
const dir = mkdtempSync(join(tmpdir(), 'moba-e2e-seed-'));

test.beforeAll(async ({ browser }) => {
  phone = await startMirrorPhone({ width: 1080, height: 2400, density: 420 });
  model = await scriptedModel(script);
  host = await serve(phone.hostEnv);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

test.afterAll(async () => {
  await page?.close().catch((e: unknown) => console.warn(`[cockpit e2e] closing the page: ${String(e)}`));
  await host?.stop().catch((e: unknown) => console.warn(`[cockpit e2e] stopping the host: ${String(e)}`));
  await phone?.close().catch((e: unknown) => console.warn(`[cockpit e2e] stopping the phone: ${String(e)}`));
  await model?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an expert memory imported in the editor shows in the list, in preview retrieval, and in the next run’s prompt', async () => {
  test.setTimeout(300_000);
  await page.goto(`${host.url}#/memory`);
  await expect(page.locator('main')).toContainText('No memories yet');
  await savePanelShot(page, 'cockpit-memory-empty');
  const file = join(dir, 'expert-seed.json');
  writeFileSync(file, JSON.stringify(seedFile));
  await page.getByTestId('memory-import-file').setInputFiles(file);
  await expect(page.getByTestId('memory-notice')).toContainText('1 new');
  const row = page.locator(`[data-testid="memory-list"] [data-memory="${SEED_ID}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('memory-editor')).toHaveAttribute('data-memory', SEED_ID);
  // The route's steps are a table with a labelled column per field; the raw JSON is the advanced view.
  const stepInputs = page.locator('[data-rows="steps"] input');
  await expect(page.locator('[data-rows="steps"] th', { hasText: 'Sub-goal' })).toBeVisible();
  expect((await stepInputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).join('\n')).toContain(
    SEED_MARK,
  );
  await page.locator('label.toggle', { hasText: 'Edit as JSON' }).click();
  await expect(page.locator('textarea[name="memory.json"]')).toHaveValue(new RegExp(SEED_MARK));
  await page.locator('label.toggle', { hasText: 'Edit as JSON' }).click();
  await savePanelShot(page, 'cockpit-memory-editor');
  // Re-importing the same file adds nothing.
  await page.getByTestId('memory-import-file').setInputFiles(file);
  await expect(page.getByTestId('memory-notice')).toContainText('0 new, 0 updated, 1 unchanged');

  await page.locator('[data-action="open-preview"]').click();
  await page.locator('input[name="preview.task"]').fill(TASK);
  await page.locator('[data-action="preview-retrieval"]').click();
  await expect(page.locator(`[data-testid="retrieval-preview"] [data-memory="${SEED_ID}"]`)).toBeVisible();
  await savePanelShot(page, 'cockpit-memory-preview');

  // The next run, with memory on and approved memories only (an expert seed is approved),
  // plans with the expert route in its prompt.
  await page.locator('[data-nav="run"]').click();
  const composer = page.getByTestId('composer');
  await expect(composer.locator('select[name="device"]')).toHaveValue(phone.serial);
  await composer.locator('textarea[name="task"]').fill(TASK);
  await composer.locator('select[name="mode"]').selectOption('auto');
  await composer.locator('select[name="profile"]').selectOption('custom');
  await composer.locator('input[name="profile.baseUrl"]').fill(model.baseUrl);
  await composer.locator('input[name="profile.model"]').fill('scripted');
  const approvedOnly = composer.getByLabel('Approved memories only');
  await expect(approvedOnly).not.toBeChecked();
  // The checkbox is a 1px input under its track: click the toggle as a person does.
  await composer.locator('label.toggle', { hasText: 'Approved memories only' }).click();
  await expect(approvedOnly).toBeChecked();
  await composer.locator('[data-action="start-run"]').click();
  // The run was started with the option: its header reads it back from the stored run.
  await expect(page.getByTestId('run-header')).toContainText('approved memories only');
  await expect(page.getByTestId('run-outcome')).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  const plan = model.requests().find((r) => r.answeredBy.includes('plan: with the expert route'));
  expect(plan, 'the planning request carried the expert memory').toBeDefined();
  expect(JSON.stringify(plan!.body)).toContain(SEED_MARK);
  // The inspector says which memories the planning call was given, and links to them.
  await page.locator('[data-tab="calls"]').click();
  await page.locator('[data-testid="model-calls"] tbody tr', { hasText: 'plan' }).click();
  const memories = page.getByTestId('call-memories');
  await expect(memories).toContainText(SEED_ID);
  await expect(page.getByTestId('call-detail')).toContainText(SEED_MARK);
  await savePanelShot(page, 'cockpit-memory-in-prompt');
  await memories.locator(`a[href$="${encodeURIComponent(SEED_ID)}"]`).click();
  await expect(page.getByTestId('memory-editor')).toHaveAttribute('data-memory', SEED_ID);
});

test('a memory can be edited and deleted', async () => {
  const editor = page.getByTestId('memory-editor');
  const goal = editor.locator('textarea[name="memory.goal"]');
  await goal.fill(`${TASK} (checked by an expert)`);
  await expect(editor).toContainText('Unsaved changes');
  await editor.locator('[data-action="save-memory"]').click();
  await expect(page.getByTestId('memory-notice')).toHaveText(`Saved ${SEED_ID}.`);
  await expect(page.locator(`[data-testid="memory-list"] [data-memory="${SEED_ID}"]`)).toContainText(
    '(checked by an expert)',
  );
  await page.getByTestId('memory-editor').locator('[data-action="delete-memory"]').click();
  await page.locator('[data-action="confirm-delete-memory"]').click();
  await expect(page.locator(`[data-testid="memory-list"] [data-memory="${SEED_ID}"]`)).toHaveCount(0);
});

test('a demonstration performed on the phone’s screen is saved as a route of element-level actions', async () => {
  test.setTimeout(180_000);
  await phone.phone.keyevent(3); // KEYCODE_HOME
  await page.locator('[data-action="open-demo"]').click();
  const demo = page.getByTestId('demo-panel');
  await demo.locator('input[name="demo.task"]').fill('Open the Clock app');
  await demo.locator('[data-action="start-demo"]').click();
  const clock = page.locator('[data-testid="demo-screen"] [data-element-label="Clock"] rect').first();
  await expect(clock).toBeVisible({ timeout: 60_000 });
  await savePanelShot(page, 'cockpit-memory-demo');
  await clock.click({ force: true });
  await expect(page.getByTestId('demo-steps')).toContainText(/Click\(\d+\) on TextView "Clock"/, { timeout: 60_000 });
  await demo.locator('.demo-subgoal').first().fill('Open the Clock app from the launcher');
  await demo.locator('[data-action="save-demo"]').click();
  const editor = page.getByTestId('memory-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await expect(editor).toContainText('expert');
  await expect(editor.locator('textarea[name="memory.goal"]')).toHaveValue('Open the Clock app');
  await expect(editor.locator('input[name="memory.steps.0.subGoal"]')).toHaveValue(
    'Open the Clock app from the launcher',
  );
  await expect(editor.locator('input[name="memory.steps.0.action"]')).toHaveValue(/^Click\(\d+\)$/);
  await expect(editor.locator('input[name="memory.steps.0.element"]')).toHaveValue('TextView "Clock"');
  await savePanelShot(page, 'cockpit-memory-demo-saved');
  // The phone did what was demonstrated.
  await expect
    .poll(async () => (await phone.phone.dumpUi({ compressed: false })).includes('com.android.deskclock'), {
      timeout: 30_000,
    })
    .toBe(true);
});
