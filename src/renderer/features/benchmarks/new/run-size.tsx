/** The new-benchmark form's size: seeds, repetitions, phones, and whether the sweep queue's workers run it. */
import { plural } from '../../../../shared/plural.ts';

export interface RunSize {
  seeds: number;
  repetitions: number;
  phones: number;
}

function NumberField({
  id,
  label,
  name,
  max,
  value,
  set,
}: {
  id: string;
  label: string;
  name: string;
  max: number;
  value: number;
  set(v: number): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        name={name}
        min={1}
        max={max}
        value={value}
        onChange={(e) => set(Math.max(1, Number(e.target.value) || 1))}
      />
    </div>
  );
}

export function RunSizeFields({ size, set }: { size: RunSize; set(patch: Partial<RunSize>): void }) {
  return (
    <div className="field-row">
      <NumberField
        id="bench-seeds"
        label="Seeds"
        name="bench.seeds"
        max={20}
        value={size.seeds}
        set={(seeds) => set({ seeds })}
      />
      <NumberField
        id="bench-reps"
        label="Repetitions"
        name="bench.repetitions"
        max={10}
        value={size.repetitions}
        set={(repetitions) => set({ repetitions })}
      />
      <NumberField
        id="bench-phones"
        label="Phones"
        name="bench.phones"
        max={8}
        value={size.phones}
        set={(phones) => set({ phones })}
      />
    </div>
  );
}

/** "Run on the queue (N workers)", shown when a sweep queue is set. */
export function QueueChoice({
  queue,
  workers,
  checked,
  onChange,
}: {
  queue: string;
  workers: number | null;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <label
      className="bench-new-queue"
      title={`The moba worker processes on ${queue} run the episodes; this app follows them and keeps the results`}
    >
      <input type="checkbox" name="bench.distributed" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
      Run on the queue ({workers === null ? '? workers' : plural(workers, 'worker')})
    </label>
  );
}

/** How many episodes the form would start, and where. */
export function EpisodeCount({
  episodes,
  phones,
  distributed,
}: {
  episodes: number;
  phones: number;
  distributed: boolean;
}) {
  return (
    <p className="muted">
      {distributed
        ? `${plural(episodes, 'episode')} on the queue's workers. Models come from each worker's settings.`
        : `${plural(episodes, 'episode')} on ${plural(phones, 'simulated phone')}. Models come from Settings → Models.`}
    </p>
  );
}
