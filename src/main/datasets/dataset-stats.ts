/** What an export counts while it streams: the datasheet's and the manifest's figures. Bounded by the number of distinct values, not of steps. */
import type { Split, StepRecord } from '../../shared/datasets/dataset-schema.ts';
import { SPLITS } from '../../shared/datasets/dataset-schema.ts';
import { emptyCorrectionStats } from './preferences.ts';
import type { CorrectionStats } from './preferences.ts';

type Counts = Record<string, number>;
type PerSplit = Record<Split, number>;

export interface DatasetStats {
  runs: number;
  tasks: Record<Split, string[]>;
  steps: PerSplit;
  pairs: PerSplit;
  dpo: PerSplit;
  sft: PerSplit;
  sources: Counts;
  performedBy: Counts;
  outcomes: Counts;
  actions: Counts;
  apps: Counts;
  annotations: Counts;
  strategies: Counts;
  modes: Counts;
  models: Counts;
  statuses: Counts;
  benchmarks: Counts;
  firstRunAt: number | null;
  lastRunAt: number | null;
  files: { images: number; dumps: number; modelInputs: number; missing: number };
  skippedEvents: number;
  /** Pairs or records left out because an image they need is missing from the data folder. */
  trlSkipped: number;
  corrections: CorrectionStats;
}

const perSplit = (): PerSplit => Object.fromEntries(SPLITS.map((s) => [s, 0])) as PerSplit;

export function emptyStats(): DatasetStats {
  return {
    runs: 0,
    tasks: { train: [], validation: [], test: [] },
    steps: perSplit(),
    pairs: perSplit(),
    dpo: perSplit(),
    sft: perSplit(),
    sources: {},
    performedBy: {},
    outcomes: {},
    actions: {},
    apps: {},
    annotations: {},
    strategies: {},
    modes: {},
    models: {},
    statuses: {},
    benchmarks: {},
    firstRunAt: null,
    lastRunAt: null,
    files: { images: 0, dumps: 0, modelInputs: 0, missing: 0 },
    skippedEvents: 0,
    trlSkipped: 0,
    corrections: emptyCorrectionStats(),
  };
}

export function bump(c: Counts, key: string, n = 1): void {
  c[key] = (c[key] ?? 0) + n;
}

export function countStep(stats: DatasetStats, r: StepRecord): void {
  stats.steps[r.split]++;
  bump(stats.sources, r.source);
  if (r.performedBy) bump(stats.performedBy, r.performedBy);
  bump(stats.outcomes, !r.outcome.executed ? 'not executed' : r.outcome.ok ? 'executed ok' : 'execution failed');
  bump(
    stats.actions,
    (r.action ?? r.proposed).call && typeof (r.action ?? r.proposed).call === 'object'
      ? String(((r.action ?? r.proposed).call as { name: string }).name)
      : 'unknown',
  );
  if (r.screen.app) bump(stats.apps, r.screen.app.packageName);
  for (const a of r.annotations) bump(stats.annotations, a.category);
}
