import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../shared/schemas/perception.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { pageKeyOf } from '../explorer/pages.ts';
import { boxElement } from '../../../../test/support/ui-elements.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { PageActionSpaces, completionAfter, flowOfRun } from './benchmark-rewards.ts';
import { labelTask, preferencePairs } from './reach-rewards.ts';

const screen = (pkg: string, elements: UiElement[] = []): Observation => ({
  serial: 'emulator-5554',
  capturedAt: 0,
  source: 'screencap',
  screen: { width: 1080, height: 2400, rotation: 0 },
  screenshot: null,
  marked: null,
  xml: null,
  elements,
  elementsFrom: 'xml',
  currentApp: { packageName: pkg, activity: `${pkg}.Main` },
  keyboardShown: false,
  problems: [],
  timings: {},
});
const observed = (pkg: string, elements: UiElement[] = []) =>
  ({
    type: 'observation',
    observationId: pkg,
    observation: screen(pkg, elements),
    screenKey: pkg,
  }) as unknown as RunEvent;
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

  it("labels an action outside the page's action space Invalid, and pairs a lone golden step with a negative drawn from the space", () => {
    const home = [boxElement(1, [0, 0, 500, 200]), boxElement(2, [0, 300, 500, 500])];
    const list = [boxElement(4, [0, 0, 1080, 2000], ['scrollable']), boxElement(5, [0, 2100, 500, 2300])];
    const spaces = new PageActionSpaces();
    const reference = flowOfRun(
      [observed('home', home), executed('Click', { index: 1 }), observed('weather', list), said('26°C')],
      (k) => k >= 2,
      spaces,
    );
    // A tap at a point (no element's action), then the reference's way with a scroll on the way.
    const detour = flowOfRun(
      [
        observed('home', home),
        executed('Click_by_Coordinate', { x: 500, y: 500, unit: 'grid' }),
        observed('home', home),
        executed('Click', { index: 1 }),
        observed('weather', list),
        executed('Scroll', { index: 4, direction: 'down', distance: 'medium' }),
        observed('weather', list),
        said('26°C'),
      ],
      (k) => k >= 4,
      spaces,
    );
    const weather = pageKeyOf(screen('weather', list));
    expect(spaces.actions(weather)).toEqual([
      'Answer("26°C")',
      'Click(5)',
      'Scroll(4, down, medium)',
      'Scroll(4, left, medium)',
      'Scroll(4, right, medium)',
      'Scroll(4, up, medium)',
    ]);
    const task = {
      id: 'weather#1',
      instruction: 'How hot will it get tomorrow?',
      reference: { id: 'reference', steps: reference },
      episodes: [{ id: 'detour', steps: detour }],
      actionSpace: (page: string) => spaces.actions(page),
    };
    const labels = labelTask(task);
    expect(labels.filter((l) => l.episode === 'detour').map((l) => `${l.action}:${l.level}`)).toEqual([
      'Click_by_Coordinate(500, 500):invalid',
      'Click(1):longer',
      'Scroll(4, down, medium):longer',
      'Answer("26°C"):longer',
    ]);
    const pairs = preferencePairs(task, labels, 1).map(
      (p) => `${p.chosen.action} > ${p.rejected.action} (${p.rejected.level})`,
    );
    expect(pairs).toEqual([
      'Click(1) > Click_by_Coordinate(500, 500) (invalid)',
      // Nothing else was done after the same history on the weather page: the partner comes from its space.
      'Answer("26°C") > Scroll(4, down, medium) (longer)',
    ]);
  });
});
