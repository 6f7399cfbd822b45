/**
 * A benchmark report as data (what `moba bench report --format json` prints and the
 * Benchmarks page draws): one entry per configuration with MobBench's metrics (Milestone
 * Score, Complete Rate, Execution Efficiency) and Mobile-Eval-E's (Satisfaction Score,
 * Termination Error), cost and interventions, per category and app, with seeded bootstrap 95 %
 * intervals, and paired differences between configurations. docs/benchmark.md § Metrics
 * gives every formula.
 */
import { z } from 'zod';

/** A value with its 95 % interval (null when there is nothing to estimate from). */
export const Estimate = z.object({
  value: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type Estimate = z.infer<typeof Estimate>;

export const MetricSet = z.object({
  episodes: z.number().int(),
  tasks: z.number().int(),
  /** Milestones reached per pass over the tasks, and the points available. */
  msPoints: z.number(),
  msTotal: z.number(),
  /** Σ reached ÷ Σ milestones, %. */
  msPercent: Estimate,
  /** Episodes with every milestone and invariant, %; strict also needs the agent's own Finish. */
  completeRate: Estimate,
  completeRateStrict: Estimate,
  completed: z.number().int(),
  /** Σ steps to the last milestone reached ÷ Σ milestones reached (lower is better). */
  ee: Estimate,
  /** EE ÷ the human EE, %. */
  eePercentOfHuman: z.number().nullable(),
  /** Mean share of milestones reached, %. */
  satisfaction: Estimate,
  /** Share of episodes ending in a loop, the step budget, the time limit or an error, %. */
  terminationError: z.number().nullable(),
  /**
   * The paper's primary metric (MobA §4.3): episodes complete on the first try — the first
   * repetition of each instance, no second chance — of the first tries (e.g. 28/50).
   */
  firstAttempt: z.object({ completed: z.number().int(), of: z.number().int(), percent: z.number().nullable() }),
});
export type MetricSet = z.infer<typeof MetricSet>;

export const ConfigurationReport = z.object({
  key: z.string(),
  benchmarkId: z.string(),
  configId: z.string(),
  label: z.string(),
  agent: z.string(),
  /**
   * The paper's row kind: `human` (a person performed the episodes), `reference` (the task's
   * scripted reference solution, a calibration), `copilot` (GPT-4o+Human), `agent`, `noop`.
   */
  role: z.enum(['human', 'reference', 'copilot', 'agent', 'noop']),
  overall: MetricSet,
  byCategory: z.record(z.string(), MetricSet),
  byApp: z.record(z.string(), MetricSet),
  cost: z.object({
    executedActions: z.number(),
    modelCalls: z.number(),
    callsPerAction: z.number().nullable(),
    tokensPerEpisode: z.number().nullable(),
    costUsd: z.number(),
    costPerEpisodeUsd: z.number().nullable(),
    latencyP50Ms: z.number().nullable(),
    latencyP95Ms: z.number().nullable(),
    wallSeconds: z.number(),
    wallPerEpisodeSeconds: z.number().nullable(),
  }),
  interventions: z.record(z.string(), z.number()),
  /**
   * Questions to the simulated user (docs/benchmark.md § Asking the user): asked, unnecessary
   * ones, and the episodes whose task has a simulated user (`user`).
   */
  questions: z.object({ asked: z.number().int(), unnecessary: z.number().int(), userEpisodes: z.number().int() }),
  terminations: z.record(z.string(), z.number()),
  /**
   * Episodes that ended in an error of the machinery (the phone, adb, a set-up that failed) and
   * are in none of the figures above, and the tasks they belong to: a task listed here was
   * scored on fewer instances than the others, or not at all.
   */
  errored: z.object({ episodes: z.number().int(), tasks: z.array(z.string()) }),
  /** Per task: mean share reached and completion over its episodes (for plots and pairing). */
  perTask: z.array(
    z.object({
      taskId: z.string(),
      category: z.string(),
      episodes: z.number().int(),
      reached: z.number(),
      total: z.number(),
      completeRate: z.number(),
      meanSteps: z.number(),
      /** Questions asked over its episodes, and of those the unnecessary ones. */
      questions: z.number().int(),
      unnecessaryQuestions: z.number().int(),
    }),
  ),
});
export type ConfigurationReport = z.infer<typeof ConfigurationReport>;

export const PairedDifference = z.object({
  a: z.string(),
  b: z.string(),
  /** Tasks both configurations ran. */
  tasks: z.number().int(),
  msPercent: Estimate,
  completeRate: Estimate,
});
export type PairedDifference = z.infer<typeof PairedDifference>;

export const EpisodeLink = z.object({
  key: z.string(),
  episodeId: z.string(),
  taskId: z.string(),
  category: z.string(),
  status: z.string(),
  runId: z.string().nullable(),
  reached: z.number().int().nullable(),
  total: z.number().int().nullable(),
  complete: z.boolean().nullable(),
  steps: z.number().int().nullable(),
  costUsd: z.number().nullable(),
  termination: z.string().nullable(),
  /** The step to open the replay at: where the first missed milestone was last held, else the last milestone. */
  focusStep: z.number().int().nullable(),
  /** Questions the agent asked the simulated user, and the unnecessary ones (null before it finished). */
  questions: z.number().int().nullable(),
  unnecessaryQuestions: z.number().int().nullable(),
});
export type EpisodeLink = z.infer<typeof EpisodeLink>;

export const BenchReport = z.object({
  generatedAt: z.number(),
  benchmarks: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
  bootstrap: z.object({ seed: z.number().int(), iterations: z.number().int() }),
  /**
   * The EE a person needs: from the configurations of a person's own episodes (`human`), else
   * the reference solutions, else the tasks' measured human steps. Each scope (a category, an
   * app) compares with the same rows' EE in that scope.
   */
  humanEe: z.number().nullable(),
  humanEeFrom: z.enum(['human', 'reference', 'tasks', 'none']),
  configurations: z.array(ConfigurationReport),
  paired: z.array(PairedDifference),
  episodes: z.array(EpisodeLink),
});
export type BenchReport = z.infer<typeof BenchReport>;
