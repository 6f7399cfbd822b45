/**
 * The agent protocol's conformance: one table of cases (support/agents/conformance-cases.json)
 * run through each client — Python (Debian's python3, resources/agent-client/python) and
 * TypeScript (@moba/agent-client, under Node) — against a step-mode run on the simulated phone
 * where a scripted person approves, edits and rejects actions, takes over, edits the plan and
 * pauses or stops the run (support/agents/conformance-pause.json, conformance-stop.json). Both clients must get the same
 * answers, and the run must hold what each program reported.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@moba/testkit/rigs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAction } from '../../src/shared/actions.ts';
import type { ActionCall } from '../../src/shared/actions.ts';
import { externalAgent } from '../../src/main/bench/agents/external-agent.ts';
import type { DecisionInput } from '../../src/main/agent/run-controller.ts';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';

const AGENTS = join(import.meta.dirname, '..', 'support', 'agents');

interface Case {
  name: string;
  action?: string | ActionCall;
  /** What the scripted person does when the action waits: decide, or edit the plan first and approve. */
  person?: {
    decision?: 'edit' | 'reject' | 'take_over';
    action?: ActionCall;
    feedback?: string;
    planEdit?: { op: 'add'; goal: string };
    pause?: boolean;
    stop?: boolean;
  };
  expect: { code: string; message?: unknown; reply?: unknown; watched?: unknown; events?: unknown; absent?: string[] };
}

/** The table's matchers: `$regex`, `$type`, `$contains` (an array holding these) inside plain values. */
function matcher(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(matcher);
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  if ('$regex' in o) return expect.stringMatching(new RegExp(o.$regex as string));
  if ('$type' in o)
    return o.$type === 'array' ? expect.any(Array) : o.$type === 'number' ? expect.any(Number) : expect.any(String);
  if ('$contains' in o) return expect.arrayContaining((o.$contains as unknown[]).map(matcher));
  return expect.objectContaining(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, matcher(v)])));
}

/** What the scripted person does with a proposed action: the case's decision, else approve. */
function personFor(cases: Case[], proposed: string): Case['person'] | null {
  const c = cases.find(
    (x) => x.person && x.action && (typeof x.action === 'string' ? x.action : formatAction(x.action)) === proposed,
  );
  return c?.person ?? null;
}

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
});
afterAll(async () => {
  await t?.dispose();
});

function ofType<T extends RunEvent['type']>(events: RunEvent[], type: T): Extract<RunEvent, { type: T }>[] {
  return events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);
}

const CLIENTS: Array<[string, string[]]> = [
  ['Python', ['python3', join(AGENTS, 'conformance.py')]],
  ['TypeScript', [process.execPath, join(AGENTS, 'conformance.ts')]],
];

/** Runs `table` through `command` in step mode, the scripted person answering; returns the run and what the program got. */
async function conform(command: string[], table: string) {
  const cases = JSON.parse(readFileSync(join(AGENTS, table), 'utf8')) as Case[];
  const dir = tempDir('moba-conformance-');
  try {
    const out = join(dir.path, 'results.json');
    const run = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Check the agent protocol',
      options: { strategy: 'external', mode: 'step', maxSteps: 12 },
      loop: externalAgent({ command, artifacts: t.app.artifacts, env: { MOBA_CASES_OUT: out, MOBA_CASES: table } }),
    });
    let decided = '';
    const deadline = Date.now() + 40_000;
    for (let ended = false; !ended; ) {
      if (Date.now() > deadline) await run.stop('The test gave up waiting', 'time_limit');
      ended = await Promise.race([
        run.done.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 30)),
      ]);
      const st = run.state();
      if (st.status !== 'waiting' || !st.waiting || decided === st.waiting.waitId) continue;
      decided = st.waiting.waitId;
      if (st.waiting.kind === 'take_over') {
        t.app.runs.decide(run.runId, { decision: 'hand_back' });
        continue;
      }
      const step = st.steps.find((s) => s.stepId === st.waiting!.stepId)!;
      const person = personFor(cases, formatAction(step.proposed));
      if (person?.pause || person?.stop) {
        await (person.pause ? t.app.runs.pause(run.runId) : t.app.runs.stop(run.runId));
        continue;
      }
      if (person?.planEdit) t.app.runs.editPlan(run.runId, { ...person.planEdit, parentId: st.rootId! });
      const { planEdit: _, ...decision } = person ?? {};
      t.app.runs.decide(run.runId, decision.decision ? (decision as DecisionInput) : { decision: 'approve' });
    }
    const got = JSON.parse(readFileSync(out, 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.keys(got)).toEqual(cases.map((c) => c.name));
    for (const c of cases) {
      const r = got[c.name]!;
      const { absent, ...want } = c.expect;
      expect(r, c.name).toEqual(matcher(want));
      for (const key of absent ?? []) expect(r.reply, `${c.name}: ${key}`).not.toHaveProperty(key);
    }
    return run;
  } finally {
    dir.dispose();
  }
}

describe.each(CLIENTS)('the %s client', (_, command) => {
  it('answers every conformance case as the protocol says; the run holds what it reported', {
    timeout: 60_000,
  }, async () => {
    const run = await conform(command, 'conformance-cases.json');
    expect(run.state().status, run.state().outcomeReason ?? '').toBe('succeeded');
    const events = t.app.runs.events(run.runId).events;
    expect(ofType(events, 'strategy_decided').map((e) => e.thought)).toContain('Start from the home screen');
    expect(ofType(events, 'plan_updated')[0]!.plan).toBe('[ ] go home\n[ ] look around');
    expect(ofType(events, 'notes_updated')[0]!.notes).toBe('Nothing learnt yet');
    expect(ofType(events, 'model_call')[0]!.record).toMatchObject({ model: 'conformance-model', costUsd: 0.001 });
    expect(ofType(events, 'step_executed').map((e) => formatAction(e.action))).toEqual([
      'Home()',
      expect.stringMatching(/^Click_by_Coordinate\(540, 60/),
      'Back()',
      expect.stringMatching(/^Click_by_Coordinate\(540, 80/),
      'Back()',
    ]);
    expect(ofType(events, 'run_finished')).toEqual([
      expect.objectContaining({ outcome: 'succeeded', cause: 'finished', answer: '42' }),
    ]);
  });

  it('hears a pause while its action waits, and is ended', { timeout: 30_000 }, async () => {
    const run = await conform(command, 'conformance-pause.json');
    expect(run.state().status).toBe('paused');
    await run.stop('Checked', 'stopped_by_person');
    expect(ofType(t.app.runs.events(run.runId).events, 'step_executed')).toEqual([]);
  });

  it('hears a stop while its action waits, and is ended', { timeout: 30_000 }, async () => {
    const run = await conform(command, 'conformance-stop.json');
    expect(ofType(t.app.runs.events(run.runId).events, 'run_finished')).toEqual([
      expect.objectContaining({ outcome: 'stopped', cause: 'stopped_by_person' }),
    ]);
  });
});
