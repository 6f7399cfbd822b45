/**
 * Every number the report's bootstraps give, pinned: stats.golden.json holds what the plain
 * loops (one resample at a time, each summed afterwards, samples sorted) gave on these inputs,
 * so a faster way of computing them cannot change a figure `moba bench report` prints.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@moba/base';
import { clusterBootstrapRatios, pairedBootstrap, pairedBootstraps } from './stats.ts';

interface Item {
  reached: number;
  total: number;
  steps: number;
  complete: boolean;
}

/** Tasks with 1 to `most` runs each, drawn from `seed`. */
function tasks(seed: number, count: number, most: number): Item[][] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(random() * most) }, () => {
      const total = 1 + Math.floor(random() * 5);
      const reached = Math.floor(random() * (total + 1));
      return { reached, total, steps: reached ? 1 + Math.floor(random() * 20) : 0, complete: reached === total };
    }),
  );
}

// The report's statistics, with its repeated columns (milestones reached; a denominator of 1).
const STATS = {
  ms: { num: (i: Item) => i.reached, den: (i: Item) => i.total },
  cr: { num: (i: Item) => (i.complete ? 1 : 0), den: () => 1 },
  ee: { num: (i: Item) => i.steps, den: (i: Item) => i.reached },
  ss: { num: (i: Item) => i.reached / i.total, den: () => 1 },
  none: { num: () => 1, den: () => 0 },
};

const CASES = {
  'one run per task, 60 tasks': tasks(1, 60, 1),
  'one run per task, 11 tasks': tasks(2, 11, 1),
  'one to four runs per task, 25 tasks': tasks(3, 25, 4),
  'one task': tasks(4, 1, 3),
  'an empty task among others': [...tasks(5, 6, 2), []],
};

function computed() {
  const out: Record<string, unknown> = {};
  for (const [name, groups] of Object.entries(CASES))
    for (const seed of [20250602, 7])
      out[`${name}, seed ${seed}`] = clusterBootstrapRatios(groups, STATS, { seed, iterations: 1000 });
  const random = mulberry32(9);
  const diffs = Array.from({ length: 60 }, () => Math.round((random() - 0.45) * 100) / 3);
  out['paired, 60 tasks'] = pairedBootstrap(diffs, { seed: 20250602, iterations: 1000 });
  out['paired, 3 tasks'] = pairedBootstrap(diffs.slice(0, 3), { seed: 20250602, iterations: 1000 });
  out['paired, 1 task'] = pairedBootstrap([12.5], { seed: 3, iterations: 200 });
  return out;
}

describe('the bootstraps give the same numbers as before', () => {
  it('every value and interval bound, to the last bit', async () => {
    await expect(`${JSON.stringify(computed(), null, 1)}\n`).toMatchFileSnapshot('./stats.golden.json');
  });
});

describe('paired differences bootstrapped together', () => {
  it('give each list the numbers it gets on its own', () => {
    const random = mulberry32(11);
    const lists = [0, 1, 2].map(() => Array.from({ length: 40 }, () => Math.round((random() - 0.5) * 300) / 7));
    const options = { seed: 20250602, iterations: 1000 };
    expect(pairedBootstraps(lists, options)).toEqual(lists.map((l) => pairedBootstrap(l, options)));
    expect(pairedBootstraps([[], []], options)).toEqual([pairedBootstrap([], options), pairedBootstrap([], options)]);
    expect(() => pairedBootstraps([[1, 2], [1]], options)).toThrow(/different tasks/);
  });
});
