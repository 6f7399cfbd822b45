/**
 * Benchmarks from the UI: the built-in suite to choose from, starting a benchmark over a subset
 * of it (configurations, seeds, repetitions, phones), its progress, stopping and resuming, and
 * the report of one or more benchmarks side by side. The same runner and store as `moba bench`;
 * a web client names built-in task ids only (it never picks files on the host).
 */
import { z } from 'zod';
import { BenchConfiguration } from '../bench/config.ts';
import { BenchReport } from '../bench/report.ts';
import { BenchmarkSummary, EpisodeStatus } from '../bench/results.ts';
import { Category } from '../bench/task-schema.ts';
import { defineMethod } from './define.ts';

const BenchmarkId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/);

export const BenchSuiteTask = z.object({
  id: z.string(),
  version: z.number().int(),
  category: Category,
  apps: z.array(z.string()),
  /** The English goal template, placeholders as `{param}`. */
  goal: z.string(),
  milestones: z.number().int(),
  humanSteps: z.number().int().nullable(),
});
export type BenchSuiteTask = z.infer<typeof BenchSuiteTask>;

export const BenchAgentInfo = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  pseudo: z.boolean(),
});
export type BenchAgentInfo = z.infer<typeof BenchAgentInfo>;

export const StartBenchmarkInput = z
  .object({
    name: z.string().trim().max(200).optional(),
    /** Built-in task ids; omitted = the whole suite (narrowed by `categories`). */
    taskIds: z.array(z.string().min(1).max(100)).min(1).max(500).optional(),
    categories: z.array(Category).min(1).optional(),
    configurations: z.array(BenchConfiguration).min(1).max(16),
    seeds: z.number().int().min(1).max(20).default(1),
    repetitions: z.number().int().min(1).max(10).default(1),
    phones: z.number().int().min(1).max(8).default(1),
    costCapUsd: z.number().positive().optional(),
    /** Run the episodes on the sweep queue's `moba worker`s (Settings → Sweep queue) instead of phones here; this process coordinates, as `moba bench run --distributed` does. */
    distributed: z.boolean().optional(),
  })
  .strict();
export type StartBenchmarkInput = z.input<typeof StartBenchmarkInput>;

const Ref = z.object({ benchmarkId: BenchmarkId }).strict();

/** How agents reach a benchmark's episodes: the same address and token `moba bench serve` prints. */
export const BenchAgentAccess = z.object({
  /** `MOBA_SERVE_URL`: agents send `POST <serveUrl>/episodes/next` (a loopback address of the host). */
  serveUrl: z.string(),
  /** `MOBA_SERVE_TOKEN`: the benchmark's own bearer token for that address. */
  token: z.string(),
  /** Episodes offered and not yet taken by an agent. */
  waiting: z.number().int().min(0),
});
export type BenchAgentAccess = z.infer<typeof BenchAgentAccess>;

export const benchmarkMethods = {
  listBenchSuite: defineMethod({
    summary:
      'The built-in benchmark suite (tasks with category, apps, goal, milestones, human steps) and the agents a configuration may use.',
    input: z.object({}).strict(),
    output: z.object({ tasks: z.array(BenchSuiteTask), agents: z.array(BenchAgentInfo) }),
  }),
  listBenchmarks: defineMethod({
    summary: 'Every benchmark in the data folder, newest first, with its status, configurations and episode counts.',
    input: z.object({}).strict(),
    output: z.object({ benchmarks: z.array(BenchmarkSummary) }),
  }),
  startBenchmark: defineMethod({
    summary:
      'Create a benchmark over built-in tasks and run it in the background on simulated phones; progress arrives as didChangeBenchmark.',
    input: StartBenchmarkInput,
    output: z.object({ benchmarkId: z.string() }),
  }),
  resumeBenchmark: defineMethod({
    summary:
      'Continue an interrupted or stopped benchmark in the background (finished episodes are kept; errored ones are tried again).',
    input: Ref,
    output: z.object({ benchmarkId: z.string() }),
  }),
  stopBenchmark: defineMethod({
    summary: 'Stop a running benchmark: the running episodes are given back, so it can be resumed later.',
    input: Ref,
    output: z.object({ summary: BenchmarkSummary }),
  }),
  getBenchmarkAgentAccess: defineMethod({
    summary:
      "Where agents that connect on their own take a running benchmark's episodes (an `externalConnect` configuration): the address to send `POST episodes/next` to, its bearer token, and how many episodes wait for an agent; null when it hands out none.",
    input: Ref,
    output: z.object({ access: BenchAgentAccess.nullable() }),
  }),
  getBenchmarkReport: defineMethod({
    summary:
      'The report of one or more benchmarks side by side: metrics with 95 % intervals per configuration, category and app, paired differences, every episode with its run.',
    input: z.object({ benchmarkIds: z.array(BenchmarkId).min(1).max(8) }).strict(),
    output: z.object({ report: BenchReport, summaries: z.array(BenchmarkSummary) }),
  }),
};

export const benchmarkEvents = {
  /** A benchmark's status or one of its episodes changed. */
  didChangeBenchmark: z.object({
    benchmarkId: z.string(),
    summary: BenchmarkSummary,
    episode: z.object({ id: z.string(), status: EpisodeStatus, runId: z.string().nullable() }).nullable(),
  }),
};
