/** Railway's main screen: the ticket search form, my orders and my passengers, on bottom tabs. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  CheckBox,
  Icon,
  IconButton,
  ScrollList,
  SectionHeader,
  Tabs,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { cityName, dateText, shortDate } from './format.ts';
import { formDate } from './model.ts';
import type { RailCtx } from './model.ts';
import { ordersTab } from './orders.ts';
import { openAddPassenger, passengerRows } from './passengers.ts';
import { runSearch } from './results.ts';

export function openStationPicker(ctx: RailCtx, which: 'from' | 'to'): void {
  ctx.ui.stationQuery = '';
  ctx.navigate('station', { which }, { activity: '.StationSelectActivity' });
  ctx.focus('station-search');
}

export function openDatePicker(ctx: RailCtx, target: 'form' | 'results'): void {
  ctx.navigate('date', { target }, { activity: '.DateSelectActivity' });
}

function stationRow(ctx: RailCtx): VNode {
  const form = ctx.data.form;
  const stationBox = (which: 'from' | 'to'): VNode =>
    h(
      'LinearLayout',
      {
        key: which,
        class: `rw-station-box ${which}`,
        id: `${which}_station_layout`,
        onTap: () => openStationPicker(ctx, which),
      },
      h('TextView', { class: 'rw-station-label' }, ctx.t(which === 'from' ? 'From' : 'To')),
      h('TextView', { id: `${which}_station`, class: 'rw-station-value' }, cityName(ctx, form[which])),
    );
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'rw-station-row' },
    stationBox('from'),
    IconButton({
      id: 'swap_stations',
      icon: 'swap',
      desc: ctx.t('Swap departure and arrival'),
      onTap: () => {
        [form.from, form.to] = [form.to, form.from];
      },
    }),
    stationBox('to'),
  );
}

function dateRow(ctx: RailCtx, date: string): VNode {
  const sd = shortDate(ctx, date);
  const relative = dateText(ctx, date, true).split(' · ')[1];
  return h(
    'LinearLayout',
    {
      id: 'travel_date',
      orientation: 'horizontal',
      class: 'rw-date-row',
      desc: `${ctx.t('Departure date')}: ${dateText(ctx, date)}`,
      onTap: () => openDatePicker(ctx, 'form'),
    },
    h('TextView', { id: 'travel_date_day', class: 'rw-date-day' }, sd.day),
    h(
      'TextView',
      { id: 'travel_date_weekday', class: 'rw-date-weekday' },
      relative ? `${sd.weekday} · ${relative}` : sd.weekday,
    ),
    h('View', { class: 'grow', ax: 'skip' }),
    Icon('chevron-right', { size: 20, class: 'muted' }),
  );
}

function searchCard(ctx: RailCtx): VNode {
  const form = ctx.data.form;
  const date = formDate(ctx.data, ctx.now());
  return h(
    'LinearLayout',
    { key: 'card', id: 'search_card', class: 'rw-card rw-search-card' },
    stationRow(ctx),
    h('View', { class: 'divider', ax: 'skip' }),
    dateRow(ctx, date),
    h('View', { class: 'divider', ax: 'skip' }),
    CheckBox({
      id: 'high_speed_only',
      text: ctx.t('High-speed trains only (G/D)'),
      checked: form.highSpeedOnly,
      onToggle: (v) => (form.highSpeedOnly = v),
    }),
    Button({
      id: 'search_button',
      text: ctx.t('Search trains'),
      class: 'rw-search-btn',
      onTap: () => runSearch(ctx, { from: form.from, to: form.to, date, highSpeedOnly: form.highSpeedOnly }),
    }),
  );
}

function searchHistory(ctx: RailCtx): VNode[] | null {
  const form = ctx.data.form;
  if (!ctx.data.searches.length) return null;
  return [
    h(
      'LinearLayout',
      { key: 'hist-head', orientation: 'horizontal', class: 'rw-hist-head' },
      SectionHeader(ctx.t('Recent searches')),
      h('View', { class: 'grow', ax: 'skip' }),
      Button({ id: 'clear_history', text: ctx.t('Clear'), variant: 'text', onTap: () => (ctx.data.searches = []) }),
    ),
    h(
      'LinearLayout',
      { key: 'hist', orientation: 'horizontal', class: 'rw-hist-chips', id: 'search_history' },
      ctx.data.searches.slice(0, 6).map((s, i) =>
        h(
          'TextView',
          {
            key: i,
            id: 'history_item',
            class: 'chip',
            onTap: () => {
              form.from = s.from;
              form.to = s.to;
            },
          },
          `${cityName(ctx, s.from)} → ${cityName(ctx, s.to)}`,
        ),
      ),
    ),
  ];
}

function searchTab(ctx: RailCtx): VNode {
  return ScrollList(
    { id: 'home_scroll', kind: 'scroll' },
    h(
      'View',
      { key: 'banner', class: 'rw-banner', ax: 'skip' },
      h('span', { class: 'rw-banner-text' }, ctx.t('Travel by train across China')),
    ),
    searchCard(ctx),
    searchHistory(ctx),
    h(
      'LinearLayout',
      { key: 'tips', class: 'rw-card rw-tips' },
      h('TextView', { class: 'rw-tips-title' }, ctx.t('Travel tips')),
      h(
        'TextView',
        { class: 'rw-tips-text' },
        ctx.t('Tickets go on sale 15 days before departure. Bring the ID card you booked with.'),
      ),
    ),
  );
}

function meTab(ctx: RailCtx): VNode {
  const holder = ctx.data.passengers[0];
  return ScrollList(
    { id: 'me_scroll', kind: 'scroll' },
    holder
      ? h(
          'LinearLayout',
          { key: 'profile', orientation: 'horizontal', class: 'rw-profile' },
          h('View', { class: 'rw-avatar', ax: 'skip' }, holder.name.slice(0, 1)),
          h(
            'LinearLayout',
            { class: 'grow' },
            h('TextView', { id: 'account_name', class: 'rw-profile-name' }, holder.name),
            h(
              'TextView',
              { id: 'account_phone', class: 'rw-profile-phone' },
              `${holder.phone.slice(0, 3)}****${holder.phone.slice(7)}`,
            ),
          ),
        )
      : null,
    SectionHeader(ctx.t('Passengers'), 'passengers_header'),
    passengerRows(ctx),
    h(
      'LinearLayout',
      { key: 'add', class: 'rw-pad-row' },
      Button({
        id: 'add_passenger',
        text: ctx.t('Add passenger'),
        variant: 'outlined',
        onTap: () => openAddPassenger(ctx, false),
      }),
    ),
  );
}

const TITLES = { home: 'Railway', orders: 'My orders', me: 'Me' } as const;

export function mainScreen(ctx: RailCtx): VNode {
  const tab = ctx.ui.tab;
  const body = tab === 'home' ? searchTab(ctx) : tab === 'orders' ? ordersTab(ctx) : meTab(ctx);
  return h(
    'LinearLayout',
    { class: 'fill rw-screen' },
    Toolbar(ctx, { title: ctx.t(TITLES[tab]), class: tab === 'home' ? 'rw-toolbar' : '' }),
    h('FrameLayout', { class: 'grow body', id: 'main_content' }, body),
    Tabs(
      [
        {
          text: ctx.t('Tickets'),
          icon: 'train',
          id: 'tab_tickets',
          selected: tab === 'home',
          onTap: () => (ctx.ui.tab = 'home'),
        },
        {
          text: ctx.t('Orders'),
          icon: 'note',
          id: 'tab_orders',
          selected: tab === 'orders',
          onTap: () => (ctx.ui.tab = 'orders'),
        },
        { text: ctx.t('Me'), icon: 'person', id: 'tab_me', selected: tab === 'me', onTap: () => (ctx.ui.tab = 'me') },
      ],
      'bottom',
      'bottom_navigation',
    ),
  );
}
