/**
 * One benchmark episode: prepare the phone, start the agent as an ordinary run (a strategy
 * through the run service, or a pseudo-agent through its own controller), score every step as
 * it happens, enforce the time limit, and collect the metrics. Infrastructure failures (phone,
 * adb, model endpoint) are thrown as `InfraError` so the runner retries them; everything the
 * agent does wrong is its result.
 */
import { randomBytes } from 'node:crypto';
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { EpisodeResult, Termination } from '../../shared/bench/results.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { MobaError, isErrorCode } from '../../shared/errors.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { RunOptions, TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { Observation } from '../../shared/schemas/perception.ts';
import { RunController } from '../agent/run-controller.ts';
import type { RunLoop } from '../agent/run-controller.ts';
import type { AgentDevice, AgentMemory } from '../agent/ports.ts';
import { NO_MEMORY } from '../agent/ports.ts';
import type { RunService } from '../agent/run-service.ts';
import type { StrategyMemory } from '../agent/strategies/common/kit.ts';
import type { StrategyName } from '../../shared/schemas/strategy.ts';
import { ScreenPreparer } from '../agent/screens.ts';
import type { LlmGateway } from '../llm/types.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { RunsRepo } from '../store/runs-repo.ts';
import { Emitter } from '@moba/base';
import { noopLoop, referenceLoop } from './agents/pseudo-agents.ts';
import { prepareEpisode } from './episode-setup.ts';
import type { PreparedEpisode } from './episode-setup.ts';
import type { ScreenView } from './predicates/evaluate.ts';
import type { PhoneControl } from './phone-control.ts';
import { EpisodeScorer } from './scorer.ts';

/** Failures of the machinery, not of the agent: retried. */
const INFRA_CODES = new Set<ErrorCode>([
  'DEVICE_NOT_FOUND',
  'DEVICE_OFFLINE',
  'DEVICE_UNAUTHORIZED',
  'DEVICE_COMMAND_FAILED',
  'ADB_UNAVAILABLE',
  'CONNECT_FAILED',
  'SIMULATOR_FAILED',
  'SCREENSHOT_FAILED',
  'DUMP_FAILED',
  'MODEL_HTTP_ERROR',
  'TIMEOUT',
  'DISCONNECTED',
]);
/** Failures no retry can fix: the benchmark stops. */
const FATAL_CODES = new Set<ErrorCode>(['MODEL_NOT_CONFIGURED', 'BROWSER_MISSING', 'STORE_CORRUPT']);

export class InfraError extends MobaError {
  readonly fatal: boolean;
  readonly runId: string | null;
  constructor(
    code: ErrorCode,
    message: string,
    options: { fatal?: boolean; runId?: string | null; cause?: unknown } = {},
  ) {
    super(code, message, options.cause === undefined ? {} : { cause: options.cause });
    this.fatal = options.fatal ?? false;
    this.runId = options.runId ?? null;
  }
}

/** Classifies an error thrown around an episode: infrastructure (retry), fatal (stop), or not ours. */
export function asInfraError(error: unknown, runId: string | null = null): InfraError | null {
  if (error instanceof InfraError) return error;
  const code = error instanceof MobaError ? error.code : null;
  if (code && FATAL_CODES.has(code))
    return new InfraError(code, (error as Error).message, { fatal: true, runId, cause: error });
  if (code && INFRA_CODES.has(code)) return new InfraError(code, (error as Error).message, { runId, cause: error });
  return null;
}

export interface EpisodeEnv {
  runs: RunService;
  repo: RunsRepo;
  artifacts: ArtifactStore;
  appVersion: string;
  device: AgentDevice;
  phone: PhoneControl;
  now?: () => number;
}

export interface EpisodePlan {
  task: BenchTask;
  seed: number;
  config: BenchConfiguration;
  /** Wall time allowed; default the task's. */
  timeoutS?: number | undefined;
  /** The memory of the run (strategies with memory); NO_MEMORY otherwise. */
  memory?: AgentMemory | undefined;
  /** The same configuration's memory as the other strategies use it (demonstrations, Tips, Shortcuts). */
  strategyMemory?: StrategyMemory | undefined;
  /** Reference solution steps to leave out (the "one step removed" check). */
  skipSteps?: readonly number[] | undefined;
  /** Told the run id as soon as it exists (so an interrupted attempt can be found). */
  onRun?: ((runId: string) => void) | undefined;
}

function newRunId(now: number): string {
  const d = new Date(now);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${randomBytes(2).toString('hex')}`;
}

const NO_MODEL: LlmGateway = {
  chat: async () => {
    throw new MobaError('MODEL_NOT_CONFIGURED', 'Pseudo-agents do not call models');
  },
  embed: async () => {
    throw new MobaError('MODEL_NOT_CONFIGURED', 'Pseudo-agents do not call models');
  },
  onDidRecord: new Emitter<never>().event,
};

function screenView(o: Observation): ScreenView {
  return {
    packageName: o.currentApp?.packageName ?? null,
    activity: o.currentApp?.activity ?? null,
    elements: o.elements,
  };
}

function termination(st: RunState, timedOut: boolean, agentError: string | null): Termination {
  if (timedOut) return 'timeout';
  if (agentError) return 'error';
  const reason = st.outcomeReason ?? '';
  if (st.status === 'succeeded') return 'finish';
  if (st.status === 'stopped') return 'stopped';
  if (/^The step limit/.test(reason)) return 'budget';
  if (/^(Gave up:|Stuck in a loop)/.test(reason)) return 'loop';
  if (/^(The agent gave up|The noop agent)/.test(reason)) return 'gave_up';
  if (/^The person ended/.test(reason)) return 'stopped';
  return 'error';
}

interface RunHandle {
  runId: string;
  /** Resolves when the run has ended (or the handle was stopped). */
  done: Promise<void>;
  stop(reason: string): Promise<void>;
  state(): RunState;
}

/** Starts the run: a pseudo-agent's through its own controller, a strategy's through the run service. */
async function startRun(
  env: EpisodeEnv,
  plan: EpisodePlan,
  prepared: PreparedEpisode,
  onEvent: (e: RunEvent) => void,
): Promise<RunHandle> {
  const { config } = plan;
  const { instance } = prepared;
  const now = env.now ?? Date.now;
  if (config.agent === 'reference' || config.agent === 'noop') {
    const runId = newRunId(now());
    const loop: RunLoop =
      config.agent === 'noop' ? noopLoop : referenceLoop(instance.solution, { skip: plan.skipSteps ?? [] });
    const options = RunOptions.parse({
      strategy: 'moba',
      mode: 'auto',
      usePlan: false,
      useMemory: false,
      maxSteps: Math.min(500, config.maxSteps ?? instance.budget.maxSteps),
      planBudget: 1,
      settleTimeoutMs: 2_000,
      approvalRules: [],
      models: {},
    });
    env.repo.create({
      id: runId,
      task: instance.goal,
      serial: env.device.serial,
      mode: 'auto',
      replayOf: undefined,
      now: now(),
    });
    const c = new RunController({
      runId,
      events: [],
      repo: env.repo,
      device: env.device,
      memory: NO_MEMORY,
      gateway: NO_MODEL,
      screens: new ScreenPreparer(env.artifacts),
      loop,
      onEvent: (e) => onEvent(e),
      now,
    });
    c.append({
      type: 'run_started',
      task: instance.goal,
      serial: env.device.serial,
      options,
      appVersion: env.appVersion,
      device: null,
    });
    c.append({
      type: 'message',
      from: 'system',
      nodeId: null,
      text: `Benchmark pseudo-agent "${config.agent}": ${config.agent === 'reference' ? "performs the task's human reference solution (no model)" : 'does nothing'}.`,
    });
    c.append({ type: 'node_added', nodeId: 'n1', parentId: null, goal: instance.goal, by: 'person' });
    c.append({ type: 'cursor_moved', nodeId: 'n1', by: 'agent' });
    c.start();
    return { runId, done: c.settled(), stop: (reason) => c.stop('system', reason), state: () => c.snapshot };
  }
  // Events may arrive while `start` is still returning the id: keep them until it is known.
  let runId: string | null = null;
  const early: Array<{ runId: string; event: RunEvent }> = [];
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const sub = env.runs.onDidAppend((n) => {
    if (runId === null) early.push(n);
    else if (n.runId === runId) {
      onEvent(n.event);
      if (n.event.type === 'run_finished') finish();
    }
  });
  try {
    ({ runId } = await env.runs.start({
      serial: env.device.serial,
      task: instance.goal,
      options: {
        strategy: config.agent as StrategyName,
        mode: config.mode,
        usePlan: config.usePlan,
        useMemory: config.useMemory,
        maxSteps: config.maxSteps ?? instance.budget.maxSteps,
        ...(config.planBudget ? { planBudget: config.planBudget } : {}),
        models: config.models,
        ...(config.actionSpace ? { actionSpace: config.actionSpace } : {}),
        ...(config.planning ? { planning: config.planning } : {}),
        ...(config.evolution !== undefined ? { evolution: config.evolution } : {}),
      },
      ...(plan.memory ? { memory: plan.memory } : {}),
      ...(plan.strategyMemory ? { strategyMemory: plan.strategyMemory } : {}),
    }));
  } catch (error) {
    sub.dispose();
    throw error;
  }
  const id = runId;
  for (const n of early.splice(0)) if (n.runId === id) onEvent(n.event);
  if (TERMINAL_STATUSES.includes(env.runs.get(id).status)) finish();
  return {
    runId: id,
    done: done.then(() => sub.dispose()),
    stop: async (reason) => {
      if (!TERMINAL_STATUSES.includes(env.runs.get(id).status)) await env.runs.stop(id, reason, 'system');
      finish();
    },
    state: () => env.runs.state(id),
  };
}

/**
 * Runs one episode to its end.
 * @throws InfraError for infrastructure failures (the runner retries them); MobaError
 *   INVALID_INPUT when the task cannot be instantiated on any seed.
 */
export async function runEpisode(env: EpisodeEnv, plan: EpisodePlan, signal: AbortSignal): Promise<EpisodeResult> {
  const now = env.now ?? Date.now;
  const startedAt = now();
  let prepared: PreparedEpisode;
  try {
    prepared = await prepareEpisode({
      task: plan.task,
      seed: plan.seed,
      locale: plan.config.locale,
      phone: env.phone,
      device: env.device,
      signal,
    });
  } catch (error) {
    throw asInfraError(error) ?? error;
  }
  const { instance, start } = prepared;
  const scorer = new EpisodeScorer(instance.milestones, instance.invariants, start);
  let executed = 0;
  let answer: string | null = null;
  let captures: Promise<void> = Promise.resolve();
  let captureError: unknown = null;
  // Set from event handlers (closures), read after the run ends.
  const failure: { infra: InfraError | null; agent: string | null } = { infra: null, agent: null };
  let settle!: () => void;
  const ended = new Promise<void>((r) => (settle = r));

  const handle = (e: RunEvent): void => {
    if (e.type === 'step_executed' && e.ok) {
      executed++;
      const step = executed;
      // Queued right away: the phone answers in call order, before the agent's next input.
      const read = env.phone.state(signal);
      captures = captures.then(async () => {
        try {
          scorer.onState(step, await read);
        } catch (error) {
          captureError ??= error;
        }
      });
    } else if (e.type === 'observation') {
      const step = executed;
      const view = screenView(e.observation);
      captures = captures.then(() => scorer.onScreen(step, view));
    } else if (e.type === 'message' && e.from === 'agent') {
      answer = e.text;
      const step = executed + 1;
      captures = captures.then(() => scorer.onAnswer(step, e.text));
    } else if (e.type === 'run_finished') {
      if (e.answer && e.answer !== answer) {
        answer = e.answer;
        const step = executed + 1;
        const text = e.answer;
        captures = captures.then(() => scorer.onAnswer(step, text));
      }
      settle();
    } else if (e.type === 'run_error' && e.fatal) {
      const infra = asInfraError(new MobaError(isErrorCode(e.error.code) ? e.error.code : 'INTERNAL', e.error.message));
      if (infra) failure.infra = infra;
      else failure.agent = `${e.error.code}: ${e.error.message}`;
      settle();
    }
  };

  let run: RunHandle;
  try {
    run = await startRun(env, plan, prepared, handle);
  } catch (error) {
    throw asInfraError(error) ?? error;
  }
  const runId = run.runId;
  plan.onRun?.(runId);
  let timedOut = false;
  const limitS = plan.timeoutS ?? instance.budget.timeoutS;
  const timer = setTimeout(() => {
    timedOut = true;
    settle();
  }, limitS * 1000);
  const onAbort = () => settle();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.race([ended, run.done]);
    const st = run.state();
    if (!TERMINAL_STATUSES.includes(st.status)) {
      const why = signal.aborted
        ? 'The benchmark was stopped'
        : timedOut
          ? `The episode's time limit (${limitS} s) was reached`
          : failure.infra
            ? `Infrastructure error: ${failure.infra.message}`
            : `The agent failed: ${failure.agent ?? 'unknown error'}`;
      await run.stop(why);
    }
    await run.done;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) throw new MobaError('CANCELLED', 'The benchmark was stopped');
  if (failure.infra)
    throw new InfraError(failure.infra.code, failure.infra.message, { fatal: failure.infra.fatal, runId });
  await captures;
  if (captureError) throw asInfraError(captureError, runId) ?? captureError;
  let final;
  try {
    final = await env.phone.state(signal);
  } catch (error) {
    throw asInfraError(error, runId) ?? error;
  }
  const st = foldRun(runId, env.repo.events(runId).events);
  const steps = executed + (answer ? 1 : 0);
  const score = scorer.finish(steps, final);
  const term = termination(st, timedOut, failure.agent);
  const events = env.repo.events(runId).events;
  const interventions: Record<string, number> = {};
  for (const e of events) {
    if (e.type === 'human_decision') interventions[e.decision] = (interventions[e.decision] ?? 0) + 1;
    if (e.type === 'step_executed' && e.by === 'person')
      interventions.person_step = (interventions.person_step ?? 0) + 1;
  }
  return {
    runId,
    termination: term,
    reason: st.outcomeReason ?? (failure.agent ? `The agent failed: ${failure.agent}` : ''),
    answer: st.answer ?? answer,
    milestones: score.milestones,
    invariants: score.invariants,
    reached: score.reached,
    total: score.total,
    complete: score.complete,
    completeStrict: score.complete && term === 'finish',
    stepsToLast: score.stepsToLast,
    satisfiedAtStart: score.satisfiedAtStart,
    trace: score.trace,
    executedActions: st.counters.executedActions,
    steps,
    modelCalls: st.counters.modelCalls,
    promptTokens: st.counters.promptTokens,
    completionTokens: st.counters.completionTokens,
    costUsd: st.counters.costUsd,
    callLatenciesMs: events.flatMap((e) => (e.type === 'model_call' ? [e.record.latencyMs] : [])),
    wallMs: now() - startedAt,
    interventions,
    seed: instance.seed,
    params: instance.params,
    goal: instance.goal,
    locale: instance.locale,
    seedRetries: prepared.skipped.length,
  };
}
