/**
 * Benchmark sweeps from the UI: the `moba worker` processes announced in the configured queue
 * (Settings → Sweep queue, `sweep.redisUrl`) and a distributed benchmark's progress. The same
 * figures as `moba workers --redis URL [--benchmark ID]`.
 */
import { z } from 'zod';
import { defineMethod } from './define.ts';

export const SweepWorker = z.object({
  name: z.string(),
  machine: z.string(),
  /** The device profile whose queue the worker takes episodes from. */
  profile: z.string(),
  /** The serials of its phones. */
  devices: z.array(z.string()),
  /** Phones with no episode right now. */
  free: z.number().int(),
  /** `<benchmarkId>/<episodeId>` per busy phone. */
  current: z.array(z.string()),
  /** Seconds since its last heartbeat (a worker disappears 30 s after its last one). */
  heartbeatAgeS: z.number(),
  /** Episodes it finished since it started. */
  done: z.number().int(),
  episodesPerMin: z.number(),
});
export type SweepWorker = z.infer<typeof SweepWorker>;

export const SweepProgressView = z.object({
  total: z.number().int(),
  done: z.number().int(),
  error: z.number().int(),
  running: z.number().int(),
  pending: z.number().int(),
  episodesPerMin: z.number().nullable(),
  /** Seconds left at the current rate; null before the first episode finished. */
  etaS: z.number().nullable(),
});
export type SweepProgressView = z.infer<typeof SweepProgressView>;

export const sweepMethods = {
  listSweepWorkers: defineMethod({
    summary:
      "The sweep workers announced in the configured Redis queue (machine, devices, free, current episodes, heartbeat age, done, episodes/min); with benchmarkId, that sweep's progress and time left.",
    input: z
      .object({
        benchmarkId: z
          .string()
          .min(1)
          .max(100)
          .regex(/^[\w.-]+$/)
          .optional(),
      })
      .strict(),
    output: z.object({ queue: z.string(), workers: z.array(SweepWorker), progress: SweepProgressView.nullable() }),
  }),
};
