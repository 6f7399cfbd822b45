/**
 * The calibration pseudo-agents of a benchmark, as run loops of ordinary runs (stored,
 * replayable, exportable like any other):
 *  - `reference` performs the task's reference solution step by step on the elements the agent
 *    would see — the proof that every task can be done, and the step count a person needs;
 *  - `noop` looks at the screen once and gives up — no milestone may be reached by it;
 *  - `human` hands the phone to a person from the start: what they do in the cockpit is the
 *    episode (scored like any other), their hand-back ends it — the report's Human row.
 * None calls a model.
 */
import type { SolutionStep } from '../../../shared/bench/task-steps.ts';
import { MobaError, isDeviceGone } from '../../../shared/errors.ts';
import { nextId } from '../../../shared/run/reducer.ts';
import type { Observation } from '../../../shared/schemas/perception.ts';
import type { LoopContext, RunLoop } from '../../agent/run-controller.ts';
import type { CustomLoop } from '../../agent/run-handle.ts';
import type { InstalledApp, ResolvedApp } from '../../agent/ports.ts';
import { screenKeyOf } from '../../agent/screens.ts';
import { matchApp } from '../../device/app-resolver.ts';
import { describeElement } from '../../../shared/elements/describe-element.ts';
import { describeWalkFailure, walkSolution } from './solution-walk.ts';
import { askUserPrompt } from '../../agent/ask-user.ts';

export const PSEUDO_AGENTS = ['reference', 'noop', 'human'] as const;
export type PseudoAgent = (typeof PSEUDO_AGENTS)[number];

export function isPseudoAgent(name: string): name is PseudoAgent {
  return (PSEUDO_AGENTS as readonly string[]).includes(name);
}

/** The elements are all a pseudo-agent reads: no screenshot is taken or painted for it. */
async function observe(ctx: LoopContext): Promise<{ id: string; observation: Observation }> {
  const observation = await ctx.device.observe(ctx.signal, { screenshot: false });
  const id = nextId(ctx.state(), 'o');
  ctx.append({ type: 'observation', observationId: id, observation, screenKey: screenKeyOf(observation) });
  return { id, observation };
}

function startRoot(ctx: LoopContext): string {
  const root = ctx.state().rootId;
  if (!root) throw new MobaError('RUN_STATE', 'The run has no task node');
  if (ctx.state().nodes[root]?.status === 'pending')
    ctx.append({ type: 'node_status', nodeId: root, status: 'running', by: 'agent' });
  return root;
}

/** Finds apps by their label first (a person names an app as it is labelled), then like the CLI does. */
function appResolver(ctx: LoopContext): (description: string) => Promise<ResolvedApp> {
  let apps: InstalledApp[] | undefined;
  return async (description) => {
    apps ??= await ctx.device.installedApps(ctx.signal);
    const wanted = description.trim().toLowerCase();
    const exact = apps.find((a) => a.label.toLowerCase() === wanted || a.packageName === wanted);
    const app =
      exact ??
      (() => {
        const m = matchApp(
          description,
          apps!.map((a) => ({ packageName: a.packageName, label: a.label, launchActivity: a.activity ?? null })),
        );
        return apps!.find((a) => a.packageName === m.packageName)!;
      })();
    ctx.append({
      type: 'app_selected',
      description,
      packageName: app.packageName,
      activity: app.activity ?? null,
      method: 'exact',
      callIds: [],
    });
    return { packageName: app.packageName, activity: app.activity ?? null };
  };
}

/**
 * The reference solution as a run. A step that cannot be done ends the run `failed` with the
 * step, the element it aimed at and the reason (`Reference step 3 (Click text="Save"): …`).
 * @param options.skip solution step positions to leave out (CI's "one step removed" check)
 */
function referenceLoop(solution: readonly SolutionStep[], options: { skip?: readonly number[] } = {}): RunLoop {
  return async (ctx) => {
    const root = startRoot(ctx);
    const resolveApp = appResolver(ctx);
    const end = await walkSolution(
      solution,
      {
        observe: () => observe(ctx),
        perform: async (seen, action, element) => {
          const stepId = nextId(ctx.state(), 's');
          ctx.append({
            type: 'step_proposed',
            stepId,
            nodeId: root,
            action,
            element,
            observationId: seen.id,
            gate: null,
          });
          const r = await ctx.device.execute(action, {
            observation: seen.observation,
            resolveApp,
            signal: ctx.signal,
            settleOn: 'dump',
          });
          const error = r.error ? { name: r.error.name, code: r.error.code, message: r.error.message } : null;
          ctx.append({
            type: 'step_executed',
            stepId,
            action,
            by: 'agent',
            ok: r.ok,
            error,
            durationMs: r.durationMs,
            settleMs: r.settleMs,
            detail: r.detail,
          });
          if (!r.ok && r.error && isDeviceGone(r.error)) throw new MobaError(r.error.code, r.error.message);
          // A question waits for its answer, as a strategy's Ask_User does (the simulated user gives it in a benchmark).
          if (r.ok && action.name === 'Ask_User')
            await ctx.waitForPerson('escalation', stepId, askUserPrompt(action.params.question));
          return { ok: r.ok, error: r.error?.message ?? (r.ok ? null : r.detail) };
        },
        answer: (text) => ctx.append({ type: 'message', from: 'agent', nodeId: root, text }),
      },
      { ...(options.skip ? { skip: options.skip } : {}), signal: ctx.signal },
    );
    if (!end.ok) {
      const f = end.failure;
      ctx.append({
        type: 'run_finished',
        outcome: 'failed',
        cause: 'error',
        reason: `${describeWalkFailure(f)}${f.element ? ` — on ${describeElement(f.element)}` : ''}`,
        answer: null,
      });
      return;
    }
    await observe(ctx);
    ctx.append({ type: 'node_status', nodeId: root, status: 'done', by: 'agent' });
    ctx.append({
      type: 'run_finished',
      outcome: 'succeeded',
      cause: 'finished',
      reason: 'The reference solution was performed',
      answer: end.answer,
    });
  };
}

/** Looks once and stops: the floor every milestone must stay above. */
const noopLoop: RunLoop = async (ctx) => {
  startRoot(ctx);
  await observe(ctx);
  ctx.append({
    type: 'run_finished',
    outcome: 'failed',
    cause: 'gave_up',
    reason: 'The noop agent does nothing',
    answer: null,
  });
};

/** What the person is asked when a human episode starts. */
export const HUMAN_EPISODE_PROMPT =
  'Perform this task on the phone yourself, then hand back. If it asks a question, write the answer in the hand-back note.';

/**
 * A person performs the episode: the run waits for them from the start (a take-over), every
 * action they perform in the cockpit is recorded as their step (and judged by the benchmark),
 * and their hand-back ends the episode — with their note as the answer, if they wrote one.
 */
const humanLoop: RunLoop = async (ctx) => {
  const root = startRoot(ctx);
  await observe(ctx);
  const d = await ctx.waitForPerson('take_over', null, HUMAN_EPISODE_PROMPT);
  const answer = d.feedback?.trim() || null;
  if (answer) ctx.append({ type: 'message', from: 'person', nodeId: root, text: answer });
  ctx.append({ type: 'node_status', nodeId: root, status: 'done', by: 'person' });
  ctx.append({
    type: 'run_finished',
    outcome: 'succeeded',
    cause: 'finished',
    reason: 'The person performed the task and handed back',
    answer,
  });
};

/**
 * A pseudo-agent as the loop of an ordinary run (`RunService.start({ loop })`).
 * @param options.skip reference solution steps to leave out
 */
export function pseudoAgentLoop(
  agent: PseudoAgent,
  solution: readonly SolutionStep[],
  options: { skip?: readonly number[] } = {},
): CustomLoop {
  if (agent === 'human')
    return { name: 'human', description: 'Benchmark episode performed by a person in the cockpit.', loop: humanLoop };
  return agent === 'noop'
    ? { name: 'noop', description: 'Benchmark pseudo-agent "noop": does nothing.', loop: noopLoop }
    : {
        name: 'reference',
        description: `Benchmark pseudo-agent "reference": performs the task's reference solution (no model).`,
        loop: referenceLoop(solution, options),
      };
}
