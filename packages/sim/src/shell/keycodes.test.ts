import * as adbkit from '@devicefarmer/adbkit';
import { describe, expect, it } from 'vitest';
import { KEYCODES, MAX_KEYCODE, keyCodeName, parseKeyCode } from './keycodes.ts';

describe('keycodes', () => {
  it('agrees with every KEYCODE_* adbkit knows', () => {
    const table = adbkit.KeyCodes as unknown as Record<string, number | string>;
    const names = Object.entries(table).filter(
      (entry): entry is [string, number] => entry[0].startsWith('KEYCODE_') && typeof entry[1] === 'number',
    );
    expect(names.length).toBeGreaterThan(250);
    for (const [name, code] of names) expect([name, KEYCODES.get(name.slice('KEYCODE_'.length))]).toEqual([name, code]);
  });

  it('has the codes agents use and runs to MACRO_4 = 316', () => {
    const expected: Record<string, number> = {
      HOME: 3,
      BACK: 4,
      POWER: 26,
      TAB: 61,
      SPACE: 62,
      ENTER: 66,
      DEL: 67,
      MENU: 82,
      SEARCH: 84,
      ESCAPE: 111,
      FORWARD_DEL: 112,
      MOVE_HOME: 122,
      MOVE_END: 123,
      APP_SWITCH: 187,
      DPAD_CENTER: 23,
      VOLUME_UP: 24,
      VOLUME_DOWN: 25,
      MACRO_4: 316,
    };
    for (const [name, code] of Object.entries(expected)) expect(KEYCODES.get(name)).toBe(code);
    expect(MAX_KEYCODE).toBe(316);
  });

  it('parses numbers, KEYCODE_ names and bare names in any case', () => {
    expect(parseKeyCode('66')).toBe(66);
    expect(parseKeyCode('KEYCODE_APP_SWITCH')).toBe(187);
    expect(parseKeyCode('keycode_back')).toBe(4);
    expect(parseKeyCode('home')).toBe(3);
    expect(parseKeyCode('NOPE')).toBeUndefined();
    expect(keyCodeName(67)).toBe('KEYCODE_DEL');
  });
});
