/**
 * One driver per device, across processes. A run's loop holds its device's lock (in SQLite,
 * beside the run's own ownership) from the moment it starts until it pauses, ends or its process
 * dies; any other process — a second `moba run`, `moba serve`, the desktop app — that tries to
 * start a run there is refused with the holder's name, and so is every other way to act on it
 * (a person's action, `moba act`, mirror input, recording a demonstration): `assertMayAct`. A
 * lock whose process is gone (a dead pid on this host, or a heartbeat older than STALE_MS) is
 * taken over.
 */
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { MobaError } from '../../shared/errors.ts';
import type { DeviceLockRow, DeviceLocks } from '../store/device-locks.ts';
import { STALE_MS, ownerAlive, processOwner } from './ownership.ts';

/** What a run needs from the device lock. */
export interface DeviceLockPort {
  /**
   * Takes (or refreshes) the device for a run of this process.
   * @throws MobaError CONFLICT naming the process (and run) that holds it
   */
  acquire(serial: string, runId: string): void;
  /** @returns false when the lock was taken over by another process. */
  renew(serial: string, runId: string): boolean;
  release(serial: string, runId: string): void;
  /** A person-readable name for a process owner (`host:pid`), from its lock when it holds one. */
  describeOwner(owner: string): string;
}

/** What every other way to act on a device (a person's action, `moba act`, mirror input, a demonstration) checks first. */
export interface DeviceActGuard {
  /**
   * Acting is allowed when no other live process's run holds the device (this process's own
   * runs record what a person does on their phone).
   * @throws MobaError CONFLICT naming the process and run that hold it
   */
  assertMayAct(serial: string): void;
}

/** Program-level options of `moba` that take a value (so their value is not the command). */
const VALUE_OPTIONS = new Set(['--data-dir']);

/**
 * How this process is named to people: "`moba run`", "`moba serve`", "the desktop app", else
 * the script's name.
 */
export function describeProcess(
  argv: readonly string[] = process.argv,
  versions: NodeJS.ProcessVersions = process.versions,
): string {
  if ('electron' in versions) return 'the MobA Studio desktop app';
  const script = basename(argv[1] ?? 'node');
  if (/^moba(\.js)?$|^cli\.js$/.test(script)) {
    const args = argv.slice(2);
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (VALUE_OPTIONS.has(a)) i++;
      else if (!a.startsWith('-')) return `\`moba ${a}\``;
    }
    return '`moba`';
  }
  return script;
}

export interface DeviceLockServiceOptions {
  locks: DeviceLocks;
  /** This process: `host:pid`. */
  owner?: string;
  /** This process, for people; default `describeProcess()` with pid and host. */
  holder?: string;
  now?: () => number;
  /** Where take-overs of dead processes' locks are reported. */
  warn?: (message: string) => void;
}

function clock(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}

export class DeviceLockService implements DeviceLockPort, DeviceActGuard {
  private readonly o: DeviceLockServiceOptions;
  private readonly owner: string;
  private readonly holder: string;
  private readonly now: () => number;

  constructor(options: DeviceLockServiceOptions) {
    this.o = options;
    this.owner = options.owner ?? processOwner();
    this.holder = options.holder ?? `${describeProcess()} (pid ${process.pid} on ${hostname()})`;
    this.now = options.now ?? Date.now;
  }

  acquire(serial: string, runId: string): void {
    const now = this.now();
    const r = this.o.locks.acquire(serial, { owner: this.owner, holder: this.holder, runId }, now, (lock) =>
      ownerAlive(lock.owner, lock.heartbeatAt, now, this.owner),
    );
    if (!r.ok) {
      const h = r.holder;
      throw new MobaError(
        'CONFLICT',
        `Device ${serial} is in use by ${h.holder}${h.runId ? `, run ${h.runId}` : ''} (since ${clock(h.acquiredAt)}). Stop or pause that run, or wait until it ends; a lock whose process is gone is taken over after ${Math.round(STALE_MS / 1000)} s.`,
        { details: { serial, holder: h.holder, owner: h.owner, runId: h.runId } },
      );
    }
    if (r.tookOver) {
      (this.o.warn ?? ((m: string) => console.warn(`[moba] ${m}`)))(
        `took over device ${serial} from ${r.tookOver.holder}${r.tookOver.runId ? ` (run ${r.tookOver.runId})` : ''}: its process is gone (last heartbeat ${clock(r.tookOver.heartbeatAt)})`,
      );
    }
  }

  assertMayAct(serial: string): void {
    const lock = this.o.locks.get(serial);
    if (!lock || lock.owner === this.owner || !ownerAlive(lock.owner, lock.heartbeatAt, this.now(), this.owner)) return;
    throw new MobaError(
      'CONFLICT',
      `Device ${serial} is in use by ${lock.holder}${lock.runId ? `, run ${lock.runId}` : ''}: acting on it from here would go behind that run's back. Act where the run is driven, or pause or stop it first; looking at the device (observe, the mirror's picture) stays allowed.`,
      { details: { serial, holder: lock.holder, owner: lock.owner, runId: lock.runId } },
    );
  }

  renew(serial: string, _runId: string): boolean {
    return this.o.locks.heartbeat(serial, this.owner, this.now());
  }

  release(serial: string, runId: string): void {
    this.o.locks.release(serial, this.owner, runId);
  }

  describeOwner(owner: string): string {
    const lock: DeviceLockRow | undefined = this.o.locks.list().find((l) => l.owner === owner);
    return lock ? lock.holder : `process ${owner}`;
  }
}
