/**
 * MobA's user memory seeded for the episode (`userMemory: 'seeded'`, docs/benchmark.md § Asking
 * the user): a task whose answer only the user knows, run by MobA without its Plan module on
 * the scripted model. With the task's user facts in memory the prompt holds the fact (with its
 * provenance), the model's reply reads it from there and the episode passes without a question;
 * without them the fact is nowhere in the prompt. The reference solution asks in words no
 * fact's keywords match, and the simulated user's model (`simulatedUser: { mode: 'model' }`)
 * answers from the facts, its call recorded in the run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScriptedServer } from '@moba/testkit';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { REFLECT_GO_ON, SINGLE } from '../support/agent-harness.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { BenchRig } from '../support/bench-rig.ts';

const GOAL = 'Tell me how long my usual timer is.';
const TASK = {
  id: 'fixture.usual-timer-length',
  version: 1,
  category: 'indirect',
  apps: ['clock'],
  goal: { en: GOAL, zh: '告诉我我常用的计时器有多久。' },
  params: { t: { oneOf: [{ n: 2 }, { n: 3 }, { n: 4 }] } },
  user: {
    facts: [{ id: 'minutes', about: ['minutes', 'how long'], answer: { en: '{t.n} minutes', zh: '{t.n}分钟' } }],
  },
  milestones: [{ id: 'answered', check: { answer: { $number: '{t.n}' } } }],
  solution: [
    { action: 'Ask_User', question: 'What length is it?' },
    { action: 'Finish', message: 'Your usual timer is {t.n} minutes.', milestone: 'answered' },
  ],
};

let t: BenchRig & { model: ScriptedServer };
let dir: string;
beforeAll(async () => {
  t = await startScriptedBenchRig({
    description: 'MobA w/o Plan answers from its user memory when the fact is there.',
    models: ['scripted'],
    steps: [
      {
        name: 'the fact is in the prompt',
        match: { system: SINGLE, user: 'from benchmark task user facts' },
        reply: {
          observation: 'o',
          thought: 'My memory says how long it is.',
          can_complete: 'true',
          action: 'Finish("Your usual timer is {{match:About the user: (\\d+) minutes}} minutes.")',
        },
        times: 'always',
      },
      {
        name: 'the fact is not in the prompt',
        match: { system: SINGLE, user: GOAL },
        reply: {
          observation: 'o',
          thought: 'I cannot know.',
          can_complete: 'true',
          action: 'Finish("I do not know.")',
        },
        times: 'always',
      },
      {
        name: 'the simulated user in model mode',
        match: { system: 'You are the user of a phone assistant', user: 'What length is it?' },
        reply: { fact: 'minutes', answer: '{{match:- minutes: (\\d+ minutes)}}' },
        times: 'always',
      },
      REFLECT_GO_ON,
    ],
  });
  dir = mkdtempSync(join(tmpdir(), 'moba-user-memory-'));
  writeFileSync(join(dir, `${TASK.id}.json`), JSON.stringify(TASK));
});
afterAll(async () => {
  await t?.dispose();
  await t?.model.close();
  rmSync(dir, { recursive: true, force: true });
});

it("user facts in MobA's memory: the fact is in the prompt, no question needed; the simulated user's model answers free words", {
  timeout: 120_000,
}, async () => {
  const tasks = loadTasks([dir]).map((l) => l.task);
  const id = t.runner.create(
    {
      name: 'user facts in memory',
      tasks: [dir],
      configurations: [
        { id: 'seeded', agent: 'moba', usePlan: false, useMemory: true, userMemory: 'seeded' },
        { id: 'plain', agent: 'moba', usePlan: false, useMemory: true },
        { id: 'asks', agent: 'reference', simulatedUser: { mode: 'model' } },
      ],
      seeds: 1,
      phones: 1,
    },
    tasks,
  );
  expect((await t.runner.run(id)).counts).toMatchObject({ done: 3, error: 0 });
  const byConfig = new Map(t.runner.repo.episodes(id).map((e) => [e.configId, e.result!]));
  const seeded = byConfig.get('seeded')!;
  const n = (seeded.params.t as { n: number }).n;
  expect(seeded).toMatchObject({ complete: true, questions: 0, unnecessaryQuestions: 0, hasUser: true });
  expect(seeded.answer).toBe(`Your usual timer is ${n} minutes.`);
  const prompts = (runId: string) =>
    t.app.runs
      .events(runId)
      .events.flatMap((e) => (e.type === 'model_call' ? [JSON.stringify(e.record.request)] : []))
      .join('\n');
  expect(prompts(seeded.runId)).toContain(
    `About the user: ${n} minutes (minutes, how long; for the request \\"${GOAL}\\") (from benchmark task user facts)`,
  );

  const plain = byConfig.get('plain')!;
  expect(plain).toMatchObject({ complete: false, questions: 0 });
  expect(prompts(plain.runId)).not.toContain(`${n} minutes`);
  expect(prompts(plain.runId)).not.toContain('benchmark task user facts');

  // The reference asks in words no fact's keywords match: the simulatedUser model answers from the facts.
  const asks = byConfig.get('asks')!;
  expect(asks).toMatchObject({ complete: true, questions: 1, unnecessaryQuestions: 0 });
  const events = t.app.runs.events(asks.runId).events;
  expect(events.flatMap((e) => (e.type === 'human_decision' ? [e.feedback] : []))).toEqual([`${n} minutes`]);
  expect(events.flatMap((e) => (e.type === 'model_call' ? [[e.record.role, e.record.purpose]] : []))).toEqual([
    ['simulatedUser', 'simulated-user'],
  ]);
  // The simulated user's call is the run's, not the agent's: the reference itself called no model.
  expect(asks).toMatchObject({ modelCalls: 0, promptTokens: 0, completionTokens: 0, callLatenciesMs: [] });

  const report = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes: t.runner.repo.episodes(id) }]);
  expect(report.configurations.find((c) => c.configId === 'seeded')!.label).toBe(
    'MobA w/o Plan · user facts in memory',
  );
  expect(report.configurations.map((c) => c.questions)).toEqual([
    { asked: 0, unnecessary: 0, userEpisodes: 1 },
    { asked: 0, unnecessary: 0, userEpisodes: 1 },
    { asked: 1, unnecessary: 0, userEpisodes: 1 },
  ]);
});
