/** The task × configuration matrix: names visible, sortable by any column, filtered by category; a cell opens its replay. */
import { useMemo, useState } from 'react';
import type { BenchReport } from '../../../shared/bench/report.ts';
import { showsQuestions } from '../../../shared/bench/report-questions.ts';
import { CATEGORIES } from '../../../shared/bench/task-schema.ts';
import { hrefFor } from '../../routing/router.ts';
import { buildMatrix, cellScore, viewMatrix } from './matrix.ts';
import type { MatrixCell, MatrixSort } from './matrix.ts';

function Cell({ c, questions }: { c: MatrixCell | undefined; questions: boolean }) {
  if (!c) return <td className="num muted">—</td>;
  const score = cellScore(c);
  const tone = score === null ? 'none' : c.passed === c.episodes ? 'pass' : score > 0 ? 'partial' : 'fail';
  const text =
    score === null
      ? c.errors
        ? `${c.errors} error${c.errors === 1 ? '' : 's'}`
        : 'to run'
      : `${c.passed}/${c.episodes} · ${Math.round(score * 100)} %`;
  const asked = questions ? `; ${c.questions} questions, ${c.unnecessaryQuestions} unnecessary` : '';
  const title = `${c.passed} of ${c.episodes} episodes passed; ${c.reached} of ${c.total} milestones${asked}${c.open ? `; ${c.open} to run` : ''}${c.errors ? `; ${c.errors} errors` : ''}`;
  const href = c.episode?.runId
    ? hrefFor('history', c.episode.runId, ...(c.episode.focusStep ? [String(c.episode.focusStep)] : []))
    : null;
  return (
    <td className={`num matrix-cell matrix-${tone}`} title={title} data-score={score === null ? '' : score.toFixed(3)}>
      {href ? <a href={href}>{text}</a> : text}
      {questions && score !== null ? (
        <span className="muted" data-metric="questions">
          {' '}
          · {c.questions}? ({c.unnecessaryQuestions})
        </span>
      ) : null}
    </td>
  );
}

export function ResultsMatrix({ report }: { report: BenchReport }) {
  const rows = useMemo(() => buildMatrix(report), [report]);
  const questions = showsQuestions(report);
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<MatrixSort>({ by: 'task' });
  const shown = viewMatrix(rows, category, sort);
  const cats = CATEGORIES.filter((c) => rows.some((r) => r.category === c));
  const header = (label: string, s: MatrixSort, className = '') => {
    const on = sort.by === s.by && (s.by !== 'config' || (sort.by === 'config' && sort.key === s.key));
    return (
      <th className={className} aria-sort={on ? (s.by === 'config' ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className={`sort-button ${on ? 'on' : ''}`} onClick={() => setSort(s)}>
          {label}
          {on ? (s.by === 'config' ? ' ↓' : ' ↑') : ''}
        </button>
      </th>
    );
  };
  return (
    <div className="bench-matrix" data-testid="bench-matrix">
      <div className="filters">
        <select
          name="matrix.category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          aria-label="Category"
        >
          <option value="">every category</option>
          {cats.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <span className="muted filters-count">
          {shown.length} of {rows.length} tasks · a cell: episodes passed · milestones reached
          {questions ? ' · questions asked (unnecessary)' : ''}; click it for the replay
        </span>
      </div>
      <table className="list">
        <thead>
          <tr>
            {header('Task', { by: 'task' })}
            {header('Category', { by: 'category' })}
            {report.configurations.map((c) => header(c.label, { by: 'config', key: c.key }, 'num'))}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.taskId} data-task={r.taskId}>
              <td className="mono">{r.taskId}</td>
              <td>
                <span className={`cat cat-${r.category}`}>{r.category}</span>
              </td>
              {report.configurations.map((c) => (
                <Cell key={c.key} c={r.cells[c.key]} questions={questions} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
