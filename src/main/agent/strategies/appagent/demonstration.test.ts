/**
 * A recorded run read as a demonstration: each executed, successful step with the screen it was
 * proposed on and the next screen seen after it; failed and rejected steps, and a last step with
 * no screen after it, are left out.
 */
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../../shared/schemas/run.ts';
import { demonstrationSteps } from './demonstration.ts';

const screen = (id: string) => ({ type: 'observation', observationId: id, observation: { id }, screenKey: id });
const proposed = (stepId: string, observationId: string) => ({
  type: 'step_proposed',
  stepId,
  observationId,
  element: { index: 1, text: stepId },
  action: { name: 'Click', params: { index: 1 } },
});
const executed = (stepId: string, ok: boolean, index = 1) => ({
  type: 'step_executed',
  stepId,
  ok,
  action: { name: 'Click', params: { index } },
});

describe('a recorded run as a demonstration', () => {
  it('pairs each executed step with the screens before and after it', () => {
    const events = [
      screen('o1'),
      proposed('s1', 'o1'),
      executed('s1', true),
      screen('o2'),
      proposed('s2', 'o2'),
      executed('s2', false),
      screen('o3'),
      proposed('s3', 'o3'),
      // A person's edit: the executed action is the one documented.
      executed('s3', true, 4),
      screen('o4'),
      proposed('s4', 'o4'),
      executed('s4', true),
    ] as unknown as RunEvent[];
    const steps = demonstrationSteps(events);
    expect(
      steps.map((s) => [
        s.stepId,
        (s.before as unknown as { id: string }).id,
        (s.after as unknown as { id: string }).id,
      ]),
    ).toEqual([
      ['s1', 'o1', 'o2'],
      ['s3', 'o3', 'o4'],
    ]);
    expect(steps[1]!.action).toEqual({ name: 'Click', params: { index: 4 } });
    expect(steps[1]!.element).toMatchObject({ text: 's3' });
  });
});
