import { describe, expect, it } from 'vitest';
import { formatDuration, minutesUntil, stopwatchElapsed, timerRemaining } from './model.ts';
import type { Alarm } from './model.ts';

const alarm = (fields: Partial<Alarm>): Alarm => ({
  id: 1,
  hour: 18,
  minute: 30,
  label: '',
  enabled: true,
  repeat: [],
  vibrate: false,
  ringtone: 'Default',
  ...fields,
});

describe('clock model', () => {
  it('computes minutes to the next ring, today, tomorrow or on a repeat day', () => {
    const mondayNine = new Date(2025, 5, 2, 9, 0);
    expect(minutesUntil(alarm({}), mondayNine)).toBe(570);
    expect(minutesUntil(alarm({ hour: 8 }), mondayNine)).toBe(23 * 60 + 30);
    expect(minutesUntil(alarm({ hour: 8, repeat: ['WED'] }), mondayNine)).toBe(2 * 1440 - 60 + 30);
  });

  it('formats countdowns and follows the device clock', () => {
    expect(formatDuration(90_000)).toBe('1:30');
    expect(formatDuration(3_661_000)).toBe('1:01:01');
    expect(
      timerRemaining(
        { state: 'running', durationMs: 60_000, remainingMs: 60_000, endsAt: 1_000_000, label: '' },
        970_000,
      ),
    ).toBe(30_000);
    expect(
      timerRemaining({ state: 'paused', durationMs: 60_000, remainingMs: 12_000, endsAt: null, label: '' }, 0),
    ).toBe(12_000);
    expect(stopwatchElapsed({ state: 'running', elapsedMs: 1000, startedAt: 5000, laps: [] }, 7500)).toBe(3500);
  });
});
