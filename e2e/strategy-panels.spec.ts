/**
 * The strategies in the cockpit, in Chromium against the real web host and a simulated phone:
 * the composer lists every registered strategy with what it sees and its options; a
 * Mobile-Agent-v2 run shows its panel (progress, memory unit, A/B/C outcomes) and a
 * Mobile-Agent-E run its own (plan, sub-goal, notes, Tips, Shortcuts, what the task taught
 * it), live and in the replay. Screenshots of each panel are saved.
 */
import type { Page } from '@playwright/test';
import type { ScriptInput, ScriptedServer } from '@moba/testkit';
import { savePanelShot } from './fixtures.ts';
import { expect, test } from './phone-fixtures.ts';
import { scriptedModel } from '../test/support/scripted-model.ts';
import { startableStrategies } from '../src/shared/strategies.ts';

test.describe.configure({ mode: 'serial' });

let model: ScriptedServer;
let page: Page;

test.beforeAll(async ({ browser }) => {
  model = await scriptedModel({});
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

test.afterAll(async () => {
  await page?.close().catch((e: unknown) => console.warn(`[strategies e2e] closing the page: ${String(e)}`));
  await model?.close();
});

const V2_SCRIPT: ScriptInput = {
  steps: [
    {
      name: 'memory',
      match: { system: 'from a screenshot', user: 'Before the action runs' },
      reply: { important: 'The Clock app lists alarms at 7:00 AM and 8:30 AM.' },
      times: 'always',
    },
    { name: 'captions', match: { system: 'You describe icons' }, reply: { icons: {} }, times: 'always' },
    {
      name: 'select app',
      match: { system: 'You choose which installed Android app to open' },
      reply: { package: 'com.android.deskclock', reason: 'Clock' },
      times: 'always',
    },
    {
      name: 'reflection',
      match: { system: 'You check one action' },
      reply: { thought: 'The Clock app is open.', answer: 'A' },
      times: 'always',
    },
    {
      name: 'planning',
      match: { system: 'You keep track of the progress' },
      reply: { thought: 't', completed: 'The Clock app is open; nothing else was needed.' },
      times: 'always',
    },
    {
      name: 'open',
      match: { system: 'from a screenshot' },
      reply: { thought: 'Open Clock.', action: 'Open_App("Clock")', operation: 'open the Clock app' },
      times: 1,
    },
    {
      name: 'stop',
      match: { system: 'from a screenshot' },
      reply: { thought: 'Done.', action: 'Stop()', operation: 'finish' },
      times: 1,
    },
  ],
};

const E_SCRIPT: ScriptInput = {
  steps: [
    { name: 'captions', match: { system: 'You describe icons' }, reply: { icons: {} }, times: 'always' },
    {
      name: 'select app',
      match: { system: 'You choose which installed Android app to open' },
      reply: { package: 'com.android.deskclock', reason: 'Clock' },
      times: 'always',
    },
    {
      name: 'reflector',
      match: { system: 'You are the Action Reflector' },
      reply: { outcome: 'A', error_description: 'None', progress_status: 'The Clock app is open.' },
      times: 'always',
    },
    {
      name: 'notes',
      match: { system: 'You are the Notetaker' },
      reply: { notes: 'Alarms exist at 7:00 AM and 8:30 AM.' },
      times: 'always',
    },
    {
      name: 'plan',
      match: { system: 'You are the Manager', user: 'Make a plan' },
      reply: { thought: 't', plan: '1. Open the Clock app 2. Check the alarms', current_subgoal: 'Open the Clock app' },
      times: 1,
    },
    {
      name: 'finished',
      match: { system: 'You are the Manager' },
      reply: { thought: 't', plan: '1. Open the Clock app 2. Check the alarms', current_subgoal: 'Finished' },
      times: 1,
    },
    {
      name: 'open',
      match: { system: 'You are the Operator' },
      reply: {
        thought: 't',
        action: { name: 'Open_App', arguments: { app_name: 'Clock' } },
        description: 'open the Clock app',
      },
      times: 1,
    },
    {
      name: 'tips',
      match: { system: 'You improve the long-term tips' },
      reply: { thought: 't', tips: ['The Clock app opens on its Alarm tab.'] },
      times: 1,
    },
    {
      name: 'shortcut',
      match: { system: 'You write shortcuts' },
      reply: {
        thought: 't',
        shortcut: {
          name: 'Open_Clock',
          arguments: [],
          description: 'Open the Clock app.',
          precondition: 'Any screen.',
          steps: [{ action: 'Open_App', arguments: { app_name: 'Clock' } }],
        },
      },
      times: 1,
    },
  ],
};

async function startFromComposer(url: string, strategy: string, task: string): Promise<string> {
  await page.goto(`${url}#/run`);
  const composer = page.getByTestId('composer');
  await expect(composer.locator('select[name="device"] option')).not.toHaveCount(0, { timeout: 30_000 });
  await composer.locator('textarea[name="task"]').fill(task);
  await composer.locator('select[name="strategy"]').selectOption(strategy);
  await composer.locator('select[name="mode"]').selectOption('auto');
  await composer.locator('select[name="profile"]').selectOption('custom');
  await composer.locator('input[name="profile.baseUrl"]').fill(model.baseUrl);
  await composer.locator('input[name="profile.model"]').fill('scripted');
  await composer.locator('[data-action="start-run"]').click();
  await expect(page.getByTestId('run-header')).toBeVisible();
  const runId = (await page.getByTestId('run-header').getAttribute('data-run')) ?? '';
  expect(runId).not.toBe('');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
  return runId;
}

test('the composer lists every registered strategy, what it sees and its options', async ({ phoneHost }) => {
  await page.goto(`${phoneHost.url}#/run`);
  const composer = page.getByTestId('composer');
  const select = composer.locator('select[name="strategy"]');
  await expect(select.locator('option')).toHaveText(startableStrategies().map((s) => s.label));
  await expect(composer.getByTestId('strategy-summary')).toContainText('Global Agent');
  await expect(composer.locator('select[name="actionSpace"]')).toBeVisible();
  await expect(composer.locator('select[name="planning"]')).toBeVisible();
  await expect(composer.locator('[data-action="explore-app"]')).toHaveCount(0);
  await select.selectOption('mobile-agent-v1');
  await expect(composer.getByTestId('strategy-summary')).toContainText('Sees: screenshot, ocr, icons');
  await expect(composer.locator('select[name="actionSpace"]')).toHaveCount(0);
  await select.selectOption('mobile-agent-e');
  await expect(composer.getByTestId('strategy-summary')).toContainText('Manager');
  await expect(composer.getByText('Evolution')).toBeVisible();
  await expect(composer.getByText('Retry without the Manager')).toBeVisible();
  await select.selectOption('appagent');
  await expect(composer.locator('select[name="actionSpace"]')).toBeVisible();
  // AppAgent's exploration: the app to explore and the button beside Start.
  await expect(composer.locator('select[name="explore-app"]')).toHaveValue('clock');
  await expect(composer.locator('[data-action="explore-app"]')).toBeVisible();
  await expect(composer.locator('select[name="planning"]')).toHaveCount(0);
  await savePanelShot(page, 'strategies-composer');
});

test('a Mobile-Agent-v2 run shows its progress, memory unit and outcomes, live and in the replay', async ({
  phoneHost,
  phone,
}) => {
  test.setTimeout(240_000);
  model.setScript(V2_SCRIPT);
  await phone.adb.adb(['-s', phone.serial, 'shell', 'sim-reset']);
  const runId = await startFromComposer(phoneHost.url, 'mobile-agent-v2', 'Open the Clock app');
  const panel = page.locator('[data-testid="strategy-panel"][data-strategy="mobile-agent-v2"]');
  await expect(panel.locator('[data-section="progress"]')).toContainText(
    'The Clock app is open; nothing else was needed.',
  );
  await expect(panel.locator('[data-section="memory-unit"]')).toContainText('alarms at 7:00 AM and 8:30 AM');
  await expect(panel.locator('[data-section="outcomes"] [data-outcome="A"]')).toHaveCount(1);
  await savePanelShot(page, 'strategies-v2-panel');

  await page.goto(`${phoneHost.url}#/history/${runId}/1`);
  await expect(page.getByTestId('replay')).toHaveAttribute('data-ready', 'true');
  const replayPanel = page.locator(
    '[data-panel="replay-tree"] [data-testid="strategy-panel"][data-strategy="mobile-agent-v2"]',
  );
  await expect(replayPanel).toBeVisible();
  await page.locator('body').press('End');
  await expect(replayPanel.locator('[data-section="progress"]')).toContainText('The Clock app is open');
  await expect(replayPanel.locator('[data-section="memory-unit"]')).toContainText('7:00 AM');
  await page.locator('body').press('Home');
  await expect(replayPanel.locator('[data-section="progress"]')).toContainText('No progress noted yet.');
  await savePanelShot(page, 'strategies-v2-replay');
});

test('a Mobile-Agent-E run shows its plan, notes, Tips and Shortcuts, live and in the replay', async ({
  phoneHost,
}) => {
  test.setTimeout(240_000);
  model.setScript(E_SCRIPT);
  const runId = await startFromComposer(phoneHost.url, 'mobile-agent-e', 'Open the Clock app and look at the alarms');
  const panel = page.locator('[data-testid="strategy-panel"][data-strategy="mobile-agent-e"]');
  await expect(panel.locator('[data-section="plan"]')).toContainText('1. Open the Clock app 2. Check the alarms');
  await expect(panel.locator('[data-section="notes"]')).toContainText('Alarms exist at 7:00 AM and 8:30 AM.');
  await expect(panel.locator('[data-section="tips"]')).toContainText('close it before doing anything else');
  await expect(panel.locator('[data-section="shortcuts"] [data-shortcut="Tap_Type_and_Enter"]')).toBeVisible();
  await expect(panel.locator('[data-section="evolved"]')).toContainText('New shortcut Open_Clock');
  await expect(page.getByTestId('task-tree')).toContainText('Open the Clock app');
  await savePanelShot(page, 'strategies-e-panel');

  await page.goto(`${phoneHost.url}#/history/${runId}/1`);
  await expect(page.getByTestId('replay')).toHaveAttribute('data-ready', 'true');
  const replayPanel = page.locator(
    '[data-panel="replay-tree"] [data-testid="strategy-panel"][data-strategy="mobile-agent-e"]',
  );
  await expect(replayPanel.locator('[data-section="plan"]')).toContainText('Open the Clock app');
  await page.locator('body').press('End');
  await expect(replayPanel.locator('[data-section="notes"]')).toContainText('7:00 AM');
  await expect(replayPanel.locator('[data-section="evolved"]')).toContainText('The Clock app opens on its Alarm tab.');
  await savePanelShot(page, 'strategies-e-replay');

  // The evolved experience is memory a person can read and edit.
  await page.goto(`${phoneHost.url}#/memory`);
  await page.locator('button[data-kind="shortcut"]').click();
  await expect(page.locator('main')).toContainText('Open_Clock');
  await page.locator('button[data-kind="tips"]').click();
  await expect(page.locator('main')).toContainText('The Clock app opens on its Alarm tab.');
  await savePanelShot(page, 'strategies-e-memory');
});
