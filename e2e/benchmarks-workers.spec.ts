/**
 * A sweep from the Benchmarks page, in Chromium against the real web host: the host's queue is
 * set with the local `moba settings set sweep.redisUrl` (a web client may not set it), a real
 * Redis with a password (given to every process as MOBA_REDIS_PASSWORD) runs on a free
 * loopback port, and one `moba worker --phones 1` serves it from its own data folder. The page
 * shows the worker with a fresh heartbeat, starts a two-episode reference benchmark "on the
 * queue", and the host — the coordinator — shows its progress, grid and results as for a local
 * one. Every process is stopped by its pid. The README shows its screenshot (`npm run screenshots`).
 */
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { expect, savePanelShot, serve, test } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';
import { descendants, isRunning, startAdbServer, tempDir } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { MOBA_BIN, mobaCli } from '../test/support/moba-cli.ts';
import type { MobaCli } from '../test/support/moba-cli.ts';
import { startRedis } from '../test/support/redis-server.ts';
import type { PrivateRedis } from '../test/support/redis-server.ts';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'sweep-ui-lab';
const TOKEN = 'sweep-ui-token';

let redis: PrivateRedis;
let adb: PrivateAdbServer;
let host: ServedHost & { stop(): Promise<void> };
let worker: MobaCli | undefined;
let page: Page;
const workerDir = tempDir('moba-e2e-worker-');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  redis = await startRedis({ password: PASSWORD });
  adb = await startAdbServer();
  const queue = `redis://127.0.0.1:${redis.port}/0`;
  const env = {
    ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`,
    MOBA_REDIS_PASSWORD: PASSWORD,
    MOBA_SWEEP_TOKEN: TOKEN,
  };
  host = await serve(env, (dataDir) => {
    execFileSync(process.execPath, [MOBA_BIN, 'settings', 'set', 'sweep.redisUrl', queue], {
      env: { ...process.env, MOBA_HOME: dataDir },
      stdio: 'pipe',
    });
  });
  worker = mobaCli(
    [
      '--data-dir',
      workerDir.path,
      'worker',
      '--redis',
      queue,
      '--phones',
      '1',
      '--name',
      'lab-w1',
      '--serve',
      '127.0.0.1:0',
      '--json',
    ],
    { ...env, MOBA_ADB_AUTOSTART: '0', HOME: adb.home, MOBA_HOME: workerDir.path },
    { closeStdin: true },
  );
  await worker.waitFor((l) => l.ready === true, 180_000);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

test.afterAll(async () => {
  await page?.close().catch((e: unknown) => console.warn(`[workers e2e] closing the page: ${String(e)}`));
  await host?.stop().catch((e: unknown) => console.warn(`[workers e2e] stopping the host: ${String(e)}`));
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
    const pid = worker.child.pid!;
    const kids = descendants(pid);
    worker.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    await Promise.race([worker.exit, new Promise((r) => setTimeout(r, 20_000))]);
    if (worker.child.exitCode === null && worker.child.signalCode === null) process.kill(pid, 'SIGKILL');
    for (const k of kids) if (isRunning(k)) process.kill(k, 'SIGKILL');
  }
  await adb?.dispose().catch((e: unknown) => console.warn(`[workers e2e] stopping adb: ${String(e)}`));
  await redis?.dispose();
  workerDir.dispose();
});

test("the Workers panel shows the queue's worker with a fresh heartbeat", async () => {
  await page.goto(host.url);
  await page.locator('[data-nav="benchmarks"]').click();
  const panel = page.getByTestId('sweep-workers');
  await expect(panel).toContainText(`redis://127.0.0.1:${redis.port}/0`);
  const row = panel.locator('tr[data-worker="lab-w1"]');
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('1 phone, 1 free');
  await expect(row.locator('[data-heartbeat]')).toHaveAttribute('data-heartbeat', 'fresh');
  // The panel reads the queue again: the heartbeat stays fresh while the worker lives.
  await page.waitForTimeout(7_000);
  await expect(row.locator('[data-heartbeat]')).toHaveAttribute('data-heartbeat', 'fresh');
  await expect(page.getByTestId('bench-new')).toContainText('Run on the queue (1 worker)');
});

test('a reference benchmark started on the queue runs on the worker and its results appear here', async () => {
  test.setTimeout(300_000);
  const form = page.getByTestId('bench-new');
  await form.locator('[data-task="clock.timer-minutes"] input').check();
  await form.locator('select[name="bench.config.0.agent"]').selectOption('reference');
  await form.locator('button[aria-label="Remove configuration 2"]').click();
  await form.locator('input[name="bench.seeds"]').fill('2');
  await form.locator('input[name="bench.name"]').fill('Human reference on the lab queue');
  await form.locator('input[name="bench.distributed"]').check();
  await expect(form).toContainText("2 episodes on the queue's workers");
  await page.getByTestId('sweep-workers').scrollIntoViewIfNeeded();
  await savePanelShot(page, 'benchmarks-workers');
  await form.locator('[data-action="start-benchmark"]').click();
  await expect(page).toHaveURL(/#\/benchmarks\/b\d{8}-/);
  const benchmarkId = decodeURIComponent(/#\/benchmarks\/([^/]+)/.exec(page.url())![1]!);
  const progress = page.locator(`[data-testid="bench-progress"][data-benchmark="${benchmarkId}"]`);
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await expect(page.getByTestId('bench-grid').locator('[data-state="passed"]')).toHaveCount(2);
  const human = page.getByTestId('bench-results').locator('tr[data-agent="reference"]');
  await expect(human.locator('[data-metric="cr"]')).toHaveText(/^100\.0/);
  // The worker did them: its announcement counts two finished episodes.
  await page.locator('[data-nav="benchmarks"]').click();
  await expect(page.locator('tr[data-worker="lab-w1"] td.num').first()).toHaveText('2', { timeout: 15_000 });
  await savePanelShot(page, 'benchmarks-workers-after');
});
