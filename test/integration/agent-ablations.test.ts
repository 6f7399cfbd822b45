/**
 * MobA's ablations end to end on the simulated phone (paper §4.3: "w/o Plan", "w/o Memory").
 * `--no-plan` (usePlan: false): a plain agent — no plan, no plan reflection, no task tree below
 * the root, no sub-goal given to the Reflection module, which stays — that reports its own
 * completion, and whose replies that choose no action are bounded by the step limit. `--no-memory` (useMemory:
 * false): no memory in any prompt and nothing written to memory, with seeded memories present.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dump } from '@moba/sim/testing';
import type { ScriptInput } from '@moba/testkit';
import { startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { ACT, PLAN, REFLECT, REFLECT_GO_ON, SINGLE } from '../support/agent-harness.ts';
import type { RunEvent } from '../../src/shared/schemas/run.ts';

const TASK = 'Open the Clock app and start adding an alarm';
const act = (goal: string, reply: Record<string, unknown>) => ({
  name: `act: ${goal}`,
  match: { system: ACT, user: `## Current sub-goal\n${goal}` },
  reply,
  times: 1,
});
const TWO_LEVEL: ScriptInput = {
  steps: [
    act(TASK, { observation: 'home', thought: 'two steps', can_complete: 'false', action: null }),
    {
      match: { system: PLAN, user: `## Goal to split\n${TASK}` },
      reply: { observation: 'o', thought: 't', subgoals: ['Open the Clock app', 'Tap the button that adds an alarm'] },
      times: 1,
    },
    act('Open the Clock app', {
      observation: 'home',
      thought: 'open it',
      can_complete: 'true',
      action: 'Open_App("com.android.deskclock")',
    }),
    {
      match: { system: REFLECT, user: '## Sub-goal of the action\nOpen the Clock app' },
      reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: 'not_done', reflection: '' },
      times: 1,
    },
    act('Tap the button that adds an alarm', {
      observation: 'alarms',
      thought: 'the + button',
      can_complete: 'true',
      action: 'Click({{element:Add alarm}})',
    }),
    {
      match: { system: REFLECT },
      reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: 'done', reflection: '' },
      times: 1,
    },
  ],
};

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});
beforeEach(async () => {
  await t.rig.phone.reset();
  t.model.reset();
});

const calls = (events: RunEvent[]) => events.flatMap((e) => (e.type === 'model_call' ? [e] : []));

describe('--no-plan (a single-level agent)', () => {
  it('acts toward the task, reports completion itself, has no plan or plan reflection, and keeps the Reflection module without sub-goals', {
    timeout: 120_000,
  }, async () => {
    t.model.setScript({
      steps: [
        {
          match: { system: SINGLE },
          reply: {
            observation: 'home',
            thought: 'open the clock',
            can_complete: 'true',
            action: 'Open_App("com.android.deskclock")',
          },
          times: 1,
        },
        {
          match: { system: SINGLE },
          reply: {
            observation: 'alarms',
            thought: 'the + button',
            can_complete: 'true',
            action: 'Click({{element:Add alarm}})',
          },
          times: 1,
        },
        {
          match: { system: SINGLE },
          reply: {
            observation: 'time picker',
            thought: 'adding has started',
            can_complete: 'true',
            action: 'Finish()',
          },
          times: 1,
        },
        REFLECT_GO_ON,
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'auto', usePlan: false, maxSteps: 10 },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.outcomeReason).toBe('The agent reported the task done');
    const events = t.app.runs.events(runId).events;
    expect(events.filter((e) => e.type === 'plan_made' || e.type === 'plan_reflection')).toEqual([]);
    expect(events.filter((e) => e.type === 'reflected')).toHaveLength(2);
    expect(calls(events).map((c) => c.record.purpose)).toEqual(['act', 'reflect', 'act', 'reflect', 'act']);
    expect(t.model.requests().every((r) => !JSON.stringify(r.body).includes(PLAN))).toBe(true);
    const reflections = t.model.requests().filter((r) => JSON.stringify(r.body).includes(REFLECT));
    expect(reflections).toHaveLength(2);
    for (const r of reflections) expect(JSON.stringify(r.body)).not.toContain('Sub-goal of the action');
    expect(Object.keys(st.nodes)).toEqual([st.rootId]);
    expect(st.counters.executedActions).toBe(2);
    expect(await dump(t.rig.phone)).toMatch(/radial_picker|Select hours/);
  });

  it('ends the run with a clear reason when the model keeps answering "can_complete": "false" (each counts against the step limit)', {
    timeout: 120_000,
  }, async () => {
    t.model.setScript({
      steps: [
        {
          match: { system: SINGLE },
          reply: { observation: 'home', thought: 'needs several actions', can_complete: 'false', action: null },
          times: 'always',
        },
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'auto', usePlan: false, maxSteps: 3 },
    });
    await t.waitFor(runId, undefined, 60_000);
    const st = t.app.runs.state(runId);
    expect(st.status).toBe('failed');
    expect(st.outcomeReason).toBe(
      'The step limit (3) was reached: 0 executed actions and 3 replies that chose no action',
    );
    expect(t.model.requests()).toHaveLength(3);
    expect(t.app.runs.events(runId).events.some((e) => e.type === 'plan_made')).toBe(false);
  });
});

describe('--no-memory', () => {
  it('puts no memory in any prompt and writes nothing to memory, though seeded memories would match', {
    timeout: 180_000,
  }, async () => {
    const seed = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'memory', 'example-seed.json'), 'utf8'),
    ) as unknown;
    t.app.memory.importJson(seed);

    // With memory (the control): the seeded Clock memories reach the prompts and the run writes memories.
    t.model.setScript(TWO_LEVEL);
    const withMemory = await t.app.runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'auto', maxSteps: 10 },
    });
    await t.waitFor(withMemory.runId);
    expect(t.app.runs.state(withMemory.runId).status).toBe('succeeded');
    const on = t.app.runs.events(withMemory.runId).events;
    expect(calls(on).some((c) => c.memories.length > 0)).toBe(true);
    expect(t.model.requests().some((r) => JSON.stringify(r.body).includes('## Relevant memory'))).toBe(true);
    expect(on.some((e) => e.type === 'memory_written')).toBe(true);

    await t.rig.phone.reset();
    t.model.setScript(TWO_LEVEL);
    t.model.reset();
    const before = t.app.memory.count();
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'auto', useMemory: false, maxSteps: 10 },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    const events = t.app.runs.events(runId).events;
    expect(calls(events).length).toBe(6);
    for (const c of calls(events)) expect(c.memories, c.record.purpose).toEqual([]);
    expect(t.model.requests()).toHaveLength(6);
    const leaked = t.model
      .requests()
      .map((r) => JSON.stringify(r.body).match(/Relevant memory|\[route\]|\[app\]|\[page\]|User preference/)?.[0])
      .filter(Boolean);
    expect(leaked).toEqual([]);
    expect(events.filter((e) => e.type === 'memory_written')).toEqual([]);
    expect(t.app.memory.count()).toBe(before);
    expect(t.app.memory.list({ runId }).total).toBe(0);
  });
});
