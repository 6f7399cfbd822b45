import { beforeEach, describe, expect, it } from 'vitest';
import { FakeDevice } from '../fake-device.ts';
import { createDefaultCommands } from './commands/index.ts';
import { PhoneOs } from '../os/phone-os.ts';
import { ShellSession } from './interpreter.ts';
import type { ShellEnvironment } from './interpreter.ts';
import { CaptureOutput, EMPTY_INPUT, bufferInput } from './io.ts';

let device: FakeDevice;
let environment: ShellEnvironment;

beforeEach(() => {
  device = new FakeDevice({ serial: 'SHELLTEST1' });
  environment = { device, commands: createDefaultCommands(), hooks: { appProcess: [] }, os: new PhoneOs(device) };
});

async function run(script: string, options: { stdin?: string; signal?: AbortSignal; session?: ShellSession } = {}) {
  const stdout = new CaptureOutput();
  const stderr = new CaptureOutput();
  const session =
    options.session ?? new ShellSession(environment, { signal: options.signal ?? new AbortController().signal });
  const status = await session.run(script, {
    stdin: options.stdin === undefined ? EMPTY_INPUT : bufferInput(Buffer.from(options.stdin)),
    stdout,
    stderr,
  });
  return { out: stdout.text(), err: stderr.text(), status };
}

describe('ShellSession', () => {
  it('gives && / || / ; the POSIX exit-status semantics', async () => {
    expect(await run('true && echo a || echo b')).toMatchObject({ out: 'a\n', status: 0 });
    expect(await run('false && echo a || echo b')).toMatchObject({ out: 'b\n', status: 0 });
    expect(await run('false; echo $?; true; echo $?')).toMatchObject({ out: '1\n0\n' });
    expect(await run('false || false')).toMatchObject({ status: 1 });
    expect(await run('! false')).toMatchObject({ status: 0 });
  });

  it('stops at a top-level exit but not at one in a subshell or pipeline', async () => {
    expect(await run('echo a; exit 4; echo b')).toEqual({ out: 'a\n', err: '', status: 4 });
    expect(await run('(exit 3); echo $?')).toMatchObject({ out: '3\n', status: 0 });
    expect(await run('exit 2 | true; echo after')).toMatchObject({ out: 'after\n' });
    expect(await run('exit 300')).toMatchObject({ status: 44 });
  });

  it('applies redirections left to right', async () => {
    expect(await run('echo out 2>&1 >/dev/null')).toMatchObject({ out: '' });
    expect(await run('sh -c "echo err >&2" 2>&1 >/dev/null')).toMatchObject({ out: 'err\n', err: '' });
    expect(await run('sh -c "echo err >&2" >/dev/null 2>&1')).toMatchObject({ out: '', err: '' });
    await run('echo one > /sdcard/f.txt; echo two >> /sdcard/f.txt; ls /nope 2> /sdcard/e.txt');
    expect(Buffer.from(device.fs.readFile('/sdcard/f.txt')).toString()).toBe('one\ntwo\n');
    expect(Buffer.from(device.fs.readFile('/sdcard/e.txt')).toString()).toBe('ls: /nope: No such file or directory\n');
    expect(await run('cat < /sdcard/f.txt')).toMatchObject({ out: 'one\ntwo\n' });
    expect(await run('cat < /sdcard/none')).toMatchObject({
      status: 1,
      err: "/system/bin/sh: can't open /sdcard/none: No such file or directory\n",
    });
    expect(await run('echo x > /data/data/x')).toMatchObject({
      status: 1,
      err: "/system/bin/sh: can't create /data/data/x: Permission denied\n",
    });
  });

  it('runs pipelines concurrently with text filters', async () => {
    expect(await run('printf "a\\nbb\\nccc\\n" | grep -v bb | wc -l')).toMatchObject({ out: '2\n' });
    expect(await run('echo hello | grep -o ll')).toMatchObject({ out: 'll\n' });
    expect(await run('echo x | grep -q y')).toMatchObject({ status: 1 });
    expect(await run('printf "1\\n2\\n3\\n" | head -n 2 | tail -1')).toMatchObject({ out: '2\n' });
  });

  it('expands variables, prefixes, globs and command substitution', async () => {
    expect(await run('A=1; echo $A ${A}b "$A c" \'$A\'')).toMatchObject({ out: '1 1b 1 c $A\n' });
    expect(await run('B=2 sh -c \'echo $B\'; echo "[$B]"')).toMatchObject({ out: '2\n[]\n' });
    expect(await run("export C=3; sh -c 'echo $C'")).toMatchObject({ out: '3\n' });
    expect(await run('X="a  b"; for w in $X; do echo "<$w>"; done')).toMatchObject({ out: '<a>\n<b>\n' });
    expect(await run('echo $(getprop ro.serialno)-`echo z`')).toMatchObject({ out: 'SHELLTEST1-z\n' });
    expect(await run('ls -d /sdcard/Mu* /sdcard/Zz*')).toMatchObject({ out: '/sdcard/Music\n', status: 1 });
    expect(await run('cd /sdcard && echo * | grep -c Download')).toMatchObject({ out: '1\n' });
  });

  it('runs while/until/if/for', async () => {
    expect(await run('if false; then echo a; elif true; then echo b; else echo c; fi')).toMatchObject({ out: 'b\n' });
    expect(await run('until true; do echo never; done; echo ok')).toMatchObject({ out: 'ok\n' });
    expect(await run('for i in 1 2 3; do if [ $i -ge 2 ]; then echo $i; fi; done')).toMatchObject({ out: '2\n3\n' });
    expect(
      await run('[ -d /sdcard ] && [ ! -f /sdcard ] && test -z "" && [ a = a ] && [ x != y ] && echo yes'),
    ).toMatchObject({ out: 'yes\n' });
    expect(await run('[ -e /nope ]')).toMatchObject({ status: 1 });
  });

  it("ends adbkit's waitBootComplete loop when the stream closes", async () => {
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 1500);
    const result = await run('while getprop sys.boot_completed 2>/dev/null; do sleep 1; done', {
      signal: abort.signal,
    });
    expect(result.out).toBe('1\n1\n');
    expect(result.status).toBe(130);
  });

  it('reports unknown commands and syntax errors like mksh', async () => {
    expect(await run('foo bar')).toEqual({ out: '', err: '/system/bin/sh: foo: not found\n', status: 127 });
    expect(await run('/system/bin/echo via-path')).toMatchObject({ out: 'via-path\n' });
    expect(await run("echo 'open")).toMatchObject({ status: 1, err: '/system/bin/sh: no closing quote\n' });
  });

  it('keeps cwd and variables across runs of one session', async () => {
    const session = new ShellSession(environment, { signal: new AbortController().signal });
    await run('cd /sdcard/Download; V=7', { session });
    expect(await run('pwd; echo $V', { session })).toMatchObject({ out: '/sdcard/Download\n7\n' });
  });
});

describe('commands', () => {
  it('input: tap, swipe (default 300 ms), text with %s, keyevent names and numbers', async () => {
    expect(await run('input tap 10 20.5; input touchscreen swipe 1 2 3 4; input swipe 5 5 5 5 800')).toMatchObject({
      status: 0,
    });
    expect(device.events.slice(0, 3)).toEqual([
      { type: 'tap', x: 10, y: 20.5 },
      { type: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4, durationMs: 300 },
      { type: 'swipe', x1: 5, y1: 5, x2: 5, y2: 5, durationMs: 800 },
    ]);
    device.events.length = 0;
    await run(
      'input text "a%sb%%c"; input keyevent KEYCODE_ENTER 4 home; input keyevent --longpress POWER; input keyboard keyevent 67',
    );
    expect(device.events).toEqual([
      { type: 'text', value: 'a b%%c' },
      { type: 'key', code: 66, longpress: false },
      { type: 'key', code: 4, longpress: false },
      { type: 'key', code: 3, longpress: false },
      { type: 'key', code: 26, longpress: true },
      { type: 'key', code: 67, longpress: false },
    ]);
    expect(await run('input tap 1')).toMatchObject({
      status: 1,
      err: expect.stringMatching(/^Error: Invalid arguments for command: tap\n/) as unknown,
    });
    expect(await run('input keyevent KEYCODE_NOPE')).toMatchObject({
      status: 255,
      err: expect.stringMatching(/Unknown keycode: KEYCODE_NOPE/) as unknown,
    });
    expect(await run('input text 中文')).toMatchObject({ status: 255 });
  });

  it('am start prints Starting: Intent and passes the intent on', async () => {
    const result = await run(
      'am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER -n com.android.settings/.Settings --es k "v w" --ez flag true --ei n 5',
    );
    expect(result).toMatchObject({
      status: 0,
      out: 'Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] cmp=com.android.settings/.Settings (has extras) }\n',
    });
    expect(device.events.at(-1)).toEqual({
      type: 'start',
      intent: {
        action: 'android.intent.action.MAIN',
        categories: ['android.intent.category.LAUNCHER'],
        component: 'com.android.settings/.Settings',
        extras: { k: 'v w', flag: true, n: 5 },
      },
    });
    expect(await run('am start -n com.android.settings/.Settings')).toMatchObject({
      out: expect.stringContaining('Warning: Activity not started') as unknown,
    });
    expect(await run('am broadcast -a ADB_INPUT_TEXT --es msg hi')).toMatchObject({
      out: 'Broadcasting: Intent { act=ADB_INPUT_TEXT flg=0x400000 (has extras) }\nBroadcast completed: result=0\n',
    });
  });

  it("monkey launches a package with Android's output", async () => {
    const result = await run('monkey -p com.android.deskclock -c android.intent.category.LAUNCHER 1');
    expect(result.out).toMatch(
      /^ {2}bash arg: -p\n {2}bash arg: com\.android\.deskclock\n {2}bash arg: -c\n {2}bash arg: android\.intent\.category\.LAUNCHER\n {2}bash arg: 1\nargs: \[-p, com\.android\.deskclock, -c, android\.intent\.category\.LAUNCHER, 1\]\n arg: "-p"\n/,
    );
    expect(result.out).toMatch(
      /data="com\.android\.deskclock"\ndata="android\.intent\.category\.LAUNCHER"\nEvents injected: 1\n## Network stats: elapsed time=\d+ms \(0ms mobile, 0ms wifi, \d+ms not connected\)\n$/,
    );
    expect((await device.focus()).packageName).toBe('com.android.deskclock');
    expect(await run('monkey -p com.nope 1')).toMatchObject({
      status: 252,
      out: expect.stringContaining('** No activities found to run, monkey aborted.') as unknown,
    });
  });

  it('pm lists packages with -f, -3, -s and a filter', async () => {
    expect((await run('pm list packages -3')).out).toBe('package:com.moba.notes\npackage:com.android.adbkeyboard\n');
    expect((await run('pm list packages -f settings')).out).toBe(
      'package:/system/priv-app/Settings/Settings.apk=com.android.settings\n',
    );
    expect((await run('pm list packages -s --user 0 clock')).out).toBe('package:com.android.deskclock\n');
    expect((await run('pm list features')).out).toMatch(/^feature:reqGlEsVersion=0x30002\nfeature:android\.hardware/);
    expect(await run('pm uninstall com.android.adbkeyboard')).toMatchObject({ out: 'Success\n', status: 0 });
    expect(await run('pm uninstall com.android.adbkeyboard')).toMatchObject({
      out: 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n',
      status: 1,
    });
    expect((await run('ime list -s -a')).out).toBe('com.android.inputmethod.latin/.LatinIME\n');
  });

  it('cmd package query-activities lists the app drawer (MAIN + LAUNCHER), not the home screen or keyboards', async () => {
    const query = 'query-activities --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER';
    const brief = await run(`cmd package ${query}`);
    expect(brief.status).toBe(0);
    expect(brief.out).toBe(
      '3 activities found:\n' +
        '  Activity #0:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n    com.android.settings/com.android.settings.Settings\n' +
        '  Activity #1:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n    com.android.deskclock/com.android.deskclock.DeskClock\n' +
        '  Activity #2:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n    com.moba.notes/com.moba.notes.MainActivity\n',
    );
    expect((await run(`pm ${query} --components -p com.moba.notes`)).out).toBe(
      'com.moba.notes/com.moba.notes.MainActivity\n',
    );
    expect((await run('cmd package query-activities -a android.intent.action.VIEW')).out).toBe('No activities found\n');
    expect((await run('cmd package list packages -3')).out).toBe(
      'package:com.moba.notes\npackage:com.android.adbkeyboard\n',
    );
    expect(await run('cmd nosuchservice')).toMatchObject({
      status: 20,
      err: "cmd: Can't find service: nosuchservice\n",
    });
  });

  it('dumpsys window / activity / input_method show the focus like Android', async () => {
    await run('am start -n com.android.deskclock/.DeskClock');
    const window = (await run('dumpsys window windows')).out;
    expect(window).toMatch(
      /\n {2}mCurrentFocus=Window\{[0-9a-f]{7} u0 com\.android\.deskclock\/com\.android\.deskclock\.DeskClock\}\n {2}mFocusedApp=ActivityRecord\{[0-9a-f]{7} u0 com\.android\.deskclock\/\.DeskClock t\d+\}\n/,
    );
    expect((await run('dumpsys window | grep -c mCurrentFocus')).out).toBe('1\n');
    expect((await run('dumpsys activity activities | grep mResumedActivity')).out).toMatch(
      /^ {4}mResumedActivity: ActivityRecord\{[0-9a-f]{7} u0 com\.android\.deskclock\/\.DeskClock t\d+\}\n$/,
    );
    expect((await run('dumpsys input_method | grep -o "mInputShown=[a-z]*"')).out).toBe('mInputShown=false\n');
    expect((await run('dumpsys nosuchservice')).out).toBe("Can't find service: nosuchservice\n");
  });

  it('settings, getprop, wm, date and ls answer in Android formats', async () => {
    expect(
      (await run('settings put system font_scale 1.3; settings get system font_scale; settings get secure nope')).out,
    ).toBe('1.3\nnull\n');
    expect((await run('settings list global')).out).toMatch(/^adb_enabled=1\nairplane_mode_on=0\n/);
    expect((await run('getprop')).out).toMatch(/^\[dev\.bootcomplete\]: \[1\]\n/);
    expect((await run('getprop no.such.prop fallback')).out).toBe('fallback\n');
    expect((await run('wm size; wm density')).out).toBe('Physical size: 1080x2400\nPhysical density: 420\n');
    device.setClock(Date.UTC(2025, 5, 2, 9, 0, 0));
    expect((await run('date')).out).toBe('Mon Jun  2 09:00:00 UTC 2025\n');
    expect((await run('date +%Y-%m-%dT%H:%M')).out).toBe('2025-06-02T09:00\n');
    device.fs.writeFile('/sdcard/Download/a.txt', Buffer.from('12345'), { mtime: Date.UTC(2025, 0, 2, 3, 4) / 1000 });
    expect((await run('ls -l /sdcard/Download')).out).toBe(
      'total 8\n-rw-r--r-- 1 root sdcard_rw     5 2025-01-02 03:04 a.txt\n',
    );
    expect((await run('ls /sdcard/Download /nope')).err).toBe('ls: /nope: No such file or directory\n');
  });

  it('screencap and uiautomator write files and report like Android', async () => {
    expect(await run('screencap -p /sdcard/s.png')).toMatchObject({ status: 0, out: '' });
    expect(Buffer.from(device.fs.readFile('/sdcard/s.png')).equals(Buffer.from(await device.screencap()))).toBe(true);
    expect(await run('uiautomator dump --compressed /data/local/tmp/d.xml')).toMatchObject({
      out: 'UI hierchary dumped to: /data/local/tmp/d.xml\n',
    });
    expect(Buffer.from(device.fs.readFile('/data/local/tmp/d.xml')).toString()).toBe(
      await device.dumpUi({ compressed: true }),
    );
    expect(await run('uiautomator dump /system/d.xml')).toMatchObject({ status: 1 });
  });

  it('file commands: mkdir -p, touch, cp, mv, rm -r, md5sum', async () => {
    const result = await run(
      'mkdir -p /sdcard/a/b && touch /sdcard/a/b/t && echo hi > /sdcard/a/f && cp /sdcard/a/f /sdcard/a/g && mv /sdcard/a/g /sdcard/a/b/ && ls /sdcard/a/b && md5sum /sdcard/a/f && rm -r /sdcard/a && ls /sdcard/a',
    );
    expect(result.out).toBe('g\nt\n764efa883dda1e11db47671c4a3bbd9e  /sdcard/a/f\n');
    expect(result.err).toBe('ls: /sdcard/a: No such file or directory\n');
    expect(await run('rm /system/bin/ls')).toMatchObject({
      status: 1,
      err: 'rm: /system/bin/ls: Read-only file system\n',
    });
    expect(await run('mkdir /sdcard/Music')).toMatchObject({ status: 1, err: "mkdir: '/sdcard/Music': File exists\n" });
  });

  it('sim-* commands drive state, snapshots and the clock', async () => {
    await run('am start -n com.moba.notes/.MainActivity');
    expect(JSON.parse((await run('sim-state')).out)).toMatchObject({ focus: { packageName: 'com.moba.notes' } });
    expect((await run('sim-snapshot save s1; sim-snapshot list')).out).toBe('OK\ns1\n');
    await run('input keyevent HOME');
    expect((await run('sim-snapshot restore s1')).status).toBe(0);
    expect((await device.focus()).packageName).toBe('com.moba.notes');
    expect((await run('sim-clock set 1700000000000; date +%s')).out).toMatch(
      /^2023-11-14T22:13:20.000Z\n170000000\d\n$/,
    );
    expect(await run('sim-clock set yesterday')).toMatchObject({ status: 1 });
    expect((await run('sim-reset')).out).toBe('OK\n');
    expect((await device.focus()).packageName).toBe('com.android.launcher3');
  });

  it('app_process goes to the registered handler, else fails like ART', async () => {
    const seen: unknown[] = [];
    environment = {
      ...environment,
      hooks: {
        appProcess: [
          async (invocation, ctx) => {
            if (invocation.className !== 'com.genymobile.scrcpy.Server') return undefined;
            seen.push(invocation);
            await ctx.out('[server] INFO: Device: [MobA] moba MobA Fake Phone (Android 14)\n');
            return 0;
          },
        ],
      },
    };
    const ok = await run(
      "CLASSPATH=/data/local/tmp/scrcpy-server.jar app_process / com.genymobile.scrcpy.Server 3.3.3 'scid=1a2b' tunnel_forward=true",
    );
    expect(ok).toMatchObject({ status: 0, out: '[server] INFO: Device: [MobA] moba MobA Fake Phone (Android 14)\n' });
    expect(seen).toEqual([
      {
        classpath: '/data/local/tmp/scrcpy-server.jar',
        directory: '/',
        className: 'com.genymobile.scrcpy.Server',
        args: ['3.3.3', 'scid=1a2b', 'tunnel_forward=true'],
        vmOptions: [],
      },
    ]);
    const missing = await run('app_process -cp /data/local/tmp/none.jar / com.example.Main');
    expect(missing.status).toBe(1);
    expect(missing.err).toMatch(
      /^Unable to open '\/data\/local\/tmp\/none\.jar': No such file or directory\nException in thread "main" java\.lang\.ClassNotFoundException/,
    );
  });
});
