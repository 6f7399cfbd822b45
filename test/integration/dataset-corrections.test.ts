/**
 * Human corrections become training data: a step-mode run on the simulated phone with the
 * scripted model gets a rejection with feedback, an approval, an edit and an override; its
 * dataset export has exactly the three preference pairs (chosen = what the person did or what
 * ran next, rejected = what the model proposed) and the one positive-only record, and the
 * TRL DPO file reads as JSON lines with the documented fields.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { exportDataset } from '../../src/main/datasets/dataset-export.ts';
import { validateDataset } from '../../src/main/datasets/validate-dataset.ts';
import type { DpoRecord, PreferencePair, SftRecord, StepRecord } from '../../src/shared/datasets/dataset-schema.ts';
import type { ActionCall } from '../../src/shared/actions.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';

const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';

/** The case-study script with one wrong first answer for "Open the Clock app" (to be rejected). */
function script(): ScriptInput {
  const s = loadScript('alarm-case-study.json') as ScriptInput & { steps: Array<Record<string, unknown>> };
  const i = s.steps.findIndex((x) => x.name === 'act: Open the Clock app');
  const wrong = {
    ...s.steps[i]!,
    name: 'act: Open the Clock app (wrong app)',
    reply: {
      observation: 'The home screen.',
      thought: 'Calendar holds times.',
      can_complete: 'true',
      action: 'Open_App("Calendar")',
    },
  };
  return { ...s, steps: [...s.steps.slice(0, i), wrong, ...s.steps.slice(i)] };
}

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: script() });
});
afterAll(async () => {
  await t?.dispose();
});

const lines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

describe('human corrections as preference pairs', () => {
  it('exports three pairs and one positive-only record from a step-mode run', { timeout: 300_000 }, async () => {
    const { runId } = await t.app.runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'step' } });
    let last: string | null = null;
    /** The next proposal waiting for approval. */
    const nextWait = async () => {
      const start = Date.now();
      for (;;) {
        const w = t.app.runs.state(runId).waiting;
        if (w && w.kind === 'approve' && w.stepId !== last) {
          last = w.stepId;
          return t.app.runs.state(runId).steps.find((s) => s.stepId === w.stepId)!;
        }
        if (Date.now() - start > 120_000) throw new Error(`no new proposal; run is ${t.app.runs.get(runId).status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const centre = (step: { element: { center: [number, number] } | null }): ActionCall => ({
      name: 'Click_by_Coordinate',
      params: { x: step.element!.center[0], y: step.element!.center[1], unit: 'px' },
    });

    const s1 = await nextWait();
    expect(s1.proposed).toEqual({ name: 'Open_App', params: { app: 'Calendar' } });
    t.app.runs.decide(runId, { decision: 'reject', feedback: 'Open the Clock app, not Calendar' });
    const s2 = await nextWait();
    expect(s2.proposed).toEqual({ name: 'Open_App', params: { app: 'Clock' } });
    t.app.runs.decide(runId, { decision: 'approve' });
    const s3 = await nextWait();
    expect(`${s3.element?.text} ${s3.element?.contentDesc}`).toMatch(/add alarm/i);
    const edited = centre(s3);
    t.app.runs.decide(runId, { decision: 'edit', action: edited });
    const s4 = await nextWait();
    expect(s4.element?.text).toBe('6');
    const overridden = centre(s4);
    t.app.runs.decide(runId, { decision: 'override', action: overridden });
    await nextWait();
    await t.app.runs.stop(runId);
    // The approved, edited and overridden steps ran on the phone; the rejected one did not.
    expect(
      t.app.runs
        .state(runId)
        .steps.filter((s) => s.executed?.ok)
        .map((s) => s.stepId),
    ).toEqual([s2.stepId, s3.stepId, s4.stepId]);

    const out = join(t.dataDir, 'dataset-out');
    const r = await exportDataset({
      db: t.app.db,
      artifacts: t.app.artifacts,
      outDir: out,
      selection: { runIds: [runId] },
      app: { name: 'MobA Studio', version: 'test' },
    });
    expect(r).toMatchObject({ runs: 1, steps: 5, pairs: 3, dpo: 3, sft: 1 });
    const split = readdirSync(join(out, 'steps')).find((f) => readFileSync(join(out, 'steps', f), 'utf8').length)!;

    const pairs = lines<PreferencePair>(join(out, 'preferences', split));
    expect(
      pairs.map((p) => ({
        kind: p.kind,
        step: p.stepId,
        chosenStep: p.chosenStepId,
        chosen: p.chosen.call,
        rejected: p.rejected.call,
        feedback: p.feedback,
        by: p.by,
      })),
    ).toEqual([
      {
        kind: 'reject',
        step: s1.stepId,
        chosenStep: s2.stepId,
        chosen: s2.proposed,
        rejected: s1.proposed,
        feedback: 'Open the Clock app, not Calendar',
        by: 'person',
      },
      {
        kind: 'edit',
        step: s3.stepId,
        chosenStep: s3.stepId,
        chosen: edited,
        rejected: s3.proposed,
        feedback: null,
        by: 'person',
      },
      {
        kind: 'override',
        step: s4.stepId,
        chosenStep: s4.stepId,
        chosen: overridden,
        rejected: s4.proposed,
        feedback: null,
        by: 'person',
      },
    ]);
    // The context is the state where the model chose: its screen, elements and act call.
    expect(pairs[1]!.context.subgoal).toBe('Add a new alarm');
    expect(
      pairs[1]!.context.elements.some((e) => e.index === (s3.proposed as { params: { index: number } }).params.index),
    ).toBe(true);
    expect(pairs[1]!.context.screen.screenshot).toMatch(/^images\//);
    expect(pairs[1]!.context.screen.uiDump).toMatch(/^dumps\/.*\.xml$/);
    expect(pairs[1]!.rejected.androidWorld).toEqual({
      action_type: 'click',
      x: Math.round(s3.element!.center[0]),
      y: Math.round(s3.element!.center[1]),
    });
    expect(pairs[0]!.rejected.androidWorld).toEqual({ action_type: 'open_app', app_name: 'Calendar' });

    const sft = lines<SftRecord>(join(out, 'sft', split));
    expect(sft.map((x) => x.id)).toEqual([`${runId}/${s2.stepId}`]);
    expect(JSON.parse((sft[0]!.messages.at(-1)!.content[0] as { text: string }).text)).toMatchObject({
      action: 'Open_App("Clock")',
    });

    // TRL's DPO format: JSON lines with images, prompt, chosen, rejected (conversational).
    const dpoText = readFileSync(join(out, 'dpo', split), 'utf8');
    const dpo = dpoText
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DpoRecord);
    expect(dpo).toHaveLength(3);
    for (const d of dpo) {
      expect(Object.keys(d).sort()).toEqual(['chosen', 'chosenBy', 'id', 'images', 'prompt', 'rejected']);
      expect(d.prompt.map((m) => m.role)).toEqual(['system', 'user']);
      expect(d.prompt[1]!.content.filter((p) => p.type === 'image')).toHaveLength(d.images.length);
      expect(d.images.length).toBeGreaterThan(0);
      expect(d.chosen[0]!.role).toBe('assistant');
    }
    // Who chose each `chosen`: the model's next proposal after the rejection, the person's edit and override.
    expect(dpo.map((d) => d.chosenBy)).toEqual(['model', 'person', 'person']);
    expect(pairs.map((p) => p.chosenBy)).toEqual(['model', 'person', 'person']);
    expect(JSON.parse((dpo[0]!.chosen[0]!.content[0] as { text: string }).text)).toMatchObject({
      action: 'Open_App("Clock")',
      thought: 'Open the Clock app, not Calendar',
    });
    expect(JSON.parse((dpo[0]!.rejected[0]!.content[0] as { text: string }).text)).toMatchObject({
      action: 'Open_App("Calendar")',
      thought: 'Calendar holds times.',
    });

    const steps = lines<StepRecord>(join(out, 'steps', split));
    expect(steps.map((s) => s.source)).toEqual(['rejected', 'approved', 'edited', 'overridden', 'pending']);
    // An edited or overridden step is the person's action, with the model's proposal beside it.
    expect(steps.map((s) => s.performedBy)).toEqual([null, 'agent', 'person', 'person', null]);
    expect(steps[2]!.proposed.moba).not.toBe(steps[2]!.action!.moba);
    expect((await validateDataset(out)).problems).toEqual([]);
  });
});
