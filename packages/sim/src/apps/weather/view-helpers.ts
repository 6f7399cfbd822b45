/** Text the Weather screens share: temperatures in the chosen unit, day names, wind, times. */
import { formatDateLong, formatTime, parseIsoDate, weekdayShort } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { toUnit } from './forecast.ts';
import type { DayForecast } from './forecast.ts';
import { conditionSvg } from './glyphs.ts';
import { addDays, windSpeed } from './model.ts';
import type { WeatherCtx } from './model.ts';

export function deg(ctx: WeatherCtx, celsius: number): string {
  return `${toUnit(celsius, ctx.data.unit)}°`;
}

export function degNumber(ctx: WeatherCtx, celsius: number): number {
  return toUnit(celsius, ctx.data.unit);
}

/** "Today", "Tomorrow", then short weekdays ("Wed" / "周三"). */
export function dayName(ctx: WeatherCtx, date: string): string {
  const today = new Date(ctx.now());
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  if (date === todayIso) return ctx.t('Today');
  if (date === addDays(todayIso, 1)) return ctx.t('Tomorrow');
  return weekdayShort(ctx.locale, parseIsoDate(date).getDay());
}

export function longDate(ctx: WeatherCtx, date: string): string {
  return formatDateLong(parseIsoDate(date), ctx.locale);
}

export function clock(ctx: WeatherCtx, minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return formatTime(Math.floor(m / 60), m % 60, { locale: ctx.locale, is24Hour: ctx.is24Hour });
}

/** An hour label for the hourly strip: "10 AM" / "上午10时" / "10:00". */
export function hourLabel(ctx: WeatherCtx, hour: number): string {
  if (ctx.is24Hour) return `${String(hour).padStart(2, '0')}:00`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  if (ctx.locale === 'zh') return `${hour < 12 ? '上午' : '下午'}${h12}时`;
  return `${h12} ${hour < 12 ? 'AM' : 'PM'}`;
}

export function windText(ctx: WeatherCtx, day: DayForecast): string {
  const wind = windSpeed(day.windKph, ctx.data.unit);
  return ctx.locale === 'zh'
    ? `${ctx.t(day.windDir)} ${wind.value} ${wind.unit}`
    : `${wind.value} ${wind.unit} ${day.windDir}`;
}

export function cityName(ctx: WeatherCtx, city: { en: string; zh: string }): string {
  return ctx.locale === 'zh' ? city.zh : city.en;
}

export function Glyph(condition: string, sizeDp: number, key?: string): VNode {
  return h('span', {
    key,
    class: 'wx-glyph',
    ax: 'skip',
    style: `width:${sizeDp}dp;height:${sizeDp}dp`,
    html: conditionSvg(condition),
  });
}
