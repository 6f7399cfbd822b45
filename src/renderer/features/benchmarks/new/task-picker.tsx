/** The new-benchmark form's task list: the built-in suite filtered by category, ticked one by one or all shown. */
import { CATEGORIES } from '../../../../shared/bench/task-schema.ts';
import type { Category } from '../../../../shared/bench/task-schema.ts';
import type { BenchSuiteTask } from '../../../../shared/contract/benchmarks.ts';
import { plural } from '../../../../shared/plural.ts';
import { goalParts } from '../bench-format.ts';

function TaskRow({ t, picked, toggle }: { t: BenchSuiteTask; picked: boolean; toggle(id: string): void }) {
  return (
    <label className={`bench-task ${picked ? 'picked' : ''}`} role="listitem" data-task={t.id}>
      <input type="checkbox" name="bench.task" value={t.id} checked={picked} onChange={() => toggle(t.id)} />
      <span className={`cat cat-${t.category}`}>{t.category}</span>
      <span className="bench-task-goal" title={t.goal}>
        {goalParts(t.goal).map((p, k) =>
          'param' in p ? (
            <var key={k} className="bench-param" title="drawn per seed from the phone's own data">
              {p.param}
            </var>
          ) : (
            p.text
          ),
        )}
      </span>
      <span className="muted mono">{t.id}</span>
      <span className="muted num" title="milestones · the human reference's steps">
        {plural(t.milestones, 'milestone')} · {t.humanSteps ?? '?'} steps
      </span>
    </label>
  );
}

export function TaskPicker({
  tasks,
  loaded,
  picked,
  setPicked,
  category,
  setCategory,
}: {
  tasks: readonly BenchSuiteTask[];
  loaded: boolean;
  picked: ReadonlySet<string>;
  setPicked(next: Set<string>): void;
  category: Category | '';
  setCategory(c: Category | ''): void;
}) {
  const toggle = (id: string) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  return (
    <div className="bench-new-tasks">
      <div className="filters">
        <strong>Tasks</strong>
        <select
          name="bench.category"
          value={category}
          onChange={(e) => setCategory(e.target.value as Category | '')}
          aria-label="Category"
        >
          <option value="">every category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setPicked(new Set([...picked, ...tasks.map((t) => t.id)]))}
        >
          Select shown
        </button>
        <button type="button" className="btn btn-small" onClick={() => setPicked(new Set())}>
          Clear
        </button>
        <span className="muted filters-count">{picked.size} selected</span>
      </div>
      <div className="bench-task-list" role="list">
        {tasks.map((t) => (
          <TaskRow key={t.id} t={t} picked={picked.has(t.id)} toggle={toggle} />
        ))}
        {loaded && !tasks.length ? <p className="muted">No task in this category.</p> : null}
      </div>
    </div>
  );
}
