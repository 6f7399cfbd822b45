/**
 * `moba bench validate --deep`: what a file check cannot know, found on a seeded simulated
 * phone. Each task is instantiated as an episode would be (reset, clock, set-up, preconditions),
 * its reference solution is walked step by step on the elements an agent sees, and after every
 * step the phone's state and screen are read and the milestones judged as the benchmark judges
 * them. Problems (the task is broken): a set-up that fails, a solution step whose element is not
 * there or whose action fails, a milestone the reference does not reach or that holds before
 * any step, an invariant the reference breaks, a state path or field that exists in none of
 * the states the phone went through. Warnings (the task scores weakly): a milestone the
 * solution's first step reaches (usually opening the app) unless its `firstStep` says why, and
 * several milestones reached only at the final step (no partial credit along the way).
 */
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import type { SolutionStep } from '../../shared/bench/task-steps.ts';
import { describeElement } from '../../shared/elements/describe-element.ts';
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { AgentDevice } from '../agent/ports.ts';
import { asInfraError } from './episode.ts';
import { episodeEnv } from './episode-env.ts';
import type { EpisodeHost } from './episode-env.ts';
import { instanceSeed } from './instance.ts';
import { PhonePool } from './phone-pool.ts';
import { describeTarget } from './agents/step-resolver.ts';
import { walkSolution } from './agents/solution-walk.ts';
import { statePathProblems } from './deep-paths.ts';
import { labelAppResolver, prepareEpisode } from './episode-setup.ts';
import type { PreparedEpisode } from './episode-setup.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import type { PhoneControl } from './phone-control.ts';
import { EpisodeScorer } from './scorer.ts';
import type { ScoreSummary } from './scorer.ts';
import type { TaskProblem } from './task-validate.ts';

export interface DeepCheck {
  taskId: string;
  seed: number;
  /** The task is broken: it cannot be scored as written. */
  problems: TaskProblem[];
  /** The task scores weakly: partial credit or efficiency would be misleading. */
  warnings: TaskProblem[];
  /** Steps the reference solution took (MobBench steps), when it ran. */
  steps: number | null;
  /** The phone failed (not the task): it could not be checked. */
  error?: string;
}

function describeStep(step: SolutionStep): string {
  const target = 'target' in step && step.target ? ` ${describeTarget(step.target)}` : '';
  const app = step.action === 'Open_App' ? ` "${step.app}"` : '';
  return `${step.action}${app}${target}`;
}

/** The reference solution walked on the phone, judged after every step; the walk's failure as a problem. */
async function walkAndJudge(
  prepared: PreparedEpisode,
  env: { phone: PhoneControl; device: AgentDevice },
  signal: AbortSignal,
): Promise<{
  score: ScoreSummary;
  states: PhoneState[];
  steps: number;
  firstStep: number | null;
  failure: TaskProblem | null;
}> {
  const { instance, start } = prepared;
  const { phone, device } = env;
  const states: PhoneState[] = [start];
  const startScreen = await phone.screen(signal);
  const scorer = new EpisodeScorer(instance.milestones, instance.invariants, start, startScreen);
  const resolveApp = labelAppResolver(device, signal);
  let executed = 0;
  let firstStep: number | null = null;
  const end = await walkSolution(
    instance.solution,
    {
      observe: async () => ({ observation: await device.observe(signal) }),
      perform: async (seen, action, _element, step) => {
        const r = await device.execute(action, { observation: seen.observation, resolveApp, signal });
        if (!r.ok) return { ok: false, error: r.error?.message ?? r.detail };
        executed++;
        firstStep ??= step;
        const [state, screen] = await Promise.all([phone.state(signal), phone.screen(signal)]);
        states.push(state);
        scorer.onStep(executed, { state, screen });
        return { ok: true, error: null };
      },
    },
    { signal },
  );
  let failure: TaskProblem | null = null;
  if (!end.ok) {
    const f = end.failure;
    const field = f.target ? (instance.solution[f.step]?.action === 'Scroll' ? '.until' : '.target') : '';
    failure = {
      path: `solution[${f.step}]${field}`,
      message: `${f.reason}${f.element ? ` (on ${describeElement(f.element)})` : ''}`,
    };
  } else if (end.answer !== null) scorer.onAnswer(executed + 1, end.answer);
  const final = await phone.state(signal);
  states.push(final);
  const steps = executed + (end.ok && end.answer !== null ? 1 : 0);
  return { score: scorer.finish(steps, final), states, steps, firstStep, failure };
}

/**
 * A reference's weak milestones: the indices of those its first step reaches (unless the task's
 * `firstStep` says why: they reward what any agent does first and flatter EE), and, when there
 * are two or more, the ids of those reached only at its final step (no partial credit along the
 * way). `milestones` are in the task's order; `steps` is how many steps the reference took.
 */
export function weakMilestones(
  task: Pick<BenchTask, 'milestones'>,
  milestones: ReadonlyArray<{ id: string; reached: boolean; step: number | null }>,
  steps: number,
): { firstStep: number[]; atFinal: string[] } {
  const firstStep = milestones.flatMap((m, i) =>
    m.reached && m.step === 1 && !task.milestones[i]?.firstStep ? [i] : [],
  );
  const atLast = milestones.filter((m) => m.reached && m.step === steps).map((m) => m.id);
  return { firstStep, atFinal: steps > 1 && atLast.length >= 2 ? atLast : [] };
}

/**
 * Problems and warnings read off the reference's score: `steps` is how many steps it took,
 * `firstStep` the index in `solution` of the first step that ran (optional ones may be skipped).
 */
export function scoreFindings(
  task: BenchTask,
  solution: readonly SolutionStep[],
  score: ScoreSummary,
  steps: number,
  firstStep: number | null,
): { problems: TaskProblem[]; warnings: TaskProblem[] } {
  const problems: TaskProblem[] = [];
  const warnings: TaskProblem[] = [];
  const weak = weakMilestones(task, score.milestones, steps);
  score.milestones.forEach((m, i) => {
    const at = `milestones[${i}]`;
    if (score.satisfiedAtStart.includes(m.id))
      problems.push({ path: at, message: `"${m.id}" already holds when the agent starts, before any step` });
    else if (!m.reached)
      problems.push({
        path: at,
        message: `the reference solution does not reach "${m.id}" (${m.lastHeld === null ? 'it never held' : `it held last after step ${m.lastHeld}, then no more`})`,
      });
    else if (weak.firstStep.includes(i))
      warnings.push({
        path: at,
        message: `"${m.id}" is reached by the solution's first step (${firstStep === null ? '?' : describeStep(solution[firstStep]!)}): it rewards what any agent does first and flatters EE; check the task's own work instead, or say why in "firstStep"`,
      });
  });
  score.invariants.forEach((inv, i) => {
    if (!inv.held)
      problems.push({ path: `invariants[${i}]`, message: `"${inv.id}" does not hold after the reference solution` });
  });
  if (weak.atFinal.length)
    warnings.push({
      path: 'milestones',
      message: `${weak.atFinal.length} of ${score.milestones.length} milestones (${weak.atFinal.join(', ')}) are reached only at the final step (${steps}): no partial credit for the work along the way; check progress that shows before the end`,
    });
  return { problems, warnings };
}

/**
 * Checks one task on one seed on a phone of its own.
 * @throws infrastructure errors (a phone that does not answer); a broken task is reported, not thrown
 */
export async function deepCheckTask(
  task: BenchTask,
  seed: number,
  env: { phone: PhoneControl; device: AgentDevice },
  signal: AbortSignal,
): Promise<DeepCheck> {
  const out: DeepCheck = { taskId: task.id, seed, problems: [], warnings: [], steps: null };
  let prepared: PreparedEpisode;
  try {
    prepared = await prepareEpisode({
      task,
      seed,
      locale: task.device?.locale ?? 'en',
      phone: env.phone,
      device: env.device,
      signal,
    });
  } catch (error) {
    if (!(error instanceof MobaError) || error.code !== 'INVALID_INPUT') throw error;
    out.problems.push({ path: 'setup', message: `the task cannot be set up: ${errorMessage(error)}` });
    return out;
  }
  const walked = await walkAndJudge(prepared, env, signal);
  if (walked.failure) out.problems.push(walked.failure);
  const { instance } = prepared;
  out.problems.push(...statePathProblems(task, instance, walked.states));
  if (!walked.failure) {
    const found = scoreFindings(task, instance.solution, walked.score, walked.steps, walked.firstStep);
    out.problems.push(...found.problems);
    out.warnings.push(...found.warnings);
    out.steps = walked.steps;
  }
  return out;
}

export interface DeepCheckOptions {
  /** Instances per task (default 1), with the seeds `moba bench run` gives them. */
  seeds?: number;
  suiteSeed?: number;
  phones?: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Told each check as it finishes. */
  onCheck?: (check: DeepCheck) => void;
}

/**
 * Checks tasks on `phones` simulated phones of their own (one shared Chromium); a phone that
 * fails is replaced and the check tried once more, then reported as not checked.
 */
export async function deepCheckTasks(
  host: EpisodeHost,
  tasks: readonly BenchTask[],
  options: DeepCheckOptions = {},
): Promise<DeepCheck[]> {
  const signal = options.signal ?? new AbortController().signal;
  const jobs = tasks.flatMap((task) =>
    Array.from({ length: options.seeds ?? 1 }, (_, i) => ({
      task,
      seed: instanceSeed(options.suiteSeed ?? 30, task.id, i),
    })),
  );
  const results: DeepCheck[] = new Array(jobs.length);
  const count = Math.max(1, Math.min(options.phones ?? 1, jobs.length));
  const pool = await PhonePool.start({ count, devices: host.devices, ...(options.log ? { log: options.log } : {}) });
  let next = 0;
  const worker = async (slot: number): Promise<void> => {
    while (next < jobs.length && !signal.aborted) {
      const at = next++;
      const { task, seed } = jobs[at]!;
      let result: DeepCheck | undefined;
      for (let attempt = 0; !result; attempt++) {
        try {
          result = await deepCheckTask(task, seed, episodeEnv(host, pool.phones[slot]!.serial), signal);
        } catch (error) {
          if (signal.aborted) throw error;
          const infra = asInfraError(error);
          if (!infra) {
            const message = `the check failed: ${errorMessage(error)}`;
            result = { taskId: task.id, seed, problems: [{ path: '', message }], warnings: [], steps: null };
            break;
          }
          if (attempt >= 1 || infra.fatal) {
            result = { taskId: task.id, seed, problems: [], warnings: [], steps: null, error: infra.message };
            break;
          }
          await pool.replace(slot);
        }
      }
      results[at] = result;
      options.onCheck?.(result);
    }
  };
  try {
    await Promise.all(pool.phones.map((p) => worker(p.slot)));
  } finally {
    await pool.close();
  }
  return results.filter(Boolean);
}
