import type { EpisodeResult } from '../../src/shared/bench/results.ts';

/**
 * A scored episode with no milestones reached: two executed steps, no model calls. Tests
 * override the fields they are about.
 */
export function plainEpisodeResult(runId: string, over: Partial<EpisodeResult> = {}): EpisodeResult {
  return {
    runId,
    termination: 'finish',
    reason: 'done',
    answer: null,
    milestones: [],
    invariants: [],
    reached: 0,
    total: 1,
    complete: false,
    completeStrict: false,
    stepsToLast: null,
    satisfiedAtStart: [],
    trace: [],
    executedActions: 2,
    steps: 2,
    modelCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: 0,
    callLatenciesMs: [],
    wallMs: 1,
    interventions: {},
    seed: 1,
    params: {},
    goal: 'g',
    locale: 'en',
    seedRetries: 0,
    ...over,
  };
}
