/**
 * Clock (com.android.deskclock/.DeskClock): alarms (time picker, label, repeat days, vibrate,
 * ringtone), world clock, timer and stopwatch, on four bottom tabs. Also handles the
 * AlarmClock intents (SET_ALARM, SHOW_ALARMS, SET_TIMER, SHOW_TIMERS).
 */
import { defineApp } from '../../phone/page/types.ts';
import type { AppContext, Route } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { IconButton, Tabs, Toolbar } from '../../phone/page/widgets.ts';
import { addAlarm, alarmTab, labelDialog, ringtoneScreen, timeDialog } from './alarms.ts';
import { cityById } from './cities.ts';
import { CLOCK_CSS } from './clock-css.ts';
import { initialClockData, stopwatchElapsed, timerRemaining } from './model.ts';
import type { ClockData, ClockTab, ClockUi } from './model.ts';
import { CLOCK_STRINGS } from './strings.ts';
import { startTimer, stopwatchTab, timerTab } from './timer.ts';
import { citiesScreen, clockTab, removeCityDialog } from './world.ts';

type Ctx = AppContext<ClockData, ClockUi>;

const TABS: ReadonlyArray<{ tab: ClockTab; icon: string; label: string }> = [
  { tab: 'alarm', icon: 'alarm', label: 'Alarm' },
  { tab: 'clock', icon: 'clock', label: 'Clock' },
  { tab: 'timer', icon: 'hourglass', label: 'Timer' },
  { tab: 'stopwatch', icon: 'stopwatch', label: 'Stopwatch' },
];

function main(ctx: Ctx): VNode {
  const tab = ctx.ui.tab;
  const body =
    tab === 'alarm'
      ? alarmTab(ctx)
      : tab === 'clock'
        ? clockTab(ctx)
        : tab === 'timer'
          ? timerTab(ctx)
          : stopwatchTab(ctx);
  return h(
    'LinearLayout',
    { class: 'fill clock-app' },
    Toolbar(ctx, {
      title: ctx.t(TABS.find((t) => t.tab === tab)?.label ?? 'Alarm'),
      actions: [IconButton({ icon: 'more-vert', desc: ctx.t('More options'), onTap: () => undefined })],
    }),
    h('FrameLayout', { class: 'grow body', id: 'desk_clock_pager' }, body),
    Tabs(
      TABS.map((t) => ({
        text: ctx.t(t.label),
        icon: t.icon,
        id: `tab_${t.tab}`,
        selected: tab === t.tab,
        onTap: () => {
          ctx.ui.tab = t.tab;
          ctx.ui.expanded = null;
        },
      })),
      'bottom',
      'tabs',
    ),
  );
}

function extra(
  request: { extras?: Record<string, string | number | boolean> },
  key: string,
): string | number | boolean | undefined {
  return request.extras?.[`android.intent.extra.alarm.${key}`];
}

export const clockApp = defineApp<ClockData, ClockUi>({
  packageName: 'com.android.deskclock',
  icon: { bg: '#1a73e8', fg: '#ffffff', glyph: 'alarm' },
  strings: CLOCK_STRINGS,
  css: CLOCK_CSS,
  initialData: initialClockData,
  initialUi: () => ({ tab: 'alarm', expanded: null, timerInput: '', citySearch: '' }),
  launch(ctx, request, resuming): Route[] | null {
    const main: Route[] = [{ screen: 'main' }];
    switch (request.action) {
      case 'android.intent.action.SET_ALARM': {
        const hour = Number(extra(request, 'HOUR') ?? NaN);
        const minute = Number(extra(request, 'MINUTES') ?? 0);
        if (Number.isInteger(hour) && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59) {
          const label = extra(request, 'MESSAGE');
          const vibrate = extra(request, 'VIBRATE');
          addAlarm(ctx, { hour, minute, label: typeof label === 'string' ? label : '', vibrate: vibrate === true });
        } else {
          ctx.ui.tab = 'alarm';
          ctx.openDialog('time', { hour: 8, minute: 0, mode: 'hour', input: 'dial', purpose: 'new' });
          return main;
        }
        return main;
      }
      case 'android.intent.action.SHOW_ALARMS':
        ctx.ui.tab = 'alarm';
        return main;
      case 'android.intent.action.SET_TIMER': {
        const seconds = Number(extra(request, 'LENGTH') ?? NaN);
        ctx.ui.tab = 'timer';
        if (Number.isFinite(seconds) && seconds > 0) startTimer(ctx, seconds * 1000);
        return main;
      }
      case 'android.intent.action.SHOW_TIMERS':
        ctx.ui.tab = 'timer';
        return main;
    }
    return resuming ? null : main;
  },
  screens: { main, ringtone: ringtoneScreen, cities: citiesScreen },
  dialogs: { time: timeDialog, label: labelDialog, 'remove-city': removeCityDialog },
  tick(ctx) {
    const timer = ctx.data.timer;
    if (timer.state === 'running' && timerRemaining(timer, ctx.now()) <= 0)
      ctx.data.timer = { ...timer, state: 'expired', remainingMs: 0, endsAt: null };
  },
  onBack(ctx) {
    if (ctx.route.screen === 'cities') ctx.ui.citySearch = '';
    return false;
  },
  publicState(data) {
    const now = Date.now();
    return {
      alarms: data.alarms.map((a) => ({
        id: a.id,
        hour: a.hour,
        minute: a.minute,
        label: a.label,
        enabled: a.enabled,
        repeat: [...a.repeat],
        vibrate: a.vibrate,
        ringtone: a.ringtone,
      })),
      worldClocks: data.worldClocks.map((id) => ({ city: cityById(id)?.en ?? id, timezone: cityById(id)?.zone ?? '' })),
      timer: {
        state: data.timer.state,
        durationSeconds: Math.round(data.timer.durationMs / 1000),
        remainingSeconds: Math.ceil(timerRemaining(data.timer, now) / 1000),
        label: data.timer.label,
      },
      stopwatch: {
        state: data.stopwatch.state,
        elapsedMs: stopwatchElapsed(data.stopwatch, now),
        laps: [...data.stopwatch.laps],
      },
    };
  },
});
