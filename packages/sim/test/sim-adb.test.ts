/**
 * The simulated phone's ADB side against the REAL adb server (Debian adb 29.0.6) and adbkit:
 * connect, shells (plain and v2), quoting, exit codes, screencap, sync, uiautomator, input,
 * am/pm/dumpsys/ime, abstract sockets, app_process hooks, concurrency.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedDevice } from '../src/index.ts';
import { startSimulatorServer } from '../src/index.ts';
import type { SimulatorServer } from '../src/index.ts';
import { Adb, collect, startAdbServer, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { createTestDevice } from './support/sim-device.ts';

type AdbkitDevice = ReturnType<ReturnType<PrivateAdbServer['client']>['getDevice']>;

let device: SimulatedDevice;
let sim: SimulatorServer;
let adb: PrivateAdbServer;
let serial: string;
let kit: AdbkitDevice;
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const sh = async (command: string) => adb.adb(['-s', serial, 'shell', command]);
const kitShell = async (command: string | string[]) => text(await Adb.util.readAll(await kit.shell(command)));

/** The centre of the first node whose attributes match `attr="value"`. */
function centerOf(xml: string, attr: string, value: string | RegExp): [number, number] | undefined {
  for (const match of xml.matchAll(/<node [^>]*>/g)) {
    const node = match[0];
    const got = new RegExp(`\\s${attr}="([^"]*)"`).exec(node)?.[1];
    if (got === undefined || (typeof value === 'string' ? got !== value : !value.test(got))) continue;
    const b = /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(node);
    if (!b) continue;
    const [x1, y1, x2, y2] = b.slice(1).map(Number) as [number, number, number, number];
    return [Math.floor((x1 + x2) / 2), Math.floor((y1 + y2) / 2)];
  }
  return undefined;
}

/**
 * Opens launchable apps one by one (with monkey, as agents do) until one shows an EditText,
 * tapping a search control first when an app has one; resolves to the field's centre.
 */
async function findTextField(): Promise<[number, number] | undefined> {
  const apps = device.packages().filter((p) => p.launchActivity !== '' && p.packageName !== 'com.android.launcher3');
  for (const app of apps) {
    const launched = await sh(`monkey -p ${app.packageName} -c android.intent.category.LAUNCHER 1`);
    if (!/Events injected: 1\n/.test(launched.stdout.toString())) continue;
    await waitUntil(async () => (await device.focus()).packageName === app.packageName, `${app.packageName} to open`);
    let xml = await device.dumpUi({ compressed: false });
    let field = centerOf(xml, 'class', 'android.widget.EditText');
    const search = centerOf(xml, 'resource-id', /search/i) ?? centerOf(xml, 'content-desc', /search/i);
    if (!field && search) {
      await sh(`input tap ${search[0]} ${search[1]}`);
      xml = await device.dumpUi({ compressed: false });
      field = centerOf(xml, 'class', 'android.widget.EditText');
    }
    if (field) return field;
  }
  return undefined;
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  device = await createTestDevice({ serial: 'SIMADB0001' });
  sim = await startSimulatorServer({ device, port: 0 });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
  kit = adb.client().getDevice(serial);
});

afterAll(async () => {
  await adb?.dispose();
  await sim?.close();
  await device?.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  expect(unhandled).toEqual([]);
});

describe('connecting', () => {
  it('lists the phone with its product, model and device', async () => {
    const line = (await adb.devices()).find((d) => d.serial === serial);
    const clean = (s: string) => s.replace(/[:;=,\s]+/g, '_');
    expect(line?.state).toBe('device');
    expect(line?.details).toMatchObject({
      product: clean(device.props.product),
      model: clean(device.props.model),
      device: clean(device.props.device),
    });
    expect(sim.connections).toBe(1);
  });

  it('survives `adb connect` to an address that is already connected', async () => {
    const again = await adb.adb(['connect', sim.address]);
    expect(again.stdout.toString()).toMatch(/already connected/);
    await waitUntil(() => sim.connections === 1, 'the extra probe connection to close');
    expect((await sh('echo still-here')).stdout.toString()).toBe('still-here\n');
  });
});

describe('shell', () => {
  it('runs a command: adb shell echo hi', async () => {
    const result = await adb.adb(['-s', serial, 'shell', 'echo', 'hi']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.toString()).toBe('hi\n');
  });

  it('propagates exit codes over shell v2', async () => {
    expect((await sh('exit 3')).code).toBe(3);
    expect((await sh('false')).code).toBe(1);
    expect((await sh('true && exit 5')).code).toBe(5);
    expect((await sh('false || exit 7')).code).toBe(7);
    const status = await sh('false; echo $?');
    expect(status.stdout.toString()).toBe('1\n');
    expect(status.code).toBe(0);
  });

  it('keeps stdout and stderr apart over shell v2', async () => {
    const result = await sh('echo out; echo err >&2; echo both 2>&1');
    expect(result.stdout.toString()).toBe('out\nboth\n');
    expect(result.stderr).toBe('err\n');
  });

  it('answers an unknown command with 127 on stderr', async () => {
    const result = await sh('foo --bar');
    expect(result.code).toBe(127);
    expect(result.stderr).toBe('/system/bin/sh: foo: not found\n');
  });

  it('handles quotes, escapes, variables and VAR=value prefixes', async () => {
    expect((await sh(`echo 'a  b' "c  d" e\\ \\ f "x'y" 'p"q'`)).stdout.toString()).toBe(`a  b c  d e  f x'y p"q\n`);
    expect((await sh('echo $EXTERNAL_STORAGE "${ANDROID_DATA}" \'$HOME\'')).stdout.toString()).toBe(
      '/sdcard /data $HOME\n',
    );
    expect((await sh(`GREETING='hello there' sh -c 'echo "$GREETING"'`)).stdout.toString()).toBe('hello there\n');
    // adbkit quotes array arguments as 'a' 'b' with '"'"' for embedded quotes.
    expect(await kitShell(['echo', "it's", 'a  b', '$HOME', '&&', 'x'])).toBe("it's a  b $HOME && x\n");
  });

  it('supports redirections, pipes and loops', async () => {
    const result = await sh(
      'echo one > /data/local/tmp/t.txt; echo two >> /data/local/tmp/t.txt; cat /data/local/tmp/t.txt | grep -c o; cat < /data/local/tmp/t.txt | tail -n 1; for i in 1 2 3; do echo -n $i; done; echo',
    );
    expect(result.stdout.toString()).toBe('2\ntwo\n123\n');
    const denied = await sh('echo x > /system/x.txt');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toBe("/system/bin/sh: can't create /system/x.txt: Read-only file system\n");
  });

  it('gives an interactive PTY shell with a prompt and echo (adb shell -tt)', async () => {
    const result = await adb.adb(['-s', serial, 'shell', '-tt'], { input: 'echo hi\nexit 2\n' });
    expect(result.stdout.toString()).toBe(
      `${device.props.device}:/ $ echo hi\r\nhi\r\n${device.props.device}:/ $ exit 2\r\n`,
    );
    expect(result.code).toBe(2);
  });

  it('reads a script from stdin when no command is given', async () => {
    const result = await adb.adb(['-s', serial, 'shell'], {
      input: 'echo one\ncd /sdcard && pwd\nexit 4\necho never\n',
    });
    expect(result.stdout.toString()).toBe('one\n/sdcard\n');
    expect(result.code).toBe(4);
  });

  it('runs plain shell: streams through adbkit (no exit code, merged stderr)', async () => {
    expect(await kitShell('echo a; echo b >&2; exit 9')).toBe('a\nb\n');
  });

  it('serves 20 concurrent shell streams', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kitShell(`sleep 0.2; echo stream-${i}`)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => `stream-${i}\n`));
  });

  it('lets adbkit wait for boot completion', async () => {
    await expect(kit.waitBootComplete()).resolves.toBe(true);
  });
});

describe('screen', () => {
  it('returns the exact PNG bytes from exec-out, shell v2 and adbkit', async () => {
    const expected = Buffer.from(await device.screencap());
    const execOut = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    expect(execOut.stdout.equals(expected)).toBe(true);
    const v2 = await sh('screencap -p');
    expect(v2.stdout.equals(expected)).toBe(true);
    const viaKit = await Adb.util.readAll(await kit.screencap());
    expect(Buffer.from(viaKit).equals(expected)).toBe(true);
  });

  it('writes screencap FILE and the raw RGBA format', async () => {
    expect((await sh('screencap -p /sdcard/Pictures/s.png')).code).toBe(0);
    const pulled = await adb.adb(['-s', serial, 'exec-out', 'cat', '/sdcard/Pictures/s.png']);
    expect(pulled.stdout.equals(Buffer.from(await device.screencap()))).toBe(true);
    const raw = (await adb.adb(['-s', serial, 'exec-out', 'screencap'])).stdout;
    expect(raw.readUInt32LE(0)).toBe(device.props.width);
    expect(raw.readUInt32LE(4)).toBe(device.props.height);
    expect(raw.length).toBe(16 + device.props.width * device.props.height * 4);
  });

  it('dumps the UI to /sdcard/window_dump.xml for adb pull', async () => {
    await sh('input keyevent KEYCODE_HOME');
    const result = await sh('uiautomator dump');
    expect(result.stdout.toString()).toBe('UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const dir = adb.home;
    const pull = await adb.adb(['-s', serial, 'pull', '/sdcard/window_dump.xml', join(dir, 'wd.xml')]);
    expect(pull.code).toBe(0);
    const xml = readFileSync(join(dir, 'wd.xml'), 'utf8');
    expect(xml).toBe(await device.dumpUi({ compressed: false }));
    expect(xml).toMatch(/^<\?xml version='1.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0">/);
    const tty = await sh('uiautomator dump /dev/tty');
    expect(tty.stdout.toString()).toBe(`${xml}UI hierchary dumped to: /dev/tty\n`);
  });

  it('delivers `input tap` to the device: tapping the Settings icon opens Settings', async () => {
    await sh('input keyevent 3');
    const xml = await device.dumpUi({ compressed: false });
    const target = centerOf(xml, 'text', 'Settings') ?? centerOf(xml, 'content-desc', 'Settings');
    expect(target, 'a Settings icon on the home screen').toBeDefined();
    const [x, y] = target as [number, number];
    expect((await sh(`input tap ${x} ${y}`)).code).toBe(0);
    await waitUntil(
      async () => (await device.focus()).packageName === 'com.android.settings',
      'Settings to be focused',
    );
    const focus = (await sh('dumpsys window | grep mCurrentFocus')).stdout.toString();
    expect(focus).toMatch(/^ {2}mCurrentFocus=Window\{[0-9a-f]+ u0 com\.android\.settings\/[\w.]+\}\n$/);
    await sh('input keyevent KEYCODE_HOME');
    await waitUntil(
      async () => (await device.focus()).packageName !== 'com.android.settings',
      'HOME to leave Settings',
    );
  });

  it('types with `input text` (%s = space) and ADB Keyboard broadcasts into a focused field', async () => {
    const field = await findTextField();
    expect(field, 'an app with a text field on (or one search tap from) its first screen').toBeDefined();
    await sh(`input tap ${field?.[0]} ${field?.[1]}`);
    await waitUntil(() => device.keyboardShown(), 'the keyboard to show');
    expect((await sh('dumpsys input_method | grep -o "mInputShown=[a-z]*"')).stdout.toString()).toBe(
      'mInputShown=true\n',
    );
    expect((await sh('input text hello%sworld')).code).toBe(0);
    await waitUntil(
      async () => (await device.dumpUi({ compressed: false })).includes('hello world'),
      'the typed text in the dump',
    );
    const nonAscii = await sh('input text 工作');
    expect(nonAscii.code).toBe(255);
    expect(nonAscii.stderr).toMatch(/NullPointerException/);
    expect((await sh('ime enable com.android.adbkeyboard/.AdbIME')).code).toBe(0);
    expect((await sh('ime set com.android.adbkeyboard/.AdbIME')).stdout.toString()).toBe(
      'Input method com.android.adbkeyboard/.AdbIME selected for user #0\n',
    );
    const b64 = Buffer.from(' 工作', 'utf8').toString('base64');
    const sent = await sh(`am broadcast -a ADB_INPUT_B64 --es msg ${b64}`);
    expect(sent.stdout.toString()).toBe(
      'Broadcasting: Intent { act=ADB_INPUT_B64 flg=0x400000 (has extras) }\nBroadcast completed: result=0\n',
    );
    await waitUntil(
      async () => (await device.dumpUi({ compressed: false })).includes('hello world 工作'),
      'the broadcast text in the dump',
    );
    await sh('ime set com.android.inputmethod.latin/.LatinIME');
    await sh('input keyevent KEYCODE_BACK; input keyevent KEYCODE_HOME');
  });
});

describe('sync', () => {
  it('pushes and pulls 10 MB byte-identically through adbkit, with stat and readdir', async () => {
    const data = randomBytes(10 * 1024 * 1024);
    const started = performance.now();
    // A byte stream (not object mode): adbkit reads it in 64 KiB DATA chunks.
    const push = await kit.push(Readable.from([data], { objectMode: false }), '/sdcard/Download/kit.bin');
    await new Promise<void>((resolve, reject) => {
      push.on('end', () => resolve());
      push.on('error', reject);
    });
    const pushed = performance.now();
    const back = await collect(await kit.pull('/sdcard/Download/kit.bin'));
    const pulled = performance.now();
    expect(Buffer.from(back).equals(data)).toBe(true);
    console.log(
      `adbkit 10 MB: push ${(10_000 / (pushed - started)).toFixed(0)} MB/s, pull ${(10_000 / (pulled - pushed)).toFixed(0)} MB/s`,
    );
    const stat = await kit.stat('/sdcard/Download/kit.bin');
    expect(stat.size).toBe(data.length);
    expect(stat.isFile()).toBe(true);
    const names = (await kit.readdir('/sdcard/Download')).map((e: { name: string }) => e.name);
    expect(names).toContain('kit.bin');
    await expect(kit.stat('/sdcard/nope.bin')).rejects.toThrow(/ENOENT/);
  });

  it('pushes and pulls 10 MB byte-identically with the adb CLI', async () => {
    const data = randomBytes(10 * 1024 * 1024);
    const local = join(adb.home, 'cli.bin');
    writeFileSync(local, data);
    const push = await adb.adb(['-s', serial, 'push', local, '/data/local/tmp/sub/dir/cli.bin']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout.toString()).toMatch(/1 file pushed/);
    const md5 = (await sh('md5sum /data/local/tmp/sub/dir/cli.bin')).stdout.toString().split(' ')[0];
    expect(md5).toBe(createHash('md5').update(data).digest('hex'));
    const copy = join(adb.home, 'cli-back.bin');
    const pull = await adb.adb(['-s', serial, 'pull', '/data/local/tmp/sub/dir/cli.bin', copy]);
    expect(pull.code, pull.stderr).toBe(0);
    expect(readFileSync(copy).equals(data)).toBe(true);
    const missing = await adb.adb(['-s', serial, 'pull', '/sdcard/missing.bin', copy]);
    expect(missing.code).toBe(1);
    // adb 29 prints sync errors on stdout.
    expect(missing.stdout.toString() + missing.stderr).toMatch(/remote object '\/sdcard\/missing.bin' does not exist/);
    const denied = await adb.adb(['-s', serial, 'push', local, '/system/cli.bin']);
    expect(denied.code).toBe(1);
    expect(denied.stdout.toString() + denied.stderr).toMatch(/Read-only file system/);
  });
});

describe('system commands', () => {
  it('reports properties to getprop and adbkit', async () => {
    const props = await kit.getProperties();
    expect(props['ro.serialno']).toBe(device.props.serial);
    expect(props).toEqual(device.getprop());
    expect((await sh('getprop ro.build.version.sdk')).stdout.toString()).toBe(`${device.props.sdk}\n`);
  });

  it('starts activities with am and reports errors like Android', async () => {
    const started = await sh('am start -W -n com.android.settings/.Settings');
    expect(started.stdout.toString()).toMatch(
      /^Starting: Intent \{ cmp=com\.android\.settings\/\.Settings \}\n(.*\n)*Status: ok\n/,
    );
    expect((await device.focus()).packageName).toBe('com.android.settings');
    const activities = await sh('dumpsys activity activities | grep mResumedActivity');
    expect(activities.stdout.toString()).toMatch(
      /mResumedActivity: ActivityRecord\{[0-9a-f]+ u0 com\.android\.settings\/\S+ t\d+\}/,
    );
    const bad = await sh('am start -n com.android.settings/.NoSuchActivity');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /Error: Activity class \{com\.android\.settings\/com\.android\.settings\.NoSuchActivity\} does not exist\./,
    );
    await expect(kit.startActivity({ component: 'com.android.settings/.NoSuchActivity' })).rejects.toThrow(
      /does not exist/,
    );
    expect((await sh('am force-stop com.android.settings')).code).toBe(0);
    await waitUntil(
      async () => (await device.focus()).packageName !== 'com.android.settings',
      'force-stop to close Settings',
    );
  });

  it('lists packages and paths like pm', async () => {
    const listed = (await sh('pm list packages')).stdout.toString().trim().split('\n');
    expect(listed).toEqual(device.packages().map((p) => `package:${p.packageName}`));
    expect(await kit.getPackages()).toEqual(device.packages().map((p) => p.packageName));
    const third = (await sh('pm list packages -3')).stdout.toString().trim().split('\n').filter(Boolean);
    expect(third).toEqual(
      device
        .packages()
        .filter((p) => !p.system)
        .map((p) => `package:${p.packageName}`),
    );
    const settings = device.packages().find((p) => p.packageName === 'com.android.settings');
    expect((await sh('pm path com.android.settings')).stdout.toString()).toBe(`package:${settings?.apkPath}\n`);
    expect((await sh('pm path com.nope')).code).toBe(1);
    expect(await kit.isInstalled('com.nope')).toBe(false);
  });

  it('answers wm, settings and ime like Android', async () => {
    const { width, height, density } = device.props;
    expect((await sh('wm size')).stdout.toString()).toBe(`Physical size: ${width}x${height}\n`);
    expect((await sh('wm density')).stdout.toString()).toBe(`Physical density: ${density}\n`);
    expect(
      (await sh('settings put global sim_test_key 42 && settings get global sim_test_key')).stdout.toString(),
    ).toBe('42\n');
    expect((await sh('settings get global no_such_key_here')).stdout.toString()).toBe('null\n');
    const imes = (await sh('ime list -s -a')).stdout.toString().trim().split('\n');
    expect(imes).toEqual(device.inputMethods().map((m) => m.id));
    expect((await sh('ime set com.nope/.Ime')).stderr).toBe(
      'Unknown input method com.nope/.Ime cannot be selected for user #0\n',
    );
  });

  it('restarts adbd as root on this userdebug build (adb root / unroot), as adbd does', async () => {
    // adbd restarts after answering: wait for the adb server's new connection, then for a shell.
    let connections = sim.acceptedConnections;
    const back = async () => {
      await waitUntil(() => sim.acceptedConnections > connections, 'the adb server to reconnect');
      await waitUntil(
        async () => (await sh('echo up').catch(() => undefined))?.stdout.toString() === 'up\n',
        'adbd to come back',
      );
      connections = sim.acceptedConnections;
    };
    expect((await adb.adb(['-s', serial, 'root'])).stdout.toString()).toBe('restarting adbd as root\n');
    await back();
    expect((await sh('id -u')).stdout.toString()).toBe('0\n');
    expect((await sh('getprop service.adb.root')).stdout.toString()).toBe('1\n');
    expect((await sh('echo x > /data/rooted && cat /data/rooted')).stdout.toString()).toBe('x\n');
    expect((await sh('touch /system/bin/nope')).stderr.toString()).toMatch(/Read-only file system/);
    expect((await adb.adb(['-s', serial, 'root'])).stdout.toString()).toBe('adbd is already running as root\n');
    expect((await adb.adb(['-s', serial, 'unroot'])).stdout.toString()).toBe('restarting adbd as non root\n');
    await back();
    expect((await sh('id -u')).stdout.toString()).toBe('2000\n');
    expect((await sh('touch /data/again')).stderr.toString()).toMatch(/Permission denied/);
  });

  it('controls the simulator: sim-clock, sim-snapshot, sim-state', async () => {
    expect((await sh('sim-clock set 2025-06-03T10:00:00Z')).code).toBe(0);
    const seconds = Number((await sh('date +%s')).stdout.toString());
    expect(seconds).toBeGreaterThanOrEqual(Date.UTC(2025, 5, 3, 10) / 1000);
    expect(seconds).toBeLessThan(Date.UTC(2025, 5, 3, 10) / 1000 + 60);
    expect((await sh('date -u +%F')).stdout.toString()).toBe('2025-06-03\n');
    expect((await sh('sim-snapshot save h1-test')).code).toBe(0);
    expect((await sh('sim-snapshot list')).stdout.toString()).toMatch(/^h1-test$/m);
    expect((await sh('sim-snapshot restore no-such-snapshot')).code).toBe(1);
    const state = JSON.parse((await sh('sim-state com.android.settings')).stdout.toString()) as unknown;
    expect(state).toEqual(JSON.parse(JSON.stringify(await device.state('com.android.settings'))));
    expect(JSON.parse((await sh('sim-state')).stdout.toString())).toBeTypeOf('object');
    expect((await sh('sim-snapshot restore h1-test')).code).toBe(0);
  });
});

describe('extension points', () => {
  it('routes localabstract:<name> to a registered abstract socket, refuses unknown names', async () => {
    const registration = sim.registerAbstractSocket('moba_test_echo', (socket) => {
      socket.onDidReceiveData((data) => void socket.write(Buffer.concat([Buffer.from('echo:'), data])));
    });
    try {
      const stream = await kit.openLocal('localabstract:moba_test_echo');
      const reply = new Promise<string>((resolve) => stream.once('data', (chunk: Buffer) => resolve(chunk.toString())));
      stream.write('ping');
      expect(await reply).toBe('echo:ping');
      stream.end();
      await expect(kit.openLocal('localabstract:nobody_listens')).rejects.toThrow(/closed/);
    } finally {
      registration.dispose();
    }
    await expect(kit.openLocal('localabstract:moba_test_echo')).rejects.toThrow(/closed/);
  });

  it('hands app_process invocations to a registered handler; unknown classes fail like ART', async () => {
    const registration = sim.registerAppProcessHandler(async (invocation, ctx) => {
      if (invocation.className !== 'com.example.Hello') return undefined;
      await ctx.out(`hello ${invocation.classpath} ${invocation.args.join(',')}\n`);
      return 0;
    });
    try {
      const ok = await sh('CLASSPATH=/data/local/tmp/x.jar app_process / com.example.Hello 3.3.3 a=b');
      expect(ok.stdout.toString()).toBe('hello /data/local/tmp/x.jar 3.3.3,a=b\n');
      const missing = await sh('CLASSPATH=/data/local/tmp/none.jar app_process / com.example.Missing');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/java\.lang\.ClassNotFoundException: Didn't find class "com\.example\.Missing"/);
    } finally {
      registration.dispose();
    }
  });
});
