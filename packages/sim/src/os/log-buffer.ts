/**
 * The phone's log (what `logcat` reads): the boot messages, then what the system logs as
 * it runs — activity starts, force-stops, package changes, input method switches, adbd
 * events. Times are the device clock. A ring of `capacity` entries per buffer, like logd's.
 */

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';
export type LogBufferName = 'main' | 'system' | 'events' | 'crash' | 'radio';

export interface LogEntry {
  /** Device clock, epoch ms. */
  time: number;
  pid: number;
  tid: number;
  priority: LogPriority;
  tag: string;
  message: string;
  buffer: LogBufferName;
}

export const LOG_PRIORITIES: readonly LogPriority[] = ['V', 'D', 'I', 'W', 'E', 'F'];

const SYSTEM_SERVER_PID = 610;

/** The lines every boot leaves, seconds before the clock's start time. */
const BOOT_LINES: ReadonlyArray<readonly [number, number, LogPriority, string, string, LogBufferName]> = [
  [-42.8, 1, 'I', 'init', 'init first stage started!', 'main'],
  [-41.2, 1, 'I', 'init', "starting service 'logd'...", 'main'],
  [-40.9, 1, 'I', 'init', "starting service 'zygote'...", 'main'],
  [-38.4, 455, 'I', 'Zygote', 'Preloading classes...', 'main'],
  [-33.1, SYSTEM_SERVER_PID, 'I', 'SystemServer', 'Entered the Android system server!', 'system'],
  [-31.6, SYSTEM_SERVER_PID, 'I', 'PackageManager', 'Finished scanning system apps.', 'system'],
  [-27.2, SYSTEM_SERVER_PID, 'I', 'ActivityManager', 'System now ready', 'system'],
  [-26.5, SYSTEM_SERVER_PID, 'I', 'SystemServiceManager', 'Starting phase 1000', 'system'],
  [-25.9, 780, 'I', 'SystemUIService', 'Starting SystemUI services', 'main'],
  [
    -24.0,
    SYSTEM_SERVER_PID,
    'I',
    'ActivityTaskManager',
    'Displayed com.android.launcher3/.Launcher for user 0: +1s204ms',
    'system',
  ],
  [-20.3, SYSTEM_SERVER_PID, 'I', 'ActivityManager', 'Boot completed (sys.boot_completed=1)', 'system'],
  [-18.7, 520, 'I', 'adbd', 'adbd started', 'main'],
  [-12.1, 520, 'I', 'adbd', 'adb wifi started on port 5555', 'main'],
];

export class LogBuffer {
  private readonly now: () => number;
  private readonly capacity: number;
  private entries: LogEntry[] = [];
  private readonly listeners = new Set<(entry: LogEntry) => void>();

  constructor(options: { now: () => number; capacity?: number }) {
    this.now = options.now;
    this.capacity = options.capacity ?? 5000;
    this.boot();
  }

  /** Back to the boot messages (after `sim-reset`, a reboot). */
  boot(): void {
    const start = this.now();
    this.entries = BOOT_LINES.map(([offset, pid, priority, tag, message, buffer]) => ({
      time: start + Math.round(offset * 1000),
      pid,
      tid: pid,
      priority,
      tag,
      message,
      buffer,
    }));
  }

  /** Appends an entry stamped with the device clock. */
  write(entry: Omit<LogEntry, 'time' | 'tid' | 'buffer'> & { tid?: number; buffer?: LogBufferName }): void {
    const full: LogEntry = {
      time: this.now(),
      tid: entry.tid ?? entry.pid,
      buffer: entry.buffer ?? 'main',
      pid: entry.pid,
      priority: entry.priority,
      tag: entry.tag,
      message: entry.message,
    };
    this.entries.push(full);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    for (const listener of [...this.listeners]) listener(full);
  }

  /** A system_server line (ActivityTaskManager, ActivityManager, PackageManager…). */
  system(priority: LogPriority, tag: string, message: string): void {
    this.write({ pid: SYSTEM_SERVER_PID, tid: SYSTEM_SERVER_PID + 17, priority, tag, message, buffer: 'system' });
  }

  /** Entries of the given buffers, oldest first. */
  read(buffers: ReadonlySet<LogBufferName>): LogEntry[] {
    return this.entries.filter((entry) => buffers.has(entry.buffer));
  }

  /** `logcat -c`: drops the entries of the given buffers. */
  clear(buffers: ReadonlySet<LogBufferName>): void {
    this.entries = this.entries.filter((entry) => !buffers.has(entry.buffer));
  }

  /** Bytes the entries of a buffer take, for `logcat -g`. */
  size(buffer: LogBufferName): number {
    return this.entries
      .filter((entry) => entry.buffer === buffer)
      .reduce((sum, entry) => sum + 28 + entry.tag.length + entry.message.length, 0);
  }

  onDidWrite(listener: (entry: LogEntry) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }
}
