/**
 * Research data: dataset exports over a selection of runs (steps, preference pairs, SFT and
 * DPO files), failure annotations on steps and their summaries. Run diffs need no method of
 * their own: the renderer loads both runs and aligns them with `src/shared/datasets/run-diff.ts`.
 */
import { z } from 'zod';
import { FailureCategory } from '../annotations/failure-categories.ts';
import { SPLITS } from '../datasets/dataset-schema.ts';
import { RunStatus } from '../schemas/run.ts';
import { defineMethod } from './define.ts';

const RunId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/);

/** Which runs: every field narrows the selection; none = every run. */
export const RunSelection = z
  .object({
    /** Run ids; omitted = every run that matches the other fields. */
    runIds: z.array(RunId).max(10_000).optional(),
    /** Substring of the task text or the run id. */
    search: z.string().max(200).optional(),
    /** Runs that were episodes of this benchmark. */
    benchmark: z.string().min(1).max(100).optional(),
    strategy: z.string().min(1).max(100).optional(),
    /** Started at or after (ms since 1970). */
    since: z.number().int().min(0).optional(),
    /** Started before (ms since 1970). */
    until: z.number().int().min(0).optional(),
    /** Runs with at least one step tagged with this failure category (`any`: with any tag). */
    tag: z.union([FailureCategory, z.literal('any')]).optional(),
    status: z.array(RunStatus).max(6).optional(),
  })
  .strict();
export type RunSelection = z.infer<typeof RunSelection>;

export const SplitOptions = z
  .object({
    train: z.number().min(0).max(1),
    validation: z.number().min(0).max(1),
    test: z.number().min(0).max(1),
    seed: z.string().max(100),
  })
  .strict()
  .refine((s) => Math.abs(s.train + s.validation + s.test - 1) < 1e-6, {
    message: 'train + validation + test must be 1',
  });
export type SplitOptions = z.infer<typeof SplitOptions>;

export const DatasetProgress = z.object({
  phase: z.enum(['selecting', 'runs', 'finishing', 'done']),
  runsDone: z.number().int(),
  runsTotal: z.number().int(),
  steps: z.number().int(),
  pairs: z.number().int(),
});
export type DatasetProgress = z.infer<typeof DatasetProgress>;

const PerSplit = z.object({
  tasks: z.number().int(),
  steps: z.number().int(),
  pairs: z.number().int(),
  sft: z.number().int(),
});

export const DatasetExportResult = z.object({
  /** The folder written (absolute path on the machine running MobA Studio). */
  dir: z.string(),
  runs: z.number().int(),
  steps: z.number().int(),
  pairs: z.number().int(),
  dpo: z.number().int(),
  sft: z.number().int(),
  files: z.object({
    images: z.number().int(),
    dumps: z.number().int(),
    modelInputs: z.number().int(),
    missing: z.number().int(),
  }),
  perSplit: z.record(z.enum(SPLITS), PerSplit),
  ms: z.number(),
});
export type DatasetExportResult = z.infer<typeof DatasetExportResult>;

export const AnnotationView = z.object({
  annotationId: z.string(),
  runId: z.string(),
  stepId: z.string(),
  category: FailureCategory,
  note: z.string(),
  author: z.string().nullable(),
  at: z.number(),
});
export type AnnotationView = z.infer<typeof AnnotationView>;

/** Failure tags over a set of runs: per category, per run, and every note. */
export const FailureSummary = z.object({
  runs: z.number().int(),
  /** Steps (proposals) in those runs. */
  steps: z.number().int(),
  annotatedSteps: z.number().int(),
  byCategory: z.record(FailureCategory, z.number().int()),
  perRun: z.array(
    z.object({
      runId: z.string(),
      task: z.string(),
      steps: z.number().int(),
      annotatedSteps: z.number().int(),
      byCategory: z.record(FailureCategory, z.number().int()),
    }),
  ),
  annotations: z.array(AnnotationView),
});
export type FailureSummary = z.infer<typeof FailureSummary>;

export const datasetMethods = {
  exportDataset: defineMethod({
    summary:
      "Export the steps of a selection of runs as a dataset (JSONL per split, preference pairs, TRL's DPO and SFT files, a datasheet) into the data folder's datasets/ folder; progress arrives as didProgressDataset.",
    input: z
      .object({
        selection: RunSelection,
        split: SplitOptions.optional(),
        /** The progress events carry it, so a window knows its own export. */
        exportId: z
          .string()
          .min(1)
          .max(64)
          .regex(/^[\w-]+$/),
      })
      .strict(),
    output: DatasetExportResult,
  }),
  annotateStep: defineMethod({
    summary: 'Tag a step of a run with a failure category and a note (a step_annotated event with who and when).',
    input: z
      .object({
        runId: RunId,
        stepId: z.string().min(1).max(40),
        category: FailureCategory,
        note: z.string().max(4_000).default(''),
        author: z.string().max(200).optional(),
      })
      .strict(),
    output: AnnotationView,
  }),
  removeAnnotation: defineMethod({
    summary: 'Withdraw a failure annotation (an annotation_removed event; the log keeps both).',
    input: z
      .object({ runId: RunId, annotationId: z.string().min(1).max(40), author: z.string().max(200).optional() })
      .strict(),
    output: z.object({ removed: z.boolean() }),
  }),
  getFailureSummary: defineMethod({
    summary:
      'Failure annotations over a selection of runs (a run, a benchmark, a date range…): counts per category and per run, and every note.',
    input: z.object({ selection: RunSelection }).strict(),
    output: FailureSummary,
  }),
};

export const datasetEvents = {
  didProgressDataset: DatasetProgress.extend({ exportId: z.string() }),
};
