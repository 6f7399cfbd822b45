/**
 * Android's time and date picker dialogs (Material style): a clock dial with a keyboard mode,
 * and a month grid. Their state is the dialog's JSON data, so an open picker survives
 * snapshots. Ids follow the platform pickers (android:id/hours, android:id/radial_picker…).
 */
import { formatDateMedium, formatMonthYear, monthLong, pad2, periodLabel, weekdayLetter } from './i18n.ts';
import type { AppContext, DialogState } from './types.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';
import { Dialog, EditText, IconButton } from './widgets.ts';

export interface TimePickerData {
  hour: number;
  minute: number;
  mode: 'hour' | 'minute';
  input: 'dial' | 'keyboard';
  hourText?: string;
  minuteText?: string;
  error?: boolean;
  [key: string]: unknown;
}

/** Dialog data for a time picker starting at hour:minute (plus any app fields, e.g. a purpose). */
export function timePickerData(
  hour: number,
  minute: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...extra, hour, minute, mode: 'hour', input: 'dial' };
}

/** The time picker's own text in Chinese; every app that opens the picker adds it to its strings. */
export const TIME_PICKER_ZH: Readonly<Record<string, string>> = {
  'Select time': '选择时间',
  'Enter time': '输入时间',
  'Select hours': '选择小时',
  'Select minutes': '选择分钟',
  hour: '小时',
  minute: '分钟',
  'Enter a valid time': '请输入有效的时间',
  'Switch to text input mode for the time input.': '切换到文字输入模式来输入时间。',
  'Switch to clock mode for the time input.': '切换到时钟模式来输入时间。',
};

const DIAL = 256;
const OUTER = 104;
const INNER = 68;
const CELL = 44;

function dialNumber(o: {
  label: string;
  desc: string;
  angle: number;
  radius: number;
  selected: boolean;
  onTap: () => void;
  inner?: boolean;
  key: string;
}): VNode {
  const rad = (o.angle * Math.PI) / 180;
  const cx = DIAL / 2 + o.radius * Math.sin(rad) - CELL / 2;
  const cy = DIAL / 2 - o.radius * Math.cos(rad) - CELL / 2;
  return h(
    'View',
    {
      key: o.key,
      desc: o.desc,
      text: o.label,
      onTap: o.onTap,
      selected: o.selected,
      class: `dial-num ${o.selected ? 'sel' : ''} ${o.inner ? 'inner' : ''}`,
      style: `left:${cx.toFixed(2)}dp;top:${cy.toFixed(2)}dp`,
    },
    o.label,
  );
}

/** The hours:minutes header (tap to switch between the hour and minute dials) and AM/PM. */
function timeHeader(ctx: AppContext, d: TimePickerData): VNode {
  const is24 = ctx.is24Hour;
  const pm = d.hour >= 12;
  const setPm = (value: boolean): void => {
    d.hour = (d.hour % 12) + (value ? 12 : 0);
  };
  const period = (value: boolean): VNode =>
    h(
      'TextView',
      {
        id: value ? 'android:id/pm_label' : 'android:id/am_label',
        class: `tp-ap ${pm === value ? 'on' : ''}`,
        checkable: true,
        checked: pm === value,
        onTap: () => setPm(value),
      },
      periodLabel(ctx.locale, value),
    );
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'tp-header', id: 'android:id/time_header' },
    h(
      'TextView',
      {
        id: 'android:id/hours',
        class: `tp-big ${d.mode === 'hour' ? 'active' : ''}`,
        onTap: () => (d.mode = 'hour'),
        selected: d.mode === 'hour',
      },
      is24 ? pad2(d.hour) : String(d.hour % 12 === 0 ? 12 : d.hour % 12),
    ),
    h('TextView', { id: 'android:id/separator', class: 'tp-sep' }, ':'),
    h(
      'TextView',
      {
        id: 'android:id/minutes',
        class: `tp-big ${d.mode === 'minute' ? 'active' : ''}`,
        onTap: () => (d.mode = 'minute'),
        selected: d.mode === 'minute',
      },
      pad2(d.minute),
    ),
    is24 ? null : h('LinearLayout', { id: 'android:id/ampm_layout', class: 'tp-ampm' }, period(false), period(true)),
  );
}

/** The hour dial's numbers (two rings in 24-hour mode) and where its hand points. */
function hourNumbers(ctx: AppContext, d: TimePickerData): { numbers: VNode[]; angle: number; radius: number } {
  const numbers: VNode[] = [];
  let angle = 0;
  let radius = OUTER;
  for (let i = 0; i < 12; i++) {
    const value12 = i === 0 ? 12 : i;
    if (ctx.is24Hour) {
      const outer = i; // 0..11 on the outer ring (00 at the top)
      const inner = i + 12;
      const pick = (hour: number) => () => ((d.hour = hour), (d.mode = 'minute'));
      numbers.push(
        dialNumber({
          key: `o${i}`,
          label: i === 0 ? '00' : String(outer),
          desc: String(outer),
          angle: i * 30,
          radius: OUTER,
          selected: d.hour === outer,
          onTap: pick(outer),
        }),
        dialNumber({
          key: `i${i}`,
          label: String(inner),
          desc: String(inner),
          angle: i * 30,
          radius: INNER,
          inner: true,
          selected: d.hour === inner,
          onTap: pick(inner),
        }),
      );
      if (d.hour === outer || d.hour === inner) {
        angle = i * 30;
        radius = d.hour === inner ? INNER : OUTER;
      }
    } else {
      const selected = d.hour % 12 === i;
      numbers.push(
        dialNumber({
          key: `h${i}`,
          label: String(value12),
          desc: String(value12),
          angle: i * 30,
          radius: OUTER,
          selected,
          onTap: () => {
            d.hour = (value12 % 12) + (d.hour >= 12 ? 12 : 0);
            d.mode = 'minute';
          },
        }),
      );
      if (selected) angle = i * 30;
    }
  }
  return { numbers, angle, radius };
}

function dialPicker(ctx: AppContext, d: TimePickerData): VNode {
  let dial: { numbers: VNode[]; angle: number; radius: number };
  if (d.mode === 'hour') dial = hourNumbers(ctx, d);
  else {
    const numbers = Array.from({ length: 12 }, (_, i) =>
      dialNumber({
        key: `m${i}`,
        label: pad2(i * 5),
        desc: String(i * 5),
        angle: i * 30,
        radius: OUTER,
        selected: d.minute === i * 5,
        onTap: () => (d.minute = i * 5),
      }),
    );
    dial = { numbers, angle: d.minute * 6, radius: OUTER };
  }
  return h(
    'View',
    {
      id: 'android:id/radial_picker',
      class: 'dial',
      desc: d.mode === 'hour' ? ctx.t('Select hours') : ctx.t('Select minutes'),
    },
    h('span', { class: 'dial-center', ax: 'skip' }),
    h('span', { class: 'dial-hand', ax: 'skip', style: `height:${dial.radius}dp;transform:rotate(${dial.angle}deg)` }),
    dial.numbers,
  );
}

function keyboardPicker(ctx: AppContext, d: TimePickerData): VNode {
  const is24 = ctx.is24Hour;
  const hourText = d.hourText ?? (is24 ? pad2(d.hour) : String(d.hour % 12 === 0 ? 12 : d.hour % 12));
  const minuteText = d.minuteText ?? pad2(d.minute);
  const column = (field: 'hour' | 'minute', value: string): VNode =>
    h(
      'LinearLayout',
      { class: 'tp-input-col' },
      EditText(ctx, {
        field: `tp-${field}`,
        id: `android:id/input_${field}`,
        value,
        inputType: 'number',
        maxLength: 2,
        onChange: (v) => {
          if (field === 'hour') d.hourText = v;
          else d.minuteText = v;
          d.error = false;
        },
        class: 'tp-input',
      }),
      h(
        'TextView',
        { class: 'tp-input-label', id: field === 'hour' ? 'android:id/top_label' : 'android:id/bottom_label' },
        ctx.t(field),
      ),
    );
  return h(
    'LinearLayout',
    { class: 'tp-inputs', id: 'android:id/input_mode' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'tp-input-row' },
      column('hour', hourText),
      h('TextView', { class: 'tp-sep small' }, ':'),
      column('minute', minuteText),
    ),
    d.error ? h('TextView', { class: 'tp-error', id: 'android:id/label_error' }, ctx.t('Enter a valid time')) : null,
  );
}

/** OK: in keyboard mode the typed time must be valid (else the error shows and the dialog stays). */
function commitTime(ctx: AppContext, d: TimePickerData, onOk: (hour: number, minute: number) => void): void {
  const is24 = ctx.is24Hour;
  if (d.input === 'keyboard') {
    const hour = Number(d.hourText ?? NaN);
    const minute = Number(d.minuteText ?? NaN);
    const hourText = d.hourText;
    const validHour = hourText === undefined ? true : is24 ? hour >= 0 && hour <= 23 : hour >= 1 && hour <= 12;
    const validMinute = d.minuteText === undefined ? true : minute >= 0 && minute <= 59;
    if (!validHour || !validMinute || (hourText !== undefined && hourText === '') || d.minuteText === '') {
      d.error = true;
      return;
    }
    if (hourText !== undefined) d.hour = is24 ? hour : (hour % 12) + (d.hour >= 12 ? 12 : 0);
    if (d.minuteText !== undefined) d.minute = minute;
  }
  ctx.closeDialog();
  onOk(d.hour, d.minute);
}

export function TimePickerDialog(
  ctx: AppContext,
  dialog: DialogState,
  o: { onOk: (hour: number, minute: number) => void; title?: string },
): VNode {
  const d = dialog.data as TimePickerData;
  return withToggle(
    ctx,
    d,
    Dialog({
      class: 'time-picker',
      body: h(
        'LinearLayout',
        { class: 'tp', id: 'android:id/timePicker' },
        h(
          'TextView',
          { class: 'tp-title', id: 'android:id/title' },
          o.title ?? (d.input === 'dial' ? ctx.t('Select time') : ctx.t('Enter time')),
        ),
        timeHeader(ctx, d),
        d.input === 'dial' ? dialPicker(ctx, d) : keyboardPicker(ctx, d),
      ),
      negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
      positive: { text: ctx.t('OK'), onTap: () => commitTime(ctx, d, o.onOk) },
    }),
  );
}

/** Puts the keyboard/dial toggle at the start of the button bar, as the platform picker does. */
function withToggle(ctx: AppContext, d: TimePickerData, dialog: VNode): VNode {
  const buttons = dialog.children.find((child) => child.props.id === 'android:id/buttonPanel');
  if (buttons) {
    buttons.children.unshift(
      IconButton({
        id: 'android:id/toggle_mode',
        icon: d.input === 'dial' ? 'keyboard' : 'clock',
        desc:
          d.input === 'dial'
            ? ctx.t('Switch to text input mode for the time input.')
            : ctx.t('Switch to clock mode for the time input.'),
        onTap: () => {
          d.input = d.input === 'dial' ? 'keyboard' : 'dial';
          d.hourText = undefined;
          d.minuteText = undefined;
          d.error = false;
          if (d.input === 'keyboard') ctx.focus('tp-hour');
          else ctx.blur();
        },
      }),
    );
  }
  return dialog;
}

export interface DatePickerData {
  year: number;
  month: number;
  day: number;
  viewYear: number;
  viewMonth: number;
  [key: string]: unknown;
}

export function datePickerData(date: Date, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...extra,
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    viewYear: date.getFullYear(),
    viewMonth: date.getMonth(),
  };
}

export function DatePickerDialog(
  ctx: AppContext,
  dialog: DialogState,
  o: { onOk: (year: number, month: number, day: number) => void },
): VNode {
  const d = dialog.data as DatePickerData;
  const selected = new Date(d.year, d.month, d.day);
  const first = new Date(d.viewYear, d.viewMonth, 1);
  const daysInMonth = new Date(d.viewYear, d.viewMonth + 1, 0).getDate();
  const shift = (delta: number): void => {
    const m = d.viewMonth + delta;
    d.viewYear += Math.floor(m / 12);
    d.viewMonth = ((m % 12) + 12) % 12;
  };
  const cells: VNode[] = [];
  for (let i = 0; i < first.getDay(); i++)
    cells.push(h('View', { key: `pad${i}`, class: 'dp-cell empty', ax: 'skip' }));
  for (let day = 1; day <= daysInMonth; day++) {
    const isSel = d.year === d.viewYear && d.month === d.viewMonth && d.day === day;
    const desc =
      ctx.locale === 'zh'
        ? `${d.viewYear}年${d.viewMonth + 1}月${day}日`
        : `${pad2(day)} ${monthLong('en', d.viewMonth)} ${d.viewYear}`;
    cells.push(
      h(
        'View',
        {
          key: `d${day}`,
          desc,
          text: String(day),
          selected: isSel,
          checked: isSel,
          checkable: true,
          onTap: () => {
            d.year = d.viewYear;
            d.month = d.viewMonth;
            d.day = day;
          },
          class: `dp-cell ${isSel ? 'sel' : ''}`,
        },
        String(day),
      ),
    );
  }
  return Dialog({
    class: 'date-picker',
    body: h(
      'LinearLayout',
      { id: 'android:id/datePicker', class: 'dp' },
      h(
        'LinearLayout',
        { id: 'android:id/date_picker_header', class: 'dp-header' },
        h('TextView', { id: 'android:id/date_picker_header_year', class: 'dp-year' }, String(d.year)),
        h(
          'TextView',
          { id: 'android:id/date_picker_header_date', class: 'dp-date' },
          formatDateMedium(selected, ctx.locale),
        ),
      ),
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'dp-nav' },
        IconButton({
          id: 'android:id/prev',
          icon: 'chevron-left',
          desc: ctx.t('Previous month'),
          onTap: () => shift(-1),
        }),
        h(
          'TextView',
          { class: 'dp-month', id: 'android:id/month_view' },
          formatMonthYear(d.viewYear, d.viewMonth, ctx.locale),
        ),
        IconButton({ id: 'android:id/next', icon: 'chevron-right', desc: ctx.t('Next month'), onTap: () => shift(1) }),
      ),
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'dp-week', ax: 'skip' },
        [0, 1, 2, 3, 4, 5, 6].map((i) => h('span', { key: i, class: 'dp-wd' }, weekdayLetter(ctx.locale, i))),
      ),
      h('View', { class: 'dp-grid', id: 'android:id/day_picker_view_pager' }, cells),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('OK'),
      onTap: () => {
        ctx.closeDialog();
        o.onOk(d.year, d.month, d.day);
      },
    },
  });
}
