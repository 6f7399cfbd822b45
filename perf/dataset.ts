/**
 * `npm run perf:dataset` — exporting a dataset streams: memory must not grow with the number
 * of steps. Writes synthetic runs (`test/support/synthetic-run.ts`: observations with
 * screenshots and 21 elements, act and reflect calls with messages, approvals, some edits,
 * overrides and rejections) totalling MOBA_PERF_STEPS steps (default 10,000) into a temp data
 * folder, then exports a tenth of them and all of them, sampling the process's heap and RSS
 * every 20 ms. Bounded memory means the full export's peak is about the small one's, not ten
 * times it. Then checks every record of the full export against the JSON Schemas it carries
 * (`moba dataset validate`). Ends with one JSON line.
 *
 * Options: MOBA_PERF_STEPS (default 10000), MOBA_PERF_RUN_STEPS (steps per run, default 200).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportDataset } from '../src/main/datasets/dataset-export.ts';
import { validateDataset } from '../src/main/datasets/validate-dataset.ts';
import { dataPaths } from '../src/main/paths.ts';
import { ArtifactStore } from '../src/main/store/artifacts.ts';
import { openDatabase } from '../src/main/store/database.ts';
import { writeSyntheticRun } from '../test/support/synthetic-run.ts';
import type { SyntheticDecision } from '../test/support/synthetic-run.ts';
import { option } from './quick.ts';

const STEPS = option('MOBA_PERF_STEPS', 10_000, 400);
const PER_RUN = option('MOBA_PERF_RUN_STEPS', 200, 40);
const MB = 1024 * 1024;
const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

const decide = (i: number): SyntheticDecision =>
  i % 17 === 5
    ? { decision: 'edit', action: { name: 'Click', params: { index: 9 } } }
    : i % 23 === 7
      ? { decision: 'override', action: { name: 'Back', params: {} } }
      : i % 29 === 11
        ? {
            decision: 'reject',
            feedback: 'Use the Save button instead',
            retry: { name: 'Click', params: { index: 14 } },
          }
        : { decision: 'approve' };

const dataDir = mkdtempSync(join(tmpdir(), 'moba-bench-dataset-'));
const runs = Math.ceil(STEPS / PER_RUN);
let t = performance.now();
let written = 0;
const runIds: string[] = [];
for (let r = 0; r < runs; r++) {
  const steps = Math.min(PER_RUN, STEPS - written);
  const { runId } = await writeSyntheticRun({
    dataDir,
    steps,
    screens: 8,
    runId: `bench-${String(r).padStart(3, '0')}`,
    task: `Task ${r % 10}: set up alarm number ${r % 10}`,
    now: 1_700_000_000_000 + r * 3_600_000,
    decide,
  });
  runIds.push(runId);
  written += steps;
}
console.log(
  `Wrote ${runs} runs, ${written} executed steps, in ${round((performance.now() - t) / 1000)} s (${dataDir})`,
);

const paths = dataPaths(dataDir);
const db = openDatabase({ path: paths.databasePath });
const artifacts = new ArtifactStore(db, paths.artifactsDir);

interface Measured {
  steps: number;
  records: number;
  ms: number;
  /** CPU time of the whole process (main thread, thread pool, GC) during the export: unlike \`ms\`, barely moved by other work on the machine. */
  cpuMs: number;
  stepsPerSecond: number;
  peakHeapMb: number;
  peakRssMb: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
  /** Live heap after a full GC at the end of each run, the largest over the export, above the start. */
  retainedHeapMb: number;
}

async function measure(label: string, selection: { runIds?: string[] }): Promise<Measured & { dir: string }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const dir = join(dataDir, `export-${label}`);
  const started = performance.now();
  const cpu = process.cpuUsage();
  // What the export keeps alive (not the garbage V8 has yet to collect): a full GC after each run.
  const gc = (globalThis as { gc?: () => void }).gc;
  let retained = 0;
  let runsSeen = 0;
  const r = await exportDataset({
    db,
    artifacts,
    outDir: dir,
    selection,
    app: { name: 'MobA Studio', version: 'bench' },
    onProgress: (p) => {
      if (!gc || p.runsDone === runsSeen) return;
      runsSeen = p.runsDone;
      gc();
      retained = Math.max(retained, process.memoryUsage().heapUsed - base.heapUsed);
    },
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  const end = process.memoryUsage();
  peakHeap = Math.max(peakHeap, end.heapUsed);
  peakRss = Math.max(peakRss, end.rss);
  const m: Measured & { dir: string } = {
    dir,
    steps: r.steps,
    records: r.steps + r.pairs + r.dpo + r.sft,
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1000),
    stepsPerSecond: Math.round(r.steps / (ms / 1000)),
    peakHeapMb: round(peakHeap / MB),
    peakRssMb: round(peakRss / MB),
    heapGrowthMb: round((peakHeap - base.heapUsed) / MB),
    rssGrowthMb: round((peakRss - base.rss) / MB),
    retainedHeapMb: round(retained / MB),
  };
  console.log(
    `${label.padEnd(6)} ${String(m.steps).padStart(6)} steps (${m.records} records) in ${m.ms} ms (CPU ${m.cpuMs} ms) = ${m.stepsPerSecond} steps/s; heap peak ${m.peakHeapMb} MB (+${m.heapGrowthMb}), RSS peak ${m.peakRssMb} MB (+${m.rssGrowthMb}); live heap after each run at most +${m.retainedHeapMb} MB`,
  );
  return m;
}

try {
  const small = await measure('tenth', { runIds: runIds.slice(0, Math.max(1, Math.round(runs / 10))) });
  const full = await measure('all', {});
  t = performance.now();
  const v = await validateDataset(full.dir);
  const validateMs = Math.round(performance.now() - t);
  const records = Object.values(v.records).reduce((a, b) => a + b, 0);
  console.log(
    `validated ${records} records and ${v.modelInputs} model inputs against the export's JSON Schemas in ${validateMs} ms: ${v.problems.length} problems`,
  );
  for (const p of v.problems.slice(0, 5)) console.log(`  ${p.file}:${p.line}: ${p.message}`);
  const ratio = round(full.heapGrowthMb / Math.max(1, small.heapGrowthMb), 2);
  console.log(
    `heap peak growth of the full export / a tenth of it: ×${ratio} for ×${round(full.steps / small.steps, 1)} the steps (peaks include garbage not yet collected); live heap: +${full.retainedHeapMb} MB against +${small.retainedHeapMb} MB`,
  );
  const { dir: _a, ...fullOut } = full;
  const { dir: _b, ...smallOut } = small;
  console.log(
    JSON.stringify({
      perf: 'dataset',
      steps: full.steps,
      runs,
      full: fullOut,
      tenth: smallOut,
      heapGrowthRatio: ratio,
      retainedHeapMb: { tenth: small.retainedHeapMb, all: full.retainedHeapMb },
      validated: { records, modelInputs: v.modelInputs, problems: v.problems.length, ms: validateMs },
    }),
  );
} finally {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
