/**
 * `npm run perf:cli` — how long `moba` takes to answer, as a person's shell sees it: the wall
 * time of a whole process for `moba --help` and `moba --version` (target ≤ 300 ms), against
 * Node starting with nothing to do in the same run (the floor no command can go below), a
 * command's own help (which loads that command's module), and a program with every command
 * module loaded (what `--help` cost before commands were listed from their summaries). Runs are
 * interleaved so load on the machine hits all of them alike. Ends with one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env.MOBA_PERF_RUNS ?? 15);
const TARGET_MS = 300;
const BIN = join(ROOT, 'bin', 'moba.js');
const BUNDLE = join(ROOT, 'out', 'main', 'cli.js');

interface Case {
  name: string;
  args: string[];
}

const cases: Case[] = [
  { name: 'node -e ""', args: ['-e', ''] },
  { name: 'moba --help', args: [BIN, '--help'] },
  { name: 'moba --version', args: [BIN, '--version'] },
  { name: 'moba help memory', args: [BIN, 'help', 'memory'] },
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

// One untimed round warms the file cache.
for (const c of cases) once(c);
const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let i = 0; i < RUNS; i++) for (const c of cases) samples.get(c.name)?.push(once(c));

const stats = new Map(
  [...samples].map(([name, s]) => {
    const sorted = [...s].sort((a, b) => a - b);
    return [name, { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), min: sorted[0] as number }];
  }),
);
const baseline = stats.get('node -e ""')?.p50 ?? 1;

console.log(`moba start-up, wall time of a whole process (${RUNS} interleaved runs each)\n`);
console.log('case                        p50 ms   p90 ms   min ms   p50 ÷ node -e ""');
for (const [name, s] of stats) {
  console.log(
    `${name.padEnd(26)} ${s.p50.toFixed(0).padStart(7)}  ${s.p90.toFixed(0).padStart(7)}  ${s.min.toFixed(0).padStart(7)}  ${(s.p50 / baseline).toFixed(1).padStart(16)}`,
  );
}
const help = stats.get('moba --help');
const version = stats.get('moba --version');
const all = stats.get('every command loaded');
const meets = (help?.p50 ?? Infinity) <= TARGET_MS && (version?.p50 ?? Infinity) <= TARGET_MS;
console.log(`\ntarget: --help and --version ≤ ${TARGET_MS} ms (p50) — ${meets ? 'met' : 'NOT met'}`);
if (help && all)
  console.log(
    `listing commands from their summaries instead of loading them: ${(all.p50 / help.p50).toFixed(1)}× faster`,
  );

console.log(
  JSON.stringify({
    perf: 'cli',
    runs: RUNS,
    targetMs: TARGET_MS,
    meetsTarget: meets,
    helpMs: round(help?.p50 ?? NaN),
    helpP90Ms: round(help?.p90 ?? NaN),
    versionMs: round(version?.p50 ?? NaN),
    versionP90Ms: round(version?.p90 ?? NaN),
    nodeBaselineMs: round(baseline),
    helpOverBaseline: round((help?.p50 ?? NaN) / baseline, 2),
    everyCommandLoadedMs: round(all?.p50 ?? NaN),
    everyCommandLoadedOverHelp: round((all?.p50 ?? NaN) / (help?.p50 ?? NaN), 2),
    cases: Object.fromEntries(
      [...stats].map(([name, s]) => [name, { p50: round(s.p50), p90: round(s.p90), min: round(s.min) }]),
    ),
  }),
);
