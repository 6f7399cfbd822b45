import { describe, expect, it } from 'vitest';
import { datesIn, digitsOf, foldText, numbersIn, similarity, textContains, textEquals, timesIn } from './text-match.ts';

const hm = (h: number, m: number) => h * 60 + m;

describe('times named in text', () => {
  it.each([
    ['18:30', hm(18, 30)],
    ['6:30 PM', hm(18, 30)],
    ['6:30pm', hm(18, 30)],
    ['6:30 p.m.', hm(18, 30)],
    ['12:05 AM', hm(0, 5)],
    ['12:05 PM', hm(12, 5)],
    ['下午6:30', hm(18, 30)],
    ['晚上 8:00', hm(20, 0)],
    ['上午9：15', hm(9, 15)],
    ['6点半', hm(6, 30)],
    ['下午6点30分', hm(18, 30)],
    ['中午12点', hm(12, 0)],
    ['at 6 PM sharp', hm(18, 0)],
    ['arrives 08:01:00', hm(8, 1)],
  ])('%s', (text, minutes) => {
    expect(timesIn(text)).toContain(minutes);
  });

  it('does not read bare numbers, temperatures or dates as times', () => {
    expect(timesIn('high 28°, 60% rain on 2025-06-03')).toEqual([]);
    expect(timesIn('13:30 PM')).toEqual([]);
  });
});

describe('dates named in text', () => {
  it('reads ISO, English and Chinese dates', () => {
    const ds = (t: string) => datesIn(t).map((d) => `${d.year ?? '-'}/${d.month}/${d.day}`);
    expect(ds('on 2025-06-03')).toEqual(['2025/6/3']);
    expect(ds('Tuesday, June 3')).toEqual(['-/6/3']);
    expect(ds('3rd of Jun 2025')).toEqual(['2025/6/3']);
    expect(ds('6月3日 星期二')).toEqual(['-/6/3']);
    expect(ds('2025年6月3日')).toEqual(['2025/6/3']);
  });
});

describe('text normalisation', () => {
  it('ignores case, width, spacing, quotes and final punctuation', () => {
    expect(textEquals('"Work."', 'work')).toBe(true);
    expect(textEquals('ＷＯＲＫ', 'work')).toBe(true);
    expect(textEquals('Work out', 'workout')).toBe(false);
    expect(textContains('I will  BRING the book', 'bring the')).toBe(true);
    expect(foldText('  A\n b ')).toBe('a b');
    expect(textEquals('Wi\u2011Fi', 'wi-fi')).toBe(true);
  });

  it('measures similarity by edits', () => {
    expect(similarity('See you at 7', 'see you at 7!')).toBe(1);
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7);
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('takes digits and numbers', () => {
    expect(digitsOf('158 1667-1855')).toBe('15816671855');
    expect(numbersIn('high 28°, low -3.5, ¥1,299')).toEqual([28, -3.5, 1299]);
  });
});
