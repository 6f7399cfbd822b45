import { describe, expect, it } from 'vitest';
import { adbKeyboardCommand } from './adb-keyboard.ts';
import { DeviceSettings } from './device-settings.ts';

const LATIN = 'com.android.inputmethod.latin/.LatinIME';
const ADB = 'com.android.adbkeyboard/.AdbIME';

describe('DeviceSettings', () => {
  it('derives input methods from the secure settings, like Android', () => {
    const d = new DeviceSettings(1);
    expect(d.currentInputMethod()).toBe(LATIN);
    expect(d.inputMethods()).toEqual([
      { id: LATIN, label: 'Android Keyboard (AOSP)', enabled: true },
      { id: ADB, label: 'ADB Keyboard', enabled: true },
    ]);
    expect(d.setInputMethod(ADB)).toBe(true);
    expect(d.adbKeyboardActive()).toBe(true);
    expect(d.enableInputMethod(ADB, false)).toBe(true);
    expect(d.currentInputMethod()).toBe(LATIN);
    expect(d.setInputMethod(ADB)).toBe(false);
    expect(d.enableInputMethod('x/.Y', true)).toBe(false);
  });

  it('uninstalls user packages only and drops their input method', () => {
    const d = new DeviceSettings(1);
    d.setInputMethod(ADB);
    expect(d.uninstall('com.android.settings')).toBe('system');
    expect(d.uninstall('com.android.adbkeyboard')).toBe('removed');
    expect(d.uninstall('com.android.adbkeyboard')).toBe('missing');
    expect(d.inputMethods().map((m) => m.id)).toEqual([LATIN]);
    expect(d.get('secure', 'enabled_input_methods')).toBe(LATIN);
    expect(d.currentInputMethod()).toBe(LATIN);
    expect(d.packages().some((p) => p.packageName === 'com.android.adbkeyboard')).toBe(false);
  });

  it('snapshots and resets, with a per-seed android_id', () => {
    const d = new DeviceSettings(1);
    const snap = d.snapshot();
    d.put('global', 'wifi_on', '0');
    d.uninstall('com.moba.shop');
    d.restore(snap);
    expect(d.get('global', 'wifi_on')).toBe('1');
    expect(d.isInstalled('com.moba.shop')).toBe(true);
    d.put('system', 'system_locales', 'zh-CN,en-US');
    expect(d.locale()).toBe('zh-CN');
    d.reset();
    expect(d.locale()).toBe('en-US');
    expect(new DeviceSettings(1).get('secure', 'android_id')).toBe(d.get('secure', 'android_id'));
    expect(new DeviceSettings(2).get('secure', 'android_id')).not.toBe(d.get('secure', 'android_id'));
  });
});

describe('adbKeyboardCommand', () => {
  it('decodes the ADB Keyboard broadcasts', () => {
    expect(adbKeyboardCommand('ADB_INPUT_B64', { msg: Buffer.from('工作').toString('base64') })).toEqual({
      kind: 'text',
      text: '工作',
    });
    expect(adbKeyboardCommand('ADB_INPUT_TEXT', { msg: 'hi' })).toEqual({ kind: 'text', text: 'hi' });
    expect(adbKeyboardCommand('ADB_INPUT_CHARS', { chars: '72,105' })).toEqual({ kind: 'text', text: 'Hi' });
    expect(adbKeyboardCommand('ADB_INPUT_CODE', { code: 67 })).toEqual({ kind: 'key', code: 67 });
    expect(adbKeyboardCommand('ADB_CLEAR_TEXT', {})).toEqual({ kind: 'clear' });
    expect(adbKeyboardCommand('android.intent.action.BOOT_COMPLETED', {})).toBeUndefined();
  });
});
