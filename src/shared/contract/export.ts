/**
 * Reading a recorded run page by page (the replay view), and exporting it: a JSON file (summary, events, the folded final state and a
 * step-by-step trajectory with provenance) plus an `assets/` folder with every screenshot and
 * dump it refers to, and optionally an HTML report whose images stay in `assets/`.
 */
import { z } from 'zod';
import { defineMethod } from './define.ts';
import { RunEventSchema, RunSummary } from '../schemas/run.ts';

export const RUN_EXPORT_FORMAT = 'moba-run-export';
export const RUN_EXPORT_VERSION = 1;

export const ExportRunResult = z.object({
  runId: z.string(),
  /** The folder written (absolute path on the machine running MobA Studio). */
  dir: z.string(),
  /** Path of run.json. */
  json: z.string(),
  /** Path of report.html, when asked for. */
  html: z.string().nullable(),
  /** Files copied into assets/. */
  assets: z.number().int(),
  /** Referenced artifacts whose files are missing from the data folder. */
  missingAssets: z.number().int(),
  bytes: z.number().int(),
  ms: z.number(),
});
export type ExportRunResult = z.infer<typeof ExportRunResult>;

export const ReportFormat = z.enum(['html', 'json', 'csv']);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** A report to save as a file: its name, media type and text. */
export const ReportFile = z.object({ fileName: z.string(), mime: z.string(), text: z.string() });
export type ReportFile = z.infer<typeof ReportFile>;

/** A run's or a benchmark's id as the store makes them. */
const StoreId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/);

export const exportMethods = {
  getRunPage: defineMethod({
    summary:
      "A page of a run's events (from a sequence number, at most `limit`), so long runs open at once and load the rest behind.",
    input: z
      .object({
        runId: StoreId,
        from: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(5_000).default(500),
      })
      .strict(),
    output: z.object({
      summary: RunSummary,
      events: z.array(RunEventSchema),
      skipped: z.number().int(),
      nextFrom: z.number().int().nullable(),
    }),
  }),
  downloadReport: defineMethod({
    summary:
      'A run or a benchmark (or several side by side) as a file to download: html (one self-contained report: the replay and results views with every screenshot, offline), json (the data) or csv (a run’s steps, a benchmark’s results table).',
    input: z
      .object({
        runId: StoreId.optional(),
        benchmarkIds: z.array(StoreId).min(1).max(8).optional(),
        format: ReportFormat,
      })
      .strict()
      .refine((v) => (v.runId === undefined) !== (v.benchmarkIds === undefined), {
        message: 'give a runId or benchmarkIds',
      }),
    output: ReportFile,
  }),
  exportRun: defineMethod({
    summary: 'Export a run as run.json + assets/ (and report.html) into the data folder’s exports/RUN_ID folder.',
    input: z
      .object({
        runId: StoreId,
        html: z.boolean().default(true),
      })
      .strict(),
    output: ExportRunResult,
  }),
};

export const exportEvents = {};
