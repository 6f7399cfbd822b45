/**
 * `logcat` over the phone's log: `-d` (dump and exit), `-t N` / `-T N` (last lines), `-c`
 * (clear), `-g` (buffer sizes), `-b BUFFER`, `-v FORMAT` (threadtime, brief, time, tag,
 * process, raw, long, epoch), `-s` and `TAG:PRIORITY` filters, `--pid`, `-e REGEX`, `-m N`,
 * `-B` (binary entries, as adbkit's logcat reader wants). Without `-d`/`-t` it follows the
 * log until the stream closes.
 */
import type { LogBufferName, LogEntry, LogPriority } from '../../os/log-buffer.ts';
import { LOG_PRIORITIES } from '../../os/log-buffer.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, deviceTimeZone, pad2, zonedParts } from './util.ts';

const BUFFERS: readonly LogBufferName[] = ['main', 'system', 'events', 'crash', 'radio'];
const DEFAULT_BUFFERS: readonly LogBufferName[] = ['main', 'system', 'crash'];
const FORMATS = new Set(['threadtime', 'brief', 'time', 'tag', 'process', 'raw', 'long', 'epoch', 'thread']);
const BINARY_PRIORITY: Readonly<Record<LogPriority, number>> = { V: 2, D: 3, I: 4, W: 5, E: 6, F: 7 };

interface LogcatOptions {
  dump: boolean;
  clear: boolean;
  sizes: boolean;
  binary: boolean;
  tail: number | undefined;
  max: number | undefined;
  buffers: Set<LogBufferName>;
  format: string;
  filters: Array<{ tag: string; priority: LogPriority | 'S' }>;
  pid: number | undefined;
  regex: RegExp | undefined;
}

function parseFilter(spec: string): { tag: string; priority: LogPriority | 'S' } {
  const at = spec.lastIndexOf(':');
  const tag = at < 0 ? spec : spec.slice(0, at);
  const priority = (at < 0 ? 'V' : spec.slice(at + 1).toUpperCase()) as LogPriority | 'S';
  if (!['V', 'D', 'I', 'W', 'E', 'F', 'S', '*'].includes(priority))
    throw new CommandError(`Invalid filter expression '${spec}'`);
  return { tag, priority: priority === ('*' as string) ? 'V' : priority };
}

function parseOptions(args: readonly string[]): LogcatOptions {
  const o: LogcatOptions = {
    dump: false,
    clear: false,
    sizes: false,
    binary: false,
    tail: undefined,
    max: undefined,
    buffers: new Set(),
    format: 'threadtime',
    filters: [],
    pid: undefined,
    regex: undefined,
  };
  const value = (i: number, flag: string): string => {
    const v = args[i];
    if (v === undefined) throw new CommandError(`logcat: option requires an argument -- ${flag}`);
    return v;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-d') o.dump = true;
    else if (arg === '-c' || arg === '--clear') o.clear = true;
    else if (arg === '-g' || arg === '--buffer-size') o.sizes = true;
    else if (arg === '-B' || arg === '--binary') o.binary = true;
    else if (arg === '-s') o.filters.push({ tag: '*', priority: 'S' });
    else if (arg === '-t' || arg === '-T') {
      o.tail = Number.parseInt(value(++i, arg), 10) || 0;
      if (arg === '-t') o.dump = true;
    } else if (/^-[tT]\d+$/.test(arg)) {
      o.tail = Number.parseInt(arg.slice(2), 10);
      if (arg[1] === 't') o.dump = true;
    } else if (arg === '-m' || arg.startsWith('--max-count='))
      o.max = Number(arg === '-m' ? value(++i, 'm') : arg.slice(12));
    else if (arg === '-b' || arg.startsWith('--buffer=')) {
      for (const name of (arg === '-b' ? value(++i, 'b') : arg.slice(9)).split(',')) {
        if (name === 'all' || name === 'default')
          for (const b of name === 'all' ? BUFFERS : DEFAULT_BUFFERS) o.buffers.add(b);
        else if ((BUFFERS as readonly string[]).includes(name)) o.buffers.add(name as LogBufferName);
        else throw new CommandError(`Unknown buffer '${name}' listed for -b`);
      }
    } else if (arg === '-v' || arg.startsWith('--format=')) {
      const format = arg === '-v' ? value(++i, 'v') : arg.slice(9);
      if (FORMATS.has(format)) o.format = format;
      else if (
        !['color', 'usec', 'UTC', 'year', 'zone', 'printable', 'uid', 'descriptive', 'monotonic'].includes(format)
      )
        throw new CommandError(`Invalid parameter "${format}" to -v.`);
    } else if (arg === '--pid' || arg.startsWith('--pid='))
      o.pid = Number(arg === '--pid' ? value(++i, 'pid') : arg.slice(6));
    else if (arg === '-e' || arg.startsWith('--regex='))
      o.regex = new RegExp(arg === '-e' ? value(++i, 'e') : arg.slice(8));
    else if (arg.startsWith('-')) throw new CommandError(`logcat: invalid option -- '${arg.replace(/^-+/, '')}'`);
    else o.filters.push(parseFilter(arg));
  }
  if (o.buffers.size === 0) for (const b of DEFAULT_BUFFERS) o.buffers.add(b);
  return o;
}

function passes(o: LogcatOptions, entry: LogEntry): boolean {
  if (o.pid !== undefined && entry.pid !== o.pid) return false;
  if (o.regex && !o.regex.test(entry.message)) return false;
  // The most specific rule wins: the entry's tag, else `*`, else everything passes.
  const rule = o.filters.find((f) => f.tag === entry.tag) ?? o.filters.find((f) => f.tag === '*');
  if (!rule) return true;
  if (rule.priority === 'S') return false;
  return LOG_PRIORITIES.indexOf(entry.priority) >= LOG_PRIORITIES.indexOf(rule.priority);
}

function formatEntry(ctx: CommandContext, format: string, e: LogEntry): string {
  const t = zonedParts(e.time, deviceTimeZone(ctx));
  const time = `${pad2(t.month)}-${pad2(t.day)} ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}.${String(e.time % 1000).padStart(3, '0')}`;
  switch (format) {
    case 'brief':
      return `${e.priority}/${e.tag}(${String(e.pid).padStart(5)}): ${e.message}\n`;
    case 'time':
      return `${time} ${e.priority}/${e.tag}(${String(e.pid).padStart(5)}): ${e.message}\n`;
    case 'tag':
      return `${e.priority}/${e.tag}: ${e.message}\n`;
    case 'process':
      return `${e.priority}(${String(e.pid).padStart(5)}) ${e.message}  (${e.tag})\n`;
    case 'thread':
      return `${e.priority}(${String(e.pid).padStart(5)}:${String(e.tid).padStart(5)}) ${e.message}\n`;
    case 'raw':
      return `${e.message}\n`;
    case 'long':
      return `[ ${time} ${String(e.pid).padStart(5)}:${String(e.tid).padStart(5)} ${e.priority}/${e.tag} ]\n${e.message}\n\n`;
    case 'epoch':
      return `${(e.time / 1000).toFixed(3).padStart(14)} ${String(e.pid).padStart(5)} ${String(e.tid).padStart(5)} ${e.priority} ${e.tag.padEnd(8)}: ${e.message}\n`;
    default:
      return `${time} ${String(e.pid).padStart(5)} ${String(e.tid).padStart(5)} ${e.priority} ${e.tag.padEnd(8)}: ${e.message}\n`;
  }
}

/** logger_entry v4 (24-byte header) followed by priority, tag\0 and message\0. */
function binaryEntry(e: LogEntry): Uint8Array {
  const payload = Buffer.concat([
    Buffer.of(BINARY_PRIORITY[e.priority]),
    Buffer.from(`${e.tag}\0`, 'utf8'),
    Buffer.from(`${e.message}\0`, 'utf8'),
  ]);
  const header = Buffer.alloc(24);
  header.writeUInt16LE(payload.length, 0);
  header.writeUInt16LE(24, 2);
  header.writeInt32LE(e.pid, 4);
  header.writeUInt32LE(e.tid, 8);
  header.writeUInt32LE(Math.floor(e.time / 1000), 12);
  header.writeUInt32LE((e.time % 1000) * 1_000_000, 16);
  header.writeUInt32LE(BUFFERS.indexOf(e.buffer), 20);
  return Buffer.concat([header, payload]);
}

/** Prints entries, with logcat's `--------- beginning of <buffer>` line before each buffer's first. */
class Printer {
  private readonly ctx: CommandContext;
  private readonly o: LogcatOptions;
  private readonly seen = new Set<LogBufferName>();
  private printed = 0;

  constructor(ctx: CommandContext, o: LogcatOptions) {
    this.ctx = ctx;
    this.o = o;
  }

  get full(): boolean {
    return this.o.max !== undefined && this.printed >= this.o.max;
  }

  async print(entry: LogEntry): Promise<void> {
    if (this.full || !passes(this.o, entry)) return;
    this.printed++;
    if (this.o.binary) {
      await this.ctx.stdout.write(binaryEntry(entry));
      return;
    }
    let text = '';
    if (!this.seen.has(entry.buffer)) {
      this.seen.add(entry.buffer);
      text += `--------- beginning of ${entry.buffer}\n`;
    }
    await this.ctx.out(text + formatEntry(this.ctx, this.o.format, entry));
  }
}

export const logcat: ShellCommand = command('logcat', async (ctx) => {
  const o = parseOptions(ctx.args);
  const log = ctx.os.log;
  if (o.clear) {
    log.clear(o.buffers);
    return 0;
  }
  if (o.sizes) {
    for (const b of BUFFERS.filter((name) => o.buffers.has(name)))
      await ctx.out(
        `${b}: ring buffer is 256 KiB (${(log.size(b) / 1024).toFixed(1)} KiB consumed), max entry is 5120 B, max payload is 4068 B\n`,
      );
    return 0;
  }
  const printer = new Printer(ctx, o);
  // Entries written while the backlog prints wait their turn, so nothing is lost or reordered.
  const pending: LogEntry[] = [];
  const subscription = o.dump ? undefined : log.onDidWrite((entry) => pending.push(entry));
  try {
    let backlog = log.read(o.buffers).filter((entry) => passes(o, entry));
    if (o.tail !== undefined) backlog = backlog.slice(Math.max(0, backlog.length - o.tail));
    for (const entry of backlog) await printer.print(entry);
    if (o.dump) return 0;
    while (!ctx.signal.aborted && !printer.full) {
      const entry = pending.shift();
      if (entry) {
        if (o.buffers.has(entry.buffer)) await printer.print(entry);
        continue;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          wake.dispose();
          ctx.signal.removeEventListener('abort', done);
          resolve();
        };
        const wake = log.onDidWrite(done);
        ctx.signal.addEventListener('abort', done, { once: true });
      });
    }
    return 0;
  } finally {
    subscription?.dispose();
  }
});
