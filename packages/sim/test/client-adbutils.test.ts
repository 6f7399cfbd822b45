/**
 * adbutils (openatx/adbutils, the Python adb client under uiautomator2) against the simulated
 * phone through the real adb server, replaying its requests byte for byte on the server's
 * smart socket and parsing the answers with its own patterns: window_size() and rotation(),
 * is_screen_on(), app_info(), app_current(), wlan_ip(), framebuffer(), reverse() and
 * reverse_list(), root(), logcat, dump_hierarchy() and shell2's v2 exit codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDevice, startSimulatorServer } from '../src/index.ts';
import type { SimulatorServer } from '../src/index.ts';
import { startAdbServer, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { SmartSocket } from './support/smart-socket.ts';

let device: FakeDevice;
let sim: SimulatorServer;
let adb: PrivateAdbServer;
let serial: string;

/** adbutils' `shell(cmd)`: `shell:<cmd>` read to the end, trailing whitespace stripped. */
async function shell(command: string): Promise<string> {
  const c = await SmartSocket.service(adb.port, serial, `shell:${command}`);
  return (await c.readUntilClose()).toString('utf8').trimEnd();
}

/** shlex.quote, which adbutils' list2cmdline applies to each argument. */
function quote(arg: string): string {
  if (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'"'"'`)}'`;
}
const list = (...args: string[]) => args.map(quote).join(' ');

beforeAll(async () => {
  device = new FakeDevice({ serial: 'ADBUTILS1' });
  sim = await startSimulatorServer({ device, port: 0 });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
});

afterAll(async () => {
  await adb?.dispose();
  await sim?.close();
  await device?.close();
});

/** window_size(): `wm size`, swapped when rotation() is odd; rotation(): the first `orientation=N` of dumpsys display. */
async function windowSize(): Promise<[number, number]> {
  const m = /Physical size: (\d+)x(\d+)/.exec(await shell('wm size'));
  if (!m) throw new Error('wm size output unexpected');
  const rotation = await rotationOf();
  return rotation % 2 === 1 ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])];
}

async function rotationOf(): Promise<number> {
  for (const line of (await shell('dumpsys display')).split('\n')) {
    const m = /.*?orientation=(?<orientation>\d+)/.exec(line);
    if (m) return Number(m.groups?.orientation);
  }
  throw new Error('rotation get failed');
}

describe('adbutils', () => {
  it('window_size() and rotation() follow the display rotation; is_screen_on() is true', async () => {
    expect(await windowSize()).toEqual([1080, 2400]);
    await shell(list('settings', 'put', 'system', 'user_rotation', '1'));
    expect(await rotationOf()).toBe(1);
    expect(await windowSize()).toEqual([2400, 1080]);
    await shell('settings put system user_rotation 0');
    expect(await windowSize()).toEqual([1080, 2400]);
    expect((await shell(list('dumpsys', 'power'))).includes('mHoldingDisplaySuspendBlocker=true')).toBe(true);
  });

  it('app_info() reads pm path and dumpsys package; app_current() reads dumpsys window windows', async () => {
    const path = await shell(list('pm', 'path', 'com.moba.notes'));
    expect(path).toMatch(/^package:/);
    const out = await shell(list('dumpsys', 'package', 'com.moba.notes'));
    expect(/versionName=(?<name>[^\s]+)/.exec(out)?.groups?.name).toBe('1.0.0');
    expect(Number(/versionCode=(?<code>\d+)/.exec(out)?.groups?.code)).toBe(100);
    expect(/PackageSignatures\{.*?\[(.*)\]\}/.exec(out)?.[1]).toBeTruthy();
    expect(/pkgFlags=\[\s*(.*)\s*\]/.exec(out)?.[1]?.split(/\s+/)).toContain('HAS_CODE');
    expect(/firstInstallTime=([-\d]+\s+[:\d]+)/.exec(out)?.[1]).toBe('2025-05-20 02:00:00');
    expect(await shell(list('pm', 'path', 'com.example.none'))).toBe('');

    await shell(list('monkey', '-p', 'com.moba.notes', '-c', 'android.intent.category.LAUNCHER', '1'));
    const windows = await shell(list('dumpsys', 'window', 'windows'));
    expect(/mCurrentFocus=Window{.*\s+(?<package>[^\s]+)\/(?<activity>[^\s]+)\}/.exec(windows)?.groups?.package).toBe(
      'com.moba.notes',
    );
    // The fallback reads `dumpsys activity top` with the pid.
    const top = /ACTIVITY (?<package>[^\s]+)\/(?<activity>[^/\s]+) \w+ pid=(?<pid>\d+)/.exec(
      await shell(list('dumpsys', 'activity', 'top')),
    );
    expect(top?.groups?.pid).toBe(await shell('pidof com.moba.notes'));
  });

  it('wlan_ip() finds the address with ifconfig wlan0, and fails once Wi-Fi is off', async () => {
    const ifconfig = await shell(list('ifconfig', 'wlan0'));
    expect(/inet\s*addr:(.*?)\s/s.exec(ifconfig)?.[1]).toMatch(/^192\.168\.1\.\d+$/);
    await shell(list('svc', 'wifi', 'disable'));
    expect(/inet\s*addr:(.*?)\s/s.exec(await shell(list('ifconfig', 'wlan0')))).toBeNull();
    expect(/inet (\d+.*?)\/\d+/.exec(await shell(list('ip', 'addr', 'show', 'dev', 'wlan0')))).toBeNull();
    expect(/inet\s*addr:(.*?)\s/s.exec(await shell(list('ifconfig', 'eth0')))).toBeNull();
    await shell(list('svc', 'wifi', 'enable'));
  });

  it('framebuffer() gets a version-1 header and RGBA pixels of the screen', async () => {
    const c = await SmartSocket.service(adb.port, serial, 'framebuffer:');
    const header = await c.read(52);
    const [version, bpp, size, width, height, red, , blue, , , , , alphaLength] = Array.from({ length: 13 }, (_, i) =>
      header.readUInt32LE(i * 4),
    );
    expect({ version, bpp, width, height, red, blue, alphaLength }).toEqual({
      version: 1,
      bpp: 32,
      width: 1080,
      height: 2400,
      red: 0,
      blue: 16,
      alphaLength: 8,
    });
    expect(size).toBe(1080 * 2400 * 4);
    expect((await c.read(size as number)).length).toBe(size);
    c.close();
  });

  it('reverse() and reverse_list() speak the device side of adb reverse', async () => {
    const c = await SmartSocket.open(adb.port);
    c.send(`host:transport:${serial}`);
    await c.checkOkay();
    c.send('reverse:forward:tcp:7301;tcp:7302');
    await c.checkOkay(); // the server received it
    await c.checkOkay(); // the phone answered
    c.close();
    const l = await SmartSocket.service(adb.port, serial, 'reverse:list-forward');
    const items = (await l.readStringBlock())
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/\s+/).slice(1));
    expect(items).toContainEqual(['tcp:7301', 'tcp:7302']);
    l.close();
    const k = await SmartSocket.service(adb.port, serial, 'reverse:killforward:tcp:7301');
    expect((await k.read(4)).toString()).toBe('OKAY');
  });

  it('root() restarts adbd as root on this userdebug build; shell2 gets v2 exit codes', async () => {
    let connections = sim.acceptedConnections;
    const c = await SmartSocket.service(adb.port, serial, 'root:');
    expect((await c.readUntilClose()).toString()).toBe('restarting adbd as root\n');
    // adbd restarts: the adb server sees the phone go and reconnects.
    await waitUntil(() => sim.acceptedConnections > connections, 'the adb server to reconnect');
    await waitUntil(async () => (await shell('id -u').catch(() => '')) === '0', 'adbd to come back as root');
    const v2 = await SmartSocket.service(adb.port, serial, 'shell,v2:echo out; echo err >&2; exit 3');
    const frames = await v2.readUntilClose();
    const packets: Array<[number, string]> = [];
    for (let at = 0; at < frames.length; ) {
      const length = frames.readUInt32LE(at + 1);
      packets.push([frames[at] as number, frames.subarray(at + 5, at + 5 + length).toString()]);
      at += 5 + length;
    }
    expect(packets).toEqual([
      [1, 'out\n'],
      [2, 'err\n'],
      [3, '\u0003'],
    ]);
    connections = sim.acceptedConnections;
    const unroot = await SmartSocket.service(adb.port, serial, 'unroot:');
    expect((await unroot.readUntilClose()).toString()).toBe('restarting adbd as non root\n');
    await waitUntil(() => sim.acceptedConnections > connections, 'the adb server to reconnect');
    await waitUntil(async () => (await shell('id -u').catch(() => '')) === '2000', 'adbd to come back unprivileged');
  });

  it('logcat (`logcat -v time`) is not empty, and dump_hierarchy() writes, says success and pulls XML', async () => {
    const c = await SmartSocket.service(adb.port, serial, 'shell:logcat -v time');
    const first = (await c.read(200)).toString();
    c.close();
    expect(first).toMatch(/^--------- beginning of main\n\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} I\/init\( +1\): /);
    const target = '/data/local/tmp/uidump.xml';
    const output = await shell(`rm -f ${target}; uiautomator dump ${target} && echo success`);
    expect(output).toContain('success');
    expect(output).not.toContain('ERROR');
    // sync.iter_content(target): RECV, then DATA chunks until DONE.
    const sync = await SmartSocket.service(adb.port, serial, 'sync:');
    const path = Buffer.from(target);
    const request = Buffer.alloc(8);
    request.write('RECV', 0, 'latin1');
    request.writeUInt32LE(path.length, 4);
    sync.write(Buffer.concat([request, path]));
    const chunks: Buffer[] = [];
    for (;;) {
      const id = (await sync.read(4)).toString('latin1');
      const length = (await sync.read(4)).readUInt32LE(0);
      if (id === 'DONE') break;
      expect(id).toBe('DATA');
      chunks.push(await sync.read(length));
    }
    sync.close();
    expect(Buffer.concat(chunks).toString('utf8').startsWith('<?xml')).toBe(true);
  });
});
