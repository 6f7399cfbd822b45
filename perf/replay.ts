/**
 * `npm run perf:replay` — how fast a long recorded run opens in the History replay view.
 * Builds a 200-step run (≈ 2,800 events: observations with screenshots and elements, model
 * calls with messages, approvals, reflections) in a temp data folder, serves the built renderer
 * from the real web host, and in Chromium measures from navigating to the run until the replay
 * shows its task tree and step 1 with its screenshot — cold (fresh page: the events are
 * fetched, parsed and folded) and warm (the events already in the page). Also the time of the
 * reads in main (all events, and the first page the view asks for; the rest loads behind), and
 * scrubbing to the last step. Target: open ≤ 1 s. Ends with one JSON line.
 *
 * Options: MOBA_PERF_STEPS (default 200), MOBA_PERF_RUNS (cold opens, default 5).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createApp } from '../src/main/app.ts';
import { startWebHost } from '../src/main/host/web-host.ts';
import { packageRoot } from '../src/main/package-root.ts';
import { writeSyntheticRun } from '../test/support/synthetic-run.ts';
import { option } from './quick.ts';

const STEPS = option('MOBA_PERF_STEPS', 200, 20);
const RUNS = option('MOBA_PERF_RUNS', 5, 1);
const TARGET_MS = 1_000;
const rendererDir = join(packageRoot(), 'out', 'renderer');
if (!existsSync(join(rendererDir, 'index.html'))) {
  console.error('The renderer is not built: run `npm run build` first.');
  process.exit(1);
}
const executablePath =
  process.env.MOBA_CHROMIUM ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (v: number) => Math.round(v);

const dataDir = mkdtempSync(join(tmpdir(), 'moba-bench-replay-'));
const t0 = performance.now();
const { runId, events } = await writeSyntheticRun({ dataDir, steps: STEPS, screens: 8, runId: `bench-${STEPS}-steps` });
const buildMs = performance.now() - t0;
console.log(`Built a ${STEPS}-step run: ${events} events in ${round(buildMs)} ms (${dataDir})`);

// A non-loopback adb address: nothing in this script talks to adb, and nothing may start a server.
const app = await createApp({
  host: 'web',
  dataDir,
  env: { ...process.env, MOBA_HOME: dataDir },
  adbAddress: { host: '192.0.2.1', port: 5037 },
});
const host = await startWebHost({ app, rendererDir, port: 0 });
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const origin = new URL(host.url).origin;
const results: {
  cold: number[];
  warm: number[];
  direct: number[];
  getRun: number[];
  firstPage: number[];
  scrubLast: number[];
  payloadKb: number;
} = { cold: [], warm: [], direct: [], getRun: [], firstPage: [], scrubLast: [], payloadKb: 0 };
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(host.url);
  await page.waitForSelector('[data-testid="connection"][data-state="open"]');

  /** In the page: navigate, then wait (per animation frame) until the replay shows the tree and step 1 with its image. */
  const open = (hash: string) =>
    page.evaluate(async (h) => {
      const start = performance.now();
      location.hash = h;
      await new Promise<void>((resolve, reject) => {
        const give = setTimeout(() => reject(new Error('the replay did not render within 30 s')), 30_000);
        const check = () => {
          const ready = document.querySelector('[data-testid="replay"][data-ready="true"]');
          const step1 = document.querySelector('[data-testid="replay-position"][data-step="1"]');
          const tree = document.querySelector('[data-testid="task-tree"] .tree-item');
          const img = document.querySelector<HTMLImageElement>('[data-testid="replay-screen"] img');
          if (ready && step1 && tree && img && img.complete && img.naturalWidth > 0) {
            clearTimeout(give);
            resolve();
          } else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - start;
    }, hash);

  for (let i = 0; i < RUNS; i++) {
    // Cold: a fresh document (new query string), so the run's events are fetched and folded again.
    await page.goto(`${origin}/?cold=${i}#/history`);
    await page.waitForSelector('[data-testid="run-list"]');
    results.cold.push(await open(`#/history/${runId}`));
    // Warm: back to the list and in again (events already in the page's store).
    await page.evaluate(() => (location.hash = '#/history'));
    await page.waitForSelector('[data-testid="run-list"]');
    results.warm.push(await open(`#/history/${runId}`));
    // Scrub to the end (fold of every event from the nearest snapshot) and render.
    results.scrubLast.push(
      await page.evaluate(async () => {
        const start = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End' }));
        await new Promise<void>((resolve) => {
          const check = () =>
            document.querySelector('[data-testid="replay-position"]')?.getAttribute('data-step') !== '1'
              ? resolve()
              : requestAnimationFrame(check);
          check();
        });
        return performance.now() - start;
      }),
    );
  }
  // The contract call alone, in main (read from SQLite, validate every event in and out).
  const ctx = {
    connection: { id: 'bench', kind: 'local' as const, sendBinary: () => false, onDidClose: () => ({ dispose() {} }) },
    signal: new AbortController().signal,
  };
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const r = await app.router.call('getRun', { runId }, ctx);
    results.getRun.push(performance.now() - t);
    if (r.ok) results.payloadKb = Math.round(JSON.stringify(r.result).length / 1024);
    t = performance.now();
    await app.router.call('getRunPage', { runId, from: 0, limit: 300 }, ctx);
    results.firstPage.push(performance.now() - t);
  }
  // A direct link to the replay in a new page: app start, WebSocket, events, fold and render.
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${origin}/?direct=${i}#/history/${runId}`);
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="replay-screen"] img');
        return (
          !!document.querySelector('[data-testid="replay-position"][data-step="1"]') &&
          !!document.querySelector('[data-testid="task-tree"] .tree-item') &&
          !!img &&
          img.complete &&
          img.naturalWidth > 0
        );
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    );
    results.direct.push(await page.evaluate(() => performance.now()));
  }
  await context.close();
} finally {
  await browser.close();
  await host.close();
  await app.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = {
  perf: 'replay',
  steps: STEPS,
  events,
  payloadKb: results.payloadKb,
  openColdMsP50: round(median(results.cold)),
  openColdMsMax: round(Math.max(...results.cold)),
  openWarmMsP50: round(median(results.warm)),
  directLinkMsP50: round(median(results.direct)),
  getRunMsP50: round(median(results.getRun)),
  firstPageMsP50: round(median(results.firstPage)),
  scrubToEndMsP50: round(median(results.scrubLast)),
  targetMs: TARGET_MS,
  meetsTarget: median(results.cold) <= TARGET_MS,
};
console.log(`\nOpen the replay of a ${STEPS}-step run (tree + step 1 + screenshot rendered), ${RUNS} times:`);
console.log(
  `  from the run list, fresh page (first page of events, fold, render): p50 ${summary.openColdMsP50} ms, max ${summary.openColdMsMax} ms   (target ≤ ${TARGET_MS} ms)`,
);
console.log(`  warm (events already in the page):                  p50 ${summary.openWarmMsP50} ms`);
console.log(`  direct link in a new page (app start included):     p50 ${summary.directLinkMsP50} ms`);
console.log(`  in main: all events (getRun)                        p50 ${summary.getRunMsP50} ms`);
console.log(`  in main: the first page the replay asks for (300)   p50 ${summary.firstPageMsP50} ms`);
console.log(`  scrub to the last step:                             p50 ${summary.scrubToEndMsP50} ms`);
console.log(JSON.stringify(summary));
