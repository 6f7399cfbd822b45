/** Managing cities: the list (switch, remove) and the city search (add). */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Dialog, EditText, EmptyState, Fab, Icon, IconButton, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { POPULAR, cityById, searchCities } from './cities.ts';
import type { City } from './cities.ts';
import { cityWeather } from './model.ts';
import type { WeatherCtx } from './model.ts';
import { Glyph, cityName, deg, degNumber } from './view-helpers.ts';

export const SEARCH_ACTIVITY = '.CitySearchActivity';

export function openSearch(ctx: WeatherCtx): void {
  ctx.ui.search = '';
  ctx.navigate('search', undefined, { activity: SEARCH_ACTIVITY });
  ctx.focus('search');
}

function cityCard(ctx: WeatherCtx, city: City, index: number): VNode {
  const w = cityWeather(ctx.data.seed, city, ctx.now());
  const today = w.days[0];
  const name = cityName(ctx, city);
  const selected = city.id === ctx.data.current;
  return h(
    'LinearLayout',
    {
      key: city.id,
      id: 'city_item',
      orientation: 'horizontal',
      class: `city-card ${selected ? 'selected' : ''}`,
      selected,
      onTap: () => {
        ctx.data.current = city.id;
        ctx.back();
      },
      onLongPress: index === 0 ? undefined : () => ctx.openDialog('remove-city', { id: city.id }),
    },
    h(
      'LinearLayout',
      { class: 'grow' },
      h('TextView', { id: 'city_name', class: 'city-name' }, name),
      h(
        'TextView',
        { id: 'city_condition', class: 'city-sub' },
        index === 0 ? `${ctx.t('Current location')} · ${ctx.t(w.now.condition)}` : ctx.t(w.now.condition),
      ),
      today
        ? h(
            'TextView',
            { id: 'city_high_low', class: 'city-sub' },
            ctx.t('H:{high}° L:{low}°', { high: degNumber(ctx, today.high), low: degNumber(ctx, today.low) }),
          )
        : null,
    ),
    Glyph(w.now.condition, 40),
    h('TextView', { id: 'city_temp', class: 'city-temp' }, deg(ctx, w.now.temperature)),
    index === 0
      ? h(
          'View',
          { style: 'width:48dp;height:48dp;display:flex;align-items:center;justify-content:center', ax: 'skip' },
          Icon('location', { size: 20 }),
        )
      : IconButton({
          id: 'remove_city',
          icon: 'delete',
          desc: ctx.t('Remove {city}', { city: name }),
          onTap: () => ctx.openDialog('remove-city', { id: city.id }),
        }),
  );
}

export function citiesScreen(ctx: WeatherCtx): VNode {
  const cities = ctx.data.cities.map((id) => cityById(id)).filter((c): c is City => c !== undefined);
  return h(
    'LinearLayout',
    { class: 'fill wx-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Manage cities'),
      body: ScrollList(
        { id: 'city_list' },
        cities.map((city, i) => cityCard(ctx, city, i)),
      ),
      fab: Fab({ id: 'add_city', icon: 'add', desc: ctx.t('Add city'), onTap: () => openSearch(ctx) }),
    }),
  );
}

/** Adds (if new) and shows a city, back on the main screen. */
function choose(ctx: WeatherCtx, city: City): void {
  if (!ctx.data.cities.includes(city.id)) {
    ctx.data.cities.push(city.id);
    ctx.toast(ctx.t('{city} added', { city: cityName(ctx, city) }));
  }
  ctx.data.current = city.id;
  ctx.ui.search = '';
  ctx.back();
  if (ctx.stackDepth > 2) ctx.back();
}

function resultRow(ctx: WeatherCtx, city: City): VNode {
  const added = ctx.data.cities.includes(city.id);
  return h(
    'LinearLayout',
    {
      key: city.id,
      id: 'search_result',
      orientation: 'horizontal',
      class: 'result-row',
      onTap: () => choose(ctx, city),
    },
    Icon('location', { size: 22, class: 'muted' }),
    h(
      'LinearLayout',
      { class: 'grow' },
      h('TextView', { id: 'city_name', class: 'result-name' }, cityName(ctx, city)),
      h('TextView', { id: 'city_region', class: 'result-region' }, ctx.locale === 'zh' ? city.regionZh : city.regionEn),
    ),
    added ? h('TextView', { id: 'city_added', class: 'result-added' }, ctx.t('Added')) : null,
  );
}

export function searchScreen(ctx: WeatherCtx): VNode {
  const query = ctx.ui.search.trim();
  const results = query
    ? searchCities(query)
    : POPULAR.map((id) => cityById(id)).filter((c): c is City => c !== undefined);
  const body = results.length
    ? ScrollList(
        { id: 'search_results' },
        query ? null : h('TextView', { key: 'popular', class: 'section' }, ctx.t('Popular cities')),
        results.map((c) => resultRow(ctx, c)),
      )
    : EmptyState('search', ctx.t('No cities found'), 'empty_view');
  return h(
    'LinearLayout',
    { class: 'fill wx-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Add city'),
      header: h(
        'FrameLayout',
        { class: 'search-row' },
        EditText(ctx, {
          field: 'search',
          id: 'search_src_text',
          value: ctx.ui.search,
          hint: ctx.t('Search for a city'),
          onChange: (v) => (ctx.ui.search = v),
          onSubmit: () => {
            const first = query ? searchCities(query)[0] : undefined;
            if (first) choose(ctx, first);
          },
        }),
      ),
      body,
    }),
  );
}

export function removeCityDialog(ctx: WeatherCtx, dialog: DialogState): VNode {
  const city = cityById(String(dialog.data.id));
  const name = city ? cityName(ctx, city) : String(dialog.data.id);
  return Dialog({
    title: ctx.t('Remove city'),
    message: ctx.t('Remove {city} from your list?', { city: name }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Remove'),
      onTap: () => {
        ctx.data.cities = ctx.data.cities.filter((id) => id !== dialog.data.id);
        if (ctx.data.current === dialog.data.id) ctx.data.current = ctx.data.cities[0] ?? 'shanghai';
        ctx.closeDialog();
        ctx.toast(ctx.t('{city} removed', { city: name }));
      },
    },
  });
}
