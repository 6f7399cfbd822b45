/**
 * From a benchmark spec and its task files to the list of episodes: the configurations of the
 * matrix, the tasks the filter keeps, and one episode per configuration × task × instance ×
 * repetition. Every configuration gets the same instances (seeds), so configurations compare
 * task by task; episodes are ordered instance-major, so a benchmark cut short still holds
 * comparable sets.
 */
import { expandConfigurations } from '../../shared/bench/config.ts';
import type { BenchConfiguration, BenchSpec } from '../../shared/bench/config.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { MobaError } from '../../shared/errors.ts';
import type { NewEpisode } from './bench-repo.ts';
import { instanceSeed } from './instance.ts';

export interface BenchPlan {
  configurations: BenchConfiguration[];
  tasks: BenchTask[];
  episodes: NewEpisode[];
}

export function episodeId(configId: string, taskId: string, seedIndex: number, repetition: number): string {
  return `${configId}/${taskId}/s${seedIndex}/r${repetition}`;
}

/** @throws MobaError INVALID_INPUT when the filter keeps no task or the matrix makes no configuration */
export function planBenchmark(spec: BenchSpec, all: readonly BenchTask[]): BenchPlan {
  const only = spec.only;
  const tasks = all.filter(
    (t) =>
      (!only?.ids || only.ids.includes(t.id)) &&
      (!only?.categories || only.categories.includes(t.category)) &&
      (!only?.apps || t.apps.some((a) => only.apps!.includes(a))),
  );
  if (tasks.length === 0)
    throw new MobaError(
      'INVALID_INPUT',
      `No task matches the filter (${JSON.stringify(only ?? {})}) among ${all.length} tasks`,
    );
  const configurations = expandConfigurations(spec);
  if (configurations.length === 0)
    throw new MobaError(
      'INVALID_INPUT',
      'The benchmark has no configuration: give `configurations`, a `matrix`, or --agent',
    );
  const episodes: NewEpisode[] = [];
  for (let seedIndex = 0; seedIndex < spec.seeds; seedIndex++)
    for (let repetition = 0; repetition < spec.repetitions; repetition++)
      for (const task of tasks)
        for (const c of configurations)
          episodes.push({
            id: episodeId(c.id!, task.id, seedIndex, repetition),
            ordinal: episodes.length,
            configId: c.id!,
            taskId: task.id,
            taskVersion: task.version,
            category: task.category,
            apps: task.apps,
            seedIndex,
            repetition,
            seed: instanceSeed(spec.suiteSeed, task.id, seedIndex),
          });
  return { configurations, tasks, episodes };
}
