/** Clock's state: alarms, world clocks, the timer and the stopwatch (plain JSON). */
import type { DayCode } from '../../phone/page/i18n.ts';
import type { AppContext } from '../../phone/page/types.ts';

export interface Alarm {
  id: number;
  hour: number;
  minute: number;
  label: string;
  enabled: boolean;
  /** Days it repeats on; empty = rings once. */
  repeat: DayCode[];
  vibrate: boolean;
  /** "Default" or a ringtone name ("Argon", "Silent"…). */
  ringtone: string;
}

export interface TimerState {
  state: 'reset' | 'running' | 'paused' | 'expired';
  durationMs: number;
  /** While paused: what is left. */
  remainingMs: number;
  /** While running: device time it rings at. */
  endsAt: number | null;
  label: string;
}

export interface StopwatchState {
  state: 'reset' | 'running' | 'paused';
  /** Accumulated before the current run. */
  elapsedMs: number;
  startedAt: number | null;
  laps: number[];
}

export interface ClockData {
  alarms: Alarm[];
  nextAlarmId: number;
  /** City ids (see cities.ts), in the order they were added. */
  worldClocks: string[];
  timer: TimerState;
  stopwatch: StopwatchState;
}

export type ClockTab = 'alarm' | 'clock' | 'timer' | 'stopwatch';

export interface ClockUi {
  tab: ClockTab;
  /** The alarm whose card is expanded. */
  expanded: number | null;
  /** Digits typed on the timer keypad (at most 6: hhmmss). */
  timerInput: string;
  citySearch: string;
}

export type ClockCtx = AppContext<ClockData, ClockUi>;

export const RINGTONES = [
  'Default',
  'Silent',
  'Argon',
  'Carbon',
  'Helium',
  'Krypton',
  'Neon',
  'Oxygen',
  'Platinum',
  'Promethium',
];

export function initialClockData(): ClockData {
  return {
    alarms: [
      {
        id: 1,
        hour: 7,
        minute: 0,
        label: '',
        enabled: true,
        repeat: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
        vibrate: true,
        ringtone: 'Default',
      },
      {
        id: 2,
        hour: 8,
        minute: 30,
        label: 'Weekend',
        enabled: false,
        repeat: ['SAT', 'SUN'],
        vibrate: false,
        ringtone: 'Default',
      },
    ],
    nextAlarmId: 3,
    worldClocks: ['london', 'new_york'],
    timer: { state: 'reset', durationMs: 0, remainingMs: 0, endsAt: null, label: '' },
    stopwatch: { state: 'reset', elapsedMs: 0, startedAt: null, laps: [] },
  };
}

export function timerRemaining(timer: TimerState, now: number): number {
  if (timer.state === 'running' && timer.endsAt !== null) return Math.max(0, timer.endsAt - now);
  if (timer.state === 'expired') return 0;
  return timer.remainingMs;
}

export function stopwatchElapsed(sw: StopwatchState, now: number): number {
  return sw.elapsedMs + (sw.state === 'running' && sw.startedAt !== null ? Math.max(0, now - sw.startedAt) : 0);
}

/** "1:05:09" / "5:09" / "0:09" like the Clock app's countdown. */
export function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Minutes from `now` until the alarm next rings (for "Alarm set for …"). */
export function minutesUntil(alarm: Alarm, now: Date): number {
  const days = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
  const current = now.getHours() * 60 + now.getMinutes();
  const target = alarm.hour * 60 + alarm.minute;
  for (let d = 0; d < 8; d++) {
    const day = days[(now.getDay() + d) % 7] as DayCode;
    const delta = d * 1440 + target - current;
    if (delta <= 0) continue;
    if (alarm.repeat.length === 0 || alarm.repeat.includes(day)) return delta;
  }
  return 1440;
}
