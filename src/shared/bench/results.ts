/**
 * What a benchmark records: its episodes (one per configuration × task × instance ×
 * repetition, each an ordinary run) with their scores, and the summary the UI and reports show.
 */
import { z } from 'zod';
import type { EndCause } from '../schemas/end-cause.ts';
import { BenchSpec } from './config.ts';
import { Category } from './task-schema.ts';
import { Locale } from './task-values.ts';

export const MilestoneOutcome = z.object({
  id: z.string(),
  when: z.enum(['reached', 'final']),
  reached: z.boolean(),
  /** The step it was reached at (0 = it already held at the start); null when missed. */
  step: z.number().int().nullable(),
  /** The last step after which it held (for a final milestone that was lost again). */
  lastHeld: z.number().int().nullable(),
});
export type MilestoneOutcome = z.infer<typeof MilestoneOutcome>;

/**
 * How an episode ended. `finish`: the agent said it was done; `gave_up`: it said it could not;
 * `stopped`: by a person (or a cost cap); the rest are Mobile-Eval-E's termination errors:
 * `loop` (the agent was stuck repeating itself), `budget` (the step limit), `timeout`, `error`
 * (the model's replies, the agent's actions or the run broke down).
 */
export const TERMINATIONS = ['finish', 'gave_up', 'loop', 'budget', 'timeout', 'error', 'stopped'] as const;
export const Termination = z.enum(TERMINATIONS);
export type Termination = z.infer<typeof Termination>;

/** An episode's termination, from its run's typed end cause (never from the reason's words). */
const TERMINATION_OF_CAUSE: Readonly<Record<EndCause, Termination>> = {
  finished: 'finish',
  gave_up: 'gave_up',
  stuck: 'loop',
  step_limit: 'budget',
  time_limit: 'timeout',
  cost_limit: 'stopped',
  stopped_by_person: 'stopped',
  benchmark_stopped: 'stopped',
  model_failed: 'error',
  actions_failed: 'error',
  agent_failed: 'error',
  device_lost: 'error',
  error: 'error',
  unknown: 'error',
};

export function terminationOf(cause: EndCause): Termination {
  return TERMINATION_OF_CAUSE[cause];
}

export const EpisodeResult = z.object({
  runId: z.string(),
  termination: Termination,
  reason: z.string(),
  answer: z.string().nullable(),
  milestones: z.array(MilestoneOutcome),
  invariants: z.array(z.object({ id: z.string(), held: z.boolean() })),
  reached: z.number().int(),
  total: z.number().int(),
  complete: z.boolean(),
  /** Complete, and the agent itself said it was done (AndroidWorld's rule). */
  completeStrict: z.boolean(),
  stepsToLast: z.number().int().nullable(),
  satisfiedAtStart: z.array(z.string()),
  trace: z.array(z.object({ step: z.number().int(), holding: z.array(z.string()) })),
  /** Device actions executed (a Finish with an answer is counted in `steps`, not here). */
  executedActions: z.number().int(),
  /** MobBench steps: executed actions, plus one for an answer. */
  steps: z.number().int(),
  modelCalls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  costUsd: z.number(),
  /** Each model call's latency, ms. */
  callLatenciesMs: z.array(z.number()),
  wallMs: z.number(),
  /** Human decisions by kind (approve, edit, override, reject, take_over, …) and person-performed steps. */
  interventions: z.record(z.string(), z.number().int()),
  seed: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  goal: z.string(),
  locale: Locale,
  /** Instances skipped before this one because their preconditions failed. */
  seedRetries: z.number().int(),
  /** Questions the agent asked the simulated user (Ask_User, or an escalation asking the person). */
  questions: z.number().int().optional(),
  /** Of those: already answered by the goal, about nothing the task needs, or asked before. */
  unnecessaryQuestions: z.number().int().optional(),
  /** The task has a simulated user to ask (`user`). */
  hasUser: z.boolean().optional(),
});
export type EpisodeResult = z.infer<typeof EpisodeResult>;

export const EPISODE_STATUSES = ['pending', 'running', 'done', 'error'] as const;
export const EpisodeStatus = z.enum(EPISODE_STATUSES);
export type EpisodeStatus = z.infer<typeof EpisodeStatus>;

export const EpisodeRow = z.object({
  id: z.string(),
  ordinal: z.number().int(),
  configId: z.string(),
  taskId: z.string(),
  taskVersion: z.number().int(),
  category: Category,
  apps: z.array(z.string()),
  seedIndex: z.number().int(),
  repetition: z.number().int(),
  status: EpisodeStatus,
  attempts: z.number().int(),
  runId: z.string().nullable(),
  result: EpisodeResult.nullable(),
  /** The last infrastructure error (kept apart from the agent's failures). */
  error: z.string().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type EpisodeRow = z.infer<typeof EpisodeRow>;

export const BENCHMARK_STATUSES = ['running', 'interrupted', 'done', 'stopped', 'failed'] as const;
export const BenchmarkStatus = z.enum(BENCHMARK_STATUSES);
export type BenchmarkStatus = z.infer<typeof BenchmarkStatus>;

export const ConfigurationInfo = z.object({
  id: z.string(),
  label: z.string(),
  agent: z.string(),
  config: z.record(z.string(), z.unknown()),
});
export type ConfigurationInfo = z.infer<typeof ConfigurationInfo>;

export const BenchmarkSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: BenchmarkStatus,
  reason: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  spec: BenchSpec,
  configurations: z.array(ConfigurationInfo),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    error: z.number().int(),
  }),
  costUsd: z.number(),
  /**
   * Per configuration, over its finished episodes (point values; the report has the intervals):
   * Milestone Score % (Σ reached ÷ Σ milestones) and Complete Rate % (episodes with every milestone).
   */
  scores: z
    .array(
      z.object({
        configId: z.string(),
        episodes: z.number().int(),
        msPercent: z.number().nullable(),
        completeRate: z.number().nullable(),
      }),
    )
    .default([]),
});
export type BenchmarkSummary = z.infer<typeof BenchmarkSummary>;
