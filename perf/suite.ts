/**
 * perf:suite — the reference pass over the whole built-in suite (the human solutions, no
 * model), through the runner `moba bench run` uses, with 1, 2 and 4 simulated phones
 * (MOBA_PERF_PHONES=1,2,4; MOBA_PERF_SEEDS=3 instances per task): wall time, episodes per
 * minute, the speed-up over one phone, the time to start the phones, and the memory each phone
 * adds (peak resident memory of this process and its Chromium processes over the run, less
 * what they used before, per phone). Every pass must reach every milestone, or the figures
 * mean nothing and the script fails.
 *
 * It is also the suite's proof on every seed (CI proves one seed, `bench-suite.test.ts`, with
 * the same rules from `test/support/suite-proof.ts`): the first pass's step counts must be
 * the files' human steps (median over the seeds), and a noop pass on every seed with the most
 * phones must reach no milestone. Prints a table and ends with one line of JSON.
 */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { descendants } from '@moba/testkit/rigs';
import { computeReport } from '../src/main/bench/report/metrics.ts';
import { loadTasks } from '../src/main/bench/task-files.ts';
import { startBenchRig } from '../test/support/bench-rig.ts';
import { noopReached, stepCountMismatches } from '../test/support/suite-proof.ts';
import { QUICK, listOption, option } from './quick.ts';

const PHONES = listOption('MOBA_PERF_PHONES', '1,2,4', '1');
const SEEDS = option('MOBA_PERF_SEEDS', 3, 1);

/** Resident memory of this process and everything it started, MB. */
function treeRssMb(): number {
  let kb = 0;
  for (const pid of [process.pid, ...descendants(process.pid)]) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // the process ended between listing and reading
    }
  }
  return kb / 1024;
}

interface Pass {
  phones: number;
  episodes: number;
  wallS: number;
  startupS: number;
  episodesPerMin: number;
  speedup: number;
  msPercent: number | null;
  mbPerPhone: number;
}

const tasks = loadTasks(['builtin'])
  .map((l) => l.task)
  .slice(0, QUICK ? 2 : undefined);
const passes: Pass[] = [];
let noopEpisodes: number | undefined;
const rig = await startBenchRig();
try {
  for (const phones of PHONES) {
    const id = rig.runner.create(
      {
        name: `perf:suite ${phones} phone(s)`,
        tasks: ['builtin'],
        configurations: [{ agent: 'reference' }],
        seeds: SEEDS,
        phones,
      },
      tasks,
    );
    const baseline = treeRssMb();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb())), 250);
    const started = performance.now();
    let firstEpisodeAt: number | null = null;
    const sub = rig.runner.onDidChange((p) => {
      if (firstEpisodeAt === null && p.episode?.status === 'running') firstEpisodeAt = performance.now();
    });
    const summary = await rig.runner.run(id);
    const wallS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    sub.dispose();
    const report = computeReport([{ benchmark: rig.runner.repo.get(id)!, episodes: rig.runner.repo.episodes(id) }]);
    const ms = report.configurations[0]!.overall.msPercent.value;
    if (summary.status !== 'done' || ms !== 100)
      throw new Error(
        `The reference pass with ${phones} phone(s) ended ${summary.status} with MS ${ms} % (${summary.counts.error} errors): the figures would mean nothing`,
      );
    const episodes = summary.counts.done;
    const pass: Pass = {
      phones,
      episodes,
      wallS,
      startupS: ((firstEpisodeAt ?? performance.now()) - started) / 1000,
      episodesPerMin: episodes / (wallS / 60),
      speedup: 0,
      msPercent: ms,
      mbPerPhone: (peak - baseline) / phones,
    };
    pass.speedup = passes[0] ? passes[0].wallS / wallS : 1;
    if (passes.length === 0) {
      const wrong = stepCountMismatches(rig.runner.repo.episodes(id), report.configurations[0]!.configId, tasks);
      if (wrong.length) throw new Error(`Reference step counts differ from the task files: ${wrong.join('; ')}`);
    }
    passes.push(pass);
    console.log(
      `${phones} phone(s): ${episodes} episodes in ${wallS.toFixed(1)} s (phones up after ${pass.startupS.toFixed(1)} s) → ${pass.episodesPerMin.toFixed(1)} episodes/min, ×${pass.speedup.toFixed(2)} over 1 phone, +${pass.mbPerPhone.toFixed(0)} MB per phone, MS ${ms} %`,
    );
  }
  noopEpisodes = await noopPass(Math.max(...PHONES));
} finally {
  await rig.dispose();
}

/** The noop pseudo-agent on every seed: nothing a task checks may hold unless the agent acts. */
async function noopPass(phones: number): Promise<number> {
  const id = rig.runner.create(
    { name: 'perf:suite noop', tasks: ['builtin'], configurations: [{ agent: 'noop' }], seeds: SEEDS, phones },
    tasks,
  );
  const summary = await rig.runner.run(id);
  const episodes = rig.runner.repo.episodes(id);
  const reached = noopReached(episodes, episodes[0]?.configId ?? '');
  if (summary.status !== 'done' || reached.length)
    throw new Error(`The noop pass ended ${summary.status}; milestones reached: ${reached.join('; ') || 'none'}`);
  console.log(`noop: ${summary.counts.done} episodes on ${SEEDS} seed(s), no milestone reached`);
  return summary.counts.done;
}

console.log(
  `\nperf:suite on ${cpus().length} CPU cores (${cpus()[0]?.model ?? 'unknown'}), ${tasks.length} tasks × ${SEEDS} seed(s), reference pass`,
);
console.log('phones  episodes  wall s  episodes/min  speed-up  MB/phone');
for (const p of passes)
  console.log(
    `${String(p.phones).padStart(6)}  ${String(p.episodes).padStart(8)}  ${p.wallS.toFixed(1).padStart(6)}  ${p.episodesPerMin.toFixed(1).padStart(12)}  ${`×${p.speedup.toFixed(2)}`.padStart(8)}  ${p.mbPerPhone.toFixed(0).padStart(8)}`,
  );
console.log(
  JSON.stringify({
    perf: 'suite',
    cores: cpus().length,
    tasks: tasks.length,
    seeds: SEEDS,
    noopEpisodes,
    passes: passes.map((p) => ({
      phones: p.phones,
      episodes: p.episodes,
      wallS: Number(p.wallS.toFixed(2)),
      startupS: Number(p.startupS.toFixed(2)),
      episodesPerMin: Number(p.episodesPerMin.toFixed(2)),
      speedup: Number(p.speedup.toFixed(3)),
      mbPerPhone: Math.round(p.mbPerPhone),
    })),
  }),
);
