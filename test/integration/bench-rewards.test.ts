/**
 * ReachAgent's 4-level reward on a benchmark's episodes: the built-in task "How hot will it get
 * in Shanghai tomorrow?" (open Weather, answer with tomorrow's high) run by the human reference
 * and by MobA without its Plan module on three designed flows, each its own configuration with
 * its own scripted model — a longer completing path (through Messages first), a dead end (into
 * the Clock, then a wrong answer) and an invalid action (a tap outside the screen's 0–1000 grid,
 * then the reference path). The labels `moba dataset rewards` writes must equal the hand labels below.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { ScriptedBenchRig } from '../support/bench-rig.ts';
import { mobaCli } from '../support/moba-cli.ts';
import { REFLECT_GO_ON, SINGLE } from '../support/agent-harness.ts';

const TASK = 'How hot will it get in Shanghai tomorrow';
const ANSWER = 'Finish("Tomorrow\'s high in Shanghai is {{match:Tomorrow: [^,]*, high (-?\\d+)°}}°C.")';
const step = (model: string, action: string) => ({
  name: `${model}: ${action}`,
  match: { system: SINGLE, user: TASK, model },
  reply: { observation: 'o', thought: 't', can_complete: 'true', action },
  times: 1,
});

const SCRIPT: ScriptInput = {
  description: 'Designed flows on weather.tomorrow-high: longer, dead end, invalid.',
  models: ['scripted', 'longer', 'dead-end', 'invalid'],
  steps: [
    step('longer', 'Open_App("com.android.messaging")'),
    step('longer', 'Open_App("com.moba.weather")'),
    step('longer', ANSWER),
    step('dead-end', 'Open_App("com.android.deskclock")'),
    step('dead-end', 'Finish("I am not sure.")'),
    step('invalid', 'Click_by_Coordinate(1500, 500)'),
    step('invalid', 'Open_App("com.moba.weather")'),
    step('invalid', ANSWER),
    REFLECT_GO_ON,
  ],
};

const designed = (id: string) => ({
  id,
  agent: 'moba',
  usePlan: false,
  useMemory: false,
  models: { actor: { model: id }, planner: { model: id }, reflector: { model: id } },
});

let t: ScriptedBenchRig;
beforeAll(async () => {
  t = await startScriptedBenchRig(SCRIPT);
});
afterAll(async () => {
  await t?.dispose();
});

it('labels the reference, a longer path, a dead end and an invalid action as by hand', {
  timeout: 300_000,
}, async () => {
  const id = t.runner.create(
    {
      name: 'designed flows',
      tasks: ['builtin'],
      only: { ids: ['weather.tomorrow-high'] },
      configurations: [
        { id: 'reference', agent: 'reference' },
        designed('longer'),
        designed('dead-end'),
        designed('invalid'),
      ],
      seeds: 1,
      phones: 2,
    },
    loadTasks(['builtin']).map((l) => l.task),
  );
  const summary = await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(
    summary.counts,
    JSON.stringify(episodes.map((e) => `${e.configId}: ${e.error ?? e.result?.reason}`)),
  ).toMatchObject({ total: 4, done: 4, error: 0 });

  // MobA without its Plan module tries again after the failed tap, without a Global Agent to
  // re-plan (it used to call one: a request no script answers, and the episode was retried);
  // its Reflection module judges the Open_App that worked (§4.3), not the tap that failed.
  const invalid = episodes.find((e) => e.configId === 'invalid')!;
  expect(invalid.attempts).toBe(1);
  const purposes = (
    t.app.db
      .prepare("SELECT payload FROM run_events WHERE run_id = ? AND type = 'model_call'")
      .all(invalid.runId) as Array<{ payload: string }>
  ).map((r) => (JSON.parse(r.payload) as { record: { purpose: string } }).record.purpose);
  expect(purposes).toEqual(['act', 'act', 'reflect', 'act']);

  const out = tempDir('moba-rewards-');
  try {
    const cli = mobaCli(['dataset', 'rewards', '--benchmark', id, '--out', out.path, '--json'], t.env, {
      closeStdin: true,
    });
    expect(await cli.exit, cli.stderr).toBe(0);
    const printed = cli.lines.at(-1) as {
      instances: number;
      withoutGolden: number;
      counts: Record<string, number>;
      pairs: number;
    };
    const rows = readFileSync(join(out.path, 'rewards.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            configId: string;
            index: number;
            action: string;
            level: string;
            flowLength: number | null;
          },
      );
    const labels = (config: string) =>
      rows
        .filter((r) => r.configId === config)
        .sort((a, b) => a.index - b.index)
        .map((r) => `${r.action.replace(/\(.*$/, '')}:${r.level}`);

    // By hand. Pages: home, Weather, Messages, Clock. The golden flow is the reference's:
    // home -Open_App(Weather)-> Weather -Answer-> complete, 2 steps (d(home) = 2, d(Weather) = 1).
    expect(labels('reference')).toEqual(['Open_App:golden', 'Answer:golden']);
    // Through Messages: d(Messages) = 2 via its own Open_App(Weather), so 1 + 2 = 3 > 2 at every step.
    expect(labels('longer')).toEqual(['Open_App:longer', 'Open_App:longer', 'Answer:longer']);
    // Into the Clock, where no observed flow completes (d = ∞), and a wrong answer there.
    expect(labels('dead-end')).toEqual(['Open_App:incomplete', 'Answer:incomplete']);
    // (1500, 500) is outside the 0–1000 grid: not executable. The steps after it come one step late: 1 + 1 + 1 = 3 > 2.
    expect(labels('invalid')).toEqual(['Click_by_Coordinate:invalid', 'Open_App:longer', 'Answer:longer']);
    // Flow lengths: the shortest completing flow through each valid step.
    expect(rows.filter((r) => r.configId === 'longer').map((r) => r.flowLength)).toEqual([3, 3, 3]);

    expect(printed).toMatchObject({
      instances: 1,
      withoutGolden: 0,
      counts: { golden: 2, longer: 5, incomplete: 2, invalid: 1 },
    });
    // Pairs at shared states: on the home screen (empty history) Open_App(Weather) [golden] is
    // chosen over Open_App(Messages) [longer], Open_App(Clock) [incomplete] and the tap off the grid [invalid];
    // the three lower actions are paired among themselves too.
    const pairs = readFileSync(join(out.path, 'reward-pairs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            history: unknown[];
            chosen: { action: string; level: string };
            rejected: { action: string; level: string };
          },
      );
    const atHome = pairs
      .filter((p) => p.history.length === 0)
      .map((p) => `${p.chosen.level}>${p.rejected.level}`)
      .sort();
    expect(atHome).toEqual([
      'golden>incomplete',
      'golden>invalid',
      'golden>longer',
      'incomplete>invalid',
      'longer>incomplete',
      'longer>invalid',
    ]);
    expect(printed.pairs).toBe(pairs.length);
  } finally {
    out.dispose();
  }
});
