import { describe, expect, it } from 'vitest';
import { foldRun } from '../../../shared/run/reducer.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { modelFailure, problemWording } from './model-problem.tsx';

const at = 1_700_000_000_000;
function ev(seq: number, body: Record<string, unknown>): RunEvent {
  return { seq, at: at + seq, ...body } as unknown as RunEvent;
}
const started = ev(0, {
  type: 'run_started',
  task: 't',
  serial: 'p',
  device: null,
  options: {
    strategy: 'moba',
    mode: 'auto',
    usePlan: true,
    useMemory: false,
    maxSteps: 10,
    planBudget: 5,
    settleTimeoutMs: 0,
    approvalRules: [],
    models: {},
  },
});
const url = 'http://127.0.0.1:9/v1';
const retry = ev(1, {
  type: 'model_waiting',
  role: 'actor',
  purpose: 'act',
  baseUrl: url,
  attempt: 1,
  maxAttempts: 3,
  waitMs: 500,
  status: null,
  serverAsked: false,
  message: `Could not reach the model endpoint ${url}: fetch failed`,
});
const error = ev(2, {
  type: 'run_error',
  fatal: true,
  error: {
    name: 'MobaError',
    code: 'MODEL_HTTP_ERROR',
    message: `Could not reach the model endpoint ${url}: fetch failed`,
  },
});
const paused = ev(3, { type: 'run_paused', by: 'system', reason: 'Stopped by an error' });

describe('a model that cannot be reached, as the cockpit tells it', () => {
  it('names the failing endpoint of a run paused on it, until the run resumes or gets another endpoint', () => {
    const events = [started, retry, error, paused];
    const state = foldRun('r', events);
    expect(modelFailure(state, events)).toEqual({
      message: `Could not reach the model endpoint ${url}: fetch failed`,
      baseUrl: url,
    });
    // Without a retry in the log, the message names it.
    const noRetry = [started, error, paused];
    expect(modelFailure(foldRun('r', noRetry), noRetry)?.baseUrl).toBe(url);
    const changed = [
      ...events,
      ev(4, { type: 'models_changed', models: { actor: { baseUrl: 'http://x/v1' } }, by: 'person' }),
    ];
    expect(modelFailure(foldRun('r', changed), changed)).toBeNull();
    expect(foldRun('r', changed).options?.models).toEqual({ actor: { baseUrl: 'http://x/v1' } });
  });
});

describe('problemWording', () => {
  it('says an endpoint that answered with an error was reached, and one that did not answer was not', () => {
    expect(problemWording('The model endpoint http://h/v1 answered HTTP 500: No script step matches').title).toBe(
      'The model endpoint answered with an error',
    );
    expect(problemWording('Could not reach the model endpoint http://h/v1: fetch failed').title).toBe(
      'The model could not be reached',
    );
  });
});
