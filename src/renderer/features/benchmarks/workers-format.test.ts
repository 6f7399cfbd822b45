import { describe, expect, it } from 'vitest';
import {
  currentEpisodes,
  formatHeartbeat,
  formatPhones,
  formatSweepProgress,
  heartbeatState,
} from './workers-format.ts';

describe('workers panel formatting', () => {
  it('grades a heartbeat by its age against the 30 s the announcement lives', () => {
    expect(heartbeatState(0)).toBe('fresh');
    expect(heartbeatState(10)).toBe('fresh');
    expect(heartbeatState(11)).toBe('late');
    expect(heartbeatState(21)).toBe('stale');
    expect(formatHeartbeat(0)).toBe('just now');
    expect(formatHeartbeat(4)).toBe('4 s ago');
    expect(formatHeartbeat(75)).toBe('1 min 15 s ago');
  });

  it('writes phones and current episodes, dropping the shown benchmark', () => {
    expect(formatPhones({ devices: ['emulator-5554'], free: 0 })).toBe('1 phone, 0 free');
    expect(formatPhones({ devices: ['a', 'b'], free: 2 })).toBe('2 phones, 2 free');
    expect(currentEpisodes({ current: [] })).toBe('—');
    expect(currentEpisodes({ current: ['b1/e-3', 'b2/e-1'] }, 'b1')).toBe('e-3, b2/e-1');
    expect(currentEpisodes({ current: ['b1/e-3'] })).toBe('b1/e-3');
  });

  it("writes a sweep's progress with the time left once the pace is known", () => {
    expect(
      formatSweepProgress({ total: 12, done: 0, error: 0, running: 2, pending: 10, episodesPerMin: null, etaS: null }),
    ).toBe('0 / 12 finished, 2 running, 10 waiting');
    expect(
      formatSweepProgress({ total: 12, done: 4, error: 1, running: 2, pending: 5, episodesPerMin: 3.5, etaS: 120 }),
    ).toBe('5 / 12 finished (1 error), 2 running, 5 waiting — 3.5 episodes/min, about 2 min 0 s left');
    expect(
      formatSweepProgress({ total: 2, done: 2, error: 0, running: 0, pending: 0, episodesPerMin: 4, etaS: 0 }),
    ).toBe('2 / 2 finished');
  });
});
