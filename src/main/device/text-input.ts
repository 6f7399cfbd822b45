/**
 * Typing text. Printable ASCII goes through the device's input port (the scrcpy control
 * socket while a mirror runs, else `input text`); anything else (Chinese, emoji, accents),
 * which neither can inject, through ADB Keyboard's base64 broadcast, switching the input
 * method to ADB Keyboard for the duration and restoring the previous one.
 */
import { MobaError } from '../../shared/errors.ts';
import type { AndroidDevice, CallOptions } from './android-device.ts';
import { ADB_KEYBOARD_IME } from './android-device.ts';
import { delay } from '@moba/base';
import type { DeviceInput } from './input/device-input.ts';
import { isInputTextSafe, shQuote, toBase64 } from './shell-text.ts';

/** What typing needs of a device besides its input port: the shell, for ADB Keyboard. */
export type TextDevice = Pick<
  AndroidDevice,
  'serial' | 'check' | 'inputMethods' | 'currentInputMethod' | 'inputMethodState'
>;

export interface TypeResult {
  /** `input-text`: `adb shell input text`; `scrcpy`: the mirror's control socket; `adb-keyboard`: the broadcast. */
  method: 'input-text' | 'scrcpy' | 'adb-keyboard';
}

/**
 * Types into the focused field.
 *
 * @throws MobaError INPUT_METHOD_MISSING when the text needs ADB Keyboard and it is not
 *   installed (the message says how to install it); DEVICE_* / TIMEOUT from the device
 */
export async function typeText(
  device: TextDevice,
  input: DeviceInput,
  text: string,
  options: CallOptions = {},
): Promise<TypeResult> {
  const method = input.via === 'scrcpy' ? 'scrcpy' : 'input-text';
  if (text.length === 0) return { method };
  if (isInputTextSafe(text)) {
    await input.text(text, options);
    return { method };
  }
  await withAdbKeyboard(device, options, async () => {
    const out = await device.check(`am broadcast -a ADB_INPUT_B64 --es msg ${shQuote(toBase64(text))}`, options);
    if (!/Broadcast completed/i.test(out))
      throw new MobaError('ACTION_FAILED', `ADB Keyboard did not take the text: ${out.slice(0, 300)}`);
  });
  return { method: 'adb-keyboard' };
}

/** What to do when ADB Keyboard is missing, for error messages and the UI. */
export const ADB_KEYBOARD_FIX =
  'Install ADB Keyboard (https://github.com/senzhk/ADBKeyBoard: `adb install ADBKeyboard.apk`), then enable it: `adb shell ime enable com.android.adbkeyboard/.AdbIME`.';

/**
 * Runs `work` with ADB Keyboard as the input method, then restores the previous input method
 * (and ADB Keyboard's enabled state) even when `work` fails.
 */
export async function withAdbKeyboard<T>(device: TextDevice, options: CallOptions, work: () => Promise<T>): Promise<T> {
  const [all, enabled, previous] = await Promise.all([
    device.inputMethods('all', options),
    device.inputMethods('enabled', options),
    device.currentInputMethod(options),
  ]);
  if (!all.includes(ADB_KEYBOARD_IME)) {
    throw new MobaError(
      'INPUT_METHOD_MISSING',
      `${device.serial} cannot type non-ASCII text: ADB Keyboard is not installed. ${ADB_KEYBOARD_FIX}`,
      { details: { serial: device.serial } },
    );
  }
  const wasEnabled = enabled.includes(ADB_KEYBOARD_IME);
  if (!wasEnabled) await device.check(`ime enable ${ADB_KEYBOARD_IME}`, options);
  const switched = previous !== ADB_KEYBOARD_IME;
  try {
    if (switched) {
      await device.check(`ime set ${ADB_KEYBOARD_IME}`, options);
      await waitForInputMethod(device, ADB_KEYBOARD_IME, options);
    }
    return await work();
  } finally {
    // Restore without the caller's signal: a cancelled action must still give the phone its keyboard back.
    const restore: CallOptions = {};
    if (switched && previous) await device.check(`ime set ${shQuote(previous)}`, restore);
    if (!wasEnabled) await device.check(`ime disable ${ADB_KEYBOARD_IME}`, restore);
  }
}

/** A freshly selected IME binds to the focused field asynchronously; text sent before that is lost. */
async function waitForInputMethod(device: TextDevice, id: string, options: CallOptions): Promise<void> {
  const until = Date.now() + 1_500;
  for (;;) {
    const state = await device.inputMethodState(options);
    if (state.current === null || state.current === id) return;
    if (Date.now() > until) return;
    await delay(50, options.signal);
  }
}
