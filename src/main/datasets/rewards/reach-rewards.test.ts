import { describe, expect, it } from 'vitest';
import { labelTask, preferencePairs } from './reach-rewards.ts';
import type { Episode, FlowStep, RewardTask } from './reach-rewards.ts';

/** `S -a-> A` steps: [page, action, next | null (invalid), completes?]. */
function ep(id: string, steps: Array<[string, string, string | null, boolean?]>): Episode {
  return {
    id,
    steps: steps.map(
      ([page, action, next, completes]): FlowStep => ({
        page,
        action,
        valid: next !== null,
        next,
        completes: completes ?? false,
      }),
    ),
  };
}

// The task: from S, reach B and press save. Reference S → A → B → save (3 steps).
const task: RewardTask = {
  id: 'demo',
  instruction: 'Save the form',
  reference: ep('reference', [
    ['S', 'a', 'A'],
    ['A', 'b', 'B'],
    ['B', 'save', 'DONE', true],
  ]),
  episodes: [
    ep('same-length', [
      ['S', 'a2', 'A2'],
      ['A2', 'b2', 'B'],
      ['B', 'save', 'DONE', true],
    ]),
    ep('longer', [
      ['S', 'x', 'C'],
      ['C', 'y', 'A'],
      ['A', 'b', 'B'],
      ['B', 'save', 'DONE', true],
    ]),
    ep('dead-end', [
      ['S', 'a', 'A'],
      ['A', 'z', 'D'],
      ['D', 'w', 'E'],
    ]),
    ep('invalid', [
      ['S', 'bad', null],
      ['S', 'a', 'A'],
      ['A', 'b', 'B'],
      ['B', 'cancel', 'A'],
      ['A', 'off-space', 'B'],
    ]),
  ],
  actionSpace: (page) =>
    ({ S: ['a', 'a2', 'x', 'bad'], A: ['b', 'z'], A2: ['b2'], B: ['save', 'cancel'], C: ['y'], D: ['w'] })[page] ?? [],
};

describe("ReachAgent's 4-level reward", () => {
  it('labels designed episodes as by hand', () => {
    const labels = labelTask(task);
    const by = (episode: string) => labels.filter((l) => l.episode === episode).map((l) => `${l.action}:${l.level}`);
    expect(by('reference')).toEqual(['a:golden', 'b:golden', 'save:golden']);
    expect(by('same-length')).toEqual(['a2:golden', 'b2:golden', 'save:golden']);
    // A detour first: every action of that flow completes, only later than the golden length.
    expect(by('longer')).toEqual(['x:longer', 'y:longer', 'b:longer', 'save:longer']);
    expect(by('dead-end')).toEqual(['a:golden', 'z:incomplete', 'w:incomplete']);
    // Not executable; then from A again; cancel leads back to A (completable, but long); an action outside B's space.
    expect(by('invalid')).toEqual(['bad:invalid', 'a:longer', 'b:longer', 'cancel:longer', 'off-space:invalid']);
    expect(labels.find((l) => l.episode === 'longer' && l.index === 0)?.flowLength).toBe(4);
  });

  it('builds (chosen, rejected) pairs at shared states, higher level over lower', () => {
    const pairs = preferencePairs(task, labelTask(task), 3);
    const show = pairs.map(
      (p) => `${p.history.map((h) => h.action).join('.') || '∅'}@${p.page}: ${p.chosen.action}>${p.rejected.action}`,
    );
    expect(show).toEqual(
      expect.arrayContaining([
        '∅@S: a>bad',
        '∅@S: a>x',
        '∅@S: a2>bad',
        '∅@S: a2>x',
        '∅@S: x>bad',
        'a@A: b>z',
        // After a2, b2 only one action was seen at B: a lower one is drawn from B's action space.
        'a2.b2@B: save>cancel',
      ]),
    );
    for (const p of pairs)
      expect(['golden', 'longer', 'incomplete', 'invalid'].indexOf(p.chosen.level)).toBeLessThan(
        ['golden', 'longer', 'incomplete', 'invalid'].indexOf(p.rejected.level),
      );
    // Nothing pairs two actions of the same level (a and a2 are both golden at S).
    expect(show.filter((s) => s.includes('a>a2') || s.includes('a2>a'))).toEqual([]);
  });
});
