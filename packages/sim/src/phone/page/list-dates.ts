/**
 * Timestamps the way list screens show them (Messages' conversation list, Notes' cards):
 * the time for today, "Yesterday", the weekday within the last week, the date this year,
 * and the full date for older items. Written out by hand like i18n.ts (no Intl).
 */
import { formatTime, monthShort, weekdayShort } from './i18n.ts';
import type { Locale } from './types.ts';

export interface ListDateOptions {
  locale: Locale;
  is24Hour: boolean;
  /** Device time (epoch ms) the stamp is relative to. */
  now: number;
  /** Show weekdays for the last six days (Messages) or go straight to dates (Notes). */
  weekdays?: boolean;
}

function dayNumber(ms: number): number {
  const d = new Date(ms);
  return Math.round(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 86_400_000);
}

/** "Jun 2" / "6月2日", with the year when it is not the current one. */
export function formatShortDate(ms: number, options: { locale: Locale; now: number }): string {
  const d = new Date(ms);
  const sameYear = d.getFullYear() === new Date(options.now).getFullYear();
  if (options.locale === 'zh') return `${sameYear ? '' : `${d.getFullYear()}年`}${d.getMonth() + 1}月${d.getDate()}日`;
  return `${monthShort('en', d.getMonth())} ${d.getDate()}${sameYear ? '' : `, ${d.getFullYear()}`}`;
}

/** The stamp for a list row (see the file comment). Future times count as today. */
export function formatListDate(ms: number, options: ListDateOptions): string {
  const days = dayNumber(options.now) - dayNumber(ms);
  const d = new Date(ms);
  if (days <= 0)
    return formatTime(d.getHours(), d.getMinutes(), { locale: options.locale, is24Hour: options.is24Hour });
  if (days === 1) return options.locale === 'zh' ? '昨天' : 'Yesterday';
  if (options.weekdays && days < 7) return weekdayShort(options.locale, d.getDay());
  return formatShortDate(ms, options);
}
