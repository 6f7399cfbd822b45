/**
 * The cockpit's live mirror: until the stream's first frame it shows the run's last screenshot
 * with "Connecting…" (never a black box), and a look at another page does not end the session —
 * back on the Run page the picture is there at once.
 */
import type { Page } from '@playwright/test';
import { contractCall, expect, savePanelShot, test } from './fixtures.ts';
import { runModels, startTourRig, stopTourRig, TOUR_TASK, waitForProposal } from './cockpit-helpers.ts';
import type { TourRig } from './cockpit-helpers.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import type { ScriptedServer } from '@moba/testkit';

test.describe.configure({ mode: 'serial' });

let phone: MirrorPhone;
let model: ScriptedServer;
let host: TourRig['host'];
let page: Page;
let runId = '';

test.beforeAll(async ({ browser }) => {
  ({ phone, model, host, page } = await startTourRig(browser, { width: 720, height: 1600, density: 320 }));
});

test.afterAll(async () => {
  await stopTourRig({ phone, model, host, page }, 'live e2e');
});

/** Records, from now on, which of the mirror's placeholders were ever in the page. */
async function watchPlaceholders(): Promise<() => Promise<{ connecting: boolean; placeholder: boolean }>> {
  await page.evaluate(() => {
    const seen = { connecting: false, placeholder: false };
    const look = () => {
      seen.connecting ||= !!document.querySelector('[data-testid="mirror-connecting"]');
      seen.placeholder ||= !!document.querySelector('[data-testid="mirror-placeholder"]');
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    (window as unknown as { __seen: typeof seen }).__seen = seen;
  });
  return () =>
    page.evaluate(() => (window as unknown as { __seen: { connecting: boolean; placeholder: boolean } }).__seen);
}

test('Live shows the last screenshot with "Connecting…" until the first frame, then the stream', async () => {
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'open');
  const started = (await contractCall(page, 'startRun', {
    serial: phone.serial,
    task: TOUR_TASK,
    mode: 'step',
    models: runModels(model.baseUrl),
  })) as { runId: string };
  runId = started.runId;
  await page.goto(`${host.url}#/run/${runId}`);
  await waitForProposal(page, /^Click\(\d+\)$/);
  const seen = await watchPlaceholders();
  await page.locator('[data-tab="screen-live"]').click();
  const view = page.locator('[data-mirror-view]');
  await expect(view).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('mirror-mode')).toHaveText(/^scrcpy · \d+ fps$/);
  await expect(page.getByTestId('mirror-connecting')).toHaveCount(0);
  expect(await seen()).toEqual({ connecting: true, placeholder: true });
  await savePanelShot(page, 'cockpit-live');
});

test('the mirror session outlives a visit to another page: back on Run, the picture is there at once', async () => {
  await page.locator('[data-nav="history"]').click();
  await expect(page.getByTestId('run-list')).toBeVisible();
  // The stream kept running in main while no view showed it.
  const state = (await contractCall(page, 'getMirrorState', {})) as { mirrors: Array<{ serial: string }> };
  expect(state.mirrors.map((m) => m.serial)).toContain(phone.serial);
  const seen = await watchPlaceholders();
  // Back to the run (as its link in History would: no reload).
  await page.evaluate((id) => (location.hash = `#/run/${id}`), runId);
  const view = page.locator('[data-mirror-view]');
  await expect(view).toHaveAttribute('data-drawn', 'true');
  expect(await seen()).toEqual({ connecting: false, placeholder: false });
  // Agent view and back: the same.
  await page.locator('[data-tab="screen-agent"]').click();
  await page.locator('[data-tab="screen-live"]').click();
  await expect(view).toHaveAttribute('data-drawn', 'true');
  expect((await seen()).connecting).toBe(false);
});

test('a request the scripted model has no step for: the run pauses saying how far the script got and how to start it over', async () => {
  await contractCall(page, 'stopRun', { runId });
  await expect(page.getByTestId('run-outcome')).toBeVisible();
  // No retries: the script's answer is the same every time.
  await contractCall(page, 'updateSettings', {
    patch: { models: { default: { baseUrl: model.baseUrl, model: 'scripted', maxRetries: 0 } } },
  });
  const other = (await contractCall(page, 'startRun', {
    serial: phone.serial,
    task: 'Turn on Bluetooth in the Settings app',
    mode: 'auto',
    models: runModels(model.baseUrl),
  })) as { runId: string };
  await page.evaluate((id) => (location.hash = `#/run/${id}`), other.runId);
  const problem = page.getByTestId('model-problem');
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await expect(problem.locator('h3')).toHaveText('The model endpoint answered with an error');
  await expect(problem).toContainText('No script step matches this request');
  await expect(problem).toContainText(/The script is \d+ of \d+ steps in/);
  await expect(problem).toContainText(`curl -X POST ${new URL(model.baseUrl).origin}/__scripted/reset`);
  await savePanelShot(page, 'cockpit-script-ran-out');
  // The reset it names works.
  const reset = await fetch(`${new URL(model.baseUrl).origin}/__scripted/reset`, { method: 'POST' });
  expect(reset.ok).toBe(true);
  await contractCall(page, 'stopRun', { runId: other.runId });
});
