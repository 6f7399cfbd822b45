/** Clock's Clock tab (local time, next alarm, world clocks) and the city picker. */
import { formatDateMedium, formatTime, weekdayShort } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { CheckBox, Dialog, EditText, Fab, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { CITIES, cityById, offsetFromLocal, zonedTime } from './cities.ts';
import { minutesUntil } from './model.ts';
import type { ClockCtx } from './model.ts';

function nextAlarmText(ctx: ClockCtx): string | undefined {
  const now = new Date(ctx.now());
  const enabled = ctx.data.alarms.filter((a) => a.enabled);
  if (enabled.length === 0) return undefined;
  const next = enabled.map((a) => ({ a, m: minutesUntil(a, now) })).sort((x, y) => x.m - y.m)[0];
  if (!next) return undefined;
  const at = new Date(ctx.now() + next.m * 60000);
  return `${weekdayShort(ctx.locale, at.getDay())} ${formatTime(next.a.hour, next.a.minute, { locale: ctx.locale, is24Hour: ctx.is24Hour })}`;
}

function offsetText(ctx: ClockCtx, minutes: number): string {
  if (minutes === 0) return ctx.t('Same time');
  const hours = Math.abs(minutes) / 60;
  const n = Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
  const key = `{n} ${hours === 1 ? 'hr' : 'hrs'} ${minutes > 0 ? 'ahead' : 'behind'}`;
  return ctx.t(key, { n });
}

export function clockTab(ctx: ClockCtx): VNode {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const next = nextAlarmText(ctx);
  const cities = ctx.data.worldClocks.map((id) => cityById(id)).filter((c) => c !== undefined);
  return h(
    'FrameLayout',
    { class: 'fill' },
    ScrollList(
      { id: 'cities' },
      h(
        'LinearLayout',
        { key: 'main', id: 'main_clock_frame', class: 'main-clock' },
        h(
          'TextView',
          { id: 'digital_clock', class: 'big-clock' },
          formatTime(now.getHours(), now.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour }),
        ),
        h('TextView', { id: 'date', class: 'clock-date' }, formatDateMedium(now, ctx.locale)),
        next
          ? h(
              'TextView',
              { id: 'nextAlarm', class: 'next-alarm', desc: `${ctx.t('Next alarm')}: ${next}` },
              `⏰ ${next}`,
            )
          : null,
      ),
      cities.map((city) => {
        const zoned = zonedTime(nowMs, city.zone);
        const offset = offsetFromLocal(nowMs, city.zone);
        const name = ctx.locale === 'zh' ? city.zh : city.en;
        return h(
          'LinearLayout',
          {
            key: city.id,
            id: 'city_item',
            orientation: 'horizontal',
            class: 'city-row',
            onLongPress: () => ctx.openDialog('remove-city', { city: city.id }),
          },
          h(
            'LinearLayout',
            { class: 'grow' },
            h('TextView', { id: 'city_name', class: 'city-name' }, name),
            h('TextView', { id: 'hours_ahead', class: 'city-offset' }, offsetText(ctx, offset)),
          ),
          h(
            'TextView',
            { id: 'digital_clock', class: 'city-time' },
            formatTime(zoned.hour, zoned.minute, { locale: ctx.locale, is24Hour: ctx.is24Hour }),
          ),
        );
      }),
    ),
    Fab({
      id: 'fab',
      icon: 'globe',
      desc: ctx.t('Cities'),
      onTap: () =>
        ctx.navigate('cities', undefined, { activity: 'com.android.deskclock.worldclock.CitySelectionActivity' }),
    }),
  );
}

export function citiesScreen(ctx: ClockCtx): VNode {
  const q = ctx.ui.citySearch.trim().toLowerCase();
  const list = CITIES.filter((c) => !q || c.en.toLowerCase().includes(q) || c.zh.includes(q));
  return Scaffold(ctx, {
    title: ctx.t('Cities'),
    nav: 'back',
    header: h(
      'FrameLayout',
      { class: 'city-search' },
      EditText(ctx, {
        field: 'city-search',
        id: 'search_src_text',
        value: ctx.ui.citySearch,
        hint: ctx.t('Search cities'),
        onChange: (v) => (ctx.ui.citySearch = v),
      }),
    ),
    body: ScrollList(
      { id: 'cities_list' },
      list.map((city) => {
        const selected = ctx.data.worldClocks.includes(city.id);
        const name = ctx.locale === 'zh' ? city.zh : city.en;
        return h(
          'LinearLayout',
          { key: city.id, orientation: 'horizontal', class: 'list-item' },
          CheckBox({
            id: 'city_onoff',
            text: name,
            checked: selected,
            onToggle: (on) => {
              ctx.data.worldClocks = on
                ? [...ctx.data.worldClocks, city.id]
                : ctx.data.worldClocks.filter((id) => id !== city.id);
            },
          }),
          h('View', { class: 'grow', ax: 'skip' }),
          h(
            'TextView',
            { id: 'city_time', class: 'muted' },
            (() => {
              const z = zonedTime(ctx.now(), city.zone);
              return formatTime(z.hour, z.minute, { locale: ctx.locale, is24Hour: ctx.is24Hour });
            })(),
          ),
        );
      }),
    ),
  });
}

export function removeCityDialog(ctx: ClockCtx, dialog: DialogState): VNode {
  const id = String(dialog.data.city);
  const city = cityById(id);
  return Dialog({
    title: ctx.t('Remove city?'),
    message: city ? (ctx.locale === 'zh' ? city.zh : city.en) : id,
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Remove'),
      onTap: () => {
        ctx.data.worldClocks = ctx.data.worldClocks.filter((c) => c !== id);
        ctx.closeDialog();
      },
    },
  });
}
