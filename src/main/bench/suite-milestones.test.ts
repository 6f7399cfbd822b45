/**
 * Milestones of the built-in suite that must reward the task's own work, judged on the state
 * the app stores: booking G104 for the second saved passenger is not met by the account
 * holder the booking screen ticks by default.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInstance } from './instance.ts';
import { evaluatePredicate } from './predicates/evaluate.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import { builtinSuiteDir, loadTasks } from './task-files.ts';

const RAILWAY = 'com.moba.railway';
const HOLDER = 'Li Ming';
const OTHER = 'Wang Fang';

function railway(orders: unknown[]): PhoneState {
  return {
    device: { time: '2025-06-02T01:00:00.000Z', timezone: 'Asia/Shanghai' },
    packages: {
      [RAILWAY]: {
        form: { from: 'shanghai', to: 'beijing', date: null, highSpeedOnly: false },
        searches: [],
        passengers: [
          { id: 1, name: HOLDER, type: 'adult' },
          { id: 2, name: OTHER, type: 'adult' },
        ],
        orders,
      },
    },
  };
}

describe('railway.book-g104', () => {
  it('is paid only for the passenger the goal names, not for the account holder ticked by default', () => {
    const { task } = loadTasks([join(builtinSuiteDir(), 'hard', 'railway.book-g104.json')])[0]!;
    const start = railway([]);
    const instance = buildInstance(task, { seed: 1, locale: 'en', initial: start });
    expect(instance.params).toMatchObject({ holder: HOLDER, who: OTHER });
    expect(instance.goal).toContain(`for ${OTHER} `);
    const paid = instance.milestones.find((m) => m.id === 'paid')!;
    const order = (passengers: string[]) => ({
      train: 'G104',
      date: '2025-06-03',
      passengers,
      status: 'paid',
    });
    const holds = (passengers: string[]) =>
      evaluatePredicate(paid.check, { now: railway([order(passengers)]), start, screen: null, answer: null });
    expect(holds([OTHER])).toBe(true);
    // Booked without changing the selection, or with the holder left ticked: not the task.
    expect(holds([HOLDER])).toBe(false);
    expect(holds([HOLDER, OTHER])).toBe(false);
  });
});
