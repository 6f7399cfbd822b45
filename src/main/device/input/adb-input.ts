/**
 * Input through `adb shell input`: the one place where `input` command lines are built. Every
 * call is one shell round trip (several events are joined with `&&`, which also stops at the
 * first failure). Used when no scrcpy session runs for the device.
 */
import { MobaError } from '../../../shared/errors.ts';
import type { AndroidDevice } from '../android-device.ts';
import { inputTextArgument, inputTextPieces, isInputTextSafe } from '../shell-text.ts';
import { KEYCODE } from '@moba/base';
import type { DeviceInput, InputOptions, Point } from './device-input.ts';

/** Pixels on the wire: whole numbers, and nothing else reaches the shell. */
function px(v: number): number {
  if (!Number.isFinite(v)) throw new MobaError('INVALID_INPUT', `Not a coordinate: ${v}`);
  return Math.round(v);
}

function keycode(c: number): number {
  if (!Number.isInteger(c) || c < 0 || c > 999) throw new MobaError('INVALID_INPUT', `Not a key code: ${String(c)}`);
  return c;
}

const tapCommand = (at: Point) => `input tap ${px(at[0])} ${px(at[1])}`;
const swipeCommand = (from: Point, to: Point, ms: number) =>
  `input swipe ${px(from[0])} ${px(from[1])} ${px(to[0])} ${px(to[1])} ${Math.max(0, Math.round(ms))}`;

/** A wheel notch moves content about a list row: the emulated drag moves 1/16 of the screen per notch. */
const SCROLL_DRAG_MS = 250;

export class AdbInput implements DeviceInput {
  readonly via = 'adb' as const;
  private readonly device: Pick<AndroidDevice, 'check'>;

  constructor(device: Pick<AndroidDevice, 'check'>) {
    this.device = device;
  }

  async tap(at: Point, options: InputOptions = {}): Promise<void> {
    await this.device.check(tapCommand(at), options);
  }

  async doubleTap(at: Point, options: InputOptions = {}): Promise<void> {
    // One shell call for both taps keeps them as close as `input` allows.
    await this.device.check(`${tapCommand(at)} && ${tapCommand(at)}`, options);
  }

  async swipe(from: Point, to: Point, durationMs: number, options: InputOptions = {}): Promise<void> {
    await this.device.check(swipeCommand(from, to, durationMs), options);
  }

  async scroll(
    at: Point,
    notches: { dx: number; dy: number },
    screen: { width: number; height: number },
    options: InputOptions = {},
  ): Promise<void> {
    // Drag the finger the way the content goes.
    const step = Math.round(screen.height / 16);
    const to: Point = [
      Math.min(screen.width - 1, Math.max(0, at[0] - notches.dx * step)),
      Math.min(screen.height - 1, Math.max(0, at[1] + notches.dy * step)),
    ];
    await this.device.check(swipeCommand(at, to, SCROLL_DRAG_MS), options);
  }

  async keys(codes: readonly number[], options: InputOptions = {}): Promise<void> {
    if (codes.length === 0) return;
    // One `input keyevent` call for all of them: Android runs them in order.
    await this.device.check(`input keyevent ${codes.map(keycode).join(' ')}`, options);
  }

  back(options: InputOptions = {}): Promise<void> {
    return this.keys([KEYCODE.BACK], options);
  }

  async text(text: string, options: InputOptions = {}): Promise<void> {
    if (text.length === 0) return;
    if (!isInputTextSafe(text))
      throw new MobaError(
        'INPUT_METHOD_MISSING',
        '`input text` types printable ASCII only; other text goes through ADB Keyboard (the Type action).',
      );
    const commands = inputTextPieces(text).map((p) =>
      p.kind === 'text' ? `input text ${inputTextArgument(p.text)}` : `input keyevent ${KEYCODE[p.key]}`,
    );
    // One shell round trip; `&&` stops at the first failure and keeps its exit status.
    await this.device.check(commands.join(' && '), options);
  }
}
