/**
 * Observation benchmark: where the time of one observation goes on the simulated phone behind
 * a real adb server — screencap, uiautomator dump (taken in parallel), element processing,
 * set-of-marks drawing, artifact writes, total — p50/p95 over MOBA_PERF_RUNS observations (default 30).
 * The screen changes between observations (untimed) so no capture is served from a cache.
 * Baseline in the same process: the capture phase against the same four requests (screencap,
 * dump, foreground app, keyboard) one after the other. Ends with one JSON line.
 *
 *   npm run perf:observe            (MOBA_PERF_RUNS=30 by default)
 */
import { DeviceService } from '../src/main/device/device-service.ts';
import { Observer } from '../src/main/device/observe.ts';
import { ArtifactStore } from '../src/main/store/artifacts.ts';
import { openDatabase } from '../src/main/store/database.ts';
import { startPhoneRig } from '../test/support/sim-phone-rig.ts';
import { tempDir } from '@moba/testkit/rigs';
import { option } from './quick.ts';

const RUNS = option('MOBA_PERF_RUNS', 30, 3);
const SCREENS = [
  'com.android.settings/.Settings',
  'com.android.deskclock/.DeskClock',
  'com.android.launcher3/.Launcher',
  'com.android.calendar/.AllInOneActivity',
];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function summary(values: number[]): { p50: number; p95: number } {
  return { p50: +quantile(values, 0.5).toFixed(1), p95: +quantile(values, 0.95).toFixed(1) };
}

const rig = await startPhoneRig();
const dir = tempDir('moba-bench-observe-');
const db = openDatabase({ path: `${dir.path}/moba.db` });
const devices = new DeviceService({
  adb: { host: '127.0.0.1', port: rig.adb.port, binary: 'adb' },
  autoStartServer: false,
});
const observer = new Observer({ devices, artifacts: new ArtifactStore(db, `${dir.path}/artifacts`) });
const phases: Record<string, number[]> = {
  screencap: [],
  dump: [],
  capture: [],
  process: [],
  marks: [],
  artifacts: [],
  total: [],
  sequential: [],
};
let elements = 0;
try {
  const device = devices.device(rig.serial);
  const show = async (i: number) => {
    const [pkg, activity] = SCREENS[i % SCREENS.length]!.split('/') as [string, string];
    await device.startActivity(pkg, activity);
    await new Promise((r) => setTimeout(r, 150));
  };
  // Warm-up: first connections, Chromium's first captures, sharp's first composite.
  for (let i = 0; i < 3; i++) {
    await show(i);
    await observer.observe(rig.serial, { ocr: false });
  }
  for (let i = 0; i < RUNS; i++) {
    await show(i);
    const o = (await observer.observe(rig.serial, { ocr: false })).observation;
    if (o.problems.length) throw new Error(`observation ${i} had problems: ${JSON.stringify(o.problems)}`);
    elements += o.elements.length;
    const t = o.timings;
    phases.screencap!.push(t.screenshot!);
    phases.dump!.push(t.dump!);
    phases.capture!.push(t.capture!);
    phases.process!.push(t.process!);
    phases.marks!.push(t.marks!);
    phases.artifacts!.push(t.artifacts!);
    phases.total!.push(t.total!);
  }
  // Baseline: the same four requests one after the other.
  for (let i = 0; i < Math.min(RUNS, 15); i++) {
    await show(i + 1);
    const t0 = performance.now();
    await device.screencap();
    await device.dumpUi();
    await device.foregroundApp();
    await device.keyboardShown();
    phases.sequential!.push(performance.now() - t0);
  }
} finally {
  await observer.dispose();
  await devices.close();
  await rig.dispose();
  db.close();
  dir.dispose();
}

const result = Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, summary(v)]));
console.log(
  `observe on the simulated phone (1080x2400) over a real adb server, ${RUNS} runs, ${(elements / RUNS).toFixed(1)} elements per screen`,
);
for (const [k, v] of Object.entries(result))
  console.log(`  ${k.padEnd(10)} p50 ${String(v.p50).padStart(7)} ms   p95 ${String(v.p95).padStart(7)} ms`);
const gain = +(result.sequential!.p50 / result.capture!.p50).toFixed(2);
console.log(`  capture phase (screencap, dump, app, keyboard in parallel) vs the same one after the other: ${gain}x`);
console.log(
  JSON.stringify({
    perf: 'observe',
    runs: RUNS,
    unit: 'ms',
    ...result,
    parallelCaptureSpeedup: gain,
    elementsPerScreen: +(elements / RUNS).toFixed(1),
  }),
);
