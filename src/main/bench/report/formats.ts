/**
 * A report as text: the paper-style table (one row per configuration, the columns of MobA's
 * Table 4 plus Mobile-Eval-E's, with 95 % intervals), per-category rows, paired differences,
 * and CSV (one row per configuration and scope, or per episode).
 */
import type { BenchReport, ConfigurationReport, Estimate, MetricSet } from '../../../shared/bench/report.ts';
import { showsQuestions } from '../../../shared/bench/report-questions.ts';

const f1 = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(1));
const f2 = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(2));
const ci = (e: Estimate, fmt = f1) =>
  e.value === null
    ? '–'
    : e.low === null || e.high === null
      ? fmt(e.value)
      : `${fmt(e.value)} [${fmt(e.low)}, ${fmt(e.high)}]`;

function pad(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c + ' '.repeat(widths[i]! - [...c].length))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function metricRow(label: string, m: MetricSet): string[] {
  return [
    label,
    `${m.firstAttempt.completed}/${m.firstAttempt.of}`,
    `${m.completed}/${m.episodes}`,
    ci(m.completeRate),
    `${f1(m.msPoints)}/${f1(m.msTotal)}`,
    ci(m.msPercent),
    ci(m.ee, f2),
    m.eePercentOfHuman === null ? '–' : `${f1(m.eePercentOfHuman)}%`,
    ci(m.satisfaction),
    m.terminationError === null ? '–' : `${f1(m.terminationError)}%`,
  ];
}

const HUMAN_EE_FROM: Record<BenchReport['humanEeFrom'], string> = {
  human: "a person's episodes",
  reference: 'the reference solutions',
  tasks: "the tasks' measured human steps",
  none: 'nothing',
};

const HEAD = [
  'Configuration',
  'CR first try',
  'Complete',
  'CR % [95% CI]',
  'MS points',
  'MS % [95% CI]',
  'EE [95% CI]',
  'EE % human',
  'SS % [95% CI]',
  'TE %',
];

export function reportTable(r: BenchReport): string {
  const out: string[] = [];
  out.push(
    `Benchmark${r.benchmarks.length > 1 ? 's' : ''}: ${r.benchmarks.map((b) => `${b.id} "${b.name}" (${b.status})`).join(', ')}`,
  );
  out.push(pad([HEAD, ...r.configurations.map((c) => metricRow(c.label, c.overall))]));
  out.push(
    `Human EE ${r.humanEe === null ? 'unknown' : f2(r.humanEe)} (from ${HUMAN_EE_FROM[r.humanEeFrom]}); 95% intervals: cluster bootstrap over tasks and runs (${r.bootstrap.iterations} draws, seed ${r.bootstrap.seed}). CR first try: the first repetition of each instance, complete (MobA's primary metric).`,
  );
  for (const c of r.configurations)
    if (c.errored.episodes)
      out.push(
        `${c.label}: ${c.errored.episodes} episode${c.errored.episodes === 1 ? '' : 's'} ended in an error (phone or set-up) and are in none of these figures — tasks ${c.errored.tasks.join(', ')}`,
      );
  const cats = [...new Set(r.configurations.flatMap((c) => Object.keys(c.byCategory)))];
  if (cats.length > 1) {
    out.push('\nBy category');
    out.push(
      pad([
        HEAD,
        ...r.configurations.flatMap((c) =>
          cats.filter((k) => c.byCategory[k]).map((k) => metricRow(`${c.label} · ${k}`, c.byCategory[k]!)),
        ),
      ]),
    );
  }
  out.push('\nCost');
  out.push(
    pad([
      [
        'Configuration',
        'Actions',
        'Model calls',
        'Calls/action',
        'Tokens/episode',
        'Cost $',
        'Latency p50/p95 ms',
        'Wall s/episode',
        'Interventions',
      ],
      ...r.configurations.map((c) => [
        c.label,
        String(c.cost.executedActions),
        String(c.cost.modelCalls),
        f2(c.cost.callsPerAction),
        f1(c.cost.tokensPerEpisode),
        c.cost.costUsd.toFixed(4),
        `${f1(c.cost.latencyP50Ms)}/${f1(c.cost.latencyP95Ms)}`,
        f1(c.cost.wallPerEpisodeSeconds),
        Object.entries(c.interventions)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || '–',
      ]),
    ]),
  );
  if (showsQuestions(r)) out.push(`\n${questionsTable(r)}`);
  if (r.paired.length) {
    const name = (k: string) => r.configurations.find((c) => c.key === k)?.label ?? k;
    out.push('\nPaired differences (A − B over the tasks both ran)');
    out.push(
      pad([
        ['A', 'B', 'Tasks', 'Δ MS % [95% CI]', 'Δ CR % [95% CI]'],
        ...r.paired.map((p) => [name(p.a), name(p.b), String(p.tasks), ci(p.msPercent), ci(p.completeRate)]),
      ]),
    );
  }
  return `${out.join('\n')}\n`;
}

/**
 * Questions to the simulated user per configuration, then per task where any was asked
 * (docs/benchmark.md § Asking the user).
 */
export function questionsTable(r: BenchReport): string {
  const perEpisode = (c: ConfigurationReport) =>
    c.overall.episodes ? f2(c.questions.asked / c.overall.episodes) : '–';
  const lines = [
    'Questions to the simulated user',
    pad([
      ['Configuration', 'Asked', 'Unnecessary', 'Asked/episode', 'Episodes with a user'],
      ...r.configurations.map((c) => [
        c.label,
        String(c.questions.asked),
        String(c.questions.unnecessary),
        perEpisode(c),
        `${c.questions.userEpisodes}/${c.overall.episodes}`,
      ]),
    ]),
  ];
  const tasks = r.configurations.flatMap((c) =>
    c.perTask
      .filter((t) => t.questions > 0)
      .map((t) => [c.label, t.taskId, String(t.questions), String(t.unnecessaryQuestions)]),
  );
  if (tasks.length) lines.push('', pad([['Configuration', 'Task', 'Asked', 'Unnecessary'], ...tasks]));
  return lines.join('\n');
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as CSV (RFC 4180 quoting). */
export const csv = (rows: unknown[][]) => `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;

/** One row per configuration and scope (overall, each category, each app). */
export function reportCsv(r: BenchReport): string {
  const head = [
    'benchmark',
    'configuration',
    'label',
    'agent',
    'role',
    'scope',
    'episodes',
    'tasks',
    'completed',
    'cr',
    'cr_low',
    'cr_high',
    'cr_strict',
    'ms_points',
    'ms_total',
    'ms_pct',
    'ms_low',
    'ms_high',
    'ee',
    'ee_low',
    'ee_high',
    'ee_pct_human',
    'first_try_completed',
    'first_tries',
    'ss',
    'ss_low',
    'ss_high',
    'te_pct',
    'errored_episodes',
    'questions',
    'unnecessary_questions',
  ];
  const row = (c: ConfigurationReport, scope: string, m: MetricSet) => [
    c.benchmarkId,
    c.configId,
    c.label,
    c.agent,
    c.role,
    scope,
    m.episodes,
    m.tasks,
    m.completed,
    m.completeRate.value,
    m.completeRate.low,
    m.completeRate.high,
    m.completeRateStrict.value,
    m.msPoints,
    m.msTotal,
    m.msPercent.value,
    m.msPercent.low,
    m.msPercent.high,
    m.ee.value,
    m.ee.low,
    m.ee.high,
    m.eePercentOfHuman,
    m.firstAttempt.completed,
    m.firstAttempt.of,
    m.satisfaction.value,
    m.satisfaction.low,
    m.satisfaction.high,
    m.terminationError,
    scope === 'overall' ? c.errored.episodes : '',
    scope === 'overall' ? c.questions.asked : '',
    scope === 'overall' ? c.questions.unnecessary : '',
  ];
  const rows: unknown[][] = [head];
  for (const c of r.configurations) {
    rows.push(row(c, 'overall', c.overall));
    for (const [k, m] of Object.entries(c.byCategory)) rows.push(row(c, `category:${k}`, m));
    for (const [k, m] of Object.entries(c.byApp)) rows.push(row(c, `app:${k}`, m));
  }
  return csv(rows);
}

/** One row per episode. */
export function episodesCsv(r: BenchReport): string {
  return csv([
    [
      'configuration',
      'episode',
      'task',
      'category',
      'status',
      'run',
      'reached',
      'total',
      'complete',
      'steps',
      'termination',
      'cost_usd',
      'focus_step',
      'questions',
      'unnecessary_questions',
    ],
    ...r.episodes.map((e) => [
      e.key,
      e.episodeId,
      e.taskId,
      e.category,
      e.status,
      e.runId,
      e.reached,
      e.total,
      e.complete,
      e.steps,
      e.termination,
      e.costUsd,
      e.focusStep,
      e.questions,
      e.unnecessaryQuestions,
    ]),
  ]);
}
