/**
 * Simulated phone benchmark: screencap, uiautomator dump and input-to-screen-change latency
 * (p50/p95), and memory (PSS: shared pages split between the processes that map them):
 * - of `moba sim start` as a user runs it — the Node host and its Chromium — after real adb
 *   has connected, taken screenshots and dumps, and opened a few apps;
 * - of 1 phone and of 4 phones sharing one Chromium inside this process (the library API).
 * Ends with one JSON line.
 *
 *   npm run perf:sim-phone            (MOBA_PERF_ITER=40 by default)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { findChromium } from '@moba/sim';
import { createSharedBrowser, createSimulatedPhone } from '@moba/sim';
import { startAdbServer } from '@moba/testkit/rigs';
import { descendants } from '@moba/testkit/rigs';
import type { SimulatedPhone } from '@moba/sim';
import { option } from './quick.ts';

const ITER = option('MOBA_PERF_ITER', 40, 3);

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function summary(values: number[]): { p50: number; p95: number; n: number } {
  return { p50: +quantile(values, 0.5).toFixed(1), p95: +quantile(values, 0.95).toFixed(1), n: values.length };
}

function memoryKb(pid: number): { rss: number; pss: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return { rss: field('Rss'), pss: field('Pss') };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

interface Memory {
  processes: number;
  /** Sum over this Node process and every Chromium process (RSS counts shared pages in each). */
  rssMb: number;
  /** Proportional set size: shared pages split between the processes that map them. */
  pssMb: number;
  chromiumPssMb: number;
  nodePssMb: number;
}

function memoryMb(root = process.pid): Memory {
  const children = descendants(root);
  const node = memoryKb(root);
  let rss = node.rss;
  let chromiumPss = 0;
  for (const pid of children) {
    const m = memoryKb(pid);
    rss += m.rss;
    chromiumPss += m.pss;
  }
  const nodePss = node.pss;
  const mb = (kb: number): number => Math.round(kb / 1024);
  return {
    processes: children.length + 1,
    rssMb: mb(rss),
    pssMb: mb(nodePss + chromiumPss),
    chromiumPssMb: mb(chromiumPss),
    nodePssMb: mb(nodePss),
  };
}

async function settle(phone: SimulatedPhone): Promise<void> {
  await phone.focus();
}

/** Tap on Clock's first alarm switch: each tap changes the screen. */
async function measure(phone: SimulatedPhone): Promise<Record<string, unknown>> {
  await phone.startActivity({ component: 'com.android.deskclock/.DeskClock' });
  const xml = await phone.dumpUi({ compressed: false });
  const m = /resource-id="com.android.deskclock:id\/onoff"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
  if (!m) throw new Error('no alarm switch on the Clock screen');
  const [x, y] = [(Number(m[1]) + Number(m[3])) / 2, (Number(m[2]) + Number(m[4])) / 2];

  const changed: number[] = [];
  const fresh: number[] = [];
  const cached: number[] = [];
  const dumps: number[] = [];
  const compressed: number[] = [];
  const taps: number[] = [];
  for (let i = 0; i < ITER; i++) {
    const seen = new Promise<number>((resolve) => {
      const sub = phone.onDidChangeScreen(() => {
        sub.dispose();
        resolve(performance.now());
      });
    });
    const t0 = performance.now();
    await phone.tap(x, y);
    taps.push(performance.now() - t0);
    changed.push((await seen) - t0);

    let t = performance.now();
    await phone.screencap();
    fresh.push(performance.now() - t);
    t = performance.now();
    await phone.screencap();
    cached.push(performance.now() - t);
    t = performance.now();
    await phone.dumpUi({ compressed: false });
    dumps.push(performance.now() - t);
    t = performance.now();
    await phone.dumpUi({ compressed: true });
    compressed.push(performance.now() - t);
  }
  const frames: number[] = [];
  for (let i = 0; i < Math.min(ITER, 20); i++) {
    await phone.tap(x, y);
    const t = performance.now();
    await phone.captureFrame({ format: 'jpeg', quality: 70, maxSize: 800 });
    frames.push(performance.now() - t);
  }
  await settle(phone);
  return {
    screencapMs: summary(fresh),
    screencapCachedMs: summary(cached),
    dumpMs: summary(dumps),
    dumpCompressedMs: summary(compressed),
    tapMs: summary(taps),
    inputToScreenChangeMs: summary(changed),
    jpegFrame800Ms: summary(frames),
  };
}

/**
 * `moba sim start` in its own process, driven through a private adb server: the memory a
 * user's simulated phone takes. Undefined (with a note) when adb is not installed.
 */
async function simStartMemory(): Promise<Memory | undefined> {
  let server: Awaited<ReturnType<typeof startAdbServer>>;
  try {
    server = await startAdbServer();
  } catch (error) {
    console.log(`moba sim start: not measured (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
  const sim = spawn(process.execPath, ['bin/moba.js', 'sim', 'start', '--port', '0', '--seed', '1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => sim.once('exit', () => resolve()));
  try {
    const address = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: sim.stdout });
      lines.on('line', (line) => {
        const m = /listening on (\S+:\d+)/.exec(line);
        if (m?.[1]) resolve(m[1]);
      });
      sim.once('exit', (code) => reject(new Error(`moba sim start exited (${code})`)));
    });
    const serial = await server.connectDevice(address);
    const shell = async (command: string): Promise<void> => {
      const result = await server.adb(['-s', serial, 'shell', command]);
      if (result.code !== 0) throw new Error(`adb shell ${command}: ${result.stderr}`);
    };
    for (const component of [
      'com.android.deskclock/.DeskClock',
      'com.android.settings/.Settings',
      'com.android.calendar/.AllInOneActivity',
    ]) {
      await shell(`am start -n ${component}`);
      await server.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
      await shell('uiautomator dump');
      await shell('input swipe 540 1800 540 900 300');
    }
    await shell('input keyevent HOME');
    await server.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    return memoryMb(sim.pid as number);
  } finally {
    sim.kill('SIGTERM');
    await exited;
    await server.dispose();
  }
}

async function main(): Promise<void> {
  const executable = findChromium();
  console.log(`phone Chromium: ${executable}`);
  const simStart = await simStartMemory();
  if (simStart)
    console.log(
      `moba sim start: ${simStart.pssMb} MB PSS (Chromium ${simStart.chromiumPssMb} + Node ${simStart.nodePssMb}) over ${simStart.processes} processes; RSS sum ${simStart.rssMb} MB`,
    );

  const t0 = performance.now();
  const one = await createSimulatedPhone({ seed: 1 });
  const startMs = Math.round(performance.now() - t0);
  let latency: Record<string, unknown>;
  let memory1: Memory;
  try {
    latency = await measure(one);
    memory1 = memoryMb();
  } finally {
    await one.close();
  }
  console.log(`phone start ${startMs} ms`);
  for (const [name, value] of Object.entries(latency)) console.log(`${name.padEnd(24)} ${JSON.stringify(value)}`);
  console.log(
    `1 phone:  ${memory1.pssMb} MB PSS (Chromium ${memory1.chromiumPssMb} + Node ${memory1.nodePssMb}) over ${memory1.processes} processes; RSS sum ${memory1.rssMb} MB`,
  );

  const browser = createSharedBrowser({ keepAlive: true });
  const phones: SimulatedPhone[] = [];
  let memory4: Memory;
  try {
    for (let i = 0; i < 4; i++) phones.push(await createSimulatedPhone({ seed: i + 1, browser }));
    // Exercise each phone so every renderer has drawn a few screens.
    for (const phone of phones) {
      await phone.startActivity({ component: 'com.android.settings/.Settings' });
      await phone.screencap();
      await phone.startActivity({ component: 'com.android.deskclock/.DeskClock' });
      await phone.screencap();
      await phone.dumpUi({ compressed: false });
    }
    memory4 = memoryMb();
  } finally {
    for (const phone of phones) await phone.close();
    await browser.close();
  }
  console.log(
    `4 phones: ${memory4.pssMb} MB PSS (Chromium ${memory4.chromiumPssMb} + Node ${memory4.nodePssMb}) over ${memory4.processes} processes, ${Math.round(memory4.pssMb / 4)} MB per phone; RSS sum ${memory4.rssMb} MB`,
  );
  console.log(
    JSON.stringify({
      perf: 'sim-phone',
      iterations: ITER,
      chromium: executable,
      startMs,
      ...latency,
      memorySimStart: simStart ?? null,
      memory1Phone: memory1,
      memory4Phones: { ...memory4, pssPerPhoneMb: Math.round(memory4.pssMb / 4) },
    }),
  );
}

await main();
