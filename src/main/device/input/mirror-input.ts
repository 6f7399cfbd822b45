/**
 * A person's input on the mirror (the contract's `MirrorInput`, device pixels) performed
 * through a device's input port; text the port cannot type (non-ASCII) goes through ADB
 * Keyboard, as the agent's Type action does.
 */
import type { MirrorInputParsed } from '../../../shared/contract/mirror.ts';
import { typeText } from '../text-input.ts';
import type { TextDevice } from '../text-input.ts';
import { KEYCODE } from '@moba/base';
import type { DeviceInput, InputOptions } from './device-input.ts';

/**
 * @param device the device's shell, for ADB Keyboard
 * @param screen the device's size (for ways that emulate a wheel scroll with a drag)
 * @throws MobaError from the port (MIRROR_FAILED, DEVICE_*, TIMEOUT…), INPUT_METHOD_MISSING
 *   for non-ASCII text without ADB Keyboard
 */
export async function performMirrorInput(
  port: DeviceInput,
  device: TextDevice,
  input: MirrorInputParsed,
  screen: { width: number; height: number },
  options: InputOptions = {},
): Promise<void> {
  switch (input.type) {
    case 'tap':
      return port.tap([input.x, input.y], options);
    case 'longPress':
      return port.swipe([input.x, input.y], [input.x, input.y], input.durationMs, options);
    case 'swipe':
      return port.swipe([input.x1, input.y1], [input.x2, input.y2], input.durationMs, options);
    case 'scroll':
      return port.scroll([input.x, input.y], { dx: input.dx, dy: input.dy }, screen, options);
    case 'key':
      return port.keys([input.keycode], options);
    case 'text':
      await typeText(device, port, input.text, options);
      return;
    case 'back':
      return port.back(options);
    case 'home':
      return port.keys([KEYCODE.HOME], options);
    case 'recents':
      return port.keys([KEYCODE.APP_SWITCH], options);
  }
}
