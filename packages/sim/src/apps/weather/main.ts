/** Weather's main screen (the shown city: now, hours, ten days, details) and a day's page. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EmptyState, Icon, IconButton, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { uvLevel } from './forecast.ts';
import type { DayForecast } from './forecast.ts';
import { cityWeather, currentCity } from './model.ts';
import type { WeatherCtx } from './model.ts';
import { Glyph, cityName, clock, dayName, deg, degNumber, hourLabel, longDate, windText } from './view-helpers.ts';

export const DETAIL_ACTIVITY = '.DetailActivity';
export const CITIES_ACTIVITY = '.CityListActivity';
export const SETTINGS_ACTIVITY = '.SettingsActivity';

function switchCity(ctx: WeatherCtx, step: number): void {
  const list = ctx.data.cities;
  const i = list.indexOf(ctx.data.current);
  const next = list[(i + step + list.length) % list.length];
  if (next) ctx.data.current = next;
}

function dayRow(ctx: WeatherCtx, day: DayForecast, span: { min: number; max: number }): VNode {
  const name = dayName(ctx, day.date);
  const condition = ctx.t(day.condition);
  const left = ((day.low - span.min) / Math.max(1, span.max - span.min)) * 100;
  const width = ((day.high - day.low) / Math.max(1, span.max - span.min)) * 100;
  return h(
    'LinearLayout',
    {
      key: day.date,
      id: 'daily_item',
      orientation: 'horizontal',
      class: 'day-row',
      desc: ctx.t('{day}: {condition}, high {high}°, low {low}°, {rain}% chance of rain', {
        day: name,
        condition,
        high: degNumber(ctx, day.high),
        low: degNumber(ctx, day.low),
        rain: day.chanceOfRain,
      }),
      onTap: () => ctx.navigate('detail', { date: day.date }, { activity: DETAIL_ACTIVITY }),
    },
    h(
      'LinearLayout',
      { class: 'day-texts' },
      h('TextView', { id: 'day_name', class: 'day-name' }, name),
      h('TextView', { id: 'day_condition', class: 'day-cond' }, condition),
    ),
    Glyph(day.condition, 32),
    h('TextView', { id: 'day_rain', class: 'day-rain' }, day.chanceOfRain >= 20 ? `${day.chanceOfRain}%` : ''),
    h('TextView', { id: 'day_low', class: 'day-low' }, deg(ctx, day.low)),
    h(
      'View',
      { class: 'grow day-bar', ax: 'skip' },
      h('span', { class: 'day-bar-fill', style: `left:${left}%;width:${Math.max(4, width)}%` }),
    ),
    h('TextView', { id: 'day_high', class: 'day-high' }, deg(ctx, day.high)),
  );
}

function tile(o: { id: string; icon: string; title: string; value: string; sub?: string }): VNode {
  return h(
    'LinearLayout',
    { key: o.id, id: `detail_${o.id}`, class: 'tile' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'tile-title' },
      Icon(o.icon, { size: 16 }),
      h('TextView', { id: `${o.id}_title` }, o.title),
    ),
    h('TextView', { id: `${o.id}_value`, class: 'tile-value' }, o.value),
    o.sub ? h('TextView', { id: `${o.id}_sub`, class: 'tile-sub' }, o.sub) : null,
  );
}

function tiles(ctx: WeatherCtx, day: DayForecast, withHumidity: boolean): VNode[] {
  return [
    tile({ id: 'rain', icon: 'drop', title: ctx.t('Chance of rain'), value: `${day.chanceOfRain}%` }),
    tile({ id: 'wind', icon: 'wind', title: ctx.t('Wind'), value: windText(ctx, day) }),
    withHumidity ? tile({ id: 'humidity', icon: 'drop', title: ctx.t('Humidity'), value: `${day.humidity}%` }) : null,
    tile({
      id: 'uv',
      icon: 'sun',
      title: ctx.t('UV index'),
      value: String(day.uvIndex),
      sub: ctx.t(uvLevel(day.uvIndex)),
    }),
    tile({ id: 'sunrise', icon: 'sunrise', title: ctx.t('Sunrise'), value: clock(ctx, day.sunrise) }),
    tile({ id: 'sunset', icon: 'sunset', title: ctx.t('Sunset'), value: clock(ctx, day.sunset) }),
  ].filter((t): t is VNode => t !== null);
}

export function mainScreen(ctx: WeatherCtx): VNode {
  const city = currentCity(ctx.data);
  const w = cityWeather(ctx.data.seed, city, ctx.now());
  const today = w.days[0];
  if (!today) return EmptyState('weather', ctx.t('Weather'));
  const span = { min: Math.min(...w.days.map((d) => d.low)), max: Math.max(...w.days.map((d) => d.high)) };
  const isLocation = ctx.data.cities[0] === city.id;
  const many = ctx.data.cities.length > 1;
  const hero = h(
    'LinearLayout',
    { key: 'hero', id: 'current_conditions', class: 'hero' },
    isLocation
      ? h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'hero-loc' },
          Icon('location', { size: 14 }),
          h('TextView', { id: 'location_label' }, ctx.t('Current location')),
        )
      : null,
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'hero-main' },
      Glyph(w.now.condition, 72),
      h('TextView', { id: 'current_temp', class: 'hero-temp' }, deg(ctx, w.now.temperature)),
    ),
    h('TextView', { id: 'current_condition', class: 'hero-cond' }, ctx.t(w.now.condition)),
    h(
      'TextView',
      { id: 'high_low', class: 'hero-hl' },
      ctx.t('H:{high}° L:{low}°', { high: degNumber(ctx, today.high), low: degNumber(ctx, today.low) }),
    ),
    h(
      'TextView',
      { id: 'feels_like', class: 'hero-feels' },
      ctx.t('Feels like {t}°', { t: degNumber(ctx, w.now.feelsLike) }),
    ),
  );
  const dots = many
    ? h(
        'LinearLayout',
        { key: 'dots', orientation: 'horizontal', class: 'dots', ax: 'skip' },
        ctx.data.cities.map((id) => h('span', { key: id, class: `dot ${id === city.id ? 'on' : ''}` })),
      )
    : null;
  const hours = h(
    'LinearLayout',
    { key: 'hours', class: 'wx-card' },
    h('TextView', { class: 'wx-card-title' }, ctx.t('Hourly forecast')),
    h(
      'HorizontalScrollView',
      { id: 'hourly_forecast', scroll: 'h' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'hours', ax: 'flatten' },
        w.hours.map((hour, i) => {
          const label = i === 0 ? ctx.t('Now') : hourLabel(ctx, hour.hour);
          return h(
            'LinearLayout',
            {
              key: i,
              id: 'hourly_item',
              class: 'hour',
              desc: `${label}, ${ctx.t(hour.condition)}, ${deg(ctx, hour.temperature)}`,
            },
            h('TextView', { id: 'hour_time', class: 'hour-time' }, label),
            Glyph(hour.condition, 28),
            h('TextView', { id: 'hour_temp', class: 'hour-temp' }, deg(ctx, hour.temperature)),
          );
        }),
      ),
    ),
  );
  const daily = h(
    'LinearLayout',
    { key: 'daily', id: 'daily_forecast', class: 'wx-card' },
    h('TextView', { class: 'wx-card-title' }, ctx.t('10-day forecast')),
    w.days.map((d) => dayRow(ctx, d, span)),
  );
  return h(
    'LinearLayout',
    {
      class: 'fill wx-app',
      onSwipe: (dir) =>
        many && dir === 'left' ? switchCity(ctx, 1) : many && dir === 'right' ? switchCity(ctx, -1) : undefined,
    },
    Scaffold(ctx, {
      title: cityName(ctx, city),
      actions: [
        IconButton({
          id: 'action_cities',
          icon: 'list',
          desc: ctx.t('Manage cities'),
          onTap: () => ctx.navigate('cities', undefined, { activity: CITIES_ACTIVITY }),
        }),
        IconButton({
          id: 'action_settings',
          icon: 'settings',
          desc: ctx.t('Settings'),
          onTap: () => ctx.navigate('settings', undefined, { activity: SETTINGS_ACTIVITY }),
        }),
      ],
      body: ScrollList(
        { id: 'weather_scroll', kind: 'scroll' },
        hero,
        dots,
        hours,
        daily,
        h('LinearLayout', { key: 'grid', class: 'grid', id: 'details_grid' }, tiles(ctx, today, true)),
      ),
    }),
  );
}

/** One day (tapped in the ten-day list): condition, summary, and the day's details. */
export function detailScreen(ctx: WeatherCtx): VNode {
  const city = currentCity(ctx.data);
  const w = cityWeather(ctx.data.seed, city, ctx.now());
  const date = String(ctx.route.params?.date ?? '');
  const day = w.days.find((d) => d.date === date) ?? w.days[0];
  if (!day) return EmptyState('weather', ctx.t('Weather'));
  const condition = ctx.t(day.condition);
  const summary = ctx.t('{condition}. High {high}°, low {low}°. {rain}% chance of rain. Wind {wind}.', {
    condition,
    high: degNumber(ctx, day.high),
    low: degNumber(ctx, day.low),
    rain: day.chanceOfRain,
    wind: windText(ctx, day),
  });
  return h(
    'LinearLayout',
    { class: 'fill wx-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: dayName(ctx, day.date),
      subtitle: cityName(ctx, city),
      body: ScrollList(
        { id: 'detail_scroll', kind: 'scroll' },
        h(
          'LinearLayout',
          { key: 'hero', class: 'detail-hero' },
          h('TextView', { id: 'detail_date', class: 'detail-date' }, longDate(ctx, day.date)),
          Glyph(day.condition, 88),
          h('TextView', { id: 'detail_condition', class: 'hero-cond' }, condition),
          h(
            'TextView',
            { id: 'high_low', class: 'hero-hl' },
            ctx.t('H:{high}° L:{low}°', { high: degNumber(ctx, day.high), low: degNumber(ctx, day.low) }),
          ),
        ),
        h('TextView', { key: 'summary', id: 'detail_summary', class: 'detail-summary' }, summary),
        h('LinearLayout', { key: 'grid', class: 'grid', id: 'details_grid' }, tiles(ctx, day, true)),
      ),
    }),
  );
}
