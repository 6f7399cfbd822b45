/**
 * The small programs agents and client libraries call, run through the shell on the in-memory
 * phone, with the parsing the clients do (adbutils' regexes) where a client reads the output.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeDevice } from '../../fake-device.ts';
import { PhoneOs } from '../../os/phone-os.ts';
import { ShellSession } from '../interpreter.ts';
import type { ShellEnvironment } from '../interpreter.ts';
import { CaptureOutput, EMPTY_INPUT } from '../io.ts';
import { createDefaultCommands } from './index.ts';

let device: FakeDevice;
let environment: ShellEnvironment;

beforeEach(() => {
  device = new FakeDevice({ serial: 'TOOLS0001' });
  environment = { device, commands: createDefaultCommands(), hooks: { appProcess: [] }, os: new PhoneOs(device) };
});

async function run(source: string, signal = new AbortController().signal) {
  const session = new ShellSession(environment, { signal });
  const stdout = new CaptureOutput();
  const stderr = new CaptureOutput();
  try {
    const status = await session.run(source, { stdin: EMPTY_INPUT, stdout, stderr });
    return { status, out: stdout.text(), err: stderr.text(), bytes: stdout.bytes() };
  } finally {
    session.dispose();
  }
}

describe('processes', () => {
  it('ps -A lists running apps with their package as NAME; pidof and dumpsys activity top agree', async () => {
    await run('monkey -p com.moba.notes -c android.intent.category.LAUNCHER 1');
    const ps = (await run('ps -A')).out.trim().split('\n');
    expect(ps[0]).toMatch(/^USER\s+PID\s+PPID\s+VSZ\s+RSS\s+WCHAN\s+ADDR\s+S\s+NAME$/);
    // uiautomator2's _pidof_app: 9+ fields, the last one the package.
    const row = ps.map((line) => line.trim().split(/\s+/)).find((f) => f.length >= 9 && f.at(-1) === 'com.moba.notes');
    expect(row).toBeDefined();
    const pid = Number(row?.[1]);
    expect((await run('pidof com.moba.notes')).out).toBe(`${pid}\n`);
    expect((await run('dumpsys activity top')).out).toMatch(
      new RegExp(`ACTIVITY com\\.moba\\.notes/\\S+ \\w+ pid=${pid}\\n`),
    );
    await run('am force-stop com.moba.notes');
    expect((await run('pidof com.moba.notes')).status).toBe(1);
    await run('monkey -p com.moba.notes -c android.intent.category.LAUNCHER 1');
    expect(Number((await run('pidof com.moba.notes')).out)).not.toBe(pid);
  });

  it('ps without -A shows this shell and itself; kill refuses other users without root', async () => {
    const own = (await run('ps')).out.trim().split('\n').slice(1);
    expect(own.map((l) => l.split(/\s+/).at(-1))).toEqual(['sh', 'ps']);
    const kill = await run('kill -9 610');
    expect(kill).toMatchObject({ status: 1, err: 'kill: 610: Operation not permitted\n' });
    expect((await run('kill 99999')).err).toBe('kill: 99999: No such process\n');
    expect((await run('kill -l 15')).out).toBe('TERM\n');
  });

  it('pkill -SIGINT stops a running program in another shell, which then ends with 128+2', async () => {
    const sleeper = run('sleep 30; echo "after $?"');
    await expect.poll(async () => (await run('pgrep -x sleep')).status).toBe(0);
    const result = await run('pkill -SIGINT sleep');
    expect(result.status).toBe(0);
    expect(await sleeper).toMatchObject({ status: 0, out: 'after 130\n' });
    expect((await run('sleep 5 & pkill -f "sleep 5"; wait')).status).toBe(0);
  });
});

describe('text and file tools', () => {
  it('sed substitutes, deletes, prints lines and edits files in place', async () => {
    expect((await run("printf 'a1\\nb2\\nc3\\n' | sed 's/[0-9]/#/'")).out).toBe('a#\nb#\nc#\n');
    expect((await run("printf 'a\\nb\\nc\\n' | sed -n '2p'")).out).toBe('b\n');
    expect((await run("printf 'a\\nb\\nc\\n' | sed '/b/d'")).out).toBe('a\nc\n');
    expect((await run("echo 'x=1 y=2' | sed -E 's/([a-z])=([0-9])/\\2:\\1/g'")).out).toBe('1:x 2:y\n');
    expect(
      (await run("echo hello > /sdcard/f.txt && sed -i 's/hello/bye/' /sdcard/f.txt && cat /sdcard/f.txt")).out,
    ).toBe('bye\n');
    expect((await run("printf '1\\n2\\n3\\n4\\n' | sed -n '2,3p'")).out).toBe('2\n3\n');
  });

  it('find walks the tree with -name/-type/-maxdepth and does not follow a command-line link without a slash', async () => {
    await run('mkdir -p /sdcard/Pictures/trip && touch /sdcard/Pictures/trip/a.png /sdcard/Pictures/b.jpg');
    expect((await run("find /sdcard/Pictures/ -name '*.png'")).out).toBe('/sdcard/Pictures/trip/a.png\n');
    expect((await run('find /sdcard/Pictures -type d')).out).toBe('/sdcard/Pictures\n/sdcard/Pictures/trip\n');
    expect((await run('find /sdcard -maxdepth 1')).out).toBe('/sdcard\n');
    expect((await run('find /sdcard/ -maxdepth 1 -type d -name Pic*')).out).toBe('/sdcard/Pictures\n');
    expect((await run("find /sdcard/Pictures -name '*.jpg' -delete; ls /sdcard/Pictures")).out).toBe('trip\n');
  });

  it('stat -c formats, head -c counts bytes, command -v locates programs', async () => {
    await run('echo 12345678 > /data/local/tmp/n');
    expect((await run('stat -c "%n %s %a %F %U" /data/local/tmp/n')).out).toBe(
      '/data/local/tmp/n 9 644 regular file shell\n',
    );
    expect((await run('stat /sdcard/Download')).out).toMatch(
      /^ {2}File: '\/sdcard\/Download'\n.*directory\n.*Access: \(0770\/drwxrwx---\)/s,
    );
    expect((await run('stat /nope')).status).toBe(1);
    expect((await run('head -c 4 /data/local/tmp/n')).out).toBe('1234');
    expect((await run('tail -c 3 /data/local/tmp/n')).out).toBe('78\n');
    expect(await run('command -v ls cd; command -v nothing')).toMatchObject({ status: 1, out: '/system/bin/ls\ncd\n' });
    expect((await run('toybox md5sum /data/local/tmp/n')).out).toMatch(/^[0-9a-f]{32} {2}\/data\/local\/tmp\/n\n$/);
    expect((await run('toybox am start')).err).toBe('toybox: Unknown command am\n');
  });

  it('cut, tr, sort, uniq, xargs and base64 filter like toybox', async () => {
    expect((await run("echo 'a:b:c' | cut -d: -f2,3")).out).toBe('b:c\n');
    expect((await run('echo Hello | tr a-z A-Z')).out).toBe('HELLO\n');
    expect((await run("printf 'b\\na\\nb\\n' | sort | uniq -c")).out).toBe('      1 a\n      2 b\n');
    expect((await run("printf '10\\n9\\n' | sort -n")).out).toBe('9\n10\n');
    expect((await run('echo one two | xargs -n 1 echo got')).out).toBe('got one\ngot two\n');
    expect((await run('echo -n hi | base64; echo aGk= | base64 -d')).out).toBe('aGk=\nhi');
  });
});

describe('network, services, log', () => {
  it('reports the Wi-Fi address for adbutils wlan_ip, and none once svc wifi disable turned Wi-Fi off', async () => {
    const ifconfig = (await run('ifconfig wlan0')).out;
    const address = /inet\s*addr:(.*?)\s/s.exec(ifconfig)?.[1];
    expect(address).toMatch(/^192\.168\.1\.\d+$/);
    expect(/inet (\d+.*?)\/\d+/.exec((await run('ip addr show dev wlan0')).out)?.[1]).toBe(address);
    await run('svc wifi disable');
    expect(device.getSetting('global', 'wifi_on')).toBe('0');
    expect((await run('ifconfig wlan0')).out).not.toMatch(/inet\s*addr/);
    expect((await run('ifconfig eth0')).status).toBe(1);
    await run('svc data disable; svc power stayon usb');
    expect(device.getSetting('global', 'mobile_data')).toBe('0');
    expect(device.getSetting('global', 'stay_on_while_plugged_in')).toBe('2');
  });

  it('logcat is not empty: boot lines, then activity starts, in threadtime and brief formats, filtered', async () => {
    const dump = (await run('logcat -d')).out;
    expect(dump.split('\n').length).toBeGreaterThan(10);
    expect(dump).toMatch(/^--------- beginning of main\n\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ I init {4}: /);
    await run('am start -n com.moba.notes/.MainActivity');
    expect((await run('logcat -d -v brief -s ActivityTaskManager')).out).toMatch(
      /I\/ActivityTaskManager\( *610\): START u0 \{.*cmp=com\.moba\.notes\/\.MainActivity.*\} with LAUNCH_MULTIPLE from uid 2000\n$/,
    );
    const tail = (await run('logcat -d -t 2')).out.trim().split('\n');
    expect(tail.filter((line) => !line.startsWith('---------'))).toHaveLength(2);
    await run('logcat -c');
    expect((await run('logcat -d')).out).toBe('');
    const binary = Buffer.from((await run('am force-stop com.moba.notes; logcat -d -B')).bytes);
    expect(binary.readUInt16LE(2)).toBe(24);
    expect(binary[24]).toBe(4); // ANDROID_LOG_INFO
    expect(binary.subarray(25).toString('latin1')).toMatch(/^ActivityManager\0Force stopping com\.moba\.notes/);
  });

  it('logcat without -d follows new entries until the stream closes', async () => {
    const stop = new AbortController();
    const following = run('logcat -v tag ActivityTaskManager:I *:S', stop.signal);
    await run('am start -n com.android.settings/.Settings');
    await expect
      .poll(() => environment.os.log.read(new Set(['system'])).some((e) => e.message.includes('Settings')))
      .toBe(true);
    setTimeout(() => stop.abort(), 50);
    expect((await following).out).toMatch(/I\/ActivityTaskManager: START u0 .*com\.android\.settings/);
  });
});

describe('dumpsys for client libraries', () => {
  it('has the lines adbutils parses: rotation, screen on, app_info', async () => {
    const display = (await run('dumpsys display')).out;
    const first = display.split('\n').find((line) => /.*?orientation=(\d+)/.test(line));
    expect(/orientation=(\d+)/.exec(first ?? '')?.[1]).toBe('0');
    expect((await run('dumpsys power')).out).toContain('mHoldingDisplaySuspendBlocker=true');
    const pkg = (await run('dumpsys package com.moba.notes')).out;
    expect(/versionName=(?<name>[^\s]+)/.exec(pkg)?.groups?.name).toBe('1.0.0');
    expect(/versionCode=(?<code>\d+)/.exec(pkg)?.groups?.code).toBe('100');
    expect(/PackageSignatures\{.*?\[(.*)\]\}/.exec(pkg)?.[1]).toBeTruthy();
    expect(/firstInstallTime=([-\d]+\s+[:\d]+)/.exec(pkg)?.[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(/targetSdk=(\d+)/.exec(pkg)?.[1]).toBe('34');
  });

  it('dumpsys audio reports the stream volumes and ringer mode the settings hold', async () => {
    await run('settings put system volume_music 9');
    const audio = (await run('dumpsys audio')).out;
    expect(/- STREAM_MUSIC:\n(?:.*\n)*?\s+streamVolume:(\d+)/.exec(audio)?.[1]).toBe('9');
    expect(audio).toContain('- mode (internal) = NORMAL');
    await run('settings put global zen_mode 1');
    expect((await run('dumpsys audio')).out).toContain('- mode (internal) = SILENT');
    await run('settings put global zen_mode 0');
  });

  it('agrees with wm and settings on rotation', async () => {
    await run('settings put system user_rotation 1');
    expect(/.*?orientation=(\d+)/.exec((await run('dumpsys display')).out)?.[1]).toBe('1');
    expect((await run('dumpsys input')).out).toContain('SurfaceOrientation: 1');
    expect((await run('dumpsys window displays')).out).toMatch(/cur=2400x1080.*\n(.*\n)*\s+mRotation=1 /);
    expect((await run('wm size')).out).toBe('Physical size: 1080x2400\n');
    await run('settings put system accelerometer_rotation 1');
    expect(/.*?orientation=(\d+)/.exec((await run('dumpsys display')).out)?.[1]).toBe('0');
  });
});
