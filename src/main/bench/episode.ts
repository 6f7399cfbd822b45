/**
 * One benchmark episode: prepare the phone, start the agent as an ordinary run through the run
 * service (a strategy, or a pseudo-agent's loop), score every step from the run's own events as
 * it happens, enforce the time limit, and collect the metrics. How the episode ended is read
 * from the run's typed end cause. Infrastructure failures (phone, adb, model endpoint) are
 * thrown as `InfraError` so the runner retries them; everything the agent does wrong is its
 * result.
 */
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { EpisodeResult } from '../../shared/bench/results.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { SimulatedUser, answeringListener } from './simulated-user.ts';
import { modelResponder } from './simulated-user-model.ts';
import type { LlmGateway } from '../llm/types.ts';
import { MobaError } from '../../shared/errors.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import { endCauseOfError } from '../../shared/schemas/end-cause.ts';
import type { StrategyName } from '../../shared/schemas/strategy.ts';
import type { AgentDevice, AgentMemory } from '../agent/ports.ts';
import type { RunHandle, RunOutcome } from '../agent/run-handle.ts';
import type { RunService, RunSpec } from '../agent/run-service.ts';
import type { StrategyMemory } from '../agent/ports.ts';
import { isPseudoAgent, pseudoAgentLoop } from './agents/pseudo-agents.ts';
import type { EpisodeBroker } from './episode-broker.ts';
import type { EpisodeUserFacts } from './bench-memory.ts';
import { externalAgent } from './agents/external-agent.ts';
import type { StrategyArtifacts } from '../agent/strategies/common/kit.ts';
import { prepareEpisode } from './episode-setup.ts';
import type { PreparedEpisode } from './episode-setup.ts';
import { EpisodeScoring } from './episode-scoring.ts';
import type { PhoneControl } from './phone-control.ts';

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

/** What an episode runs on: the run service, the agent's device, and the phone's control channel. */
export interface EpisodeEnv {
  runs: RunService;
  /** The benchmark phone as the agent sees it (the task's `ui` set-up steps use it too). */
  device: AgentDevice;
  phone: PhoneControl;
  /** Screens and dumps an external agent asks for. */
  artifacts?: StrategyArtifacts;
  /** Where episodes of agents that connect on their own are offered (`moba bench serve`). */
  externalBroker?: EpisodeBroker | undefined;
  /** The simulated user's model (`simulatedUser: { mode: 'model' }`), with the configuration's endpoint overrides. */
  userModel?:
    | ((config: BenchConfiguration) => Pick<LlmGateway, 'chat' | 'onDidRecord'> & { dispose?(): void })
    | undefined;
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
  /** Where the task's user facts go when the configuration seeds MobA's user memory (`userMemory: 'seeded'`). */
  userFacts?: EpisodeUserFacts | undefined;
  /** The goals of the tasks still to come in this episode's carried-memory sequence, in order. */
  futureTasks?: readonly string[] | undefined;
  /** Reference solution steps to leave out (the "one step removed" check). */
  skipSteps?: readonly number[] | undefined;
  /** Told the run id as soon as it exists (so an interrupted attempt can be found). */
  onRun?: ((runId: string) => void) | undefined;
}

/** The run of the episode: the configuration's strategy, or a pseudo-agent's loop (with the options it always had). */
function runSpec(env: EpisodeEnv, plan: EpisodePlan, prepared: PreparedEpisode): RunSpec {
  const { config } = plan;
  const { instance } = prepared;
  const base = { serial: env.device.serial, task: instance.goal };
  if (config.agent === 'external') return externalRunSpec(env, config, instance.budget.maxSteps, base);
  if (isPseudoAgent(config.agent))
    return {
      ...base,
      loop: pseudoAgentLoop(config.agent, instance.solution, { skip: plan.skipSteps ?? [] }),
      options: {
        strategy: 'moba',
        mode: 'auto',
        usePlan: false,
        useMemory: false,
        maxSteps: Math.min(500, config.maxSteps ?? instance.budget.maxSteps),
        planBudget: 1,
        settleTimeoutMs: 2_000,
        approvalRules: [],
        models: {},
      },
    };
  return {
    ...base,
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
      ...(config.retryWithoutManager ? { retryWithoutManager: true } : {}),
      ...(plan.futureTasks?.length ? { futureTasks: [...plan.futureTasks] } : {}),
      ...(instance.knowledge ? { knowledge: instance.knowledge } : {}),
    },
    ...(plan.memory ? { memory: plan.memory } : {}),
    ...(plan.strategyMemory ? { strategyMemory: plan.strategyMemory } : {}),
  };
}

/** An external agent's episode: its program drives the run; killing it is the agent's failure (`agent_failed`). */
function externalRunSpec(
  env: EpisodeEnv,
  config: BenchConfiguration,
  budget: number,
  base: { serial: string; task: string },
): RunSpec {
  if (config.externalConnect && !env.externalBroker)
    throw new MobaError(
      'INVALID_INPUT',
      `Configuration ${config.id ?? 'external'} waits for agents that connect on their own: run it with \`moba bench serve\` or from the Benchmarks page`,
    );
  if ((!config.externalCommand && !config.externalConnect) || !env.artifacts)
    throw new MobaError(
      'INVALID_INPUT',
      `Configuration ${config.id ?? 'external'} has no program (externalCommand) to run`,
    );
  const agent = config.externalConnect ? { connect: env.externalBroker!.offer } : { command: config.externalCommand! };
  return {
    ...base,
    loop: externalAgent({ ...agent, artifacts: env.artifacts }),
    options: {
      strategy: 'external',
      mode: config.mode,
      usePlan: false,
      useMemory: false,
      maxSteps: config.maxSteps ?? budget,
      models: {},
    },
  };
}

/**
 * Follows the run until it has ended: by itself, at the time limit, when the benchmark is
 * stopped, or — when an error paused it — stopped with the cause that error means.
 */
async function followToEnd(run: RunHandle, limitS: number, signal: AbortSignal): Promise<RunOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = (): void => undefined;
  const limit = new Promise<'time' | 'stopped'>((resolve) => {
    timer = setTimeout(() => resolve('time'), limitS * 1000);
    onAbort = () => resolve('stopped');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const first = await Promise.race([run.done, limit]);
    if (first === 'time') return await run.stop(`The episode's time limit (${limitS} s) was reached`, 'time_limit');
    if (first === 'stopped') return await run.stop('The benchmark was stopped', 'benchmark_stopped');
    if (first.ended) return first;
    const e = first.error;
    if (!e) return await run.stop('The run was paused during the episode', 'stopped_by_person');
    const why = asInfraError(new MobaError(e.code, e.message))
      ? `Infrastructure error: ${e.message}`
      : `The agent failed: ${e.code}: ${e.message}`;
    return await run.stop(why, endCauseOfError(e.code));
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs one episode to its end.
 * @throws InfraError for infrastructure failures (the runner retries them); MobaError
 *   INVALID_INPUT when the task cannot be instantiated on any seed.
 */
export async function runEpisode(env: EpisodeEnv, plan: EpisodePlan, signal: AbortSignal): Promise<EpisodeResult> {
  const now = env.now ?? Date.now;
  const startedAt = now();
  const prepared = await infra(() =>
    prepareEpisode({
      task: plan.task,
      seed: plan.seed,
      locale: plan.config.locale,
      phone: env.phone,
      device: env.device,
      signal,
    }),
  );
  const scoring = await infra(() => EpisodeScoring.begin(env.phone, prepared, signal));
  const { user, locale, goal } = prepared.instance;
  if (plan.config.userMemory === 'seeded' && user) plan.userFacts?.seed(user, locale, goal);
  try {
    return await runAndScore(env, plan, prepared, scoring, signal, startedAt);
  } finally {
    plan.userFacts?.clear();
  }
}

/** Starts the episode's run, lets the simulated user answer, follows it to its end and scores it. */
async function runAndScore(
  env: EpisodeEnv,
  plan: EpisodePlan,
  prepared: PreparedEpisode,
  scoring: EpisodeScoring,
  signal: AbortSignal,
  startedAt: number,
): Promise<EpisodeResult> {
  const now = env.now ?? Date.now;
  const run = await infra(() => env.runs.start(runSpec(env, plan, prepared)));
  plan.onRun?.(run.runId);
  const { instance } = prepared;
  const user = new SimulatedUser(instance.user, instance.locale);
  const gateway =
    plan.config.simulatedUser?.mode === 'model' && instance.user ? env.userModel?.(plan.config) : undefined;
  const responder =
    gateway && instance.user
      ? modelResponder(user, {
          gateway,
          user: instance.user,
          locale: instance.locale,
          goal: instance.goal,
          sink: { append: (body) => env.runs.appendIfHeld(run.runId, body) },
          signal,
        })
      : undefined;
  const respond = responder ? responder.answer : (question: string) => user.answer(question).text;
  const answer = answeringListener(respond, (input) => env.runs.decide(run.runId, input));
  const sub = run.events((e) => {
    scoring.onEvent(e);
    answer(e);
  });
  let outcome: RunOutcome;
  try {
    outcome = await followToEnd(run, plan.timeoutS ?? prepared.instance.budget.timeoutS, signal);
  } finally {
    sub.dispose();
    responder?.dispose();
    gateway?.dispose?.();
  }
  if (signal.aborted) throw new MobaError('CANCELLED', 'The benchmark was stopped');
  const infraError = outcome.error ? asInfraError(new MobaError(outcome.error.code, outcome.error.message)) : null;
  if (infraError)
    throw new InfraError(infraError.code, infraError.message, { fatal: infraError.fatal, runId: run.runId });
  await infra(() => scoring.captured(), run.runId);
  const final = await infra(() => env.phone.state(signal), run.runId);
  return scoring.result({
    outcome,
    state: run.state(),
    events: env.runs.events(run.runId).events,
    final,
    wallMs: now() - startedAt,
    questions: user.questionCounts,
  });
}

/** Runs `fn`, turning an infrastructure failure into an InfraError (retried). */
async function infra<T>(fn: () => Promise<T>, runId: string | null = null): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw asInfraError(error, runId) ?? error;
  }
}
