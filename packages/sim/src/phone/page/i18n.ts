/**
 * Locale helpers shared by the apps: translated strings and Android-like date/time formats
 * in English and Chinese. Formats are written out by hand (no Intl) so every machine renders
 * the same text.
 */
import type { Locale, Strings } from './types.ts';

export const DAY_CODES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type DayCode = (typeof DAY_CODES)[number];

const WEEKDAY_LONG: Record<Locale, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  zh: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
};
const WEEKDAY_SHORT: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
};
const WEEKDAY_LETTER: Record<Locale, readonly string[]> = {
  en: ['S', 'M', 'T', 'W', 'T', 'F', 'S'],
  zh: ['日', '一', '二', '三', '四', '五', '六'],
};
const MONTH_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function translate(
  strings: Strings,
  locale: Locale,
  key: string,
  vars?: Record<string, string | number>,
): string {
  const text = (locale === 'zh' ? strings.zh[key] : undefined) ?? strings.en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function weekdayLong(locale: Locale, day: number): string {
  return WEEKDAY_LONG[locale][day] ?? '';
}
export function weekdayShort(locale: Locale, day: number): string {
  return WEEKDAY_SHORT[locale][day] ?? '';
}
export function weekdayLetter(locale: Locale, day: number): string {
  return WEEKDAY_LETTER[locale][day] ?? '';
}
export function monthLong(locale: Locale, month: number): string {
  return locale === 'zh' ? `${month + 1}月` : (MONTH_LONG[month] ?? '');
}
export function monthShort(locale: Locale, month: number): string {
  return locale === 'zh' ? `${month + 1}月` : (MONTH_SHORT[month] ?? '');
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "6:30 PM" / "18:30" / "下午6:30". */
export function formatTime(
  hour: number,
  minute: number,
  options: { locale: Locale; is24Hour: boolean; withPeriod?: boolean },
): string {
  if (options.is24Hour) return `${pad2(hour)}:${pad2(minute)}`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  if (options.withPeriod === false) return `${h12}:${pad2(minute)}`;
  if (options.locale === 'zh') return `${hour < 12 ? '上午' : '下午'}${h12}:${pad2(minute)}`;
  return `${h12}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

export function periodLabel(locale: Locale, pm: boolean): string {
  return locale === 'zh' ? (pm ? '下午' : '上午') : pm ? 'PM' : 'AM';
}

/** "Monday, June 2" / "6月2日 星期一". */
export function formatDateLong(date: Date, locale: Locale): string {
  if (locale === 'zh') return `${date.getMonth() + 1}月${date.getDate()}日 ${weekdayLong(locale, date.getDay())}`;
  return `${weekdayLong(locale, date.getDay())}, ${monthLong(locale, date.getMonth())} ${date.getDate()}`;
}

/** "Mon, Jun 2" / "6月2日周一". */
export function formatDateMedium(date: Date, locale: Locale): string {
  if (locale === 'zh') return `${date.getMonth() + 1}月${date.getDate()}日${weekdayShort(locale, date.getDay())}`;
  return `${weekdayShort(locale, date.getDay())}, ${monthShort(locale, date.getMonth())} ${date.getDate()}`;
}

/** "June 2025" / "2025年6月". */
export function formatMonthYear(year: number, month: number, locale: Locale): string {
  return locale === 'zh' ? `${year}年${month + 1}月` : `${monthLong(locale, month)} ${year}`;
}

/** "2025-06-02" for a local date. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** Local midnight of "2025-06-02". */
export function parseIsoDate(text: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export { pad2 };
