/**
 * Computes a benchmark report from stored episodes (docs/benchmark.md § Metrics has the
 * formulas). Only finished episodes count; each configuration of each benchmark is one row.
 */
import { configurationLabel } from '../../../shared/bench/labels.ts';
import type { BenchConfiguration } from '../../../shared/bench/config.ts';
import type {
  BenchReport,
  ConfigurationReport,
  EpisodeLink,
  MetricSet,
  PairedDifference,
} from '../../../shared/bench/report.ts';
import type { EpisodeResult } from '../../../shared/bench/results.ts';
import type { BenchTask } from '../../../shared/bench/task-schema.ts';
import type { BenchmarkRecord, StoredEpisode } from '../bench-repo.ts';
import { clusterBootstrapRatios, pairedBootstraps, percentile } from './stats.ts';
import type { BootstrapOptions, RatioStat } from './stats.ts';

export const DEFAULT_BOOTSTRAP: BootstrapOptions = { seed: 20250602, iterations: 1000 };

const TERMINATION_ERRORS = new Set(['loop', 'budget', 'timeout', 'error']);

interface Done {
  e: StoredEpisode;
  r: EpisodeResult;
}

const sum = (xs: Iterable<number>) => {
  let s = 0;
  for (const x of xs) s += x;
  return s;
};
const pct = (x: number | null) => (x === null ? null : x * 100);
const scale = (e: { value: number | null; low: number | null; high: number | null }, k: number) => ({
  value: e.value === null ? null : e.value * k,
  low: e.low === null ? null : e.low * k,
  high: e.high === null ? null : e.high * k,
});

/** The bootstrapped metrics, each a ratio of sums over episodes (docs/benchmark.md, Metrics). */
const STATS = {
  /** Milestone score: milestones reached of milestones total. */
  ms: { num: (d: Done) => d.r.reached, den: (d: Done) => d.r.total },
  cr: { num: (d: Done) => (d.r.complete ? 1 : 0), den: () => 1 },
  crStrict: { num: (d: Done) => (d.r.completeStrict ? 1 : 0), den: () => 1 },
  /** Steps to the last milestone reached, per milestone reached. */
  ee: { num: (d: Done) => (d.r.reached ? (d.r.stepsToLast ?? 0) : 0), den: (d: Done) => d.r.reached },
  ss: { num: (d: Done) => (d.r.total ? d.r.reached / d.r.total : 0), den: () => 1 },
} satisfies Record<string, RatioStat<Done>>;

/** One ratio statistic over all of `xs` (null when its denominator sums to 0). */
function ratioOf(xs: readonly Done[], stat: RatioStat<Done>): number | null {
  const den = sum(xs.map(stat.den));
  return den ? sum(xs.map(stat.num)) / den : null;
}

function byTask(xs: readonly Done[]): Done[][] {
  const m = new Map<string, Done[]>();
  for (const d of xs) m.set(d.e.taskId, [...(m.get(d.e.taskId) ?? []), d]);
  return [...m.values()];
}

function metricSet(xs: readonly Done[], boot: BootstrapOptions, humanEe: number | null): MetricSet {
  const groups = byTask(xs);
  const first = xs.filter((d) => d.e.repetition === 0);
  const firstDone = first.filter((d) => d.r.complete).length;
  const tasks = groups.length;
  const est = clusterBootstrapRatios(groups, STATS, boot);
  const ee = est.ee;
  return {
    episodes: xs.length,
    tasks,
    msPoints: xs.length ? (sum(xs.map((d) => d.r.reached)) / xs.length) * tasks : 0,
    msTotal: xs.length ? (sum(xs.map((d) => d.r.total)) / xs.length) * tasks : 0,
    msPercent: scale(est.ms, 100),
    completeRate: scale(est.cr, 100),
    completeRateStrict: scale(est.crStrict, 100),
    completed: xs.filter((d) => d.r.complete).length,
    ee,
    eePercentOfHuman: ee.value !== null && humanEe ? (ee.value / humanEe) * 100 : null,
    satisfaction: scale(est.ss, 100),
    terminationError: pct(
      xs.length ? xs.filter((d) => TERMINATION_ERRORS.has(d.r.termination)).length / xs.length : null,
    ),
    firstAttempt: {
      completed: firstDone,
      of: first.length,
      percent: pct(first.length ? firstDone / first.length : null),
    },
  };
}

function roleOf(c: BenchConfiguration): ConfigurationReport['role'] {
  if (c.agent === 'reference') return 'reference';
  if (c.agent === 'human') return 'human';
  if (c.agent === 'noop') return 'noop';
  return c.mode === 'copilot' ? 'copilot' : 'agent';
}

/** Where to open an episode's replay: the first missed milestone where it was last held, else the last milestone reached. */
export function focusStep(r: EpisodeResult): number {
  const missed = r.milestones.find((m) => !m.reached);
  if (missed) return missed.lastHeld ?? r.steps;
  return r.stepsToLast ?? r.steps;
}

export interface ReportInput {
  benchmark: BenchmarkRecord;
  episodes: StoredEpisode[];
}

type DoneEpisode = StoredEpisode & { result: EpisodeResult };
const isDone = (e: StoredEpisode): e is DoneEpisode => e.status === 'done' && e.result !== null;

export interface ReportOptions {
  bootstrap?: BootstrapOptions;
  now?: number;
  /**
   * Work out the by-app metric sets (default true). The printed table shows the overall and
   * by-category rows only, so `moba bench report` leaves these out for it: their bootstraps are
   * about as much work as all the others together. Left out, `byApp` is `{}`.
   */
  byApp?: boolean;
}

export function computeReport(inputs: readonly ReportInput[], options: ReportOptions = {}): BenchReport {
  const boot = options.bootstrap ?? DEFAULT_BOOTSTRAP;
  const many = inputs.length > 1;
  const human = humanBaseline(inputs);
  const humanEe = human.ee(() => true);
  const humanEeFrom: BenchReport['humanEeFrom'] = humanEe === null ? 'none' : human.from;
  const configurations: ConfigurationReport[] = [];
  const links: EpisodeLink[] = [];
  for (const { benchmark, episodes } of inputs) {
    for (const c of benchmark.configurations) {
      const key = many ? `${benchmark.id}:${c.id}` : c.id!;
      const mine = episodes.filter((e) => e.configId === c.id);
      const xs: Done[] = mine.filter(isDone).map((e) => ({ e, r: e.result }));
      configurations.push({
        key,
        benchmarkId: benchmark.id,
        configId: c.id!,
        label: many ? `${configurationLabel(c)} (${benchmark.name})` : configurationLabel(c),
        agent: c.agent,
        role: roleOf(c),
        ...metricsOf(xs, boot, human.ee, options.byApp ?? true),
        errored: {
          episodes: mine.filter((e) => e.status === 'error').length,
          tasks: [...new Set(mine.filter((e) => e.status === 'error').map((e) => e.taskId))].sort(),
        },
      });
      links.push(...mine.map((e) => episodeLink(key, e)));
    }
  }
  return {
    generatedAt: options.now ?? Date.now(),
    benchmarks: inputs.map(({ benchmark }) => ({ id: benchmark.id, name: benchmark.name, status: benchmark.status })),
    bootstrap: boot,
    humanEe,
    humanEeFrom,
    configurations,
    paired: pairedDifferences(configurations, boot),
    episodes: links,
  };
}

/**
 * Where the human EE comes from: the episodes of `human` configurations (a person performed
 * them), else of the `reference` ones, else the tasks' measured human steps. `ee(scope)` is
 * that baseline's EE over the episodes in a scope (a category, an app), so a row compares with
 * the baseline on the same tasks — the baseline's own row is then 100 % in every scope.
 */
function humanBaseline(inputs: readonly ReportInput[]): {
  from: 'human' | 'reference' | 'tasks';
  ee: HumanEe;
} {
  const episodesOf = (role: 'human' | 'reference'): Done[] =>
    inputs.flatMap(({ benchmark, episodes }) =>
      episodes
        .filter(isDone)
        .filter((e) => {
          const c = benchmark.configurations.find((x) => x.id === e.configId);
          return c !== undefined && roleOf(c) === role;
        })
        .map((e) => ({ e, r: e.result })),
    );
  for (const role of ['human', 'reference'] as const) {
    const runs = episodesOf(role);
    if (ratioOf(runs, STATS.ee) !== null) return { from: role, ee: (scope) => ratioOf(runs.filter(scope), STATS.ee) };
  }
  const tasks = new Map<string, BenchTask>();
  for (const { benchmark } of inputs) for (const t of benchmark.tasks) tasks.set(t.id, t);
  const measured = [...tasks.values()].filter((t) => t.human?.steps);
  const ee = measured.length
    ? sum(measured.map((t) => t.human!.steps)) / sum(measured.map((t) => t.milestones.length))
    : null;
  return { from: 'tasks', ee: () => ee };
}

/** The human EE over the episodes in a scope. */
type HumanEe = (scope: (d: Done) => boolean) => number | null;

type ConfigurationMetrics = Omit<
  ConfigurationReport,
  'key' | 'benchmarkId' | 'configId' | 'label' | 'agent' | 'role' | 'errored'
>;

/** One configuration's finished episodes: metrics overall, by category and by app, cost, tallies, per task. */
function metricsOf(
  xs: readonly Done[],
  boot: BootstrapOptions,
  humanEe: HumanEe,
  byApp: boolean,
): ConfigurationMetrics {
  const cats = [...new Set(xs.map((d) => d.e.category))].sort();
  const apps = byApp ? [...new Set(xs.flatMap((d) => d.e.apps))].sort() : [];
  const interventions: Record<string, number> = {};
  const terminations: Record<string, number> = {};
  for (const d of xs) {
    for (const [k, v] of Object.entries(d.r.interventions)) interventions[k] = (interventions[k] ?? 0) + v;
    terminations[d.r.termination] = (terminations[d.r.termination] ?? 0) + 1;
  }
  return {
    overall: metricSet(
      xs,
      boot,
      humanEe(() => true),
    ),
    byCategory: Object.fromEntries(
      cats.map((cat) => {
        const inScope = (d: Done) => d.e.category === cat;
        return [cat, metricSet(xs.filter(inScope), boot, humanEe(inScope))];
      }),
    ),
    byApp: Object.fromEntries(
      apps.map((a) => {
        const inScope = (d: Done) => d.e.apps.includes(a);
        return [a, metricSet(xs.filter(inScope), boot, humanEe(inScope))];
      }),
    ),
    cost: costOf(xs),
    interventions,
    questions: {
      asked: sum(xs.map((d) => d.r.questions ?? 0)),
      unnecessary: sum(xs.map((d) => d.r.unnecessaryQuestions ?? 0)),
      userEpisodes: xs.filter((d) => d.r.hasUser).length,
    },
    terminations,
    perTask: byTask(xs).map((g) => ({
      taskId: g[0]!.e.taskId,
      category: g[0]!.e.category,
      episodes: g.length,
      reached: sum(g.map((d) => d.r.reached)) / g.length,
      total: sum(g.map((d) => d.r.total)) / g.length,
      completeRate: (g.filter((d) => d.r.complete).length / g.length) * 100,
      meanSteps: sum(g.map((d) => d.r.steps)) / g.length,
      questions: sum(g.map((d) => d.r.questions ?? 0)),
      unnecessaryQuestions: sum(g.map((d) => d.r.unnecessaryQuestions ?? 0)),
    })),
  };
}

function costOf(xs: readonly Done[]): ConfigurationReport['cost'] {
  const calls = xs.flatMap((d) => d.r.callLatenciesMs);
  const actions = sum(xs.map((d) => d.r.executedActions));
  const modelCalls = sum(xs.map((d) => d.r.modelCalls));
  const cost = sum(xs.map((d) => d.r.costUsd));
  const wall = sum(xs.map((d) => d.r.wallMs)) / 1000;
  return {
    executedActions: actions,
    modelCalls,
    callsPerAction: actions ? modelCalls / actions : null,
    tokensPerEpisode: xs.length ? sum(xs.map((d) => d.r.promptTokens + d.r.completionTokens)) / xs.length : null,
    costUsd: cost,
    costPerEpisodeUsd: xs.length ? cost / xs.length : null,
    latencyP50Ms: percentile(calls, 50),
    latencyP95Ms: percentile(calls, 95),
    wallSeconds: wall,
    wallPerEpisodeSeconds: xs.length ? wall / xs.length : null,
  };
}

function episodeLink(key: string, e: StoredEpisode): EpisodeLink {
  const r = e.result;
  return {
    key,
    episodeId: e.id,
    taskId: e.taskId,
    category: e.category,
    status: e.status,
    runId: e.runId,
    reached: r?.reached ?? null,
    total: r?.total ?? null,
    complete: r?.complete ?? null,
    steps: r?.steps ?? null,
    costUsd: r?.costUsd ?? null,
    termination: r?.termination ?? null,
    focusStep: r ? focusStep(r) : null,
    questions: r ? (r.questions ?? 0) : null,
    unnecessaryQuestions: r ? (r.unnecessaryQuestions ?? 0) : null,
  };
}

/** Paired differences: each agent configuration against every other, over the tasks both ran. */
function pairedDifferences(configurations: readonly ConfigurationReport[], boot: BootstrapOptions): PairedDifference[] {
  const paired: PairedDifference[] = [];
  const rows = configurations.filter((c) => c.role !== 'noop');
  for (let i = 0; i < rows.length; i++)
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      const bt = new Map(b.perTask.map((t) => [t.taskId, t]));
      const common = a.perTask.filter((t) => bt.has(t.taskId));
      const diff = (f: (t: ConfigurationReport['perTask'][number]) => number) =>
        common.map((t) => f(t) - f(bt.get(t.taskId)!));
      const [msPercent, completeRate] = pairedBootstraps(
        [diff((t) => (t.total ? (t.reached / t.total) * 100 : 0)), diff((t) => t.completeRate)],
        boot,
      );
      paired.push({ a: a.key, b: b.key, tasks: common.length, msPercent: msPercent!, completeRate: completeRate! });
    }
  return paired;
}
