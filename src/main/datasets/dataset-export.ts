/**
 * `moba dataset export`: the steps of a selection of runs as a dataset folder —
 *
 *   README.md                 the datasheet (counts, sources, fields, the action mapping, licence note)
 *   manifest.json             selection, split settings, counts, the split of every task
 *   schemas/*.schema.json     the JSON Schema of every record kind
 *   steps/{train,validation,test}.jsonl        one step per line
 *   preferences/{…}.jsonl     human corrections as preference pairs
 *   dpo/{…}.jsonl             the pairs in TRL's DPO format (with images)
 *   sft/{…}.jsonl             approved proposals as positive-only records (TRL's conversational format)
 *   images/, dumps/           screenshots, marked screenshots, images sent to models, UI dumps (by content hash)
 *   model-inputs/RUN/CALL.json   the messages of the model calls steps refer to
 *
 * Runs are streamed one at a time and each run page by page: memory holds one page of events,
 * the steps still open, and counters — never a whole run or the whole selection. Every record
 * is validated against its schema before it is written. Order is deterministic: runs oldest
 * first (then by id), steps in run order.
 */
import { chmod, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  DATASET_FORMAT,
  DATASET_VERSION,
  DpoRecord,
  ModelInputFile,
  PreferencePair,
  SPLITS,
  SftRecord,
  StepRecord,
} from '../../shared/datasets/dataset-schema.ts';
import type { RunInfo, Split } from '../../shared/datasets/dataset-schema.ts';
import { MobaError } from '../../shared/errors.ts';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tighten } from '../private-files.ts';
import { fileNameFor } from '../safe-id.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { Db } from '../store/database.ts';
import { renderDatasheet } from './datasheet.ts';
import { bump, countStep, emptyStats } from './dataset-stats.ts';
import type { DatasetStats } from './dataset-stats.ts';
import { digestRun, eventPages } from './event-pages.ts';
import { RECORD_KINDS, recordJsonSchema } from './json-schemas.ts';
import { JsonlWriter } from './jsonl-writer.ts';
import { CorrectionBuilder } from './preferences.ts';
import { annotationsOf, selectRuns } from './run-selection.ts';
import type { BenchmarkRuns, RunSelection, SelectedRun } from './run-selection.ts';
import { DEFAULT_SPLIT, splitOf, taskKeyOf } from './splits.ts';
import type { SplitOptions } from './splits.ts';
import { StepAssembler } from './step-assembler.ts';
import type { CallInfo } from './step-assembler.ts';
import { stepRecord } from './step-records.ts';
import type { AssetSink, StepContext } from './step-records.ts';

export interface DatasetProgress {
  phase: 'selecting' | 'runs' | 'finishing' | 'done';
  runsDone: number;
  runsTotal: number;
  steps: number;
  pairs: number;
}

export interface DatasetExportOptions {
  db: Db;
  artifacts: ArtifactStore;
  /** Created; must not exist or be empty. */
  outDir: string;
  selection: RunSelection;
  benchmarks?: BenchmarkRuns;
  split?: SplitOptions;
  app: { name: string; version: string };
  now?: number;
  signal?: AbortSignal;
  onProgress?(p: DatasetProgress): void;
}

export interface DatasetExportResult {
  dir: string;
  runs: number;
  steps: number;
  pairs: number;
  dpo: number;
  sft: number;
  files: DatasetStats['files'];
  perSplit: Record<Split, { tasks: number; steps: number; pairs: number; sft: number }>;
  ms: number;
}

const FOLDERS = { step: 'steps', preference: 'preferences', dpo: 'dpo', sft: 'sft' } as const;
type Stream = keyof typeof FOLDERS;
const IMAGE_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Copies artifacts and writes model inputs once each; copies run behind the records and are awaited in small batches. */
class FileSink implements AssetSink {
  /** Artifacts copied (by hash): bounded by the distinct screens and images, not by steps. */
  private readonly done = new Map<string, string | null>();
  /** Model inputs written for the current run; they never repeat across runs, so this is emptied per run. */
  private readonly inputs = new Set<string>();
  private pending: Promise<unknown>[] = [];
  private readonly o: { outDir: string; artifacts: ArtifactStore; stats: DatasetStats };

  constructor(o: { outDir: string; artifacts: ArtifactStore; stats: DatasetStats }) {
    this.o = o;
  }

  file(ref: ArtifactRef): string | null {
    const known = this.done.get(ref.sha256);
    if (known !== undefined) return known;
    let source: string;
    try {
      source = this.o.artifacts.get(ref.sha256).path;
    } catch {
      this.o.stats.files.missing++;
      this.done.set(ref.sha256, null);
      return null;
    }
    const image = IMAGE_EXT[ref.mime];
    const rel = image
      ? `images/${ref.sha256}.${image}`
      : ref.mime === 'application/xml'
        ? `dumps/${ref.sha256}.xml`
        : `files/${ref.sha256}.bin`;
    if (image) this.o.stats.files.images++;
    else this.o.stats.files.dumps++;
    this.done.set(ref.sha256, rel);
    const target = join(this.o.outDir, rel);
    const copy = () => copyFile(source, target).then(() => chmod(target, PRIVATE_FILE_MODE));
    this.pending.push(
      image || ref.mime === 'application/xml'
        ? copy()
        : mkdir(join(this.o.outDir, 'files'), { recursive: true, mode: PRIVATE_DIR_MODE }).then(copy),
    );
    return rel;
  }

  modelInput(runId: string, call: CallInfo): string {
    const key = `${runId}/${call.callId}`;
    // Ids from an imported run's log are names here only when no path can be made of them.
    const rel = `model-inputs/${fileNameFor(runId)}/${fileNameFor(call.callId)}.json`;
    if (this.inputs.has(key)) return rel;
    const body: ModelInputFile = {
      run: runId,
      callId: call.callId,
      purpose: call.record.purpose,
      model: call.record.model,
      messages: call.record.request.messages.map((m) => ({
        role: m.role,
        content: (typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content).map((p) =>
          p.type === 'text'
            ? { type: 'text' as const, text: p.text }
            : { type: 'image' as const, image: this.file(p.image) ?? `missing:${p.image.sha256}` },
        ),
      })),
      reply: call.record.reply?.text ?? null,
    };
    check(ModelInputFile, body, key);
    this.inputs.add(key);
    this.o.stats.files.modelInputs++;
    this.pending.push(
      mkdir(join(this.o.outDir, 'model-inputs', fileNameFor(runId)), { recursive: true, mode: PRIVATE_DIR_MODE }).then(
        () => writeFile(join(this.o.outDir, rel), `${JSON.stringify(body, null, 1)}\n`, { mode: PRIVATE_FILE_MODE }),
      ),
    );
    return rel;
  }

  endRun(): void {
    this.inputs.clear();
  }

  async flush(force = false): Promise<void> {
    if (!force && this.pending.length < 32) return;
    const batch = this.pending;
    this.pending = [];
    await Promise.all(batch);
  }
}

function check<T>(schema: z.ZodType<T>, value: T, id: string): void {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new MobaError(
      'INTERNAL',
      `Dataset record ${id} does not match its schema: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
}

async function prepareFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    if ((await readdir(dir)).length)
      throw new MobaError('INVALID_INPUT', `${dir} is not empty; export a dataset into a new or empty folder`);
    // An empty folder made beforehand is narrowed: the dataset holds every screen and prompt of its runs.
    tighten(dir, PRIVATE_DIR_MODE);
    for (const sub of ['schemas', 'images', 'dumps', 'model-inputs', ...Object.values(FOLDERS)])
      await mkdir(join(dir, sub), { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    if (error instanceof MobaError) throw error;
    throw new MobaError('NOT_FOUND', `Cannot write the dataset folder ${dir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

type Writers = Record<Stream, Record<Split, JsonlWriter>>;

/** What exporting one run needs: the open files, the counters, the progress to report. */
interface Export {
  o: DatasetExportOptions;
  stats: DatasetStats;
  sink: FileSink;
  writers: Writers;
  progress: DatasetProgress;
  report(): void;
}

const cancelled = () => new MobaError('CANCELLED', 'The dataset export was cancelled');

/**
 * Writes the dataset of the selected runs.
 * @throws MobaError INVALID_INPUT (a non-empty folder, a bad selection), NOT_FOUND (unknown runs, an unwritable folder), CANCELLED
 */
export async function exportDataset(o: DatasetExportOptions): Promise<DatasetExportResult> {
  const started = performance.now();
  const split = o.split ?? DEFAULT_SPLIT;
  const progress: DatasetProgress = { phase: 'selecting', runsDone: 0, runsTotal: 0, steps: 0, pairs: 0 };
  const report = () => o.onProgress?.({ ...progress });
  report();
  const runs = selectRuns(o.db, o.selection, o.benchmarks);
  progress.runsTotal = runs.length;
  await prepareFolder(o.outDir);
  const stats = emptyStats();
  const sink = new FileSink({ outDir: o.outDir, artifacts: o.artifacts, stats });
  const writers = Object.fromEntries(
    (Object.keys(FOLDERS) as Stream[]).map((k) => [
      k,
      Object.fromEntries(SPLITS.map((s) => [s, new JsonlWriter(join(o.outDir, FOLDERS[k], `${s}.jsonl`))])),
    ]),
  ) as Writers;
  const ex: Export = { o, stats, sink, writers, progress, report };
  const taskSplits = new Map<string, Split>();
  progress.phase = 'runs';
  try {
    for (const run of runs) {
      if (o.signal?.aborted) throw cancelled();
      const taskKey = taskKeyOf(run);
      const where = splitOf(taskKey, split);
      if (!taskSplits.has(taskKey)) {
        taskSplits.set(taskKey, where);
        stats.tasks[where].push(taskKey);
      }
      await exportRun(ex, run, taskKey, where);
    }
    progress.phase = 'finishing';
    report();
    await sink.flush(true);
  } finally {
    for (const k of Object.keys(writers) as Stream[])
      for (const s of SPLITS) await writers[k][s].close().catch(() => undefined);
  }
  stats.trlSkipped =
    stats.corrections.pairs.edit +
    stats.corrections.pairs.override +
    stats.corrections.pairs.reject -
    SPLITS.reduce((n, s) => n + stats.dpo[s], 0);
  await writeFolderFiles(o, { runs, split, taskSplits, stats });
  progress.phase = 'done';
  report();
  return resultOf(o.outDir, stats, started);
}

/** One run's steps, preference pairs, DPO and SFT records, page by page, into its task's split. */
async function exportRun(ex: Export, run: SelectedRun, taskKey: string, where: Split): Promise<void> {
  const { o, stats, sink, progress } = ex;
  const digest = digestRun(o.db, run.id);
  const info: RunInfo = {
    id: run.id,
    strategy: digest.strategy,
    mode: digest.mode,
    model: digest.actModel,
    status: run.status,
    createdAt: run.createdAt,
    benchmark: run.benchmark,
  };
  stats.runs++;
  bump(stats.strategies, info.strategy);
  bump(stats.modes, info.mode);
  bump(stats.models, info.model ?? '(none)');
  bump(stats.statuses, info.status);
  if (run.benchmark) bump(stats.benchmarks, run.benchmark.id);
  stats.firstRunAt = Math.min(stats.firstRunAt ?? run.createdAt, run.createdAt);
  stats.lastRunAt = Math.max(stats.lastRunAt ?? run.createdAt, run.createdAt);
  const ctx: StepContext = { run: info, task: run.task, taskKey, split: where };
  const assembler = new StepAssembler(digest.lastSeqOfStep, annotationsOf(o.db, run.id));
  const corrections = new CorrectionBuilder(ctx, sink, stats.corrections);
  const emit = async (steps: ReturnType<StepAssembler['push']>) => {
    for (const s of steps) await writeStep(ex, ctx, s, corrections);
  };
  for (const page of eventPages(o.db, run.id)) {
    stats.skippedEvents += page.skipped;
    for (const e of page.events) await emit(assembler.push(e));
    if (o.signal?.aborted) throw cancelled();
  }
  await emit(assembler.end());
  corrections.end();
  sink.endRun();
  progress.runsDone++;
  ex.report();
}

/** A step's record and the correction records it completes, each checked against its schema. */
async function writeStep(
  ex: Export,
  ctx: StepContext,
  step: ReturnType<StepAssembler['push']>[number],
  corrections: CorrectionBuilder,
): Promise<void> {
  const { stats, writers, progress } = ex;
  const where = ctx.split;
  const record = stepRecord(step, ctx, ex.sink);
  check(StepRecord, record, record.id);
  await writers.step[where].write(record);
  countStep(stats, record);
  const c = corrections.push(step);
  for (const p of c.pairs) {
    check(PreferencePair, p, p.id);
    await writers.preference[where].write(p);
    stats.pairs[where]++;
  }
  for (const d of c.dpo) {
    check(DpoRecord, d, d.id);
    await writers.dpo[where].write(d);
    stats.dpo[where]++;
  }
  for (const f of c.sft) {
    check(SftRecord, f, f.id);
    await writers.sft[where].write(f);
    stats.sft[where]++;
  }
  progress.steps++;
  progress.pairs += c.pairs.length;
  if (progress.steps % 250 === 0) ex.report();
  await ex.sink.flush();
}

/** The schemas, manifest.json and the datasheet (README.md). */
async function writeFolderFiles(
  o: DatasetExportOptions,
  d: { runs: SelectedRun[]; split: SplitOptions; taskSplits: Map<string, Split>; stats: DatasetStats },
): Promise<void> {
  const { stats } = d;
  for (const kind of RECORD_KINDS)
    await writeFile(
      join(o.outDir, 'schemas', `${kind}.schema.json`),
      `${JSON.stringify(recordJsonSchema(kind), null, 2)}\n`,
      { mode: PRIVATE_FILE_MODE },
    );
  const exportedAt = o.now ?? Date.now();
  const manifest = {
    format: DATASET_FORMAT,
    version: DATASET_VERSION,
    exportedAt,
    app: o.app,
    selection: o.selection,
    split: d.split,
    runs: d.runs.map((r) => r.id),
    tasks: Object.fromEntries([...d.taskSplits.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    counts: {
      runs: stats.runs,
      steps: stats.steps,
      pairs: stats.pairs,
      dpo: stats.dpo,
      sft: stats.sft,
      files: stats.files,
      skippedEvents: stats.skippedEvents,
    },
  };
  await writeFile(join(o.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
  await writeFile(
    join(o.outDir, 'README.md'),
    renderDatasheet({ stats, selection: o.selection, split: d.split, app: o.app, exportedAt }),
    { mode: PRIVATE_FILE_MODE },
  );
}

function resultOf(dir: string, stats: DatasetStats, started: number): DatasetExportResult {
  const total = (c: Record<Split, number>) => SPLITS.reduce((n, s) => n + c[s], 0);
  return {
    dir,
    runs: stats.runs,
    steps: total(stats.steps),
    pairs: total(stats.pairs),
    dpo: total(stats.dpo),
    sft: total(stats.sft),
    files: stats.files,
    perSplit: Object.fromEntries(
      SPLITS.map((s) => [
        s,
        { tasks: stats.tasks[s].length, steps: stats.steps[s], pairs: stats.pairs[s], sft: stats.sft[s] },
      ]),
    ) as DatasetExportResult['perSplit'],
    ms: Math.round(performance.now() - started),
  };
}
