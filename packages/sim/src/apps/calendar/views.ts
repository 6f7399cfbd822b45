/** Calendar's main screen (month, day and schedule views) and the event details screen. */
import {
  formatDateLong,
  formatDateMedium,
  formatMonthYear,
  formatTime,
  isoDate,
  parseIsoDate,
  weekdayShort,
} from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Dialog,
  EmptyState,
  Fab,
  Icon,
  IconButton,
  RadioButton,
  Scaffold,
  ScrollList,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { addDays, addMonths, eventsOn, layoutDay, monthStart, newDraft, toMinutes } from './model.ts';
import type { CalCtx, CalendarEvent } from './model.ts';

const HOUR_DP = 64;
/** The day view's event lane: right of the hour labels, with a margin at the right edge. */
const LANE_LEFT_DP = 72;
const LANE_RIGHT_DP = 12;

function today(ctx: CalCtx): string {
  return isoDate(new Date(ctx.now()));
}

export function eventTimeText(ctx: CalCtx, event: CalendarEvent): string {
  if (event.allDay) return ctx.t('All-day');
  const fmt = (hhmm: string | null): string => {
    const m = toMinutes(hhmm);
    return formatTime(Math.floor(m / 60), m % 60, { locale: ctx.locale, is24Hour: ctx.is24Hour });
  };
  return `${fmt(event.start)} – ${fmt(event.end)}`;
}

function openEvent(ctx: CalCtx, event: CalendarEvent, date: string): void {
  ctx.navigate('event', { id: event.id, date }, { activity: '.EventInfoActivity' });
}

function createOn(ctx: CalCtx, date: string): void {
  ctx.ui.draft = newDraft(ctx, date);
  ctx.navigate('edit', undefined, { activity: '.event.EditEventActivity' });
  // A new event starts with the title field focused and the keyboard up.
  ctx.focus('title');
}

function monthView(ctx: CalCtx): VNode {
  const first = parseIsoDate(ctx.ui.month);
  const weekStart = ctx.locale === 'zh' ? 1 : 0;
  const lead = (first.getDay() - weekStart + 7) % 7;
  const gridStart = addDays(ctx.ui.month, -lead);
  const now = today(ctx);
  const order = [0, 1, 2, 3, 4, 5, 6].map((i) => (i + weekStart) % 7);
  const rows: VNode[] = [];
  for (let week = 0; week < 6; week++) {
    const cells: VNode[] = [];
    for (let i = 0; i < 7; i++) {
      const date = addDays(gridStart, week * 7 + i);
      const d = parseIsoDate(date);
      const events = eventsOn(ctx.data, date);
      const inMonth = d.getMonth() === first.getMonth();
      const count =
        events.length === 0
          ? ''
          : events.length === 1
            ? `, ${ctx.t('1 event')}`
            : `, ${ctx.t('{n} events', { n: events.length })}`;
      cells.push(
        h(
          'LinearLayout',
          {
            key: date,
            id: 'month_day',
            desc: `${formatDateLong(d, ctx.locale)}${count}`,
            class: `mday ${inMonth ? '' : 'other'} ${date === ctx.ui.selected ? 'sel' : ''}`,
            selected: date === ctx.ui.selected,
            onTap: () => {
              ctx.ui.selected = date;
              ctx.ui.view = 'day';
            },
          },
          h('TextView', { class: `mday-num ${date === now ? 'today' : ''}`, ax: 'skip' }, String(d.getDate())),
          events
            .slice(0, 2)
            .map((e) =>
              h('TextView', { key: e.id, class: `mday-chip ${e.allDay ? 'allday' : ''}`, ax: 'skip' }, e.title),
            ),
          events.length > 2 ? h('TextView', { class: 'mday-more', ax: 'skip' }, `+${events.length - 2}`) : null,
        ),
      );
    }
    rows.push(h('LinearLayout', { key: week, orientation: 'horizontal', class: 'mweek', ax: 'flatten' }, cells));
  }
  return h(
    'LinearLayout',
    {
      class: 'fill month',
      id: 'month_view',
      onSwipe: (dir) =>
        dir === 'left'
          ? (ctx.ui.month = addMonths(ctx.ui.month, 1))
          : dir === 'right'
            ? (ctx.ui.month = addMonths(ctx.ui.month, -1))
            : undefined,
    },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'month-nav' },
      IconButton({
        id: 'prev',
        icon: 'chevron-left',
        desc: ctx.t('Previous month'),
        onTap: () => (ctx.ui.month = addMonths(ctx.ui.month, -1)),
      }),
      h(
        'TextView',
        { id: 'month_title', class: 'grow month-title' },
        formatMonthYear(first.getFullYear(), first.getMonth(), ctx.locale),
      ),
      IconButton({
        id: 'next',
        icon: 'chevron-right',
        desc: ctx.t('Next month'),
        onTap: () => (ctx.ui.month = addMonths(ctx.ui.month, 1)),
      }),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mweek-head', ax: 'skip' },
      order.map((day) => h('span', { key: day, class: 'mhead' }, weekdayShort(ctx.locale, day))),
    ),
    h('LinearLayout', { class: 'grow mgrid', id: 'month_grid' }, rows),
  );
}

function dayView(ctx: CalCtx): VNode {
  const date = ctx.ui.selected;
  const d = parseIsoDate(date);
  const events = eventsOn(ctx.data, date);
  const allDay = events.filter((e) => e.allDay);
  const hours: VNode[] = [];
  for (let hour = 0; hour < 24; hour++) {
    hours.push(
      h(
        'View',
        { key: `h${hour}`, class: 'hour-row', ax: 'skip', style: `top:${hour * HOUR_DP}dp` },
        h(
          'span',
          { class: 'hour-label' },
          hour === 0 ? '' : formatTime(hour, 0, { locale: ctx.locale, is24Hour: ctx.is24Hour }),
        ),
      ),
    );
  }
  // Overlapping events share the width: column c of n starts at c/n of the lane.
  const blocks = layoutDay(events, date).map(({ event: e, start, end, column, columns }) => {
    const lane = `(100% - ${LANE_LEFT_DP + LANE_RIGHT_DP}dp)`;
    return h(
      'LinearLayout',
      {
        key: e.id,
        id: 'event_block',
        desc: `${e.title}, ${eventTimeText(ctx, e)}${e.location ? `, ${e.location}` : ''}`,
        class: 'event-block',
        style:
          `top:${(start / 60) * HOUR_DP}dp;height:${((end - start) / 60) * HOUR_DP - 2}dp;` +
          `left:calc(${LANE_LEFT_DP}dp + ${lane} * ${column / columns});width:calc(${lane} / ${columns} - 2dp)`,
        onTap: () => openEvent(ctx, e, date),
      },
      h('TextView', { class: 'eb-title', ax: 'skip' }, e.title || ctx.t('(No title)')),
      h('TextView', { class: 'eb-time', ax: 'skip' }, eventTimeText(ctx, e)),
    );
  });
  return h(
    'LinearLayout',
    {
      class: 'fill dayview',
      onSwipe: (dir) =>
        dir === 'left'
          ? (ctx.ui.selected = addDays(date, 1))
          : dir === 'right'
            ? (ctx.ui.selected = addDays(date, -1))
            : undefined,
    },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'month-nav' },
      IconButton({
        id: 'prev',
        icon: 'chevron-left',
        desc: ctx.t('Previous day'),
        onTap: () => (ctx.ui.selected = addDays(date, -1)),
      }),
      h(
        'TextView',
        { id: 'day_title', class: `grow month-title ${date === today(ctx) ? 'is-today' : ''}` },
        formatDateLong(d, ctx.locale),
      ),
      IconButton({
        id: 'next',
        icon: 'chevron-right',
        desc: ctx.t('Next day'),
        onTap: () => (ctx.ui.selected = addDays(date, 1)),
      }),
    ),
    allDay.length
      ? h(
          'LinearLayout',
          { class: 'allday-row', id: 'all_day_events' },
          allDay.map((e) =>
            h(
              'TextView',
              {
                key: e.id,
                id: 'event_block',
                class: 'allday-chip',
                desc: `${e.title}, ${ctx.t('All-day')}`,
                onTap: () => openEvent(ctx, e, date),
              },
              e.title,
            ),
          ),
        )
      : null,
    h(
      'ScrollView',
      { id: 'day_view', scroll: 'v', class: 'grow timeline-scroll', key: date, initialScroll: 7 * HOUR_DP },
      h(
        'FrameLayout',
        { class: 'timeline', style: `height:${24 * HOUR_DP}dp`, onLongPress: () => createOn(ctx, date) },
        hours,
        blocks,
      ),
    ),
  );
}

function scheduleView(ctx: CalCtx): VNode {
  const rows: VNode[] = [];
  for (let i = 0; i < 45; i++) {
    const date = addDays(ctx.ui.selected, i);
    const events = eventsOn(ctx.data, date);
    if (events.length === 0) continue;
    const d = parseIsoDate(date);
    rows.push(
      h('TextView', { key: `d${date}`, class: 'sched-date', id: 'date_header' }, formatDateMedium(d, ctx.locale)),
    );
    for (const e of events) {
      rows.push(
        h(
          'LinearLayout',
          {
            key: `${date}/${e.id}`,
            id: 'agenda_item',
            class: 'sched-item',
            desc: `${e.title}, ${formatDateLong(d, ctx.locale)}, ${eventTimeText(ctx, e)}`,
            onTap: () => openEvent(ctx, e, date),
          },
          h('TextView', { id: 'title', class: 'sched-title' }, e.title || ctx.t('(No title)')),
          h(
            'TextView',
            { id: 'when', class: 'sched-when' },
            eventTimeText(ctx, e) + (e.location ? ` · ${e.location}` : ''),
          ),
        ),
      );
    }
  }
  return rows.length
    ? ScrollList({ id: 'agenda_list' }, rows)
    : EmptyState('calendar', ctx.t('No events'), 'agenda_empty');
}

export function mainScreen(ctx: CalCtx): VNode {
  const view = ctx.ui.view;
  const body = view === 'month' ? monthView(ctx) : view === 'day' ? dayView(ctx) : scheduleView(ctx);
  const sel = parseIsoDate(ctx.ui.selected);
  const title =
    view === 'month'
      ? formatMonthYear(parseIsoDate(ctx.ui.month).getFullYear(), parseIsoDate(ctx.ui.month).getMonth(), ctx.locale)
      : formatMonthYear(sel.getFullYear(), sel.getMonth(), ctx.locale);
  return h(
    'LinearLayout',
    { class: 'fill cal-app' },
    Toolbar(ctx, {
      title,
      nav: 'menu',
      navDesc: ctx.t('Change view'),
      onNav: () => ctx.openDialog('views'),
      actions: [
        IconButton({
          id: 'action_today',
          icon: 'today',
          desc: ctx.t('Jump to today'),
          onTap: () => {
            ctx.ui.selected = today(ctx);
            ctx.ui.month = monthStart(ctx.ui.selected);
          },
        }),
      ],
    }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      body,
      Fab({
        id: 'floating_action_button',
        icon: 'add',
        desc: ctx.t('Create new event'),
        onTap: () => createOn(ctx, ctx.ui.selected),
      }),
    ),
  );
}

export function viewsDialog(ctx: CalCtx, _dialog: DialogState): VNode {
  const choose = (view: 'day' | 'month' | 'schedule'): void => {
    ctx.ui.view = view;
    if (view === 'month') ctx.ui.month = monthStart(ctx.ui.selected);
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('Change view'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      RadioButton({
        key: 'd',
        id: 'day_view_item',
        text: ctx.t('Day'),
        checked: ctx.ui.view === 'day',
        onSelect: () => choose('day'),
      }),
      RadioButton({
        key: 'm',
        id: 'month_view_item',
        text: ctx.t('Month'),
        checked: ctx.ui.view === 'month',
        onSelect: () => choose('month'),
      }),
      RadioButton({
        key: 's',
        id: 'agenda_view_item',
        text: ctx.t('Schedule'),
        checked: ctx.ui.view === 'schedule',
        onSelect: () => choose('schedule'),
      }),
    ),
  });
}

export function eventScreen(ctx: CalCtx): VNode {
  const id = Number(ctx.route.params?.id);
  const event = ctx.data.events.find((e) => e.id === id);
  if (!event) return Scaffold(ctx, { nav: 'back', body: EmptyState('calendar', ctx.t('No events')) });
  const date = String(ctx.route.params?.date ?? event.date);
  const d = parseIsoDate(date);
  const repeatText = {
    none: '',
    daily: ctx.t('Every day'),
    weekly: ctx.t('Every week'),
    monthly: ctx.t('Every month'),
    yearly: ctx.t('Every year'),
  }[event.repeat];
  const row = (icon: string, text: string, id: string): VNode =>
    h(
      'LinearLayout',
      { key: id, orientation: 'horizontal', class: 'detail-row' },
      Icon(icon, { size: 22 }),
      h('TextView', { id, class: 'grow' }, text),
    );
  return Scaffold(ctx, {
    nav: 'close',
    actions: [
      IconButton({
        id: 'info_action_edit',
        icon: 'edit',
        desc: ctx.t('Edit'),
        onTap: () => (
          (ctx.ui.draft = { ...event }), ctx.navigate('edit', undefined, { activity: '.event.EditEventActivity' })
        ),
      }),
      IconButton({
        id: 'info_action_delete',
        icon: 'delete',
        desc: ctx.t('Delete'),
        onTap: () => ctx.openDialog('delete', { id: event.id }),
      }),
    ],
    body: ScrollList(
      { id: 'event_info_scroll_view', kind: 'scroll' },
      h('TextView', { key: 'title', id: 'title', class: 'detail-title' }, event.title || ctx.t('(No title)')),
      row('calendar', `${formatDateLong(d, ctx.locale)} · ${eventTimeText(ctx, event)}`, 'when_datetime'),
      repeatText ? row('repeat', repeatText, 'when_repeat') : null,
      event.location ? row('location', event.location, 'where') : null,
      event.description ? row('note', event.description, 'description') : null,
    ),
  });
}

export function deleteDialog(ctx: CalCtx, dialog: DialogState): VNode {
  return Dialog({
    message: ctx.t('Delete this event?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.events = ctx.data.events.filter((e) => e.id !== dialog.data.id);
        ctx.closeDialog();
        ctx.back();
        ctx.toast(ctx.t('Event deleted'));
      },
    },
  });
}
