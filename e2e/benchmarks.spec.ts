/**
 * The Benchmarks page as a researcher uses it, in Chromium against the real web host and its
 * adb server: pick four built-in tasks of three categories, see the MobA Table 4 preset fill in
 * its six rows, then three configurations (the human reference, MobA without Plan and Memory
 * driven by the scripted model, and the no-op calibration agent), start the benchmark on two
 * simulated phones, watch its progress and episode grid, read the results (MS / CR / EE / SS /
 * TE with intervals, per category), the paired difference of the human and MobA, and open an
 * episode's replay at the step that mattered. The README shows its screenshots (`npm run screenshots` copies them into docs/).
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contractCall, downloadReport as downloadPageReport, expect, savePanelShot, serve, test } from './fixtures.ts';
import { checkLayout } from './layout.ts';
import type { ServedHost } from './fixtures.ts';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import type { ScriptedServer } from '@moba/testkit';
import { scriptedModel } from '../test/support/scripted-model.ts';
import { BENCH_MOBA_SCRIPT } from '../test/support/bench-scripts.ts';

test.describe.configure({ mode: 'serial' });

// The built-in suite as its files list it: the form shows every task, and a category its own.
const SUITE = join(import.meta.dirname, '..', 'resources', 'benchmark', 'suite');
const suiteCount = (category?: string): number =>
  (category ? [category] : readdirSync(SUITE)).reduce(
    (n, c) => n + readdirSync(join(SUITE, c)).filter((f) => f.endsWith('.json')).length,
    0,
  );

// The tasks BENCH_MOBA_SCRIPT drives MobA through: 2/2, 1/2, 1/2 and 0/1 milestones.
const TASKS = [
  'clock.weekday-alarm-off',
  'weather.tomorrow-high',
  'weather.umbrella',
  'weather-messages.forecast-to-mom',
];

let adb: PrivateAdbServer;
let model: ScriptedServer;
let host: ServedHost & { stop(): Promise<void> };
let page: Page;
let benchmarkId = '';

/** A screenshot the README shows (`npm run screenshots` copies it into docs/). */
async function shot(name: string): Promise<void> {
  await savePanelShot(page, name);
}

test.beforeAll(async ({ browser }) => {
  adb = await startAdbServer();
  model = await scriptedModel(BENCH_MOBA_SCRIPT);
  host = await serve({ ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}` });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});

/** One contract call over the page's WebSocket (here: pointing every model role at the scripted server). */
const call = (method: string, input: unknown): Promise<unknown> => contractCall(page, method, input);

test.afterAll(async () => {
  await page?.close().catch((e: unknown) => console.warn(`[benchmarks e2e] closing the page: ${String(e)}`));
  // The host interrupts a running benchmark and stops its phones (and their Chromium) when it exits.
  await host?.stop().catch((e: unknown) => console.warn(`[benchmarks e2e] stopping the host: ${String(e)}`));
  await adb?.dispose().catch((e: unknown) => console.warn(`[benchmarks e2e] stopping adb: ${String(e)}`));
  await model?.close();
});

test('the Benchmarks page starts a benchmark over chosen tasks and configurations', async () => {
  await page.goto(host.url);
  await call('updateSettings', {
    patch: { models: { default: { baseUrl: model.baseUrl, model: 'scripted' } }, agent: { settleTimeoutMs: 2000 } },
  });
  await page.locator('[data-nav="benchmarks"]').click();
  await expect(page.locator('main')).toContainText('No benchmarks yet');
  const form = page.getByTestId('bench-new');
  await expect(form.locator('[data-task]')).toHaveCount(suiteCount());
  // The category filter narrows the list; every category's tasks can be picked.
  await form.locator('select[name="bench.category"]').selectOption('indirect');
  await expect(form.locator('[data-task]')).toHaveCount(suiteCount('indirect'));
  await form.locator('select[name="bench.category"]').selectOption('');
  for (const id of TASKS) await form.locator(`[data-task="${id}"] input`).check();
  await expect(form).toContainText('4 selected');
  // The MobA paper's Table 4 in one click: MobA, w/o Memory, w/o Plan, w/o both, AppAgent, the reference.
  await form.locator('[data-action="preset-table4"]').click();
  const rows = [
    ['moba', true, true],
    ['moba', true, false],
    ['moba', false, true],
    ['moba', false, false],
    ['appagent', true, true],
    ['reference', true, true],
  ] as const;
  for (const [i, [agent, plan, memory]] of rows.entries()) {
    await expect(form.locator(`select[name="bench.config.${i}.agent"]`)).toHaveValue(agent);
    if (agent !== 'moba') continue;
    await expect(form.locator(`input[name="bench.config.${i}.plan"]`)).toBeChecked({ checked: plan });
    await expect(form.locator(`input[name="bench.config.${i}.memory"]`)).toBeChecked({ checked: memory });
  }
  await expect(form.locator(`select[name="bench.config.${rows.length}.agent"]`)).toHaveCount(0);
  await expect(form).toContainText('24 episodes');
  // Back to two rows (MobA, MobA w/o Memory) for this benchmark.
  for (let n = rows.length; n > 2; n--) await form.getByRole('button', { name: `Remove configuration ${n}` }).click();
  // Human reference, MobA without Plan and Memory, and the no-op floor.
  await form.locator('select[name="bench.config.0.agent"]').selectOption('reference');
  await expect(form.locator('input[name="bench.config.0.plan"]')).toBeDisabled();
  await form.locator('input[name="bench.config.1.plan"]').uncheck();
  await form.locator('input[name="bench.config.1.memory"]').uncheck();
  await form.locator('[data-action="add-config"]').click();
  await form.locator('select[name="bench.config.2.agent"]').selectOption('noop');
  await form.locator('input[name="bench.name"]').fill('MobA w/o Plan & Memory vs human, scripted model');
  await form.locator('input[name="bench.phones"]').fill('2');
  await expect(form).toContainText('12 episodes on 2 simulated phones');
  await shot('benchmarks-new');
  await form.locator('[data-action="start-benchmark"]').click();
  await expect(page).toHaveURL(/#\/benchmarks\/b\d{8}-/);
  benchmarkId = decodeURIComponent(/#\/benchmarks\/([^/]+)/.exec(page.url())![1]!);
});

test('progress and the episode grid show the benchmark as it runs, then its results', async () => {
  test.setTimeout(300_000);
  const progress = page.locator(`[data-testid="bench-progress"][data-benchmark="${benchmarkId}"]`);
  await expect(progress).toBeVisible();
  const grid = page.getByTestId('bench-grid');
  await expect(grid.locator('.bench-grid-row .cell')).toHaveCount(12);
  // While it runs: episodes are running on the two phones, then some finish.
  await expect(grid.locator('[data-state="running"]').first()).toBeVisible({ timeout: 120_000 });
  await expect(grid.locator('[data-state="passed"], [data-state="failed"]').first()).toBeVisible({ timeout: 120_000 });
  if ((await progress.getAttribute('data-status')) === 'running') await shot('benchmarks-running');
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12');
  await expect(grid.locator('[data-config="reference-solution"] [data-state="passed"]')).toHaveCount(4);
  await expect(grid.locator('[data-config="no-op"] [data-state="failed"]')).toHaveCount(4);
  const mobaRow = grid.locator('.bench-grid-row').nth(1);
  await expect(mobaRow.locator('[data-state="passed"]')).toHaveCount(1);
  await expect(mobaRow.locator('[data-state="partial"]')).toHaveCount(2);
  await expect(mobaRow.locator('[data-state="failed"]')).toHaveCount(1);

  // The paper's table: the reference reaches every milestone, MobA 4 of 7, the no-op none.
  const results = page.getByTestId('bench-results');
  const human = results.locator('tr[data-agent="reference"]');
  await expect(human.locator('[data-metric="ms"]')).toContainText('7.0 / 7 · 100.0');
  await expect(human.locator('[data-metric="cr"]')).toHaveText(/^100\.0/);
  const moba = results.locator('tr[data-agent="moba"]');
  await expect(moba).toContainText('MobA w/o Memory & Plan');
  await expect(moba.locator('[data-metric="ms"]')).toContainText('4.0 / 7 · 57.1 [');
  await expect(moba.locator('[data-metric="cr"]')).toHaveText(/^25\.0 \[/);
  await expect(moba.locator('[data-metric="ee"]')).toContainText('% of human');
  await expect(moba.locator('[data-metric="ss"]')).toHaveText(/^50\.0 \[/);
  await expect(moba.locator('[data-metric="te"]')).toHaveText('0.0');
  const noop = results.locator('tr[data-agent="noop"]');
  await expect(noop.locator('[data-metric="ms"]')).toContainText('0.0 / 7');
  await expect(noop.locator('[data-metric="cr"]')).toHaveText(/^0\.0/);
  // None of these tasks has a user to ask and nobody asked: no question column.
  await expect(results.locator('[data-metric="questions"]')).toHaveCount(0);
  // Per category: easy, indirect and cross-app, each with every configuration.
  await expect(page.getByTestId('bench-categories').locator('tbody tr')).toHaveCount(3);
  await shot('benchmarks-results');
});

test('the reference solution and MobA are compared task by task (paired difference with its interval)', async () => {
  const paired = page.getByTestId('bench-paired');
  // One pair: the no-op floor is left out of comparisons.
  await expect(paired.locator('tbody tr')).toHaveCount(1);
  const row = paired.locator('tbody tr').first();
  await expect(row).toContainText('Reference solution');
  await expect(row).toContainText('MobA w/o Memory & Plan');
  // Per task, reference − MobA in MS %: 0, 50, 50 and 100 points → +50 on average.
  await expect(row.locator('td').nth(2)).toHaveText(/^\+50\.0 \[/);
  await row.scrollIntoViewIfNeeded();
  await savePanelShot(page, 'benchmarks-compare');
});

test('the task × configuration matrix: task names in rows, sorted by any column, filtered by category', async () => {
  const matrix = page.getByTestId('bench-matrix');
  const rows = matrix.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (const id of TASKS) await expect(matrix.locator(`tr[data-task="${id}"] td`).first()).toHaveText(id);
  // Sorted by MobA's share of milestones, best first: all, then two with half, then none.
  await matrix.locator('th button', { hasText: 'MobA w/o Memory & Plan' }).click();
  await expect(rows.first()).toHaveAttribute('data-task', 'weather.tomorrow-high');
  await expect(rows.last()).toHaveAttribute('data-task', 'clock.weekday-alarm-off');
  const mobaColumn = 1 + (await matrix.locator('thead th').allTextContents()).findIndex((t) => t.startsWith('MobA'));
  const scores = await rows
    .locator(`td:nth-child(${mobaColumn})`)
    .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-score'))));
  expect(scores).toEqual([1, 0.5, 0.5, 0]);
  // By task name, A to Z.
  await matrix.locator('th button', { hasText: 'Task' }).click();
  const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-task') ?? ''));
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  // One category: only its tasks.
  await matrix.locator('select[name="matrix.category"]').selectOption('cross-app');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-task', 'weather-messages.forecast-to-mom');
  await expect(matrix).toContainText('1 of 4 tasks');
  await matrix.scrollIntoViewIfNeeded();
  await shot('benchmarks-matrix');
  await matrix.locator('select[name="matrix.category"]').selectOption('');
  await checkLayout(page, 'layout-benchmark-results', () => expect(page.getByTestId('bench-view')).toBeVisible());
});

/** Downloads the benchmark's report in one format and returns the file's name and text. */
function downloadReport(format: 'html' | 'csv' | 'json'): Promise<{ name: string; text: string }> {
  return downloadPageReport(page, format);
}

test('"Download report" saves the benchmark as CSV, JSON, and one HTML file that shows its results and replays offline', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const csvFile = await downloadReport('csv');
  expect(csvFile.name).toMatch(new RegExp(`^moba-benchmark-${benchmarkId}-.*\\.csv$`));
  const lines = csvFile.text.trim().split('\n');
  expect(lines[0]).toMatch(/^benchmark,configuration,label,agent,role,scope,episodes,/);
  expect(lines.filter((l) => l.includes(',overall,'))).toHaveLength(3);
  const json = JSON.parse((await downloadReport('json')).text) as { configurations: Array<{ label: string }> };
  expect(json.configurations.map((c) => c.label)).toContain('MobA w/o Memory & Plan');
  const html = await downloadReport('html');
  expect(html.name).toMatch(/\.html$/);
  // Opened from a file with the network cut off: the results and an episode's replay show, and nothing is fetched.
  const file = join(mkdtempSync(join(tmpdir(), 'moba-report-')), html.name);
  writeFileSync(file, html.text);
  const context = await browser.newContext({ offline: true });
  const report = await context.newPage();
  const fetched: string[] = [];
  report.on('request', (r) => {
    if (!/^(file|data|blob):/.test(r.url())) fetched.push(r.url());
  });
  try {
    await report.goto(pathToFileURL(file).href);
    const matrix = report.getByTestId('bench-matrix');
    await expect(matrix.locator('tbody tr')).toHaveCount(4);
    // MobA's episode (its column is the fourth): the replay with the screenshots the file carries.
    await matrix.locator('tr[data-task="weather.tomorrow-high"] td:nth-child(4) a').click();
    await expect(report.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
    await expect(report.locator('[data-testid="replay-screen"] img').first()).toBeVisible();
    expect(fetched).toEqual([]);
  } finally {
    await context.close();
    rmSync(dirname(file), { recursive: true, force: true });
  }
});

test("the benchmark's episodes export as a dataset (one step per record, split by task)", async () => {
  test.setTimeout(120_000);
  const progress = page.locator(`[data-testid="bench-progress"][data-benchmark="${benchmarkId}"]`);
  await progress.locator('[data-action="export-dataset"]').click();
  const result = progress.getByTestId('dataset-result');
  // 12 episodes, every one a stored run; the reference and MobA took steps, the no-op none.
  await expect(result).toContainText('of 12 runs', { timeout: 90_000 });
  await expect(result).toContainText(/\d+ steps of 12 runs/);
  await expect(result.locator('code')).toContainText('datasets');
});

test('an episode of the grid opens its replay at the step where its milestone was reached', async () => {
  const cell = page
    .locator('[data-testid="bench-grid"] [data-config="reference-solution"] a[data-state="passed"]')
    .first();
  const href = await cell.getAttribute('href');
  expect(href).toMatch(/^#\/history\/[^/]+\/\d+$/);
  await cell.click();
  await expect(page.locator('[data-testid="replay"][data-ready="true"]')).toBeVisible();
  await expect(page.locator('[data-testid="replay-position"]')).toHaveAttribute('data-step', href!.split('/').pop()!);
  await shot('benchmarks-replay');
});

test('a benchmark whose agents connect on their own shows where they take its episodes: address, token, command', async () => {
  await page.goto(host.url);
  const { benchmarkId: id } = (await call('startBenchmark', {
    name: 'Agents that connect on their own',
    taskIds: ['settings.wifi-off'],
    configurations: [{ agent: 'external', mode: 'auto', externalConnect: true }],
  })) as { benchmarkId: string };
  await page.goto(`${new URL(host.url).origin}/#/benchmarks/${encodeURIComponent(id)}`);
  const progress = page.locator(`[data-testid="bench-progress"][data-benchmark="${id}"]`);
  const access = progress.getByTestId('bench-agent-access');
  await expect(access.getByTestId('bench-agent-waiting')).toHaveText(
    /^(0 episodes wait|1 episode waits) for an agent$/,
  );
  const serveUrl = (await access.getByTestId('bench-agent-url').textContent())!;
  const token = (await access.getByTestId('bench-agent-token').textContent())!;
  expect(serveUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/agent\/v1$/);
  await expect(access.getByTestId('bench-agent-command')).toHaveText(
    `MOBA_SERVE_URL=${serveUrl} MOBA_SERVE_TOKEN=${token} python3 resources/agent-client/python/examples/alarm_agent.py`,
  );
  // What the page shows works: the address answers an agent with that token, and refuses another.
  const ask = (bearer: string) =>
    fetch(`${serveUrl}/episodes/next`, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: '{}' });
  expect((await ask(token)).status).toBe(200);
  expect((await ask(`${token}x`)).status).toBe(401);
  await progress.locator('[data-action="stop-benchmark"]').click();
});
