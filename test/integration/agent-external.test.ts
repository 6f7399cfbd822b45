/**
 * The `external` strategy end to end: the example Python agent (Debian's python3, the
 * repository's standard-library client) drives a run on the simulated phone through the agent
 * protocol and the real adb server; its actions pass the run's gates, its thoughts and plan are
 * in the run's log, and the alarm it set is in the phone's state. The README's TypeScript example
 * runs under Node as it is. A program that dies before finishing ends the run as the agent's failure.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@moba/testkit/rigs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalAgent } from '../../src/main/bench/agents/external-agent.ts';
import { actDecisionFor } from '../../src/renderer/state/run-selectors.ts';
import { foldRun } from '../../src/shared/run/reducer.ts';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { EXAMPLE_AGENT, PYTHON_CLIENT, TS_EXAMPLE_AGENT } from '../support/external-agents.ts';
import { checkGuardedPassword } from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
});
afterAll(async () => {
  await t?.dispose();
});

function start(task: string, command: string[], mode: 'auto' | 'step' = 'auto', env: NodeJS.ProcessEnv = {}) {
  return t.app.runs.start({
    serial: t.rig.serial,
    task,
    options: { strategy: 'external', mode, maxSteps: 12 },
    loop: externalAgent({ command, artifacts: t.app.artifacts, env }),
  });
}

function ofType<T extends RunEvent['type']>(events: RunEvent[], type: T): Extract<RunEvent, { type: T }>[] {
  return events.filter((e): e is Extract<RunEvent, { type: T }> => e.type === type);
}

describe('an external Python agent through the agent protocol', () => {
  it('sets the alarm on the simulated phone; its thoughts and plan are in the run', { timeout: 60_000 }, async () => {
    const run = await start('Create an alarm at 6:30 PM', ['python3', EXAMPLE_AGENT]);
    const outcome = await run.done;
    const state = run.state();
    expect(outcome.ended, state.outcomeReason ?? '').toBe(true);
    expect(state.status, state.outcomeReason ?? '').toBe('succeeded');
    const clock = await t.rig.simState<{ alarms: Array<Record<string, unknown>> }>('com.android.deskclock');
    expect(clock.alarms).toContainEqual(expect.objectContaining({ hour: 18, minute: 30 }));
    const events = t.app.runs.events(run.runId).events;
    const executed = ofType(events, 'step_executed').map((e) => e.action.name);
    expect(executed[0]).toBe('Open_App');
    expect(executed.filter((n) => n === 'Click')).toHaveLength(5);
    const decided = ofType(events, 'strategy_decided');
    expect(decided.length).toBe(executed.length + 1);
    expect(decided[1]!.thought).toMatch(/Add alarm/);
    expect(ofType(events, 'plan_updated').at(-1)!.plan).toMatch(/\[x\] hour 6/);
    expect(ofType(events, 'run_finished')[0]).toMatchObject({ outcome: 'succeeded', cause: 'finished' });
  });

  it('in step mode the agent hears a rejection with its feedback and an edited action', {
    timeout: 60_000,
  }, async () => {
    const run = await start('Create an alarm at 6:30', ['python3', EXAMPLE_AGENT], 'step');
    let decisions = 0;
    for (let ended = false; !ended; ) {
      ended = await Promise.race([
        run.done.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 50)),
      ]);
      const st = run.state();
      if (st.status !== 'waiting' || !st.waiting?.stepId) continue;
      const step = st.steps.find((s) => s.stepId === st.waiting!.stepId)!;
      decisions++;
      if (decisions === 1) {
        t.app.runs.decide(run.runId, { decision: 'reject', feedback: 'Wait a moment before opening apps' });
      } else if (step.element?.text === '6') {
        const seven = st.observations[step.observationId]!.elements.find((e) => e.text === '7')!;
        t.app.runs.decide(run.runId, { decision: 'edit', action: { name: 'Click', params: { index: seven.index } } });
      } else t.app.runs.decide(run.runId, { decision: 'approve' });
    }
    const state = run.state();
    expect(state.status, state.outcomeReason ?? '').toBe('succeeded');
    const clock = await t.rig.simState<{ alarms: Array<Record<string, unknown>> }>('com.android.deskclock');
    expect(clock.alarms).toContainEqual(expect.objectContaining({ hour: 7, minute: 30 }));
    // What the agent got: it notes each gate's outcome it was told, and reports the notes with its next step.
    const events = t.app.runs.events(run.runId).events;
    const notes = ofType(events, 'notes_updated').map((e) => e.notes);
    expect(notes[0]).toMatch(/The person said: Wait a moment before opening apps/);
    expect(notes.at(-1)).toMatch(/The person changed Click\(\d+\) to Click\(\d+\)/);
    // The replay in History: every step shows the thought the agent gave for it.
    const replayed = foldRun(run.runId, events);
    const thoughts = replayed.steps.map((step) => actDecisionFor(events, step)?.thought);
    expect(replayed.steps.length).toBeGreaterThanOrEqual(5);
    expect(thoughts).toEqual(
      replayed.steps.map(() =>
        expect.stringMatching(/^(Alarms are set in the Clock app\.|Next: .+ is element \d+\)\.)$/),
      ),
    );
    expect(replayed.steps[0]!.decision).toMatchObject({
      kind: 'reject',
      feedback: 'Wait a moment before opening apps',
    });
  });

  it("the README's TypeScript example opens Clock's new alarm under Node; its thoughts are in the run", {
    timeout: 60_000,
  }, async () => {
    const run = await start('Add an alarm', [process.execPath, TS_EXAMPLE_AGENT]);
    await run.done;
    const state = run.state();
    expect(state.status, state.outcomeReason ?? '').toBe('succeeded');
    const events = t.app.runs.events(run.runId).events;
    expect(ofType(events, 'step_executed').map((e) => e.action.name)).toEqual(['Open_App', 'Click']);
    expect(state.steps[1]!.element?.contentDesc).toBe('Add alarm');
    expect(
      ofType(events, 'strategy_decided')
        .map((e) => e.thought)
        .slice(0, 2),
    ).toEqual(['Alarms are set in the Clock app', 'The + button adds an alarm']);
    expect(ofType(events, 'run_finished')[0]).toMatchObject({ outcome: 'succeeded', cause: 'finished' });
  });

  it('a program that exits before finishing ends the run as the agent failure, with its output', {
    timeout: 30_000,
  }, async () => {
    const crash = ['python3', '-c', 'import sys; sys.stderr.write("agent crashed: no model"); sys.exit(3)'];
    const run = await start('Create an alarm at 7:00 AM', crash);
    await run.done;
    const finished = ofType(t.app.runs.events(run.runId).events, 'run_finished')[0]!;
    expect(finished).toMatchObject({ outcome: 'failed', cause: 'agent_failed' });
    expect(finished.reason).toMatch(/exited with code 3.*agent crashed: no model/s);
  });

  it('guarded mode asks before a program types into the password field it looked at only as a screenshot', {
    timeout: 60_000,
  }, async () => {
    const types = [
      'import sys',
      `sys.path.insert(0, ${JSON.stringify(PYTHON_CLIENT)})`,
      'from moba_agent import Session',
      's = Session.from_env(); s.attach("types"); s.observe(include=["screenshot"])',
      's.act("Type(\\"latte2024\\")", thought="the password box has the focus")',
    ].join('\n');
    await checkGuardedPassword(
      t,
      'external',
      { steps: [] },
      {},
      externalAgent({ command: ['python3', '-c', types], artifacts: t.app.artifacts }),
    );
  });

  it('a hung program is ended when the run is stopped at a time limit', { timeout: 30_000 }, async () => {
    const dir = tempDir('moba-hang-');
    try {
      const pidFile = join(dir.path, 'pid');
      const hang = [
        'import os, sys, time',
        `sys.path.insert(0, ${JSON.stringify(PYTHON_CLIENT)})`,
        'from moba_agent import Session',
        'Session.from_env().attach("hangs")',
        `open(${JSON.stringify(pidFile)}, "w").write(str(os.getpid()))`,
        'time.sleep(600)',
      ].join('\n');
      const run = await start('Create an alarm at 6:30', ['python3', '-c', hang]);
      while (!run.state().messages.some((m) => m.text.startsWith('External agent attached')))
        await new Promise((r) => setTimeout(r, 50));
      while (!readFileSync(pidFile, { encoding: 'utf8', flag: 'a+' })) await new Promise((r) => setTimeout(r, 50));
      const pid = Number(readFileSync(pidFile, 'utf8'));
      const outcome = await run.stop("The episode's time limit was reached", 'time_limit');
      expect(outcome.ended).toBe(true);
      expect(ofType(t.app.runs.events(run.runId).events, 'run_finished')[0]).toMatchObject({ cause: 'time_limit' });
      expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    } finally {
      dir.dispose();
    }
  });
});
