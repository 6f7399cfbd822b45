import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../shared/schemas/perception.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { pageKeyOf } from '../explorer/pages.ts';
import { completionAfter, flowOfRun } from './benchmark-rewards.ts';

const screen = (pkg: string): Observation => ({
  serial: 'emulator-5554',
  capturedAt: 0,
  source: 'screencap',
  screen: { width: 1080, height: 2400, rotation: 0 },
  screenshot: null,
  marked: null,
  xml: null,
  elements: [],
  elementsFrom: 'xml',
  currentApp: { packageName: pkg, activity: `${pkg}.Main` },
  keyboardShown: false,
  problems: [],
  timings: {},
});
const observed = (pkg: string) =>
  ({ type: 'observation', observationId: pkg, observation: screen(pkg), screenKey: pkg }) as unknown as RunEvent;
const executed = (name: string, params: Record<string, unknown>, ok = true) =>
  ({
    type: 'step_executed',
    stepId: 's',
    action: { name, params },
    by: 'agent',
    ok,
    error: null,
    durationMs: 1,
    settleMs: 1,
    detail: '',
  }) as unknown as RunEvent;
const said = (text: string) => ({ type: 'message', from: 'agent', nodeId: 'n1', text }) as unknown as RunEvent;

describe('a benchmark run as a reward flow', () => {
  it('counts steps as the scorer does: a failed action is invalid and uncounted, the answer is the last step', () => {
    const completes = completionAfter({
      milestones: [
        { id: 'looked', when: 'reached', reached: true, step: 1, lastHeld: 2 },
        { id: 'answered', when: 'reached', reached: true, step: 2, lastHeld: 2 },
      ],
    });
    const home = pageKeyOf(screen('home'));
    const weather = pageKeyOf(screen('weather'));
    const flow = flowOfRun(
      [
        observed('home'),
        executed('Click_by_Coordinate', { x: 1500, y: 5, unit: 'grid' }, false),
        executed('Open_App', { app: 'Weather' }),
        observed('weather'),
        said('26°C'),
      ],
      completes,
    );
    expect(flow).toEqual([
      { page: home, action: 'Click_by_Coordinate(1500, 5)', valid: false, next: null, completes: false },
      { page: home, action: 'Open_App("Weather")', valid: true, next: weather, completes: false },
      { page: weather, action: 'Answer("26°C")', valid: true, next: weather, completes: true },
    ]);
  });

  it('names a page nobody looked at by where it came from, so it is not the page before', () => {
    const flow = flowOfRun([observed('home'), executed('Open_App', { app: 'Weather' }), said('26°C')], () => false);
    expect(flow[0]!.next).toBe(`unseen:${pageKeyOf(screen('home'))}>Open_App("Weather")`);
    expect(flow[1]!.page).toBe(flow[0]!.next);
  });

  it('is complete only once every milestone is reached, and never when one is missed', () => {
    const partly = completionAfter({
      milestones: [
        { id: 'a', when: 'reached', reached: true, step: 1, lastHeld: 1 },
        { id: 'b', when: 'final', reached: false, step: null, lastHeld: 1 },
      ],
    });
    expect([0, 1, 2, 9].map(partly)).toEqual([false, false, false, false]);
    const both = completionAfter({
      milestones: [
        { id: 'a', when: 'reached', reached: true, step: 1, lastHeld: 1 },
        { id: 'b', when: 'final', reached: true, step: 3, lastHeld: 4 },
      ],
    });
    expect([0, 1, 2, 3, 4].map(both)).toEqual([false, false, false, true, true]);
    expect(completionAfter({ milestones: [] })(5)).toBe(false);
  });
});
