/** Calendar's event editor (new and edit) and its pickers. */
import { formatDateMedium, formatTime, isoDate, parseIsoDate } from '../../phone/page/i18n.ts';
import { DatePickerDialog, TimePickerDialog, datePickerData, timePickerData } from '../../phone/page/pickers.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Dialog, EditText, Icon, RadioButton, ScrollList, Switch, Toolbar } from '../../phone/page/widgets.ts';
import { REMINDERS, REPEATS, fromMinutes, toMinutes } from './model.ts';
import type { CalCtx, EventDraft, Repeat } from './model.ts';

export function repeatLabel(ctx: CalCtx, repeat: Repeat): string {
  return ctx.t(
    { none: 'Does not repeat', daily: 'Every day', weekly: 'Every week', monthly: 'Every month', yearly: 'Every year' }[
      repeat
    ],
  );
}

export function reminderLabel(ctx: CalCtx, minutes: number | null): string {
  if (minutes === null) return ctx.t('No notification');
  if (minutes === 0) return ctx.t('At time of event');
  if (minutes === 60) return ctx.t('1 hour before');
  if (minutes === 1440) return ctx.t('1 day before');
  return ctx.t('{n} minutes before', { n: minutes });
}

function timeText(ctx: CalCtx, hhmm: string | null): string {
  const m = toMinutes(hhmm);
  return formatTime(Math.floor(m / 60), m % 60, { locale: ctx.locale, is24Hour: ctx.is24Hour });
}

/** Keeps the end after the start, as the platform editor does. */
function normalise(draft: EventDraft): void {
  if (draft.endDate < draft.date) draft.endDate = draft.date;
  if (!draft.allDay && draft.endDate === draft.date && toMinutes(draft.end) <= toMinutes(draft.start)) {
    const end = toMinutes(draft.start) + 60;
    if (end >= 24 * 60) {
      const start = parseIsoDate(draft.date);
      draft.endDate = isoDate(new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1));
    }
    draft.end = fromMinutes(end);
  }
}

function save(ctx: CalCtx): void {
  const draft = ctx.ui.draft;
  if (!draft) return;
  normalise(draft);
  const fields = {
    title: draft.title.trim(),
    date: draft.date,
    start: draft.allDay ? null : draft.start,
    endDate: draft.endDate,
    end: draft.allDay ? null : draft.end,
    allDay: draft.allDay,
    repeat: draft.repeat,
    location: draft.location.trim(),
    description: draft.description.trim(),
    reminderMinutes: draft.reminderMinutes,
  };
  if (draft.id === null) ctx.data.events.push({ id: ctx.data.nextId++, ...fields });
  else {
    const existing = ctx.data.events.find((e) => e.id === draft.id);
    if (existing) Object.assign(existing, fields);
  }
  ctx.ui.selected = draft.date;
  ctx.ui.month = `${draft.date.slice(0, 7)}-01`;
  ctx.ui.draft = null;
  ctx.toast(ctx.t('Event saved'));
  ctx.back();
}

function row(o: { id: string; icon?: string; text: string; onTap?: () => void; hint?: boolean; key?: string }): VNode {
  return h(
    'LinearLayout',
    { key: o.key ?? o.id, orientation: 'horizontal', class: 'edit-row' },
    h('View', { class: 'edit-icon', ax: 'skip' }, o.icon ? Icon(o.icon, { size: 22 }) : null),
    h('TextView', { id: o.id, class: `grow edit-value ${o.hint ? 'hint' : ''}`, onTap: o.onTap }, o.text),
  );
}

export function editScreen(ctx: CalCtx): VNode {
  const draft = ctx.ui.draft;
  if (!draft) return h('View', { class: 'fill' });
  const dateRow = (which: 'start' | 'end'): VNode => {
    const date = which === 'start' ? draft.date : draft.endDate;
    const time = which === 'start' ? draft.start : draft.end;
    return h(
      'LinearLayout',
      { key: which, orientation: 'horizontal', class: 'edit-row' },
      h('View', { class: 'edit-icon', ax: 'skip' }),
      h(
        'TextView',
        {
          id: `${which}_date`,
          class: 'grow edit-value',
          onTap: () => ctx.openDialog('date', datePickerData(parseIsoDate(date), { which })),
        },
        formatDateMedium(parseIsoDate(date), ctx.locale),
      ),
      draft.allDay
        ? null
        : h(
            'TextView',
            {
              id: `${which}_time`,
              class: 'edit-value time',
              onTap: () =>
                ctx.openDialog(
                  'time',
                  timePickerData(Math.floor(toMinutes(time) / 60), toMinutes(time) % 60, { which }),
                ),
            },
            timeText(ctx, time),
          ),
    );
  };
  return h(
    'LinearLayout',
    { class: 'fill cal-app' },
    Toolbar(ctx, {
      nav: 'close',
      navDesc: ctx.t('Close'),
      onNav: () => ((ctx.ui.draft = null), ctx.back()),
      title: draft.id === null ? ctx.t('New event') : ctx.t('Edit event'),
      actions: [Button({ id: 'action_done', text: ctx.t('Save'), onTap: () => save(ctx), class: 'save-btn' })],
    }),
    ScrollList(
      { id: 'edit_event_scroll', kind: 'scroll', class: 'editor' },
      h(
        'FrameLayout',
        { key: 'title', class: 'edit-title' },
        EditText(ctx, {
          field: 'title',
          id: 'title',
          value: draft.title,
          hint: ctx.t('Add title'),
          look: 'plain',
          class: 'title-input',
          onChange: (v) => (draft.title = v),
        }),
      ),
      h(
        'LinearLayout',
        {
          key: 'allday',
          orientation: 'horizontal',
          class: 'edit-row',
          onTap: () => ((draft.allDay = !draft.allDay), normalise(draft)),
        },
        h('View', { class: 'edit-icon', ax: 'skip' }, Icon('clock', { size: 22 })),
        h('TextView', { class: 'grow edit-value' }, ctx.t('All-day')),
        Switch({ id: 'is_all_day', checked: draft.allDay, onToggle: (v) => ((draft.allDay = v), normalise(draft)) }),
      ),
      dateRow('start'),
      dateRow('end'),
      row({ id: 'rrule', icon: 'repeat', text: repeatLabel(ctx, draft.repeat), onTap: () => ctx.openDialog('repeat') }),
      h(
        'LinearLayout',
        { key: 'loc', orientation: 'horizontal', class: 'edit-row' },
        h('View', { class: 'edit-icon', ax: 'skip' }, Icon('location', { size: 22 })),
        EditText(ctx, {
          field: 'location',
          id: 'location',
          value: draft.location,
          hint: ctx.t('Add location'),
          look: 'plain',
          class: 'grow',
          onChange: (v) => (draft.location = v),
        }),
      ),
      row({
        id: 'reminder',
        icon: 'bell',
        text: reminderLabel(ctx, draft.reminderMinutes),
        onTap: () => ctx.openDialog('reminder'),
      }),
      h(
        'LinearLayout',
        { key: 'desc', orientation: 'horizontal', class: 'edit-row' },
        h('View', { class: 'edit-icon', ax: 'skip' }, Icon('note', { size: 22 })),
        EditText(ctx, {
          field: 'description',
          id: 'description',
          value: draft.description,
          hint: ctx.t('Add description'),
          look: 'plain',
          multiline: true,
          class: 'grow',
          onChange: (v) => (draft.description = v),
        }),
      ),
    ),
  );
}

export const editorDialogs = {
  date: (ctx: CalCtx, dialog: DialogState): VNode =>
    DatePickerDialog(ctx, dialog, {
      onOk: (year, month, day) => {
        const draft = ctx.ui.draft;
        if (!draft) return;
        const picked = isoDate(new Date(year, month, day));
        if (dialog.data.which === 'start') {
          const span = Math.round(
            (parseIsoDate(draft.endDate).getTime() - parseIsoDate(draft.date).getTime()) / 86400000,
          );
          draft.date = picked;
          draft.endDate = isoDate(new Date(year, month, day + Math.max(0, span)));
        } else draft.endDate = picked;
        normalise(draft);
      },
    }),
  time: (ctx: CalCtx, dialog: DialogState): VNode =>
    TimePickerDialog(ctx, dialog, {
      onOk: (hour, minute) => {
        const draft = ctx.ui.draft;
        if (!draft) return;
        const value = fromMinutes(hour * 60 + minute);
        if (dialog.data.which === 'start') {
          const length = toMinutes(draft.end) - toMinutes(draft.start);
          draft.start = value;
          if (draft.endDate === draft.date)
            draft.end = fromMinutes(Math.min(23 * 60 + 59, hour * 60 + minute + Math.max(15, length)));
        } else draft.end = value;
        normalise(draft);
      },
    }),
  repeat: (ctx: CalCtx, _dialog: DialogState): VNode =>
    Dialog({
      title: ctx.t('Repeat'),
      body: h(
        'LinearLayout',
        { class: 'dialog-list' },
        REPEATS.map((r) =>
          RadioButton({
            key: r,
            text: repeatLabel(ctx, r),
            checked: ctx.ui.draft?.repeat === r,
            onSelect: () => {
              if (ctx.ui.draft) ctx.ui.draft.repeat = r;
              ctx.closeDialog();
            },
          }),
        ),
      ),
    }),
  reminder: (ctx: CalCtx, _dialog: DialogState): VNode =>
    Dialog({
      title: ctx.t('Notification'),
      body: h(
        'LinearLayout',
        { class: 'dialog-list' },
        REMINDERS.map((m) =>
          RadioButton({
            key: String(m),
            text: reminderLabel(ctx, m),
            checked: ctx.ui.draft?.reminderMinutes === m,
            onSelect: () => {
              if (ctx.ui.draft) ctx.ui.draft.reminderMinutes = m;
              ctx.closeDialog();
            },
          }),
        ),
      ),
    }),
};
