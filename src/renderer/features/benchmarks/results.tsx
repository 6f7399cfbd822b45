import type { BenchReport, ConfigurationReport, MetricSet } from '../../../shared/bench/report.ts';
import { showsQuestions } from '../../../shared/bench/report-questions.ts';
import { CATEGORIES } from '../../../shared/bench/task-schema.ts';
import { formatDifference, formatEstimate, significant } from './bench-format.ts';

function eeCell(m: MetricSet) {
  const ee = formatEstimate(m.ee, 2);
  return m.eePercentOfHuman === null ? ee : `${ee} (${m.eePercentOfHuman.toFixed(0)} % of human)`;
}

/** The paper's table: one row per configuration, MobBench's and Mobile-Eval-E's metrics with 95 % intervals. */
export function ResultsTable({ report }: { report: BenchReport }) {
  const questions = showsQuestions(report);
  return (
    <table className="list bench-results" data-testid="bench-results">
      <thead>
        <tr>
          <th>Configuration</th>
          <th className="num">Episodes</th>
          <th
            className="num"
            title="First-try Complete Rate, the MobA paper's primary metric: first tries complete of first tries"
          >
            CR first try
          </th>
          <th
            className="num"
            title="Milestone Score: milestones reached per pass over the tasks, and the % of all milestones"
          >
            MS (points · %)
          </th>
          <th
            className="num"
            title="Complete Rate: episodes with every milestone and invariant; strict also needs the agent's Finish"
          >
            CR % (strict)
          </th>
          <th
            className="num"
            title="Execution Efficiency: steps to the last milestone reached ÷ milestones reached (lower is better)"
          >
            EE
          </th>
          <th className="num" title="Satisfaction Score: mean share of milestones reached">
            SS %
          </th>
          <th
            className="num"
            title="Termination Error: episodes ending in a loop, the step budget, the time limit or an error"
          >
            TE %
          </th>
          {questions ? (
            <th
              className="num"
              title="Questions the agent asked the simulated user, and (in brackets) the unnecessary ones: already answered by the goal, about nothing the task needs, or asked before"
            >
              Questions (unnecessary)
            </th>
          ) : null}
          <th className="num">Cost</th>
        </tr>
      </thead>
      <tbody>
        {report.configurations.map((c) => (
          <tr key={c.key} data-config={c.configId} data-agent={c.agent}>
            <td>
              <strong>{c.label}</strong>
              {report.benchmarks.length > 1 ? <div className="muted mono">{c.benchmarkId}</div> : null}
            </td>
            <td className="num" data-metric="episodes">
              {c.overall.episodes}
              {c.errored.episodes ? (
                <div
                  className="muted"
                  data-metric="errored"
                  title={`Not in any figure: their phone or set-up failed (${c.errored.tasks.join(', ')})`}
                >
                  + {c.errored.episodes} errored
                </div>
              ) : null}
            </td>
            <td className="num" data-metric="first-attempt">
              {c.overall.firstAttempt.completed}/{c.overall.firstAttempt.of}
            </td>
            <td className="num" data-metric="ms">
              {c.overall.msPoints.toFixed(1)} / {c.overall.msTotal} · {formatEstimate(c.overall.msPercent)}
            </td>
            <td className="num" data-metric="cr">
              {formatEstimate(c.overall.completeRate)}{' '}
              <span className="muted">
                ({formatEstimate({ ...c.overall.completeRateStrict, low: null, high: null })})
              </span>
            </td>
            <td className="num" data-metric="ee">
              {eeCell(c.overall)}
            </td>
            <td className="num" data-metric="ss">
              {formatEstimate(c.overall.satisfaction)}
            </td>
            <td className="num" data-metric="te">
              {c.overall.terminationError === null ? '—' : c.overall.terminationError.toFixed(1)}
            </td>
            {questions ? (
              <td
                className="num"
                data-metric="questions"
                title={`${c.questions.userEpisodes} of ${c.overall.episodes} episodes have a simulated user`}
              >
                {c.questions.asked} <span className="muted">({c.questions.unnecessary})</span>
              </td>
            ) : null}
            <td className="num" title={`${c.cost.modelCalls} model calls, ${c.cost.executedActions} actions`}>
              {c.cost.costUsd === 0 ? '$0' : `$${c.cost.costUsd.toFixed(c.cost.costUsd < 1 ? 4 : 2)}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Milestone Score % per category, a column per configuration, with intervals and a bar. */
export function CategoryTable({ report }: { report: BenchReport }) {
  const cats = CATEGORIES.filter((cat) => report.configurations.some((c) => c.byCategory[cat]));
  return (
    <table className="list bench-categories" data-testid="bench-categories">
      <thead>
        <tr>
          <th>Category</th>
          {report.configurations.map((c) => (
            <th key={c.key} className="num">
              {c.label} — MS %
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cats.map((cat) => (
          <tr key={cat} data-category={cat}>
            <td>
              <span className={`cat cat-${cat}`}>{cat}</span>
            </td>
            {report.configurations.map((c) => (
              <CategoryCell key={c.key} config={c} category={cat} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CategoryCell({ config, category }: { config: ConfigurationReport; category: string }) {
  const m = config.byCategory[category];
  if (!m) return <td className="num muted">—</td>;
  const v = m.msPercent.value ?? 0;
  return (
    <td className="num">
      <div className="bench-bar" aria-hidden="true">
        <span style={{ width: `${Math.max(0, Math.min(100, v))}%` }} />
        {m.msPercent.low !== null && m.msPercent.high !== null ? (
          <i style={{ left: `${m.msPercent.low}%`, width: `${Math.max(0.5, m.msPercent.high - m.msPercent.low)}%` }} />
        ) : null}
      </div>
      {formatEstimate(m.msPercent)}{' '}
      <span className="muted">· CR {formatEstimate({ ...m.completeRate, low: null, high: null }, 0)}</span>
    </td>
  );
}

/** Paired differences (A − B over the tasks both ran), with intervals; bold when the interval excludes 0 (over two tasks or more). */
export function PairedTable({ report }: { report: BenchReport }) {
  const pairs = report.paired.filter((p) => p.tasks > 0);
  if (!pairs.length)
    return (
      <p className="muted">
        {report.paired.length
          ? 'The configurations have no finished task in common yet.'
          : 'Add a second agent configuration to compare two on the same tasks.'}
      </p>
    );
  const label = (key: string) => report.configurations.find((c) => c.key === key)?.label ?? key;
  return (
    <table className="list bench-paired" data-testid="bench-paired">
      <thead>
        <tr>
          <th>Configuration A − configuration B</th>
          <th className="num">Tasks</th>
          <th className="num">Δ MS %</th>
          <th className="num">Δ CR %</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={`${p.a}|${p.b}`} data-a={p.a} data-b={p.b}>
            <td>
              <strong>{label(p.a)}</strong> <span className="muted">−</span> {label(p.b)}
            </td>
            <td className="num">{p.tasks}</td>
            {[p.msPercent, p.completeRate].map((e, i) => (
              <td key={i} className={`num ${p.tasks >= 2 && significant(e) ? 'bench-significant' : ''}`}>
                {formatDifference(e)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
