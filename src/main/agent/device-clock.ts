/**
 * The device's date and time for prompts. MobA's Local Agent and planner need "today" and
 * "now" as the phone sees them (tomorrow's weather, an alarm in two hours, a train on Friday);
 * the phone's clock and time zone may differ from this computer's. The clock is read once per
 * loop (one `date` call) and kept as an offset from this computer's clock.
 */
import type { DeviceClock } from './ports.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The shell command whose output `parseDateOutput` reads (toybox `date` on Android). */
export const DATE_COMMAND = 'date +%s,%z';

/** Parses `date +%s,%z` output, e.g. "1748826000,+0800". @returns null when it is not that */
export function parseDateOutput(text: string, readAt: number): DeviceClock | null {
  const m = /^\s*(\d{9,12})[\s,]+([+-])(\d{2}):?(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const offset = (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
  return { epochMs: Number(m[1]) * 1000, utcOffsetMinutes: offset, readAt };
}

/** "2025-06-02 (Monday) 09:00, UTC+08:00" for a moment on a device clock. */
export function formatDeviceTime(epochMs: number, utcOffsetMinutes: number): string {
  const local = new Date(epochMs + utcOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(utcOffsetMinutes);
  return `${local.getUTCFullYear()}-${p(local.getUTCMonth() + 1)}-${p(local.getUTCDate())} (${DAYS[local.getUTCDay()]}) ${p(local.getUTCHours())}:${p(local.getUTCMinutes())}, UTC${sign}${p(Math.floor(abs / 60))}:${p(abs % 60)}`;
}

/** The device's time now, from a clock reading taken at `clock.readAt` on this computer's clock. */
export function deviceTimeNow(clock: DeviceClock, now: number = Date.now()): string {
  return formatDeviceTime(clock.epochMs + (now - clock.readAt), clock.utcOffsetMinutes);
}
