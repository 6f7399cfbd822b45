import { describe, expect, it } from 'vitest';
import { ANDROID_KEY_NAMES, KEYCODE } from './keycodes.ts';

describe('Android key codes', () => {
  it('number every name by its place in the table', () => {
    for (const [code, name] of ANDROID_KEY_NAMES.entries()) expect(KEYCODE[name as keyof typeof KEYCODE]).toBe(code);
    expect(Object.keys(KEYCODE)).toHaveLength(ANDROID_KEY_NAMES.length);
  });

  it("keep android.view.KeyEvent's numbers for the keys the app and the phone send", () => {
    expect(KEYCODE).toMatchObject({
      HOME: 3,
      BACK: 4,
      DPAD_UP: 19,
      DPAD_DOWN: 20,
      DPAD_LEFT: 21,
      DPAD_RIGHT: 22,
      DPAD_CENTER: 23,
      TAB: 61,
      ENTER: 66,
      DEL: 67,
      FORWARD_DEL: 112,
      MOVE_HOME: 122,
      MOVE_END: 123,
      NUMPAD_ENTER: 160,
      APP_SWITCH: 187,
    });
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(KEYCODE)).toBe(true);
  });
});
