/**
 * The built-in suite's proofs, shared by CI (`test/integration/bench-suite.test.ts`, the whole
 * suite on one seed) and `perf:suite` (the whole suite on every seed): each function names the
 * episodes that break a rule, so an empty list is the proof.
 */
import { weakMilestones } from '../../src/main/bench/deep-check.ts';
import type { EpisodeRow } from '../../src/shared/bench/results.ts';
import type { BenchTask } from '../../src/shared/bench/task-schema.ts';

/** Reference episodes that did not reach every milestone. */
export function incompleteReferences(episodes: EpisodeRow[], configId: string): string[] {
  return episodes
    .filter((e) => e.configId === configId && !e.result?.complete)
    .map(
      (e) =>
        `${e.id}: ${e.result?.reason} ${JSON.stringify(e.result?.milestones.filter((m) => !m.reached).map((m) => m.id))}`,
    );
}

/** Noop episodes that reached a milestone, or found one holding at the start. */
export function noopReached(episodes: EpisodeRow[], configId: string): string[] {
  return episodes
    .filter((e) => e.configId === configId && (e.result!.reached > 0 || e.result!.satisfiedAtStart.length))
    .map((e) => `${e.id}: ${e.result!.milestones.filter((m) => m.reached).map((m) => m.id)}`);
}

/**
 * Reference episodes with weak milestones, as `moba bench validate --deep` warns about them: a
 * milestone the first step reaches without the task's `firstStep` saying why, or several
 * milestones reached only at the final step.
 */
export function weakReferenceMilestones(episodes: EpisodeRow[], configId: string, tasks: BenchTask[]): string[] {
  return episodes.flatMap((e) => {
    const task = tasks.find((x) => x.id === e.taskId);
    if (e.configId !== configId || !task || !e.result) return [];
    const weak = weakMilestones(task, e.result.milestones, e.result.steps);
    return [
      ...weak.firstStep.map((i) => `${e.id}: "${e.result!.milestones[i]!.id}" is reached by the first step`),
      ...(weak.atFinal.length ? [`${e.id}: ${weak.atFinal.join(', ')} are reached only at the final step`] : []),
    ];
  });
}

/**
 * The step counts a reference solution can take: a step marked `optional` may be skipped, a
 * `Scroll … until` or a `repeat … until` takes 0 to `max` steps; the rest are fixed.
 */
export function stepRange(task: BenchTask): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const s of task.solution) {
    const times = s.repeat?.times ?? 1;
    const until = s.repeat?.until !== undefined ? (s.repeat.max ?? 20) : 'until' in s && s.until ? (s.max ?? 8) : 0;
    min += s.optional || until ? 0 : times;
    max += until ? until : times;
  }
  return { min, max };
}

/**
 * Tasks whose measured reference step count is not what the file says: the median over the
 * seeds run. On one seed a solution of variable length (optional steps, `until`) may differ
 * from the median but must stay within its range; a fixed one must match.
 */
export function stepCountMismatches(episodes: EpisodeRow[], configId: string, tasks: BenchTask[]): string[] {
  const wrong: string[] = [];
  for (const task of tasks) {
    const steps = episodes
      .filter((e) => e.configId === configId && e.taskId === task.id)
      .map((e) => e.result!.steps)
      .sort((a, b) => a - b);
    if (steps.length === 0) continue;
    const median = steps[Math.floor((steps.length - 1) / 2)]!;
    const range = stepRange(task);
    const variable = range.min !== range.max;
    const ok =
      median === task.human?.steps || (steps.length === 1 && variable && median >= range.min && median <= range.max);
    if (!ok)
      wrong.push(
        `${task.id}: measured ${steps.join('/')}, file says ${task.human?.steps}${variable ? ` (range ${range.min}–${range.max})` : ''}`,
      );
  }
  return wrong;
}
