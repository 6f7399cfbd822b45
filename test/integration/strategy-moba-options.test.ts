/**
 * MobA with ReachAgent's options on the simulated phone: its action space (only the candidate
 * actions of the dump are accepted) and its decomposition into page-reaching and page-operation
 * sub-goals as MobA's planning mode — each still completes the alarm case study; and MobA
 * through the step-mode gates and against the hostile model every strategy is tested with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { REFLECT_GO_ON } from '../support/agent-harness.ts';
import { checkHostileModel, checkStepMode, expectCaseStudyAlarm, runCaseStudy } from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

function prompts(runId: string, purpose: string): string[] {
  return t.app.runs
    .events(runId)
    .events.flatMap((e) =>
      e.type === 'model_call' && e.record.purpose === purpose ? [JSON.stringify(e.record.request.messages)] : [],
    );
}

/**
 * The case-study script with its sub-goals in page form ("Reach the Clock app", "On the current
 * page: …"), every match following; the first plan comes once in free form, and the page-form
 * plan answers the repair round that sends it back.
 */
function inPageForm(script: ScriptInput): ScriptInput {
  const steps = script.steps ?? [];
  const renamed = new Map<string, string>();
  for (const s of steps) {
    const reply = s.reply as { subgoals?: string[] } | undefined;
    for (const g of reply?.subgoals ?? [])
      renamed.set(g, g.startsWith('Open the ') ? g.replace('Open', 'Reach') : `On the current page: ${g}`);
  }
  let text = JSON.stringify(steps);
  for (const [from, to] of renamed)
    text = text.replaceAll(`"${from}"`, JSON.stringify(to)).replaceAll(`\\n${from}"`, `\\n${to}"`);
  const paged = JSON.parse(text) as typeof steps;
  const root = paged.findIndex((s) => s.name?.startsWith('plan: Create an alarm'));
  const free = { ...steps[root]!, name: 'plan in free form' };
  paged[root] = { ...paged[root]!, match: { system: 'Your Plan module', user: 'these are not:' } };
  return { ...script, steps: [...paged.slice(0, root), free, ...paged.slice(root)] };
}

describe('MobA with ReachAgent options', () => {
  it("ReachAgent's action space: the Local Agent is offered the candidate actions and completes the case study", {
    timeout: 300_000,
  }, async () => {
    const runId = await runCaseStudy(t, 'moba', loadScript('alarm-case-study.json'), {
      actionSpace: 'candidates',
      useMemory: false,
    });
    await expectCaseStudyAlarm(t);
    const act = prompts(runId, 'act');
    expect(act.every((p) => p.includes("ReachAgent's action space"))).toBe(true);
    expect(act.some((p) => /Click\(\d+\) — \\"Add alarm\\"/.test(p))).toBe(true);
    expect(act.some((p) => /Box_Input\(\d+, \\"…\\"\) — \\"Label\\"/.test(p))).toBe(true);
  });

  it('page-reaching / page-operation planning: the Plan module is asked for that decomposition, and a plan not in that form is sent back', {
    timeout: 300_000,
  }, async () => {
    const runId = await runCaseStudy(t, 'moba', inPageForm(loadScript('alarm-case-study.json')), {
      planning: 'pages',
      useMemory: false,
    });
    await expectCaseStudyAlarm(t);
    const plan = prompts(runId, 'plan');
    expect(plan).toHaveLength(4);
    for (const p of plan) expect(p).toContain('## Decomposition: page reaching and page operation');
    const repair = prompts(runId, 'plan:repair');
    expect(repair).toHaveLength(1);
    expect(repair[0]).toContain('these are not: \\"Open the Clock app\\", \\"Add a new alarm\\"');
    const st = t.app.runs.state(runId);
    expect(st.nodes[st.rootId!]!.children.map((c) => st.nodes[c]!.goal)).toContain('Reach the Clock app');
    expect(st.options?.planning).toBe('pages');
  });

  it('a hostile model ends a MobA run cleanly (act replies that parse and plans that never do no longer alternate forever)', {
    timeout: 300_000,
  }, async () => {
    await checkHostileModel(t, 'moba');
  });

  it('step mode through the same gates: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    // Single-level MobA (without the Plan module) keeps proposing one action per step.
    await checkStepMode(
      t,
      'moba',
      {
        steps: [
          {
            name: 'act',
            match: { system: 'one action at a time, until the task is done' },
            reply: { observation: 'o', thought: 't', can_complete: 'true', action: 'Click({{element:Clock|1}})' },
            times: 'always',
          },
          REFLECT_GO_ON,
        ],
      },
      { usePlan: false, useMemory: false },
    );
  });
});
