import type { Handlers } from '../contract/router.ts';
import type { RunService } from '../agent/run-service.ts';

type RunHandlerNames =
  | 'startRun'
  | 'listRuns'
  | 'getRun'
  | 'pauseRun'
  | 'resumeRun'
  | 'stopRun'
  | 'setRunModels'
  | 'takeOverRun'
  | 'decideRun'
  | 'editRunPlan'
  | 'deleteRun';

export function runHandlers(runs: RunService): Pick<Handlers, RunHandlerNames> {
  const summary = (runId: string) => ({ summary: runs.get(runId) });
  return {
    startRun: async ({ serial, task, voice, apiKeys, ...options }) => {
      const run = await runs.start({
        serial,
        task,
        voice,
        ...(apiKeys ? { apiKeys } : {}),
        options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
      });
      return { runId: run.runId };
    },
    listRuns: (q) => runs.list(q),
    getRun: ({ runId, from }) => ({ summary: runs.get(runId), ...runs.events(runId, from ?? 0) }),
    pauseRun: async ({ runId }) => {
      await runs.pause(runId);
      return summary(runId);
    },
    resumeRun: ({ runId }) => {
      runs.resume(runId);
      return summary(runId);
    },
    setRunModels: ({ runId, models }) => {
      runs.setModels(runId, models);
      return summary(runId);
    },
    stopRun: async ({ runId }) => {
      await runs.stop(runId);
      return summary(runId);
    },
    takeOverRun: async ({ runId }) => {
      await runs.takeOver(runId);
      return summary(runId);
    },
    decideRun: ({ runId, decision, action, feedback, voice }) => {
      runs.decide(runId, { decision, action, feedback }, voice);
      return summary(runId);
    },
    editRunPlan: ({ runId, edit }) => {
      runs.editPlan(runId, edit);
      return summary(runId);
    },
    deleteRun: ({ runId }) => ({ deleted: runs.delete(runId) }),
  };
}
