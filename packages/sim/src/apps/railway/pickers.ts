/**
 * Railway's full-screen pickers: cities (popular cities, A–Z list, search by name, pinyin or
 * initials) and the travel date (a month grid from the device's today; only the 15 days on
 * sale can be picked).
 */
import { formatMonthYear, isoDate, parseIsoDate, weekdayShort } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EditText, EmptyState, ListItem, Scaffold, ScrollList, SectionHeader } from '../../phone/page/widgets.ts';
import { dayDesc } from './format.ts';
import { PRESALE_DAYS, addDays, bookable, formDate, recordSearch, todayOf } from './model.ts';
import type { RailCtx } from './model.ts';
import { CITIES, searchCities } from './stations.ts';
import type { City } from './stations.ts';

function choose(ctx: RailCtx, city: City): void {
  const which = ctx.route.params?.which === 'to' ? 'to' : 'from';
  ctx.data.form[which] = city.id;
  ctx.ui.stationQuery = '';
  ctx.back();
}

export function stationScreen(ctx: RailCtx): VNode {
  const which = ctx.route.params?.which === 'to' ? 'to' : 'from';
  const query = ctx.ui.stationQuery;
  const hits = searchCities(query);
  const name = (c: City): string => (ctx.locale === 'zh' ? c.zh : c.en);
  const other = (c: City): string => (ctx.locale === 'zh' ? c.en : c.zh);
  const row = (c: City, key: string): VNode =>
    ListItem({
      key,
      id: 'city_item',
      title: name(c),
      summary: `${other(c)} · ${c.pinyin}`,
      titleId: 'city_name',
      summaryId: 'city_pinyin',
      onTap: () => choose(ctx, c),
    });
  let body: VNode;
  if (query.trim()) {
    body = hits.length
      ? ScrollList(
          { id: 'city_list' },
          hits.map((c) => row(c, c.id)),
        )
      : EmptyState('search', ctx.t('No matching cities'), 'empty_view');
  } else {
    const groups: VNode[] = [];
    let letter = '';
    for (const c of [...CITIES].sort((a, b) => (a.pinyin < b.pinyin ? -1 : 1))) {
      const first = c.pinyin.slice(0, 1).toUpperCase();
      if (first !== letter) {
        letter = first;
        groups.push(h('TextView', { key: `L${letter}`, class: 'rw-letter-head', id: 'letter_header' }, letter));
      }
      groups.push(row(c, c.id));
    }
    body = ScrollList(
      { id: 'city_list' },
      SectionHeader(ctx.t('Popular cities')),
      h(
        'LinearLayout',
        { key: 'hot', orientation: 'horizontal', class: 'rw-hot-grid', id: 'hot_cities' },
        CITIES.filter((c) => c.hot).map((c) =>
          h('TextView', { key: c.id, id: 'hot_city', class: 'rw-hot-city', onTap: () => choose(ctx, c) }, name(c)),
        ),
      ),
      SectionHeader(ctx.t('All cities')),
      groups,
    );
  }
  return Scaffold(ctx, {
    nav: 'back',
    onNav: () => ((ctx.ui.stationQuery = ''), ctx.back()),
    title: ctx.t(which === 'from' ? 'Departure city' : 'Arrival city'),
    header: h(
      'FrameLayout',
      { class: 'rw-search-field' },
      EditText(ctx, {
        field: 'station-search',
        id: 'station_search',
        value: query,
        hint: ctx.t('City name, pinyin or initials'),
        onChange: (v) => (ctx.ui.stationQuery = v),
        onSubmit: () => {
          const first = hits[0];
          if (query.trim() && first) choose(ctx, first);
        },
      }),
    ),
    body,
  });
}

function pickDate(ctx: RailCtx, date: string): void {
  if (ctx.route.params?.target === 'results') {
    ctx.ui.results.date = date;
    recordSearch(ctx.data, { from: ctx.ui.results.from, to: ctx.ui.results.to, date });
  } else {
    ctx.data.form.date = date;
  }
  ctx.back();
}

export function dateScreen(ctx: RailCtx): VNode {
  const now = ctx.now();
  const today = todayOf(now);
  const last = addDays(today, PRESALE_DAYS - 1);
  const selected = ctx.route.params?.target === 'results' ? ctx.ui.results.date : formDate(ctx.data, now);
  const weekStart = ctx.locale === 'zh' ? 1 : 0;
  const months: VNode[] = [];
  const first = parseIsoDate(today);
  for (let m = 0; m < 2; m++) {
    const start = new Date(first.getFullYear(), first.getMonth() + m, 1);
    if (isoDate(start) > last) break;
    const days = new Date(start.getFullYear(), start.getMonth() + 1, 0).getDate();
    const cells: VNode[] = [];
    const lead = (start.getDay() - weekStart + 7) % 7;
    for (let i = 0; i < lead; i++) cells.push(h('View', { key: `pad${i}`, class: 'rw-cal-cell empty', ax: 'skip' }));
    for (let day = 1; day <= days; day++) {
      const date = isoDate(new Date(start.getFullYear(), start.getMonth(), day));
      const onSale = bookable(date, now);
      const isSel = date === selected;
      cells.push(
        h(
          'View',
          {
            key: date,
            desc: dayDesc(ctx, date),
            text: String(day),
            checkable: true,
            checked: isSel,
            selected: isSel,
            enabled: onSale ? undefined : false,
            clickable: onSale ? true : undefined,
            onTap: onSale ? () => pickDate(ctx, date) : undefined,
            class: `rw-cal-cell ${onSale ? '' : 'off'} ${isSel ? 'sel' : ''}`,
          },
          h('span', { class: 'rw-cal-num', ax: 'skip' }, String(day)),
          date === today ? h('span', { class: 'rw-cal-sub', ax: 'skip' }, ctx.t('Today')) : null,
        ),
      );
    }
    months.push(
      h(
        'LinearLayout',
        { key: `m${m}`, class: 'rw-cal-month' },
        h(
          'TextView',
          { class: 'rw-cal-month-title', id: 'month_title' },
          formatMonthYear(start.getFullYear(), start.getMonth(), ctx.locale),
        ),
        h('View', { class: 'rw-cal-grid', id: 'month_grid' }, cells),
      ),
    );
  }
  return Scaffold(ctx, {
    nav: 'back',
    title: ctx.t('Select date'),
    header: h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rw-cal-week', ax: 'skip' },
      [0, 1, 2, 3, 4, 5, 6].map((i) =>
        h('span', { key: i, class: 'rw-cal-wd' }, weekdayShort(ctx.locale, (i + weekStart) % 7)),
      ),
    ),
    body: h(
      'FrameLayout',
      { class: 'fill rw-screen' },
      ScrollList(
        { id: 'calendar_list', kind: 'scroll' },
        h(
          'TextView',
          { key: 'note', class: 'rw-cal-note', id: 'presale_note' },
          ctx.t('Tickets are on sale until {date}', { date: dayDesc(ctx, last) }),
        ),
        months,
      ),
    ),
  });
}
