/**
 * Trying MobA Studio without a key, as the README says, more than once: the scripted model
 * server runs the alarm case study in the UI, then `moba run` from a terminal, then the UI
 * again — each run gets the whole script — and answers Settings → Test connection. A run whose
 * endpoint cannot be reached shows its retries, pauses saying what failed, and resumes on
 * another endpoint given right there.
 */
import type { Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { contractCall, expect, savePanelShot, serve, test } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';
import { ALARM_TASK, TOUR_TASK, clockTourScript, runModels } from './cockpit-helpers.ts';
import { startMirrorPhone } from '../test/support/mirror-phone.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import { startScriptedServer } from '@moba/testkit';
import type { ScriptedServer } from '@moba/testkit';

test.describe.configure({ mode: 'serial' });

let phone: MirrorPhone;
let alarm: ScriptedServer;
let host: ServedHost & { stop(): Promise<void> };
let page: Page;

test.beforeAll(async ({ browser }) => {
  phone = await startMirrorPhone({ width: 1080, height: 2400, density: 420 });
  // The README's script, as `moba model-server --script resources/scripts/alarm-case-study.json` serves it.
  alarm = await startScriptedServer({ scriptPath: 'resources/scripts/alarm-case-study.json', port: 0 });
  host = await serve(phone.hostEnv);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

test.afterAll(async () => {
  await page?.close().catch((e: unknown) => console.warn(`[no-key e2e] closing the page: ${String(e)}`));
  await host?.stop().catch((e: unknown) => console.warn(`[no-key e2e] stopping the host: ${String(e)}`));
  await phone?.close().catch((e: unknown) => console.warn(`[no-key e2e] stopping the phone: ${String(e)}`));
  await alarm?.close();
});

/** The alarm case study from the composer, in auto mode on the scripted endpoint, until it ends. */
async function runAlarmInUi(): Promise<void> {
  // The script is written for the phone as seeded (as `adb shell sim-reset` puts it back).
  await phone.phone.reset();
  await page.locator('[data-nav="run"]').click();
  await page.locator('[data-action="new-run"]').or(page.getByTestId('composer')).first().waitFor();
  if (await page.locator('[data-action="new-run"]').count()) await page.locator('[data-action="new-run"]').click();
  const composer = page.getByTestId('composer');
  await composer.locator('textarea[name="task"]').fill(ALARM_TASK);
  await composer.locator('select[name="mode"]').selectOption('auto');
  await composer.locator('select[name="profile"]').selectOption('custom');
  await composer.locator('input[name="profile.baseUrl"]').fill(alarm.baseUrl);
  await composer.locator('input[name="profile.model"]').fill('scripted');
  await composer.locator('[data-action="start-run"]').click();
  await expect(page.getByTestId('run-outcome')).toHaveAttribute('data-status', 'succeeded', { timeout: 180_000 });
}

test('the scripted model answers the alarm case study in the UI, from `moba run`, and in the UI again', async () => {
  test.setTimeout(600_000);
  await page.goto(host.url);
  await runAlarmInUi();
  // The README's terminal command, against the same server (its own data folder).
  const home = mkdtempSync(join(tmpdir(), 'moba-e2e-cli-'));
  try {
    await phone.phone.reset();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        'bin/moba.js',
        'run',
        '--device',
        phone.serial,
        '--mode',
        'auto',
        '--task',
        ALARM_TASK,
        '--base-url',
        alarm.baseUrl,
        '--model',
        'scripted',
      ],
      { env: { ...process.env, ...phone.hostEnv, MOBA_HOME: home }, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
    ).catch((e: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`moba run failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
    });
    expect(stdout).toMatch(/✔ succeeded/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  await runAlarmInUi();
  expect(alarm.requests().filter((r) => r.answeredBy.includes('(script started over)'))).toHaveLength(2);
  expect(alarm.requests().some((r) => r.answeredBy === 'unmatched')).toBe(false);
  await savePanelShot(page, 'no-key-second-run');
  // Settings → Test connection against the same server.
  await page.locator('[data-nav="settings"]').click();
  await page.locator('input[name="default.baseUrl"]').fill(alarm.baseUrl);
  await page.locator('input[name="default.model"]').fill('scripted');
  await page.locator('[data-action="test-default"]').click();
  await expect(page.locator('[data-test-role="default"] .test-ok')).toContainText('“OK”', { timeout: 20_000 });
});

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test('an endpoint that cannot be reached: the retries show, the run pauses saying so, and resumes on another endpoint', async () => {
  test.setTimeout(240_000);
  const tour = await startScriptedServer({ script: clockTourScript(), port: 0 });
  try {
    const dead = `http://127.0.0.1:${await deadPort()}/v1`;
    await phone.phone.keyevent(3);
    const { runId } = (await contractCall(page, 'startRun', {
      serial: phone.serial,
      task: TOUR_TASK,
      mode: 'auto',
      models: runModels(dead),
    })) as { runId: string };
    await page.evaluate((id) => (location.hash = `#/run/${id}`), runId);
    const problem = page.getByTestId('model-problem');
    await expect(problem).toBeVisible({ timeout: 120_000 });
    await expect(problem).toContainText(`Could not reach the model endpoint ${dead}`);
    // It tried again before giving up, and each try was in the run's log.
    const events = (await contractCall(page, 'getRunPage', { runId, from: 0, limit: 5000 })) as {
      events: Array<{ type: string; attempt?: number }>;
    };
    expect(events.events.filter((e) => e.type === 'model_waiting').length).toBeGreaterThanOrEqual(1);
    await expect(problem.locator('input[name="run.baseUrl"]')).toHaveValue(dead);
    await savePanelShot(page, 'cockpit-model-unreachable');
    await problem.locator('input[name="run.baseUrl"]').fill(tour.baseUrl);
    await problem.locator('[data-action="change-endpoint"]').click();
    await expect(page.getByTestId('run-outcome')).toHaveAttribute('data-status', 'succeeded', { timeout: 120_000 });
    expect(tour.requests().length).toBeGreaterThan(0);
  } finally {
    await tour.close();
  }
});
