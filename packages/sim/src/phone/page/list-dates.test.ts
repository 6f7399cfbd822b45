import { describe, expect, it } from 'vitest';
import { formatListDate, formatShortDate } from './list-dates.ts';

const now = new Date(2025, 5, 2, 9, 0).getTime(); // Monday
const at = (y: number, m: number, d: number, hh = 12, mm = 0): number => new Date(y, m, d, hh, mm).getTime();

describe('list dates', () => {
  it('shows the time today, Yesterday, weekdays within a week (when asked), then dates', () => {
    const en = { locale: 'en' as const, is24Hour: false, now, weekdays: true };
    expect(formatListDate(at(2025, 5, 2, 8, 25), en)).toBe('8:25 AM');
    expect(formatListDate(at(2025, 5, 1, 23, 0), en)).toBe('Yesterday');
    expect(formatListDate(at(2025, 4, 28), en)).toBe('Wed');
    expect(formatListDate(at(2025, 4, 28), { ...en, weekdays: false })).toBe('May 28');
    expect(formatListDate(at(2025, 4, 20), en)).toBe('May 20');
    expect(formatListDate(at(2024, 11, 31), en)).toBe('Dec 31, 2024');
  });

  it('speaks Chinese and 24-hour time', () => {
    const zh = { locale: 'zh' as const, is24Hour: true, now, weekdays: true };
    expect(formatListDate(at(2025, 5, 2, 18, 5), zh)).toBe('18:05');
    expect(formatListDate(at(2025, 5, 1), zh)).toBe('昨天');
    expect(formatListDate(at(2025, 4, 29), zh)).toBe('周四');
    expect(formatShortDate(at(2024, 2, 8), { locale: 'zh', now })).toBe('2024年3月8日');
  });
});
