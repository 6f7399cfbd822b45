/**
 * The simulated phone's processes, as `ps`, `pidof`, `kill` and `pkill` see them: a fixed set
 * of system daemons, one process per running app (its pid stays while the app runs and is new
 * after a force-stop), and the shell programs running now — each `adb shell` stream is an
 * `sh` under adbd and every program it starts is a child of it. Signalling a program aborts it
 * (`screenrecord` finishes its file on SIGINT, as the real one does).
 */

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** `root`, `system`, `shell`, or an app's `u0_aNN`. */
  user: string;
  uid: number;
  /** What `ps` shows as NAME: the package for apps, the program for the rest. */
  name: string;
  /** The whole command line (`ps -f`, `pgrep -f`). */
  args: readonly string[];
  /** Device clock, epoch ms. */
  startedAt: number;
  kind: 'system' | 'app' | 'shell';
  /** Kilobytes, plausible and stable. */
  vsz: number;
  rss: number;
}

/** Signal numbers by name (Linux x86/ARM numbering). */
export const SIGNALS = {
  HUP: 1,
  INT: 2,
  QUIT: 3,
  ILL: 4,
  TRAP: 5,
  ABRT: 6,
  BUS: 7,
  FPE: 8,
  KILL: 9,
  USR1: 10,
  SEGV: 11,
  USR2: 12,
  PIPE: 13,
  ALRM: 14,
  TERM: 15,
  STKFLT: 16,
  CHLD: 17,
  CONT: 18,
  STOP: 19,
  TSTP: 20,
  TTIN: 21,
  TTOU: 22,
  URG: 23,
  XCPU: 24,
  XFSZ: 25,
  VTALRM: 26,
  PROF: 27,
  WINCH: 28,
  IO: 29,
  PWR: 30,
  SYS: 31,
} as const;

/** `9`, `KILL`, `SIGKILL`, `sigkill` → 9; undefined for an unknown signal. */
export function parseSignal(text: string): number | undefined {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 0 && n <= 64 ? n : undefined;
  }
  const name = text.toUpperCase().replace(/^SIG/, '');
  return (SIGNALS as Readonly<Record<string, number>>)[name];
}

/** A running shell program. */
export interface ShellProcess {
  readonly pid: number;
  /** Aborts when the process is signalled (the shell also aborts it when the stream closes). */
  readonly signal: AbortSignal;
  /** The signal that stopped it, if one did. */
  readonly killedBy: number | undefined;
  /** Removes it from the table (the program returned). */
  exit(): void;
}

interface ShellEntry {
  info: ProcessInfo;
  abort: AbortController;
  killedBy: number | undefined;
}

export type KillResult = 'ok' | 'ESRCH' | 'EPERM';

const APP_UID_BASE = 10_000;

/** The daemons every boot starts, in pid order (pid, user, name). */
const SYSTEM_PROCESSES: ReadonlyArray<readonly [number, string, string, number]> = [
  [1, 'root', 'init', 0],
  [2, 'root', '[kthreadd]', 0],
  [180, 'root', 'ueventd', 1],
  [290, 'logd', 'logd', 1],
  [291, 'system', 'servicemanager', 1],
  [292, 'system', 'hwservicemanager', 1],
  [410, 'system', 'surfaceflinger', 1],
  [455, 'root', 'zygote64', 1],
  [456, 'root', 'zygote', 1],
  [520, 'shell', 'adbd', 1],
  [610, 'system', 'system_server', 455],
  [780, 'u0_a42', 'com.android.systemui', 455],
  [820, 'u0_a40', 'com.android.inputmethod.latin', 455],
];

export const ADBD_PID = 520;
const ZYGOTE_PID = 455;

/** Stable pseudo sizes from a name, so `ps` output does not move between runs. */
function sizesOf(name: string): { vsz: number; rss: number } {
  let hash = 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) >>> 0;
  return { vsz: 10_800_000 + (hash % 4_000_000), rss: 2_000 + (hash % 180_000) };
}

export class ProcessTable {
  private readonly now: () => number;
  private readonly bootedAt: number;
  private readonly apps = new Map<string, ProcessInfo>();
  private readonly shells = new Map<number, ShellEntry>();
  private nextAppPid = 2_100;
  private nextShellPid = 5_000;

  constructor(options: { now: () => number }) {
    this.now = options.now;
    this.bootedAt = options.now();
  }

  /** Matches the app processes to the packages that run now (new ones get a pid, gone ones go). */
  syncApps(running: ReadonlyArray<{ packageName: string; uid: number }>): void {
    const wanted = new Set(running.map((app) => app.packageName));
    for (const pkg of [...this.apps.keys()]) if (!wanted.has(pkg)) this.apps.delete(pkg);
    for (const app of running) {
      if (this.apps.has(app.packageName)) continue;
      const pid = this.nextAppPid;
      this.nextAppPid += 7;
      this.apps.set(app.packageName, {
        pid,
        ppid: ZYGOTE_PID,
        user: app.uid >= APP_UID_BASE ? `u0_a${app.uid - APP_UID_BASE}` : 'system',
        uid: app.uid,
        name: app.packageName,
        args: [app.packageName],
        startedAt: this.now(),
        kind: 'app',
        ...sizesOf(app.packageName),
      });
    }
  }

  /** The pid of a running app, if it runs. */
  appPid(packageName: string): number | undefined {
    return this.apps.get(packageName)?.pid;
  }

  /** Starts a shell program (`sh` for a stream, or a command under it). */
  spawn(options: { name: string; args: readonly string[]; ppid: number; user?: string }): ShellProcess {
    const pid = this.nextShellPid;
    this.nextShellPid = this.nextShellPid >= 32_000 ? 5_000 : this.nextShellPid + 1;
    const user = options.user ?? 'shell';
    const entry: ShellEntry = {
      info: {
        pid,
        ppid: options.ppid,
        user,
        uid: user === 'root' ? 0 : 2000,
        name: options.name,
        args: options.args,
        startedAt: this.now(),
        kind: 'shell',
        ...sizesOf(options.name),
      },
      abort: new AbortController(),
      killedBy: undefined,
    };
    this.shells.set(pid, entry);
    return {
      pid,
      signal: entry.abort.signal,
      get killedBy() {
        return entry.killedBy;
      },
      exit: () => {
        this.shells.delete(pid);
      },
    };
  }

  /** Every process, by pid. */
  list(): ProcessInfo[] {
    const system = SYSTEM_PROCESSES.map(
      ([pid, user, name, ppid]): ProcessInfo => ({
        pid,
        ppid,
        user,
        uid: user === 'root' ? 0 : user === 'shell' ? 2000 : 1000,
        name,
        args: [name],
        startedAt: this.bootedAt,
        kind: 'system',
        ...sizesOf(name),
      }),
    );
    const all = [...system, ...this.apps.values(), ...[...this.shells.values()].map((e) => e.info)];
    return all.sort((a, b) => a.pid - b.pid);
  }

  get(pid: number): ProcessInfo | undefined {
    return this.list().find((p) => p.pid === pid);
  }

  /**
   * Sends `signo` to `pid` on behalf of `asUser`. The shell user may signal its own programs;
   * root may signal anything (an app then stops, through `onAppKilled`). Signal 0 only checks.
   */
  kill(pid: number, signo: number, asUser: 'shell' | 'root', onAppKilled: (pkg: string) => void): KillResult {
    const shell = this.shells.get(pid);
    if (shell) {
      if (asUser !== 'root' && shell.info.user !== asUser) return 'EPERM';
      if (signo === 0 || signo === SIGNALS.CHLD || signo === SIGNALS.WINCH || signo === SIGNALS.CONT) return 'ok';
      shell.killedBy = signo;
      shell.abort.abort(new Error(`signal ${signo}`));
      return 'ok';
    }
    const app = [...this.apps.values()].find((p) => p.pid === pid);
    const system = SYSTEM_PROCESSES.some(([p]) => p === pid);
    if (!app && !system) return 'ESRCH';
    if (asUser !== 'root') return 'EPERM';
    if (signo === 0) return 'ok';
    if (app && signo !== SIGNALS.CHLD && signo !== SIGNALS.WINCH && signo !== SIGNALS.CONT) {
      this.apps.delete(app.name);
      onAppKilled(app.name);
    }
    return 'ok';
  }
}
