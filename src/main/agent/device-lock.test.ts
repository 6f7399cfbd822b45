import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { DeviceLocks } from '../store/device-locks.ts';
import { DeviceLockService, describeProcess } from './device-lock.ts';
import { STALE_MS, processOwner } from './ownership.ts';

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function locks(): DeviceLocks {
  const db = openDatabase({ path: ':memory:' });
  dbs.push(db);
  return new DeviceLocks(db);
}

/** A live process on this host that is not this one: our parent. */
const LIVE_OTHER = `${hostname()}:${process.ppid}`;
/** A pid that existed and is gone. */
const DEAD = `${hostname()}:${spawnSync(process.execPath, ['-e', '0']).pid}`;

describe('device locks across processes', () => {
  it('refuses a second process with the holder and its run, while the holder is alive', () => {
    const l = locks();
    const first = new DeviceLockService({ locks: l, owner: LIVE_OTHER, holder: '`moba run` (pid 1 on lab-1)' });
    first.acquire('emulator-5554', 'run-a');
    const me = new DeviceLockService({ locks: l, holder: '`moba serve`' });
    expect(() => me.acquire('emulator-5554', 'run-b')).toThrow(
      /Device emulator-5554 is in use by `moba run` \(pid 1 on lab-1\), run run-a/,
    );
    // Another device is free; the holder may refresh its own lock.
    me.acquire('emulator-5556', 'run-b');
    first.acquire('emulator-5554', 'run-a');
    expect(l.get('emulator-5554')).toMatchObject({ owner: LIVE_OTHER, runId: 'run-a' });
  });

  it('takes over the lock of a dead process on this host at once, and says so', () => {
    const l = locks();
    new DeviceLockService({ locks: l, owner: DEAD, holder: '`moba run` (pid 9)' }).acquire('s1', 'run-a');
    const warnings: string[] = [];
    const me = new DeviceLockService({ locks: l, holder: 'me', warn: (m) => warnings.push(m) });
    me.acquire('s1', 'run-b');
    expect(l.get('s1')).toMatchObject({ owner: processOwner(), runId: 'run-b', holder: 'me' });
    expect(warnings).toEqual([
      expect.stringMatching(/took over device s1 from `moba run` \(pid 9\) \(run run-a\): its process is gone/),
    ]);
  });

  it('on another host, only a heartbeat older than the stale window frees the lock', () => {
    const l = locks();
    let now = 1_000_000;
    const remote = new DeviceLockService({
      locks: l,
      owner: 'lab-2.example:4242',
      holder: '`moba run` (pid 4242 on lab-2)',
      now: () => now,
    });
    remote.acquire('s1', 'run-a');
    const me = new DeviceLockService({ locks: l, holder: 'me', now: () => now, warn: () => undefined });
    now += STALE_MS - 1;
    expect(() => me.acquire('s1', 'run-b')).toThrow(/in use by `moba run` \(pid 4242 on lab-2\)/);
    expect(remote.renew('s1', 'run-a')).toBe(true);
    now += STALE_MS + 1;
    me.acquire('s1', 'run-b');
    // The old holder learns it lost the device, and cannot release the new holder's lock.
    expect(remote.renew('s1', 'run-a')).toBe(false);
    remote.release('s1', 'run-a');
    expect(l.get('s1')?.owner).toBe(processOwner());
    me.release('s1', 'run-b');
    expect(l.get('s1')).toBeUndefined();
  });

  it('names the process for people', () => {
    expect(
      describeProcess(
        ['/usr/bin/node', '/opt/moba/bin/moba.js', '--data-dir', '/d', 'run', '--device', 'x'],
        process.versions,
      ),
    ).toBe('`moba run`');
    expect(describeProcess(['/usr/bin/node', '/usr/local/bin/moba', 'serve'], process.versions)).toBe('`moba serve`');
    expect(describeProcess(['/app/MobA Studio', '.'], { ...process.versions, electron: '45.0.0' })).toBe(
      'the MobA Studio desktop app',
    );
    expect(describeProcess(['/usr/bin/node', '/x/worker.js'], process.versions)).toBe('worker.js');
  });
});
