import { describe, expect, it } from 'vitest';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import { scoreFindings } from './deep-check.ts';
import type { InstanceMilestone } from './instance.ts';
import type { PhoneState, ScreenView } from './predicates/evaluate.ts';
import { EpisodeScorer } from './scorer.ts';

const CLOCK = 'com.android.deskclock';
const state = (alarms: unknown[]): PhoneState => ({ device: {}, packages: { [CLOCK]: { alarms } } });
const screen = (packageName: string, texts: string[]): ScreenView => ({
  packageName,
  activity: '.DeskClock',
  elements: texts.map((text) => ({ text, contentDesc: '', resourceId: '' })),
});

/** A task that opens Clock, then saves an alarm with its label in one last tap. */
function task(firstStep?: string): BenchTask {
  return BenchTask.parse({
    id: 'lab.weak',
    version: 1,
    category: 'easy',
    apps: ['clock'],
    goal: { en: 'Add a 7:00 alarm labelled Run.', zh: '添加一个7:00、标签为Run的闹钟。' },
    milestones: [
      { id: 'opened', check: { screen: { app: 'clock', text: 'Alarms' } }, ...(firstStep ? { firstStep } : {}) },
      { id: 'made', check: { app: 'clock', path: 'alarms', new: true, some: { hour: 7 } } },
      { id: 'labelled', check: { app: 'clock', path: 'alarms', new: true, some: { hour: 7, label: 'Run' } } },
    ],
    solution: [
      { action: 'Open_App', app: 'Clock' },
      { action: 'Click', target: { desc: 'Add alarm' } },
      { action: 'Click', target: { text: 'Save' }, milestone: 'labelled' },
    ],
  });
}

/** The reference's score when `made` appears after step `madeAt` (2 or 3) and everything else after step 3. */
function walked(t: BenchTask, madeAt: 2 | 3) {
  const milestones = t.milestones.map((m) => ({ ...m, when: m.when ?? ('screen' in m.check ? 'reached' : 'final') }));
  const scorer = new EpisodeScorer(milestones as InstanceMilestone[], [], state([]), screen('launcher', ['Clock']));
  scorer.onStep(1, { state: state([]), screen: screen(CLOCK, ['Alarms']) });
  scorer.onStep(2, { state: state(madeAt === 2 ? [{ id: 1, hour: 7, label: '' }] : []), screen: screen(CLOCK, []) });
  scorer.onStep(3, { state: state([{ id: 1, hour: 7, label: 'Run' }]), screen: screen(CLOCK, []) });
  return scoreFindings(t, t.solution, scorer.finish(3, state([{ id: 1, hour: 7, label: 'Run' }])), 3, 0);
}

describe('validate --deep: weak milestones are warned about, not failed', () => {
  it("warns about a milestone the solution's first step reaches, unless its firstStep says why", () => {
    const weak = walked(task(), 2);
    expect(weak.problems).toEqual([]);
    expect(weak.warnings).toEqual([
      {
        path: 'milestones[0]',
        message: expect.stringMatching(
          /^"opened" is reached by the solution's first step \(Open_App "Clock"\): .*"firstStep"$/,
        ),
      },
    ]);
    expect(walked(task('The task starts by finding the alarm list'), 2).warnings).toEqual([]);
  });

  it('warns when several milestones are reached only at the final step (no partial credit)', () => {
    const meant = 'Opening Clock is where every agent starts';
    const atEnd = walked(task(meant), 3);
    expect(atEnd.problems).toEqual([]);
    expect(atEnd.warnings).toEqual([
      {
        path: 'milestones',
        message: expect.stringMatching(
          /^2 of 3 milestones \(made, labelled\) are reached only at the final step \(3\): no partial credit/,
        ),
      },
    ]);
  });
});
