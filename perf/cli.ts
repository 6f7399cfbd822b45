/**
 * `npm run perf:cli` — how long `moba` takes to answer, as a person's shell sees it: the wall
 * time of a whole process for `moba --help` and `moba --version` (target ≤ 300 ms) and for the
 * read-only commands `runs list`, `memory list`, `bench list` and `bench report` (target: within
 * 2× of `moba --help`), each against Node starting with nothing to do in the same run (the floor
 * no command can go below). Also a command's own help (which loads that command's module) and a
 * program with every command module loaded (what `--help` cost before commands were listed from
 * their summaries). The read-only commands read a store seeded here: 200 runs, the example
 * memory seed, a benchmark of the built-in suite × 2 configurations with every episode scored
 * and ended as the runner ends one (its report kept: what `bench report` is held to), and the
 * same benchmark with one episode left to run, whose report is computed when read (shown, no
 * target). Runs are interleaved so load on the machine hits all of them alike. Ends with one JSON line.
 *
 * MOBA_PERF_RUNS sets the rounds (default 15); MOBA_PERF_QUICK=1 runs 2 (a smoke test).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchSpec } from '../src/shared/bench/config.ts';
import type { EpisodeResult } from '../src/shared/bench/results.ts';
import { BenchRepo } from '../src/main/bench/bench-repo.ts';
import { keepSettledReport } from '../src/main/bench/report/benchmark-report.ts';
import { planBenchmark } from '../src/main/bench/plan.ts';
import { loadTasks } from '../src/main/bench/task-files.ts';
import { MemoryService } from '../src/main/memory/memory-service.ts';
import { openDatabase } from '../src/main/store/database.ts';
import { RunsRepo } from '../src/main/store/runs-repo.ts';
import { mulberry32 } from '@moba/base';
import { QUICK, option } from './quick.ts';

const ROOT = join(import.meta.dirname, '..');
const RUNS = option('MOBA_PERF_RUNS', 15, 2);
const TARGET_MS = 300;
const READ_ONLY_TARGET = 2;
const BIN = join(ROOT, 'bin', 'moba.js');
const BUNDLE = join(ROOT, 'out', 'main', 'cli.js');
const BENCHMARK = 'b20250101-000000-perf';
const RUNNING = 'b20250101-000000-running';

/** A data folder with runs, memories and a scored benchmark, written by the store's own code. */
function seedStore(dir: string): void {
  const db = openDatabase({ path: join(dir, 'moba.sqlite') });
  try {
    const runs = new RunsRepo(db);
    for (let i = 0; i < 200; i++)
      runs.create({
        id: `run-${i}`,
        task: `task ${i}`,
        serial: 'emulator-5554',
        mode: 'auto',
        now: 1_700_000_000_000 + i,
      });
    new MemoryService({ db }).importJson(readFileSync(join(ROOT, 'resources', 'memory', 'example-seed.json'), 'utf8'));
    const spec = BenchSpec.parse({ configurations: [{ agent: 'reference' }, { agent: 'moba' }] });
    const plan = planBenchmark(
      spec,
      loadTasks(['builtin']).map((t) => t.task),
    );
    const repo = new BenchRepo(db);
    const random = mulberry32(7);
    for (const id of [BENCHMARK, RUNNING]) {
      repo.create({ id, name: 'perf:cli', spec, ...plan, now: 1 });
      // RUNNING's last episode is left to run.
      for (const e of id === RUNNING ? plan.episodes.slice(0, -1) : plan.episodes) {
        const attempt = repo.claim(id, e.id, 2);
        if (attempt === null) throw new Error(`cannot claim ${e.id}`);
        const complete = random() < 0.7;
        repo.complete(id, e.id, attempt, episodeResult(e.id, complete, random), 3);
      }
    }
    // BENCHMARK ends as the runner ends a benchmark (its report kept); RUNNING still has an
    // episode to run, so its report is worked out whenever it is read.
    repo.setStatus(BENCHMARK, 'done', null, 4);
    keepSettledReport(repo, BENCHMARK, 4, (line) => console.error(line));
    if (!repo.storedReport(BENCHMARK)) throw new Error('the finished benchmark has no kept report');
  } finally {
    db.close();
  }
}

function episodeResult(id: string, complete: boolean, random: () => number): EpisodeResult {
  const steps = 3 + Math.floor(random() * 12);
  return {
    runId: `run-${id}`,
    termination: complete ? 'finish' : 'budget',
    reason: '',
    answer: null,
    milestones: [],
    invariants: [],
    reached: complete ? 2 : Math.floor(random() * 2),
    total: 2,
    complete,
    completeStrict: complete,
    stepsToLast: complete ? steps : null,
    satisfiedAtStart: [],
    trace: [],
    executedActions: steps,
    steps,
    modelCalls: steps * 3,
    promptTokens: steps * 6000,
    completionTokens: steps * 300,
    costUsd: steps * 0.01,
    callLatenciesMs: Array.from({ length: steps }, () => 500 + random() * 1500),
    wallMs: steps * 4000,
    interventions: {},
    seed: 1,
    params: {},
    goal: 'g',
    locale: 'en',
    seedRetries: 0,
  };
}

interface Case {
  name: string;
  args: string[];
  /** A read-only command: held to READ_ONLY_TARGET × `moba --help`. */
  readOnly?: boolean;
}

const data = mkdtempSync(join(tmpdir(), 'moba-perf-cli-'));
seedStore(data);
const moba = (name: string, readOnly = false): Case => ({
  name: `moba ${name}`,
  args: [
    BIN,
    '--data-dir',
    data,
    ...name.split(' ').map((a) => (a === 'ID' ? BENCHMARK : a === 'RUNNING_ID' ? RUNNING : a)),
  ],
  readOnly,
});

const cases: Case[] = [
  { name: 'node -e ""', args: ['-e', ''] },
  moba('--help'),
  moba('--version'),
  moba('runs list', true),
  moba('memory list', true),
  moba('bench list', true),
  moba('bench report ID', true),
  // Informational: a benchmark with an episode left computes its report when read (no target).
  moba('bench report RUNNING_ID'),
  moba('help memory'),
  {
    name: 'every command loaded',
    args: [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(join(ROOT, 'src', 'main', 'cli', 'main.ts'))}); await m.buildProgram({ out() {}, err() {} });`,
    ],
  },
];
// The bundle is what runs where the TypeScript sources are not (an installed copy); measured when built.
if (existsSync(BUNDLE)) {
  cases.push({
    name: 'moba --help (bundle)',
    args: [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(BUNDLE)}); process.exitCode = await m.main(['--help'], { out() {}, err() {} });`,
    ],
  });
}

function once(c: Case): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, c.args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${c.name} exited with ${r.status}: ${r.stderr.toString()}`);
  return ms;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
const round = (v: number, d = 0) => Number(v.toFixed(d));

// One untimed round warms the file cache (and moba's cache of its stripped sources).
for (const c of cases) once(c);
const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let i = 0; i < RUNS; i++) for (const c of cases) samples.get(c.name)?.push(once(c));
rmSync(data, { recursive: true, force: true });

const stats = new Map(
  [...samples].map(([name, s]) => {
    const sorted = [...s].sort((a, b) => a - b);
    return [name, { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), min: sorted[0] as number }];
  }),
);
const baseline = stats.get('node -e ""')?.p50 ?? 1;
const help = stats.get('moba --help');
const helpP50 = help?.p50 ?? Number.NaN;

console.log(`moba start-up, wall time of a whole process (${RUNS} interleaved runs each)\n`);
console.log('case                        p50 ms   p90 ms   min ms   ÷ node -e ""   ÷ moba --help');
for (const [name, s] of stats) {
  console.log(
    `${name.padEnd(26)} ${s.p50.toFixed(0).padStart(7)}  ${s.p90.toFixed(0).padStart(7)}  ${s.min.toFixed(0).padStart(7)}  ${(s.p50 / baseline).toFixed(1).padStart(13)}  ${(s.p50 / helpP50).toFixed(2).padStart(14)}`,
  );
}
const version = stats.get('moba --version');
const all = stats.get('every command loaded');
const meets = helpP50 <= TARGET_MS && (version?.p50 ?? Infinity) <= TARGET_MS;
const readOnly = Object.fromEntries(
  cases
    .filter((c) => c.readOnly)
    .map((c) => {
      const s = stats.get(c.name)!;
      return [
        c.name.replace(/^moba /, ''),
        { p50: round(s.p50), overNode: round(s.p50 / baseline, 2), overHelp: round(s.p50 / helpP50, 2) },
      ];
    }),
);
const readOnlyMeets = Object.values(readOnly).every((r) => r.overHelp <= READ_ONLY_TARGET);
console.log(`\ntarget: --help and --version ≤ ${TARGET_MS} ms (p50) — ${meets ? 'met' : 'NOT met'}`);
console.log(
  `target: read-only commands within ${READ_ONLY_TARGET}× of moba --help (p50) — ${readOnlyMeets ? 'met' : 'NOT met'}`,
);
if (help && all)
  console.log(
    `listing commands from their summaries instead of loading them: ${(all.p50 / help.p50).toFixed(1)}× faster`,
  );

console.log(
  JSON.stringify({
    perf: 'cli',
    quick: QUICK,
    runs: RUNS,
    targetMs: TARGET_MS,
    meetsTarget: meets,
    readOnlyTarget: READ_ONLY_TARGET,
    meetsReadOnlyTarget: readOnlyMeets,
    helpMs: round(helpP50),
    helpP90Ms: round(help?.p90 ?? Number.NaN),
    versionMs: round(version?.p50 ?? Number.NaN),
    versionP90Ms: round(version?.p90 ?? Number.NaN),
    nodeBaselineMs: round(baseline),
    helpOverBaseline: round(helpP50 / baseline, 2),
    readOnly,
    everyCommandLoadedMs: round(all?.p50 ?? Number.NaN),
    everyCommandLoadedOverHelp: round((all?.p50 ?? Number.NaN) / helpP50, 2),
    cases: Object.fromEntries(
      [...stats].map(([name, s]) => [name, { p50: round(s.p50), p90: round(s.p90), min: round(s.min) }]),
    ),
  }),
);
