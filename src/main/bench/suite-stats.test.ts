import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import type { CliIo } from '../cli/io.ts';
import { statsTargets, suiteStats } from './suite-stats.ts';
import { builtinSuiteDir, loadTasks } from './task-files.ts';

/** A small fixture folder made from two built-in tasks and variants of them. */
let dir: string;
const base = (file: string) => JSON.parse(readFileSync(join(builtinSuiteDir(), file), 'utf8'));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'moba-stats-'));
  mkdirSync(join(dir, 'more'));
  const easy = base('easy/clock.timer-minutes.json');
  const cross = base('cross-app/weather-messages.forecast-to-mom.json');
  delete easy.disturbances;
  delete cross.disturbances;
  writeFileSync(join(dir, 'a.json'), JSON.stringify(easy));
  writeFileSync(join(dir, 'b.json'), JSON.stringify(cross));
  // Disturbed, asking, patched per seed, scrolling.
  writeFileSync(
    join(dir, 'more', 'c.json'),
    JSON.stringify({
      ...cross,
      id: 'fixture.disturbed',
      params: { ...cross.params, who: { oneOf: ['Ann', 'Bob'] }, day: { clock: 'next friday' } },
      setup: [{ patch: 'notes', ops: [{ op: 'add', path: '/notes/-', value: { title: '{who}' } }] }],
      disturbances: [
        { kind: 'rating', app: 'weather', after: [1, 3] },
        { kind: 'permission', app: 'messages' },
      ],
      user: { facts: [{ id: 'who', about: ['who'], answer: '{who}' }] },
      solution: [{ action: 'Scroll', direction: 'down' }, ...cross.solution],
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture(): CliIo & { text: () => string } {
  let out = '';
  return {
    out: (s: string) => {
      out += s;
    },
    err: (s: string) => {
      out += s;
    },
    text: () => out,
  } as unknown as CliIo & { text: () => string };
}

describe('moba bench stats', () => {
  it('counts a folder of tasks and misses the targets a small suite misses (exit 1)', async () => {
    const io = capture();
    expect(await main(['bench', 'stats', dir, '--json'], io)).toBe(1);
    const s = JSON.parse(io.text());
    expect(s.tasks).toBe(3);
    expect(s.categories).toMatchObject({ easy: 1, 'cross-app': 2, hard: 0 });
    expect(s.crossApp).toBe(2);
    expect(s.crossAppShare).toBeCloseTo(2 / 3);
    expect(s.apps).toEqual(['clock', 'messages', 'weather']);
    expect(s.scrolling).toBe(1);
    expect(s.setupPatching).toBe(1);
    expect(s.setupPatchingPerSeed).toBe(1);
    expect(s.disturbances).toBe(1);
    expect(s.disturbanceKinds).toEqual({ rating: 1, permission: 1 });
    expect(s.askUser).toBe(1);
    expect(s.clockParams).toBe(1);
    // The timer task draws only random values; the forecast task reads the phone's weather.
    expect(s.parameterised).toBe(3);
    expect(s.fromPhoneData).toBe(2);
    expect(
      s.targets.find((t: { name: string }) => t.name === 'every task parameterised (or says why not)'),
    ).toMatchObject({
      value: 3,
      ok: true,
    });
    expect(s.meanHumanSteps).toBeGreaterThan(0);
    expect(s.targets.find((t: { name: string }) => t.name === 'tasks')).toMatchObject({ value: 3, ok: false });
    expect(s.targets.find((t: { name: string }) => t.name === 'cross-app share')).toMatchObject({ ok: true });
    expect(s.missed).toBe(s.targets.filter((t: { ok: boolean }) => !t.ok).length);
  });

  it('prints a table with each target marked', async () => {
    const io = capture();
    expect(await main(['bench', 'stats', dir], io)).toBe(1);
    expect(io.text()).toMatch(/^tasks {2,}3$/m);
    expect(io.text()).toMatch(/✓ cross-app share ≥ 40 %: 66\.7/);
    expect(io.text()).toMatch(/✗ ask-user tasks ≥ 15: 1/);
  });
});

describe('the targets', () => {
  it('all hold for a suite that meets them, and each one fails alone when its figure drops', () => {
    const s = suiteStats(loadTasks(['builtin']).map((l) => l.task));
    const met = {
      ...s,
      tasks: 150,
      categories: { easy: 30, medium: 30, hard: 30, indirect: 30, 'cross-app': 30 },
      crossAppShare: 0.4,
      meanHumanSteps: 9,
      scrolling: 20,
      milestones: { ...s.milestones, twoOrMoreShare: 0.7 },
      setupPatchingPerSeed: 30,
      disturbances: 25,
      askUser: 15,
      parameterised: 150,
      noParamsExplained: 0,
    };
    expect(statsTargets(met).filter((t) => !t.ok)).toEqual([]);
    expect(
      statsTargets({ ...met, askUser: 14 })
        .filter((t) => !t.ok)
        .map((t) => t.name),
    ).toEqual(['ask-user tasks']);
    expect(
      statsTargets({ ...met, crossAppShare: 0.39 })
        .filter((t) => !t.ok)
        .map((t) => t.name),
    ).toEqual(['cross-app share']);
    expect(
      statsTargets({ ...met, parameterised: 149 })
        .filter((t) => !t.ok)
        .map((t) => t.name),
    ).toEqual(['every task parameterised (or says why not)']);
  });

  it('counts a task without parameters against "every task parameterised"', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'moba-stats-bare-'));
    try {
      const task = base('easy/clock.timer-minutes.json');
      delete task.params;
      task.goal = { en: 'Start a 2-minute timer.', zh: '开始一个2分钟的计时器。' };
      task.solution = task.solution.map((st: { target?: { text?: string } }) =>
        st.target?.text === '{t.n}' ? { ...st, target: { text: '2' } } : st,
      );
      task.milestones[0].check.is.durationSeconds = 120;
      writeFileSync(join(bare, 'a.json'), JSON.stringify(task));
      const io = capture();
      expect(await main(['bench', 'stats', bare], io)).toBe(1);
      expect(io.text()).toMatch(/^parameterised {2,}0 \(from the phone's data 0,/m);
      expect(io.text()).toMatch(/✗ every task parameterised \(or says why not\) = 1: 0/);
      // A task that says in its notes why it has no parameter is counted as such.
      task.notes = 'The goal names one fixed duration on purpose.';
      writeFileSync(join(bare, 'a.json'), JSON.stringify(task));
      const io2 = capture();
      await main(['bench', 'stats', bare], io2);
      expect(io2.text()).toMatch(/without, saying why 1$/m);
      expect(io2.text()).toMatch(/✓ every task parameterised \(or says why not\) = 1: 1/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
