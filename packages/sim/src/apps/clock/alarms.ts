/**
 * Clock's Alarm tab: alarm cards (collapsed / expanded, with the resource ids of the platform
 * DeskClock), the add-alarm flow through the time picker, the label dialog and the ringtone
 * screen.
 */
import { DAY_CODES, formatTime, weekdayLetter, weekdayLong, weekdayShort } from '../../phone/page/i18n.ts';
import type { DayCode } from '../../phone/page/i18n.ts';
import { TimePickerDialog, timePickerData } from '../../phone/page/pickers.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  CheckBox,
  Dialog,
  EditText,
  EmptyState,
  Fab,
  Icon,
  IconButton,
  RadioButton,
  Scaffold,
  ScrollList,
  Switch,
} from '../../phone/page/widgets.ts';
import { RINGTONES, minutesUntil } from './model.ts';
import type { Alarm, ClockCtx } from './model.ts';

/** Week order as the locale shows it: Sunday first in English, Monday first in Chinese. */
function weekOrder(ctx: ClockCtx): number[] {
  return ctx.locale === 'zh' ? [1, 2, 3, 4, 5, 6, 0] : [0, 1, 2, 3, 4, 5, 6];
}

export function ringtoneLabel(ctx: ClockCtx, ringtone: string): string {
  if (ringtone === 'Default') return ctx.t('Default (Cesium)');
  if (ringtone === 'Silent') return ctx.t('Silent');
  return ringtone;
}

function daysSummary(ctx: ClockCtx, alarm: Alarm): string {
  if (alarm.repeat.length === 7) return ctx.t('Every day');
  if (alarm.repeat.length > 0) {
    return weekOrder(ctx)
      .filter((d) => alarm.repeat.includes(DAY_CODES[d] as DayCode))
      .map((d) => weekdayShort(ctx.locale, d))
      .join(ctx.locale === 'zh' ? '、' : ', ');
  }
  if (!alarm.enabled) return ctx.t('Not scheduled');
  const now = new Date(ctx.now());
  return alarm.hour * 60 + alarm.minute > now.getHours() * 60 + now.getMinutes() ? ctx.t('Today') : ctx.t('Tomorrow');
}

export function alarmSetToast(ctx: ClockCtx, alarm: Alarm): void {
  const minutes = minutesUntil(alarm, new Date(ctx.now()));
  const d = Math.floor(minutes / 1440);
  const hrs = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) ctx.toast(ctx.t('Alarm set for {d} days and {h} hours from now.', { d, h: hrs }));
  else if (hrs > 0) ctx.toast(ctx.t('Alarm set for {h} hours and {m} minutes from now.', { h: hrs, m }));
  else ctx.toast(ctx.t('Alarm set for {m} minutes from now.', { m }));
}

function alarmTime(ctx: ClockCtx, alarm: Alarm): VNode {
  const text = formatTime(alarm.hour, alarm.minute, { locale: ctx.locale, is24Hour: ctx.is24Hour });
  return h(
    'TextView',
    {
      id: 'digital_clock',
      class: `alarm-time ${alarm.enabled ? '' : 'off'}`,
      onTap: () =>
        ctx.openDialog('time', timePickerData(alarm.hour, alarm.minute, { purpose: 'edit', alarmId: alarm.id })),
    },
    text,
  );
}

function dayButtons(ctx: ClockCtx, alarm: Alarm): VNode {
  return h(
    'LinearLayout',
    { id: 'repeat_days', orientation: 'horizontal', class: 'day-row' },
    weekOrder(ctx).map((d) => {
      const code = DAY_CODES[d] as DayCode;
      const on = alarm.repeat.includes(code);
      return h(
        'ToggleButton',
        {
          key: code,
          id: `day_button_${d}`,
          desc: weekdayLong(ctx.locale, d),
          text: weekdayLetter(ctx.locale, d),
          checkable: true,
          checked: on,
          clickable: true,
          class: `day-btn ${on ? 'on' : ''}`,
          onTap: () => {
            alarm.repeat = on
              ? alarm.repeat.filter((c) => c !== code)
              : DAY_CODES.filter((c) => c === code || alarm.repeat.includes(c));
          },
        },
        weekdayLetter(ctx.locale, d),
      );
    }),
  );
}

function alarmCard(ctx: ClockCtx, alarm: Alarm): VNode {
  const expanded = ctx.ui.expanded === alarm.id;
  const toggle = (): void => {
    ctx.ui.expanded = expanded ? null : alarm.id;
  };
  const onoff = Switch({
    id: 'onoff',
    checked: alarm.enabled,
    onToggle: (on) => {
      alarm.enabled = on;
      if (on) alarmSetToast(ctx, alarm);
    },
  });
  const header = h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'alarm-head' },
    h(
      'LinearLayout',
      { class: 'grow' },
      alarm.label && !expanded ? h('TextView', { id: 'label', class: 'alarm-label' }, alarm.label) : null,
      alarmTime(ctx, alarm),
    ),
    onoff,
  );
  if (!expanded) {
    return h(
      'FrameLayout',
      { key: alarm.id, id: 'alarm_item', class: 'alarm-card', onTap: toggle },
      header,
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'alarm-foot' },
        h('TextView', { id: 'days_of_week', class: 'grow alarm-days' }, daysSummary(ctx, alarm)),
        IconButton({ id: 'arrow', icon: 'chevron-down', desc: ctx.t('Expand alarm'), onTap: toggle }),
      ),
    );
  }
  return h(
    'FrameLayout',
    { key: alarm.id, id: 'alarm_item', class: 'alarm-card expanded' },
    header,
    h(
      'LinearLayout',
      { class: 'alarm-body' },
      h(
        'TextView',
        {
          id: 'edit_label',
          class: `alarm-row ${alarm.label ? '' : 'hint'}`,
          onTap: () => {
            ctx.openDialog('label', { alarmId: alarm.id, draft: alarm.label });
            ctx.focus('label');
          },
        },
        alarm.label || ctx.t('Add label'),
      ),
      CheckBox({
        id: 'repeat_onoff',
        text: ctx.t('Repeat'),
        checked: alarm.repeat.length > 0,
        onToggle: (on) => {
          alarm.repeat = on ? [...DAY_CODES] : [];
        },
      }),
      dayButtons(ctx, alarm),
      h(
        'LinearLayout',
        {
          id: 'choose_ringtone',
          orientation: 'horizontal',
          class: 'alarm-row ringtone',
          onTap: () =>
            ctx.navigate(
              'ringtone',
              { alarmId: alarm.id },
              { activity: 'com.android.deskclock.ringtone.RingtonePickerActivity' },
            ),
        },
        Icon('bell', { size: 20 }),
        h('TextView', { class: 'grow' }, ringtoneLabel(ctx, alarm.ringtone)),
      ),
      CheckBox({
        id: 'vibrate_onoff',
        text: ctx.t('Vibrate'),
        checked: alarm.vibrate,
        onToggle: (on) => (alarm.vibrate = on),
      }),
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'alarm-foot' },
        h(
          'Button',
          {
            id: 'delete',
            class: 'btn btn-text delete',
            clickable: true,
            onTap: () => {
              ctx.data.alarms = ctx.data.alarms.filter((a) => a.id !== alarm.id);
              ctx.ui.expanded = null;
              ctx.toast(ctx.t('Alarm deleted'));
            },
          },
          ctx.t('Delete'),
        ),
        h('View', { class: 'grow', ax: 'skip' }),
        IconButton({ id: 'arrow', icon: 'chevron-up', desc: ctx.t('Collapse alarm'), onTap: toggle }),
      ),
    ),
  );
}

export function alarmTab(ctx: ClockCtx): VNode {
  const alarms = [...ctx.data.alarms].sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute) || a.id - b.id);
  return h(
    'FrameLayout',
    { class: 'fill' },
    alarms.length
      ? ScrollList(
          { id: 'alarm_recycler_view' },
          alarms.map((alarm) => alarmCard(ctx, alarm)),
        )
      : EmptyState('alarm', ctx.t('No alarms'), 'alarms_empty_view'),
    Fab({
      id: 'fab',
      icon: 'add',
      desc: ctx.t('Add alarm'),
      onTap: () => {
        const now = new Date(ctx.now());
        ctx.openDialog('time', timePickerData(now.getHours(), now.getMinutes(), { purpose: 'new' }));
      },
    }),
  );
}

/** Creates an alarm (from the picker or an intent) and expands its card. */
export function addAlarm(ctx: ClockCtx, fields: Partial<Alarm> & { hour: number; minute: number }): Alarm {
  const alarm: Alarm = {
    id: ctx.data.nextAlarmId++,
    label: '',
    enabled: true,
    repeat: [],
    vibrate: false,
    ringtone: 'Default',
    ...fields,
  };
  ctx.data.alarms.push(alarm);
  ctx.ui.tab = 'alarm';
  ctx.ui.expanded = alarm.id;
  alarmSetToast(ctx, alarm);
  return alarm;
}

export function timeDialog(ctx: ClockCtx, dialog: DialogState): VNode {
  return TimePickerDialog(ctx, dialog, {
    onOk: (hour, minute) => {
      if (dialog.data.purpose === 'edit') {
        const alarm = ctx.data.alarms.find((a) => a.id === dialog.data.alarmId);
        if (!alarm) return;
        alarm.hour = hour;
        alarm.minute = minute;
        alarm.enabled = true;
        alarmSetToast(ctx, alarm);
      } else {
        addAlarm(ctx, { hour, minute });
      }
    },
  });
}

export function labelDialog(ctx: ClockCtx, dialog: DialogState): VNode {
  const data = dialog.data as { alarmId: number; draft: string };
  const save = (): void => {
    const alarm = ctx.data.alarms.find((a) => a.id === data.alarmId);
    if (alarm) alarm.label = data.draft.trim();
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('Label'),
    body: EditText(ctx, {
      field: 'label',
      id: 'label_input_field',
      value: data.draft,
      hint: ctx.t('Label'),
      look: 'underline',
      onChange: (v) => (data.draft = v),
      onSubmit: save,
    }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: { text: ctx.t('OK'), onTap: save },
  });
}

export function ringtoneScreen(ctx: ClockCtx): VNode {
  const alarm = ctx.data.alarms.find((a) => a.id === ctx.route.params?.alarmId);
  return Scaffold(ctx, {
    title: ctx.t('Alarm sound'),
    nav: 'back',
    body: ScrollList(
      { id: 'ringtone_content' },
      RINGTONES.map((name) =>
        RadioButton({
          key: name,
          id: 'ringtone_item',
          text: ringtoneLabel(ctx, name),
          checked: alarm?.ringtone === name,
          onSelect: () => {
            if (alarm) alarm.ringtone = name;
            ctx.back();
          },
        }),
      ),
    ),
  });
}
