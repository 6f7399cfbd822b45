/** `date [-u] [+FORMAT]` from the device clock (settable with `sim-clock`). */
import type { ShellCommand } from '../registry.ts';
import { command, deviceTimeZone, pad2, zonedParts } from './util.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** strftime for the conversions scripts use. */
export function formatDate(format: string, epochMs: number, timeZone: string): string {
  const p = zonedParts(epochMs, timeZone);
  const sign = p.offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad2(Math.floor(Math.abs(p.offsetMinutes) / 60))}${pad2(Math.abs(p.offsetMinutes) % 60)}`;
  return format.replace(/%([a-zA-Z%])/g, (all, c: string) => {
    switch (c) {
      case 'Y':
        return String(p.year);
      case 'y':
        return pad2(p.year % 100);
      case 'm':
        return pad2(p.month);
      case 'd':
        return pad2(p.day);
      case 'e':
        return String(p.day).padStart(2);
      case 'H':
        return pad2(p.hour);
      case 'I':
        return pad2(p.hour % 12 || 12);
      case 'M':
        return pad2(p.minute);
      case 'S':
        return pad2(p.second);
      case 'p':
        return p.hour < 12 ? 'AM' : 'PM';
      case 's':
        return String(Math.floor(epochMs / 1000));
      case 'N':
        return String((epochMs % 1000) * 1_000_000).padStart(9, '0');
      case 'a':
        return DAYS[p.weekday] ?? '';
      case 'A':
        return DAY_NAMES[p.weekday] ?? '';
      case 'b':
      case 'h':
        return MONTHS[p.month - 1] ?? '';
      case 'B':
        return MONTH_NAMES[p.month - 1] ?? '';
      case 'Z':
        return p.zoneName;
      case 'z':
        return offset;
      case 'T':
        return `${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
      case 'R':
        return `${pad2(p.hour)}:${pad2(p.minute)}`;
      case 'F':
        return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
      case 'D':
        return `${pad2(p.month)}/${pad2(p.day)}/${pad2(p.year % 100)}`;
      case 'u':
        return String(p.weekday === 0 ? 7 : p.weekday);
      case 'w':
        return String(p.weekday);
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case '%':
        return '%';
      default:
        return all;
    }
  });
}

export const date: ShellCommand = command('date', async (ctx) => {
  let utc = false;
  let format = '%a %b %e %H:%M:%S %Z %Y';
  for (const arg of ctx.args) {
    if (arg === '-u') utc = true;
    else if (arg.startsWith('+')) format = arg.slice(1);
    else if (arg === '-s' || !arg.startsWith('-')) {
      await ctx.err('date: cannot set date: Operation not permitted\n');
      return 1;
    }
  }
  await ctx.out(`${formatDate(format, ctx.device.now(), utc ? 'UTC' : deviceTimeZone(ctx))}\n`);
  return 0;
});
