/**
 * The input port of a device: taps, swipes, keys and text, in device pixels. Two ways to
 * deliver them exist: the mirror's scrcpy control socket while a scrcpy session runs (an
 * event is a few bytes on an open socket), and `adb shell input` otherwise (every call starts
 * a JVM on the phone: 0.3–0.5 s on real hardware). The agent's executors and a person's
 * mirror input both go through this port, so both take the fast way when there is one.
 */
import type { CallOptions } from '../android-device.ts';

export type InputVia = 'scrcpy' | 'adb';

/** A point in device pixels, in the screen's current orientation. */
export type Point = readonly [number, number];

export type InputOptions = CallOptions;

export interface DeviceInput {
  /** How the events reach the phone. */
  readonly via: InputVia;
  tap(at: Point, options?: InputOptions): Promise<void>;
  /** Two taps close enough for Android to see a double tap. */
  doubleTap(at: Point, options?: InputOptions): Promise<void>;
  /** A finger moved from `from` to `to` in `durationMs`; the same point twice is a long press. */
  swipe(from: Point, to: Point, durationMs: number, options?: InputOptions): Promise<void>;
  /**
   * Mouse-wheel notches at a point (positive `dy` scrolls up, positive `dx` left); `screen` is
   * the device size, for ways that emulate the wheel with a drag.
   */
  scroll(
    at: Point,
    notches: { dx: number; dy: number },
    screen: { width: number; height: number },
    options?: InputOptions,
  ): Promise<void>;
  /** Key presses (Android key codes), in order. */
  keys(codes: readonly number[], options?: InputOptions): Promise<void>;
  /** BACK (through scrcpy it also wakes a sleeping screen, as scrcpy's own client does). */
  back(options?: InputOptions): Promise<void>;
  /**
   * Types printable ASCII into the focused field; newlines and tabs are Enter and Tab.
   *
   * @throws MobaError INPUT_METHOD_MISSING for other text (that goes through ADB Keyboard: `typeText`)
   */
  text(text: string, options?: InputOptions): Promise<void>;
}
