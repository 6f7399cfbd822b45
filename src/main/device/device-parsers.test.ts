import { describe, expect, it } from 'vitest';
import {
  parseComponents,
  parseDevicesLong,
  parseFocusedApp,
  parseGetprop,
  parseImeList,
  parseInputMethod,
  parsePackageList,
  parseWmDensity,
  parseWmSize,
} from './device-parsers.ts';
import { parseDeviceSummaries, transportOf } from './device-list.ts';
import { parseTrackedDevices } from './device-tracker.ts';

describe('wm size / density', () => {
  it('prefers the override to the physical size', () => {
    expect(parseWmSize('Physical size: 1080x2400\n')).toEqual({ width: 1080, height: 2400 });
    expect(parseWmSize('Physical size: 1440x3120\nOverride size: 1080x2340\n')).toEqual({ width: 1080, height: 2340 });
    expect(parseWmSize('Error: no display')).toBeNull();
    expect(parseWmSize('/system/bin/sh: wm: not found\n')).toBeNull();
    expect(parseWmDensity('Physical density: 560\nOverride density: 420\n')).toBe(420);
    expect(parseWmDensity('Physical density: 440')).toBe(440);
  });
});

describe('foreground app', () => {
  it('reads mCurrentFocus (Android 10+)', () => {
    const text =
      '  mCurrentFocus=Window{b7297ff u0 com.android.settings/com.android.settings.Settings}\n  mFocusedApp=ActivityRecord{6b9a664 u0 com.android.settings/.Settings t40}';
    expect(parseFocusedApp(text)).toEqual({
      packageName: 'com.android.settings',
      activity: 'com.android.settings.Settings',
    });
  });
  it('falls back to mFocusedApp when a popup without a component has focus', () => {
    const text =
      'mCurrentFocus=Window{1a2b u0 PopupWindow:3c4d}\nmFocusedApp=ActivityRecord{6b9a664 u0 com.android.deskclock/.DeskClock t40}';
    expect(parseFocusedApp(text)).toEqual({
      packageName: 'com.android.deskclock',
      activity: 'com.android.deskclock.DeskClock',
    });
  });
  it('reads Android 9 AppWindowToken and dumpsys activity forms', () => {
    expect(
      parseFocusedApp(
        'mFocusedApp=AppWindowToken{1c2f4b9 token=Token{a1b2c3 ActivityRecord{d4e5f6 u0 com.example.app/.ui.Main t12}}}',
      ),
    ).toEqual({ packageName: 'com.example.app', activity: 'com.example.app.ui.Main' });
    expect(parseFocusedApp('    mResumedActivity: ActivityRecord{9f8e u0 com.tencent.mm/.ui.LauncherUI t7}')).toEqual({
      packageName: 'com.tencent.mm',
      activity: 'com.tencent.mm.ui.LauncherUI',
    });
    expect(
      parseFocusedApp(
        '  topResumedActivity=ActivityRecord{2f u0 com.android.chrome/com.google.android.apps.chrome.Main t9}',
      ),
    ).toEqual({ packageName: 'com.android.chrome', activity: 'com.google.android.apps.chrome.Main' });
  });
  it('returns null when nothing has focus', () => {
    expect(parseFocusedApp('mCurrentFocus=null\nmFocusedApp=null')).toBeNull();
  });
});

describe('input method', () => {
  it('reads shown flags across versions and the current method', () => {
    expect(
      parseInputMethod('mCurMethodId=com.android.inputmethod.latin/.LatinIME\n  mShowRequested=true mInputShown=true'),
    ).toEqual({ shown: true, current: 'com.android.inputmethod.latin/.LatinIME' });
    expect(parseInputMethod('  mInputShown=false\n  mCurMethodId=null')).toEqual({ shown: false, current: null });
    expect(parseInputMethod('mIsInputViewShown=true')).toEqual({ shown: true, current: null });
    expect(parseInputMethod('nothing here')).toEqual({ shown: null, current: null });
  });
  it('lists ime ids', () => {
    expect(parseImeList('com.android.inputmethod.latin/.LatinIME\ncom.android.adbkeyboard/.AdbIME\n\n')).toEqual([
      'com.android.inputmethod.latin/.LatinIME',
      'com.android.adbkeyboard/.AdbIME',
    ]);
  });
});

describe('packages and components', () => {
  it('reads pm list packages with and without -f', () => {
    expect(
      parsePackageList(
        'package:com.android.settings\npackage:/data/app/~~x==/com.moba.shop-1/base.apk=com.moba.shop\r\nnoise\n',
      ),
    ).toEqual(['com.android.settings', 'com.moba.shop']);
  });
  it('reads components and ignores the rest', () => {
    expect(
      parseComponents(
        'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\ncom.android.deskclock/.DeskClock\n',
      ),
    ).toEqual([{ packageName: 'com.android.deskclock', activity: 'com.android.deskclock.DeskClock' }]);
  });
  it('reads getprop', () => {
    expect(parseGetprop('[ro.product.model]: [Pixel 7]\n[ro.build.version.sdk]: [34]\n[empty]: []\n')).toEqual({
      'ro.product.model': 'Pixel 7',
      'ro.build.version.sdk': '34',
      empty: '',
    });
  });
});

describe('device lists', () => {
  it('parses devices -l for usb, tcp and emulator transports', () => {
    const text = [
      'List of devices attached',
      'R58M1234ABC            device usb:1-1.2 product:beyond1 model:SM_G973F device:beyond1 transport_id:3',
      '127.0.0.1:6520         device product:moba_sim model:MobA_Sim device:moba_sim transport_id:1',
      'emulator-5554          offline transport_id:2',
      '0123456789             no permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html] usb:1-4 transport_id:5',
      '192.168.1.5:5555       unauthorized transport_id:6',
      '',
    ].join('\n');
    const list = parseDeviceSummaries(text);
    expect(list.map((d) => [d.serial, d.state, d.transport, d.model])).toEqual([
      ['R58M1234ABC', 'device', 'usb', 'SM_G973F'],
      ['127.0.0.1:6520', 'device', 'tcp', 'MobA_Sim'],
      ['emulator-5554', 'offline', 'emulator', null],
      ['0123456789', 'no permissions', 'usb', null],
      ['192.168.1.5:5555', 'unauthorized', 'tcp', null],
    ]);
    expect(parseDevicesLong(text)[0]).toMatchObject({ usb: '1-1.2', product: 'beyond1', transportId: '3' });
  });
  it('knows mDNS wireless serials as tcp', () => {
    expect(transportOf('adb-R58M1234ABC-xYz12._adb-tls-connect._tcp', undefined)).toBe('tcp');
    expect(transportOf('R58M1234ABC', undefined)).toBe('unknown');
  });
  it('parses track-devices payloads', () => {
    expect(parseTrackedDevices('127.0.0.1:6520\tdevice\nemulator-5554\toffline\n')).toEqual([
      { serial: '127.0.0.1:6520', state: 'device' },
      { serial: 'emulator-5554', state: 'offline' },
    ]);
    expect(parseTrackedDevices('')).toEqual([]);
  });
});
