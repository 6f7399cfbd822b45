/**
 * A run a worker recorded, written into the coordinator's store as an ordinary run (same id,
 * same events), so the sweep's episodes open in History and replay like local ones. The
 * screenshots and dumps the events refer to stay on the worker (docs/sweeps.md).
 */
import { reduceRun, initialRunState } from '../../shared/run/reducer.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { AutonomyMode } from '../../shared/schemas/settings.ts';
import type { RunsRepo } from '../store/runs-repo.ts';
import type { SweepRun } from './jobs.ts';

/** Writes the run unless the store has it already. @returns whether it was written */
export function importRun(repo: RunsRepo, run: SweepRun): boolean {
  if (repo.get(run.id)) return false;
  repo.create({ id: run.id, task: run.task, serial: run.serial, mode: run.mode as AutonomyMode, now: run.createdAt });
  let state = initialRunState(run.id);
  for (const event of run.events) {
    const { seq: _seq, at, ...body } = event;
    state = reduceRun(state, event as RunEvent);
    const s = state;
    repo.append(run.id, body as Parameters<RunsRepo['append']>[1], at, () => ({
      status: s.status,
      outcomeReason: s.outcomeReason,
      steps: s.counters.executedActions,
      modelCalls: s.counters.modelCalls,
      tokens: s.counters.promptTokens + s.counters.completionTokens,
    }));
  }
  return true;
}
