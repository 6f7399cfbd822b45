/**
 * Calendar (com.android.calendar/.AllInOneActivity): month, day and schedule views; events
 * with title, dates, times, all-day, repeat, location, description and a reminder; the
 * INSERT / EDIT / VIEW intents of the calendar provider.
 */
import { isoDate } from '../../phone/page/i18n.ts';
import { defineApp } from '../../phone/page/types.ts';
import type { LaunchRequest, Route } from '../../phone/page/types.ts';
import { CALENDAR_CSS } from './calendar-css.ts';
import { editScreen, editorDialogs } from './editor.ts';
import { REPEATS, fromMinutes, initialCalendarData, monthStart, newDraft } from './model.ts';
import type { CalCtx, CalendarData, CalendarUi, Repeat } from './model.ts';
import { CALENDAR_STRINGS } from './strings.ts';
import { deleteDialog, eventScreen, mainScreen, viewsDialog } from './views.ts';

const EDIT: Route = { screen: 'edit', activity: '.event.EditEventActivity' };

function num(request: LaunchRequest, key: string): number | undefined {
  const value = request.extras?.[key];
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function str(request: LaunchRequest, key: string): string | undefined {
  const value = request.extras?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** CalendarContract's insert extras → a prefilled draft. */
function draftFromIntent(ctx: CalCtx, request: LaunchRequest): void {
  const begin = num(request, 'beginTime');
  const start = begin !== undefined ? new Date(begin) : undefined;
  const draft = newDraft(ctx, start ? isoDate(start) : ctx.ui.selected);
  if (start) {
    draft.start = fromMinutes(start.getHours() * 60 + start.getMinutes());
    const endMs = num(request, 'endTime') ?? begin! + 3600_000;
    const end = new Date(endMs);
    draft.endDate = isoDate(end);
    draft.end = fromMinutes(end.getHours() * 60 + end.getMinutes());
  }
  draft.title = str(request, 'title') ?? '';
  draft.location = str(request, 'eventLocation') ?? '';
  draft.description = str(request, 'description') ?? '';
  const allDay = request.extras?.allDay;
  draft.allDay = allDay === true || allDay === 'true';
  const rrule = str(request, 'rrule') ?? '';
  const freq = /FREQ=(\w+)/.exec(rrule)?.[1]?.toLowerCase();
  if (freq && (REPEATS as readonly string[]).includes(freq)) draft.repeat = freq as Repeat;
  ctx.ui.draft = draft;
}

export const calendarApp = defineApp<CalendarData, CalendarUi>({
  packageName: 'com.android.calendar',
  icon: { bg: '#4285f4', fg: '#ffffff', glyph: 'calendar' },
  strings: CALENDAR_STRINGS,
  css: CALENDAR_CSS,
  initialData: initialCalendarData,
  initialUi: () => ({ view: 'month', selected: '2025-06-02', month: '2025-06-01', draft: null }),
  launch(ctx, request, resuming): Route[] | null {
    const data = request.data ?? '';
    const main: Route = { screen: 'main' };
    if (!resuming) {
      ctx.ui.selected = isoDate(new Date(ctx.now()));
      ctx.ui.month = monthStart(ctx.ui.selected);
    }
    if (request.action === 'android.intent.action.INSERT' || request.activity.endsWith('EditEventActivity')) {
      draftFromIntent(ctx, request);
      return [main, EDIT];
    }
    const time = /calendar\/time\/(\d+)/.exec(data)?.[1];
    if (time) {
      ctx.ui.selected = isoDate(new Date(Number(time)));
      ctx.ui.month = monthStart(ctx.ui.selected);
      ctx.ui.view = 'day';
      return [main];
    }
    const eventId = /calendar\/events\/(\d+)/.exec(data)?.[1];
    if (eventId && ctx.data.events.some((e) => e.id === Number(eventId))) {
      return [main, { screen: 'event', params: { id: Number(eventId) }, activity: '.EventInfoActivity' }];
    }
    return resuming ? null : [main];
  },
  screens: { main: mainScreen, edit: editScreen, event: eventScreen },
  dialogs: { views: viewsDialog, delete: deleteDialog, ...editorDialogs },
  onBack(ctx) {
    if (ctx.route.screen === 'edit') ctx.ui.draft = null;
    return false;
  },
  publicState: (data) => ({ events: data.events.map((e) => ({ ...e })) }),
});
