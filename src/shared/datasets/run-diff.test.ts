import { describe, expect, it } from 'vitest';
import type { ActionCall } from '../actions.ts';
import { foldRun } from '../run/reducer.ts';
import type { RunState } from '../run/reducer.ts';
import type { Observation } from '../schemas/perception.ts';
import type { RunEvent, RunEventBody } from '../schemas/run.ts';
import { diffRuns } from './run-diff.ts';

const obs: Observation = {
  serial: 'x',
  capturedAt: 0,
  source: 'screencap',
  screen: { width: 10, height: 10, rotation: 0 },
  screenshot: null,
  marked: null,
  xml: null,
  elements: [],
  elementsFrom: 'none',
  currentApp: null,
  keyboardShown: false,
  problems: [],
  timings: {},
};

/** A run of steps, each `screen:action`, with its observations and executions. */
function run(id: string, steps: string[], task = 'Set an alarm'): RunState {
  const bodies: RunEventBody[] = [
    {
      type: 'run_started',
      task,
      serial: 'x',
      appVersion: 't',
      device: null,
      options: {
        strategy: 'moba',
        mode: 'auto',
        usePlan: true,
        useMemory: true,
        maxSteps: 9,
        planBudget: 9,
        settleTimeoutMs: 0,
        approvalRules: [],
        models: {},
      },
    },
    { type: 'node_added', nodeId: 'n1', parentId: null, goal: task, by: 'person' },
  ];
  steps.forEach((s, i) => {
    const [screen, action] = s.split(':') as [string, string];
    const call: ActionCall =
      action === 'Back' ? { name: 'Back', params: {} } : { name: 'Click', params: { index: Number(action) } };
    bodies.push({ type: 'observation', observationId: `o${i + 1}`, observation: obs, screenKey: screen });
    bodies.push({
      type: 'step_proposed',
      stepId: `s${i + 1}`,
      nodeId: 'n1',
      action: call,
      element: null,
      observationId: `o${i + 1}`,
      gate: null,
    });
    bodies.push({
      type: 'step_executed',
      stepId: `s${i + 1}`,
      action: call,
      by: 'agent',
      ok: true,
      error: null,
      durationMs: 1,
      settleMs: 1,
      detail: '',
    });
  });
  return foldRun(
    id,
    bodies.map((b, seq) => ({ ...b, seq, at: seq }) as RunEvent),
  );
}

describe('run diff', () => {
  it('finds the first step where the action differs and aligns the rest around the detour', () => {
    const d = diffRuns(
      run('a', ['home:1', 'clock:2', 'alarm:3', 'edit:4']),
      run('b', ['home:1', 'clock:5', 'timer:Back', 'clock:2', 'alarm:3', 'edit:4'], 'set an alarm.'),
    );
    expect(d.sameTask).toBe(true);
    expect(d.commonPrefix).toBe(1);
    expect(d.firstDivergence).toMatchObject({
      position: 1,
      reason: 'action',
      a: { stepId: 's2', executed: 'Click(2)' },
      b: { stepId: 's2', executed: 'Click(5)' },
    });
    expect(d.alignment).toEqual([
      { a: 0, b: 0, same: true },
      { a: null, b: 1, same: false },
      { a: null, b: 2, same: false },
      { a: 1, b: 3, same: true },
      { a: 2, b: 4, same: true },
      { a: 3, b: 5, same: true },
    ]);
  });

  it('tells a different screen, an early end and identical runs apart', () => {
    expect(diffRuns(run('a', ['home:1', 'clock:2']), run('b', ['home:1', 'dialog:2'])).firstDivergence).toMatchObject({
      position: 1,
      reason: 'screen',
    });
    expect(diffRuns(run('a', ['home:1']), run('b', ['home:1', 'clock:2'])).firstDivergence).toMatchObject({
      position: 1,
      reason: 'a_ended',
      a: null,
      b: { stepId: 's2' },
    });
    const same = diffRuns(run('a', ['home:1', 'clock:2']), run('b', ['home:1', 'clock:2'], 'Another task'));
    expect(same).toMatchObject({ firstDivergence: null, commonPrefix: 2, sameTask: false });
    expect(diffRuns(run('a', ['x:1', 'y:2']), run('b', ['x:3', 'y:4'])).alignment).toEqual([
      { a: 0, b: 0, same: false },
      { a: 1, b: 1, same: false },
    ]);
  });
});
