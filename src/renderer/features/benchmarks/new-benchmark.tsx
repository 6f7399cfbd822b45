import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { CATEGORIES } from '../../../shared/bench/task-schema.ts';
import type { Category } from '../../../shared/bench/task-schema.ts';
import type { BenchAgentInfo, BenchSuiteTask } from '../../../shared/contract/benchmarks.ts';
import type { BenchConfigurationInput } from '../../../shared/bench/config.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { navigate } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { goalParts } from './bench-format.ts';
import { useSweepQueue } from './workers-panel.tsx';

interface ConfigDraft {
  agent: string;
  usePlan: boolean;
  useMemory: boolean;
  mode: 'auto' | 'copilot';
}

const DEFAULT_CONFIGS: ConfigDraft[] = [
  { agent: 'moba', usePlan: true, useMemory: true, mode: 'auto' },
  { agent: 'moba', usePlan: false, useMemory: true, mode: 'auto' },
];

/** The form that starts a benchmark: tasks of the built-in suite, configurations, seeds, repetitions, phones. */
export function NewBenchmark() {
  const client = useClient();
  const [suite, setSuite] = useState<{ tasks: BenchSuiteTask[]; agents: BenchAgentInfo[] } | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [category, setCategory] = useState<Category | ''>('');
  const [configs, setConfigs] = useState<ConfigDraft[]>(DEFAULT_CONFIGS);
  const [name, setName] = useState('');
  const [seeds, setSeeds] = useState(1);
  const [repetitions, setRepetitions] = useState(1);
  const [phones, setPhones] = useState(2);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const queue = useSweepQueue();
  const [onQueue, setOnQueue] = useState(false);
  const [workers, setWorkers] = useState<number | null>(null);

  useEffect(() => {
    client
      .listBenchSuite()
      .then(setSuite)
      .catch((e: unknown) => setError(toMobaError(e).message));
  }, [client]);

  // How many workers the queue has, for the "Run on the queue" choice (read again every few seconds).
  useEffect(() => {
    if (!queue) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const n = await client.listSweepWorkers({}).then(
        (r) => r.workers.length,
        () => null,
      );
      if (!live) return;
      setWorkers(n);
      timer = setTimeout(() => void load(), 5_000);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, queue]);
  const distributed = Boolean(queue) && onQueue;

  const shown = useMemo(
    () => (suite?.tasks ?? []).filter((t) => !category || t.category === category),
    [suite, category],
  );
  const agents = suite?.agents ?? [];
  const episodes = picked.size * configs.length * seeds * repetitions;

  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setConfig = (i: number, patch: Partial<ConfigDraft>) =>
    setConfigs((prev) => prev.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const configurations: BenchConfigurationInput[] = configs.map((c) => {
        const pseudo = agents.find((a) => a.name === c.agent)?.pseudo ?? false;
        return pseudo
          ? { agent: c.agent }
          : { agent: c.agent, usePlan: c.usePlan, useMemory: c.useMemory, mode: c.mode };
      });
      const { benchmarkId } = await client.startBenchmark({
        ...(name.trim() ? { name: name.trim() } : {}),
        taskIds: [...picked],
        configurations,
        seeds,
        repetitions,
        phones,
        ...(distributed ? { distributed: true } : {}),
      });
      navigate('benchmarks', benchmarkId);
    } catch (e) {
      setError(toMobaError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bench-new" onSubmit={(e) => void submit(e)} data-testid="bench-new">
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
            onClick={() => setPicked((p) => new Set([...p, ...shown.map((t) => t.id)]))}
          >
            Select shown
          </button>
          <button type="button" className="btn btn-small" onClick={() => setPicked(new Set())}>
            Clear
          </button>
          <span className="muted filters-count">{picked.size} selected</span>
        </div>
        <div className="bench-task-list" role="list">
          {shown.map((t) => (
            <label
              key={t.id}
              className={`bench-task ${picked.has(t.id) ? 'picked' : ''}`}
              role="listitem"
              data-task={t.id}
            >
              <input
                type="checkbox"
                name="bench.task"
                value={t.id}
                checked={picked.has(t.id)}
                onChange={() => toggle(t.id)}
              />
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
                {t.milestones} milestone{t.milestones === 1 ? '' : 's'} · {t.humanSteps ?? '?'} steps
              </span>
            </label>
          ))}
          {suite && !shown.length ? <p className="muted">No task in this category.</p> : null}
        </div>
      </div>
      <div className="bench-new-side">
        <div className="field">
          <label htmlFor="bench-name">Name</label>
          <input
            id="bench-name"
            type="text"
            name="bench.name"
            value={name}
            placeholder="e.g. MobA vs w/o Plan, cross-app"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field">
          <span className="field-label">Configurations</span>
          {configs.map((c, i) => {
            const pseudo = agents.find((a) => a.name === c.agent)?.pseudo ?? false;
            return (
              <div key={i} className="bench-config" data-config={i}>
                <select
                  name={`bench.config.${i}.agent`}
                  value={c.agent}
                  onChange={(e) => setConfig(i, { agent: e.target.value })}
                  aria-label={`Configuration ${i + 1} agent`}
                >
                  {agents.map((a) => (
                    <option key={a.name} value={a.name} title={a.description}>
                      {a.label}
                    </option>
                  ))}
                </select>
                <label className={pseudo ? 'disabled' : ''}>
                  <input
                    type="checkbox"
                    name={`bench.config.${i}.plan`}
                    checked={c.usePlan}
                    disabled={pseudo}
                    onChange={(e) => setConfig(i, { usePlan: e.target.checked })}
                  />{' '}
                  plan
                </label>
                <label className={pseudo ? 'disabled' : ''}>
                  <input
                    type="checkbox"
                    name={`bench.config.${i}.memory`}
                    checked={c.useMemory}
                    disabled={pseudo}
                    onChange={(e) => setConfig(i, { useMemory: e.target.checked })}
                  />{' '}
                  memory
                </label>
                <select
                  name={`bench.config.${i}.mode`}
                  value={c.mode}
                  disabled={pseudo}
                  onChange={(e) => setConfig(i, { mode: e.target.value as ConfigDraft['mode'] })}
                  aria-label={`Configuration ${i + 1} mode`}
                >
                  <option value="auto">auto</option>
                  <option
                    value="copilot"
                    title="the model proposes, a person performs each proposal (MobBench's GPT-4o+Human)"
                  >
                    copilot
                  </option>
                </select>
                <button
                  type="button"
                  className="btn btn-small btn-icon"
                  aria-label={`Remove configuration ${i + 1}`}
                  disabled={configs.length === 1}
                  onClick={() => setConfigs((p) => p.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </div>
            );
          })}
          <button
            type="button"
            className="btn btn-small"
            data-action="add-config"
            onClick={() =>
              setConfigs((p) => [...p, { agent: 'reference', usePlan: true, useMemory: true, mode: 'auto' }])
            }
          >
            Add configuration
          </button>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="bench-seeds">Seeds</label>
            <input
              id="bench-seeds"
              type="number"
              name="bench.seeds"
              min={1}
              max={20}
              value={seeds}
              onChange={(e) => setSeeds(Math.max(1, Number(e.target.value) || 1))}
            />
          </div>
          <div className="field">
            <label htmlFor="bench-reps">Repetitions</label>
            <input
              id="bench-reps"
              type="number"
              name="bench.repetitions"
              min={1}
              max={10}
              value={repetitions}
              onChange={(e) => setRepetitions(Math.max(1, Number(e.target.value) || 1))}
            />
          </div>
          <div className="field">
            <label htmlFor="bench-phones">Phones</label>
            <input
              id="bench-phones"
              type="number"
              name="bench.phones"
              min={1}
              max={8}
              value={phones}
              onChange={(e) => setPhones(Math.max(1, Number(e.target.value) || 1))}
            />
          </div>
        </div>
        {queue ? (
          <label
            className="bench-new-queue"
            title={`The moba worker processes on ${queue} run the episodes; this app follows them and keeps the results`}
          >
            <input
              type="checkbox"
              name="bench.distributed"
              checked={onQueue}
              onChange={(e) => setOnQueue(e.target.checked)}
            />{' '}
            Run on the queue ({workers === null ? '?' : workers} worker{workers === 1 ? '' : 's'})
          </label>
        ) : null}
        <p className="muted">
          {distributed ? (
            <>
              {episodes} episode{episodes === 1 ? '' : 's'} on the queue&apos;s workers. Models come from each
              worker&apos;s settings.
            </>
          ) : (
            <>
              {episodes} episode{episodes === 1 ? '' : 's'} on {phones} simulated phone{phones === 1 ? '' : 's'}. Models
              come from Settings → Models.
            </>
          )}
        </p>
        {error ? (
          <div className="banner banner-error" role="alert">
            {error}
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary" data-action="start-benchmark" disabled={busy || !picked.size}>
          Start benchmark
        </button>
      </div>
    </form>
  );
}
