import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { Category } from '../../../../shared/bench/task-schema.ts';
import type { BenchConfigurationInput } from '../../../../shared/bench/config.ts';
import { navigate } from '../../../routing/router.ts';
import { useClient } from '../../../state/app-store.ts';
import { useBusy, useLoad } from '../../../ui/use-busy.ts';
import { ErrorNote } from '../../../ui/notes.tsx';
import { useSweepQueue } from '../workers-panel.tsx';
import { TaskPicker } from './task-picker.tsx';
import { ConfigList, DEFAULT_CONFIGS, configurationOf } from './config-list.tsx';
import type { ConfigDraft } from './config-list.tsx';
import { EpisodeCount, QueueChoice, RunSizeFields } from './run-size.tsx';
import type { RunSize } from './run-size.tsx';

/** How often the form reads the queue's worker count again. */
const WORKERS_MS = 5_000;

/** The form that starts a benchmark: tasks of the built-in suite, configurations, seeds, repetitions, phones. */
export function NewBenchmark() {
  const client = useClient();
  const suite = useLoad(() => client.listBenchSuite(), [client]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [category, setCategory] = useState<Category | ''>('');
  const [configs, setConfigs] = useState<ConfigDraft[]>(DEFAULT_CONFIGS);
  const [name, setName] = useState('');
  const [size, setSize] = useState<RunSize>({ seeds: 1, repetitions: 1, phones: 2 });
  const { busy, error, run } = useBusy();
  const queue = useSweepQueue();
  const [onQueue, setOnQueue] = useState(false);
  // How many workers the queue has, for the "Run on the queue" choice.
  const workers = useLoad(
    () => (queue ? client.listSweepWorkers({}).then((r) => r.workers.length) : Promise.resolve(null)),
    [client, queue],
    queue ? { everyMs: WORKERS_MS } : {},
  );
  const distributed = Boolean(queue) && onQueue;
  const agents = suite.data?.agents ?? [];
  const shown = useMemo(
    () => (suite.data?.tasks ?? []).filter((t) => !category || t.category === category),
    [suite.data, category],
  );
  const episodes = picked.size * configs.length * size.seeds * size.repetitions;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const configurations: BenchConfigurationInput[] = configs.map((c) => configurationOf(c, agents));
    const started = await run('Starting…', () =>
      client.startBenchmark({
        ...(name.trim() ? { name: name.trim() } : {}),
        taskIds: [...picked],
        configurations,
        ...size,
        ...(distributed ? { distributed: true } : {}),
      }),
    );
    if (started) navigate('benchmarks', started.benchmarkId);
  };

  return (
    <form className="bench-new" onSubmit={(e) => void submit(e)} data-testid="bench-new">
      <TaskPicker
        tasks={shown}
        loaded={suite.data !== undefined}
        picked={picked}
        setPicked={setPicked}
        category={category}
        setCategory={setCategory}
      />
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
        <ConfigList configs={configs} setConfigs={setConfigs} agents={agents} />
        <RunSizeFields size={size} set={(patch) => setSize((s) => ({ ...s, ...patch }))} />
        {queue ? (
          <QueueChoice queue={queue} workers={workers.data ?? null} checked={onQueue} onChange={setOnQueue} />
        ) : null}
        <EpisodeCount episodes={episodes} phones={size.phones} distributed={distributed} />
        <ErrorNote error={error ?? suite.error} banner />
        <button
          type="submit"
          className="btn btn-primary"
          data-action="start-benchmark"
          disabled={busy !== null || !picked.size}
        >
          Start benchmark
        </button>
      </div>
    </form>
  );
}
