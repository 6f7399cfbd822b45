import { describe, expect, it } from 'vitest';
import { formatDateLong, formatDateMedium, formatMonthYear, formatTime, translate } from './i18n.ts';

describe('i18n', () => {
  it('formats times like Android in 12- and 24-hour modes, English and Chinese', () => {
    expect(formatTime(18, 30, { locale: 'en', is24Hour: false })).toBe('6:30 PM');
    expect(formatTime(0, 5, { locale: 'en', is24Hour: false })).toBe('12:05 AM');
    expect(formatTime(18, 30, { locale: 'zh', is24Hour: false })).toBe('下午6:30');
    expect(formatTime(7, 0, { locale: 'zh', is24Hour: true })).toBe('07:00');
    expect(formatTime(9, 0, { locale: 'en', is24Hour: false, withPeriod: false })).toBe('9:00');
  });

  it('formats dates', () => {
    const d = new Date(2025, 5, 2);
    expect(formatDateLong(d, 'en')).toBe('Monday, June 2');
    expect(formatDateLong(d, 'zh')).toBe('6月2日 星期一');
    expect(formatDateMedium(d, 'en')).toBe('Mon, Jun 2');
    expect(formatMonthYear(2025, 5, 'zh')).toBe('2025年6月');
  });

  it('translates with English and key fallbacks and fills placeholders', () => {
    const strings = { en: { hi: 'Hi {name}' }, zh: { hi: '你好 {name}' } };
    expect(translate(strings, 'zh', 'hi', { name: 'A' })).toBe('你好 A');
    expect(translate(strings, 'en', 'missing')).toBe('missing');
    expect(translate({ en: { x: 'X' }, zh: {} }, 'zh', 'x')).toBe('X');
  });
});
