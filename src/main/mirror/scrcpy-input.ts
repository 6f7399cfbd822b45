/**
 * A device's input through a running scrcpy session's control socket: each event is a few
 * bytes on an open socket, where `adb shell input` starts a JVM on the phone per call.
 * Points arrive in device pixels and are sent in the video's pixels (the session may stream a
 * smaller picture, or a rotated one). Text the phone cannot type from its key map (anything
 * but printable ASCII) is refused here; `typeText` sends it through ADB Keyboard instead.
 */
import type { MirrorInfo } from '../../shared/contract/mirror.ts';
import { MobaError } from '../../shared/errors.ts';
import { KEYCODE, cancelled, delay } from '@moba/base';
import type { DeviceInput, InputOptions, Point } from '../device/input/device-input.ts';
import { inputTextPieces, isInputTextSafe } from '../device/shell-text.ts';
import type { ScrcpyClient } from './scrcpy-client.ts';

/** Android sees two taps as a double tap when the second comes 40–300 ms after the first. */
const DOUBLE_TAP_GAP_MS = 80;

type Sizes = Pick<MirrorInfo, 'width' | 'height' | 'deviceWidth' | 'deviceHeight'>;

/**
 * Device pixels → video pixels. A landscape video of a portrait phone is the phone rotated:
 * the caller's coordinates are then in the rotated screen's axes.
 */
export function videoScale(info: Sizes): { sx: number; sy: number } {
  const rotated = info.width > info.height !== info.deviceWidth > info.deviceHeight;
  const dw = rotated ? info.deviceHeight : info.deviceWidth;
  const dh = rotated ? info.deviceWidth : info.deviceHeight;
  return { sx: info.width / dw, sy: info.height / dh };
}

export class ScrcpyInput implements DeviceInput {
  readonly via = 'scrcpy' as const;
  private readonly client: ScrcpyClient;
  private readonly sizes: () => Sizes;

  /** @param sizes the stream's current video and device sizes (they change with rotation) */
  constructor(client: ScrcpyClient, sizes: () => Sizes) {
    this.client = client;
    this.sizes = sizes;
  }

  private video(at: Point): Point {
    const { sx, sy } = videoScale(this.sizes());
    return [at[0] * sx, at[1] * sy];
  }

  async tap(at: Point, options: InputOptions = {}): Promise<void> {
    if (options.signal?.aborted) throw cancelled('A tap');
    const [x, y] = this.video(at);
    await this.client.tap(x, y);
  }

  async doubleTap(at: Point, options: InputOptions = {}): Promise<void> {
    await this.tap(at, options);
    await delay(DOUBLE_TAP_GAP_MS, options.signal);
    await this.tap(at, options);
  }

  async swipe(from: Point, to: Point, durationMs: number, options: InputOptions = {}): Promise<void> {
    if (options.signal?.aborted) throw cancelled('A swipe');
    const [x1, y1] = this.video(from);
    const [x2, y2] = this.video(to);
    await this.client.swipe(x1, y1, x2, y2, durationMs, options.signal);
  }

  async scroll(
    at: Point,
    notches: { dx: number; dy: number },
    _screen: { width: number; height: number },
    options: InputOptions = {},
  ): Promise<void> {
    if (options.signal?.aborted) throw cancelled('A scroll');
    const [x, y] = this.video(at);
    this.client.scroll(x, y, notches.dx, notches.dy);
  }

  async keys(codes: readonly number[], options: InputOptions = {}): Promise<void> {
    for (const code of codes) {
      if (options.signal?.aborted) throw cancelled('Key presses');
      this.client.key(code);
    }
  }

  async back(options: InputOptions = {}): Promise<void> {
    if (options.signal?.aborted) throw cancelled('BACK');
    this.client.back();
  }

  async text(text: string, options: InputOptions = {}): Promise<void> {
    if (text.length === 0) return;
    if (!isInputTextSafe(text))
      throw new MobaError(
        'INPUT_METHOD_MISSING',
        'scrcpy types printable ASCII only; other text goes through ADB Keyboard (the Type action).',
      );
    for (const piece of inputTextPieces(text)) {
      if (options.signal?.aborted) throw cancelled('Typing');
      if (piece.kind === 'text') this.client.text(piece.text);
      else this.client.key(KEYCODE[piece.key]);
    }
  }
}
