/**
 * How an episode ended is read from its run's typed end cause, never from the words of the
 * reason. The same benchmark — episodes ending every way the agents end (done, gave up, stuck
 * in a loop, the step limit, unusable model replies, the time limit) — is run twice through
 * the runner `moba bench run` uses: once as recorded, once with every end and pause reason the
 * run service writes replaced by unrelated text. Terminations and scores must be identical.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { BenchConfigurationInput } from '../../src/shared/bench/config.ts';
import type { RunEventBody } from '../../src/shared/schemas/run.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { RunsRepo } from '../../src/main/store/runs-repo.ts';
import { REFLECT_GO_ON, SINGLE } from '../support/agent-harness.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { ScriptedBenchRig } from '../support/bench-rig.ts';

const TASK = 'weather.tomorrow-high';
const REWORDED = 'Lauf beendet.';

/** The actor's reply for each scripted model name (a configuration picks one). */
const reply = (model: string, answer: Record<string, unknown>, delayMs?: number) => ({
  name: model,
  match: { system: SINGLE, model },
  reply: answer,
  times: 'always' as const,
  ...(delayMs ? { delayMs } : {}),
});
const refuse = (model: string) => ({
  name: model,
  match: { system: SINGLE, model },
  refusal: 'No.',
  times: 'always' as const,
});
const act = (action: string) => ({ observation: 'o', thought: 't', can_complete: 'true', action });

const noPlan = (id: string, model: string, extra: Partial<BenchConfigurationInput> = {}): BenchConfigurationInput => ({
  id,
  agent: 'moba',
  usePlan: false,
  useMemory: false,
  models: { actor: { model } },
  ...extra,
});

const CONFIGS: BenchConfigurationInput[] = [
  { id: 'reference', agent: 'reference' },
  { id: 'noop', agent: 'noop' },
  noPlan('gives-up', 'gives-up'),
  noPlan('loops', 'loops'),
  noPlan('budget', 'loops', { maxSteps: 1 }),
  noPlan('broken', 'broken'),
];
const EXPECTED: Record<string, string> = {
  reference: 'finish',
  noop: 'gave_up',
  'gives-up': 'gave_up',
  loops: 'loop',
  budget: 'budget',
  broken: 'error',
  slow: 'timeout',
};

let t: ScriptedBenchRig;
beforeAll(async () => {
  t = await startScriptedBenchRig({
    steps: [
      reply('gives-up', act('Failed("I cannot find a weather app")')),
      reply('loops', act('Back()')),
      refuse('broken'),
      // Never answers within the episode's time limit.
      reply('slow', act('Back()'), 600_000),
      REFLECT_GO_ON,
    ],
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.dispose();
});

/** Runs the benchmark and returns each configuration's episode as the scores compare it. */
async function runBenchmark(name: string, configurations: BenchConfigurationInput[], timeoutS?: number) {
  const tasks = loadTasks(['builtin']).map((l) => l.task);
  const id = t.runner.create(
    {
      name,
      tasks: ['builtin'],
      only: { ids: [TASK] },
      configurations,
      seeds: 1,
      phones: 2,
      retries: 0,
      ...(timeoutS ? { timeoutS } : {}),
    },
    tasks,
  );
  await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(episodes.filter((e) => e.error).map((e) => `${e.id}: ${e.error}`)).toEqual([]);
  return Object.fromEntries(
    episodes.map((e) => {
      const r = e.result!;
      return [
        e.configId,
        {
          termination: r.termination,
          reached: r.reached,
          total: r.total,
          complete: r.complete,
          completeStrict: r.completeStrict,
          stepsToLast: r.stepsToLast,
          steps: r.steps,
          executedActions: r.executedActions,
          reason: r.reason,
        },
      ];
    }),
  );
}

it('every way an episode ends scores the same when every end message is reworded', { timeout: 600_000 }, async () => {
  const plain = {
    ...(await runBenchmark('as recorded', CONFIGS)),
    ...(await runBenchmark('as recorded, slow', [noPlan('slow', 'slow')], 10)),
  };
  expect(Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, v.termination]))).toEqual(EXPECTED);
  expect(plain.reference).toMatchObject({ complete: true, completeStrict: true });

  // From here on, every reason a run's end or pause records says nothing about why.
  const append = RunsRepo.prototype.append;
  vi.spyOn(RunsRepo.prototype, 'append').mockImplementation(function (
    this: RunsRepo,
    runId: string,
    body: RunEventBody,
    ...rest
  ) {
    const reworded = body.type === 'run_finished' || body.type === 'run_paused' ? { ...body, reason: REWORDED } : body;
    return append.call(this, runId, reworded, ...rest);
  });
  const reworded = {
    ...(await runBenchmark('reworded', CONFIGS)),
    ...(await runBenchmark('reworded, slow', [noPlan('slow', 'slow')], 10)),
  };
  vi.restoreAllMocks();

  for (const [config, episode] of Object.entries(reworded)) {
    expect(episode.reason, config).toBe(REWORDED);
    const { reason: _plainReason, ...plainScore } = plain[config]!;
    const { reason: _rewordedReason, ...rewordedScore } = episode;
    expect(rewordedScore, config).toEqual(plainScore);
  }
});
