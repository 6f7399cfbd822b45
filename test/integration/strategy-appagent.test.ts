/**
 * AppAgent on the simulated phone: the alarm case study in auto mode (its own element rule, one
 * call per step), ReachAgent's action space, element docs from a demonstration in the prompt,
 * the exploration phase writing element docs that the next task's prompt shows, docs from a
 * recorded run (a demonstration), step mode
 * through the gates, and a hostile model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import { strategyMemory } from '../../src/main/memory/strategy-memory.ts';
import { demonstrationSteps, documentDemonstration } from '../../src/main/agent/strategies/appagent/demonstration.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import {
  resetPhone,
  checkGuardedPassword,
  checkHostileModel,
  checkStepMode,
  expectCaseStudyAlarm,
  runCaseStudy,
} from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

const STEP_SCRIPT = {
  steps: [
    {
      name: 'tap Clock',
      match: { system: 'one action per step' },
      reply: { observation: 'o', thought: 't', action: 'tap({{element:Clock|1}})', summary: 's' },
      times: 'always' as const,
    },
  ],
};

const EXPLORING = { system: 'You are exploring an Android app' };
const REFLECTING = { system: 'You are learning how an Android app works' };
const EXPLORE_SCRIPT = {
  steps: [
    {
      name: 'try Add alarm',
      match: EXPLORING,
      reply: { observation: 'o', thought: 't', action: 'tap({{element:Add alarm}})', summary: 'Tried +.' },
      times: 1,
    },
    {
      name: 'reflect on Add alarm',
      match: REFLECTING,
      reply: {
        decision: 'SUCCESS',
        thought: 'A time picker opened.',
        documentation: 'Starts a new alarm: opens the time picker.',
      },
      times: 1,
    },
    {
      name: 'try hour 6',
      match: EXPLORING,
      reply: { observation: 'o', thought: 't', action: 'tap({{element:6}})', summary: 'Chose 6.' },
      times: 1,
    },
    {
      name: 'reflect on 6',
      match: REFLECTING,
      reply: { decision: 'CONTINUE', thought: 'The minutes show.', documentation: 'Picks this hour on the dial.' },
      times: 1,
    },
    {
      name: 'done',
      match: EXPLORING,
      reply: { observation: 'o', thought: 't', action: 'FINISH', summary: 's' },
      times: 1,
    },
  ],
};

const OPEN_CLOCK_SCRIPT = {
  steps: [
    {
      name: 'tap Clock',
      match: { system: 'one action per step. You see a screenshot' },
      reply: { observation: 'o', thought: 't', action: 'tap({{element:Clock}})', summary: 's' },
      times: 1,
    },
    {
      name: 'stop',
      match: { system: 'one action per step. You see a screenshot' },
      reply: { observation: 'o', thought: 't', action: 'FINISH', summary: 's' },
      times: 1,
    },
  ],
};

describe('AppAgent', () => {
  it('completes the alarm case study in auto mode: one model call per executed action', {
    timeout: 300_000,
  }, async () => {
    const runId = await runCaseStudy(t, 'appagent', loadScript('alarm-appagent.json'));
    await expectCaseStudyAlarm(t);
    const st = t.app.runs.state(runId);
    expect(st.counters.executedActions).toBe(14);
    const calls = t.app.runs.events(runId).events.filter((e) => e.type === 'model_call');
    expect(calls.map((e) => (e.type === 'model_call' ? e.record.purpose : ''))).toEqual(Array(15).fill('appagent'));
    // What the model saw: AppAgent's tags on the screenshot and its element list, not MobA's.
    const first = calls[0]!.type === 'model_call' ? JSON.stringify(calls[0]!.record.request.messages) : '';
    expect(first).toContain('## Tagged elements');
    expect(first).toMatch(/"type":"image"/);
  });

  it("with ReachAgent's action space offers only the candidate actions and still completes it", {
    timeout: 300_000,
  }, async () => {
    const runId = await runCaseStudy(t, 'appagent', loadScript('alarm-appagent.json'), { actionSpace: 'candidates' });
    await expectCaseStudyAlarm(t);
    const call = t.app.runs.events(runId).events.find((e) => e.type === 'model_call');
    const text = call?.type === 'model_call' ? JSON.stringify(call.record.request.messages) : '';
    expect(text).toContain('Allowed actions on this screen');
    expect(text).toMatch(/tap\(\d+\) — \\"Clock\\"/);
  });

  it("puts element docs learned from a recorded demonstration next to the element's tag", {
    timeout: 300_000,
  }, async () => {
    const demo = t.app.memory.create(
      {
        kind: 'route',
        goal: 'Add a morning alarm',
        app: 'com.android.deskclock',
        steps: [
          {
            subGoal: 'Add a new alarm',
            action: 'Click(3)',
            element: 'ImageButton "Add alarm"',
            app: 'com.android.deskclock',
          },
        ],
      },
      'expert',
    );
    try {
      const runId = await runCaseStudy(t, 'appagent', loadScript('alarm-appagent.json'));
      const prompts = t.app.runs
        .events(runId)
        .events.flatMap((e) => (e.type === 'model_call' ? [JSON.stringify(e.record.request.messages)] : []));
      expect(prompts[1]).toMatch(
        /\[\d+\] ImageButton \\"Add alarm\\"[^\n]*\\n {4}docs: In a demonstration of \\"Add a morning alarm\\" \(from an expert seed\) it was used to add a new alarm \(Click\(3\)\)\./,
      );
      expect(prompts[0]).not.toContain('docs:');
    } finally {
      t.app.memory.delete([demo.id]);
    }
  });

  it('explores the Clock app: reflections write element docs into memory, the next task shows them beside the tags, and that task as a demonstration documents what it tapped', {
    timeout: 300_000,
  }, async () => {
    await resetPhone(t);
    t.model.setScript(EXPLORE_SCRIPT);
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Add an alarm',
      options: { strategy: 'appagent', mode: 'auto', maxSteps: 6, explore: { app: 'com.android.deskclock' } },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    const purposes = t.app.runs
      .events(runId)
      .events.flatMap((e) => (e.type === 'model_call' ? [e.record.purpose] : []));
    expect(purposes).toEqual(['appagent', 'appagent-reflect', 'appagent', 'appagent-reflect', 'appagent']);
    // Open_App (the explored app) and the two exploratory taps.
    expect(st.counters.executedActions).toBe(3);
    const docs = t.app.memory.list({ kind: 'element', app: 'com.android.deskclock' }).items;
    const ids: string[] = docs.map((d) => d.id);
    try {
      expect(docs).toHaveLength(2);
      for (const d of docs) expect(d).toMatchObject({ source: 'run', runId, model: 'scripted' });
      const add = docs.find((d) => d.kind === 'element' && d.tap?.startsWith('Starts a new alarm'));
      expect(add, JSON.stringify(docs)).toBeDefined();

      // The next task: open Clock, then stop; its prompt on the Clock screen carries the docs.
      await resetPhone(t);
      t.model.setScript(OPEN_CLOCK_SCRIPT);
      const { runId: next } = await t.app.runs.start({
        serial: t.rig.serial,
        task: 'Add an alarm',
        options: { strategy: 'appagent', mode: 'auto', maxSteps: 3 },
      });
      await t.waitFor(next);
      const prompts = t.app.runs
        .events(next)
        .events.flatMap((e) => (e.type === 'model_call' ? [JSON.stringify(e.record.request.messages)] : []));
      expect(prompts[1]).toMatch(
        new RegExp(
          `\\[\\d+\\] ImageButton \\\\"Add alarm\\\\"[^\\n]*\\\\n {4}docs: tap: Starts a new alarm: opens the time picker\\. \\(from run ${runId}, scripted, unreviewed\\)`,
        ),
      );
      // The home screen's elements were not explored: no docs there.
      expect(prompts[0]).not.toContain('docs:');

      // That run as a demonstration: the reflection call documents the launcher's Clock icon.
      t.model.setScript({
        steps: [
          {
            name: 'reflect on Clock',
            match: REFLECTING,
            reply: { decision: 'SUCCESS', thought: 'Clock opened.', documentation: 'Opens the Clock app.' },
            times: 1,
          },
        ],
      });
      const gateway = new ModelGateway({ settings: t.app.settings, artifacts: t.app.artifacts });
      const lines: string[] = [];
      const learned = await documentDemonstration({
        runId: next,
        task: 'Add an alarm',
        steps: demonstrationSteps(t.app.runs.events(next).events),
        gateway,
        artifacts: t.app.artifacts,
        memory: strategyMemory(t.app.memory),
        noteModel: (model) => t.app.memory.noteRunModel(next, model),
        report: (line) => lines.push(line),
      }).finally(() => gateway.dispose());
      ids.push(...learned.documented);
      expect(learned, lines.join('\n')).toEqual({
        documented: [expect.stringMatching(/^element:com\.android\.launcher3:/)],
        failed: 0,
      });
      expect(t.app.memory.get(learned.documented[0]!)).toMatchObject({
        tap: 'Opens the Clock app.',
        runId: next,
        model: 'scripted',
      });
    } finally {
      t.app.memory.delete(ids);
    }
  });

  it('step mode: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    await checkStepMode(t, 'appagent', STEP_SCRIPT);
  });

  it('a hostile model ends the run cleanly', { timeout: 300_000 }, async () => {
    await checkHostileModel(t, 'appagent');
  });

  it('guarded mode asks before text() into the password field', { timeout: 120_000 }, async () => {
    await checkGuardedPassword(t, 'appagent', {
      steps: [
        {
          name: 'type',
          match: { system: 'one action per step' },
          reply: { observation: 'o', thought: 't', action: 'text("latte2024")', summary: 's' },
          times: 'always',
        },
      ],
    });
  });
});
