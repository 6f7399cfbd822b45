/**
 * The live mirror's part of the contract. `startMirror` subscribes the calling window to a
 * device's stream and answers the binary channel its frames arrive on (see
 * `../mirror-frames.ts`); input is given in device pixels and goes through scrcpy's control
 * socket when it runs, else through `adb shell input`.
 */
import { z } from 'zod';
import { defineMethod } from './define.ts';
import { DeviceSerial } from './devices.ts';

export const MirrorMode = z.enum(['scrcpy', 'screenshots']);
export type MirrorMode = z.infer<typeof MirrorMode>;

/** What a subscriber needs to render: the stream's codec and sizes, and why it is not scrcpy. */
export const MirrorInfo = z.object({
  serial: z.string(),
  mode: MirrorMode,
  /** 'h264' for scrcpy; 'png'/'jpeg' stills for the screenshot-polling mirror. */
  codec: z.enum(['h264', 'png', 'jpeg']),
  /** The video (or still) size in pixels. */
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  /** The device screen in pixels: input coordinates use this. */
  deviceWidth: z.number().int().positive(),
  deviceHeight: z.number().int().positive(),
  deviceName: z.string(),
  /** Set when falling back to screenshots: e.g. "scrcpy server not found: …". */
  reason: z.string().optional(),
  /** Frames per second over the last seconds (0 until measured). */
  fps: z.number().nonnegative(),
  /** When the newest frame reached main (ms since epoch), null before the first. */
  lastFrameTime: z.number().nullable(),
  startedAt: z.number(),
});
export type MirrorInfo = z.infer<typeof MirrorInfo>;

export const StartMirrorResult = MirrorInfo.extend({
  /** The binary channel this window's frames arrive on. */
  channel: z.number().int().nonnegative(),
});
export type StartMirrorResult = z.infer<typeof StartMirrorResult>;

const coordinate = z.number().finite().min(-100_000).max(100_000);

/** One input, in device pixels. */
export const MirrorInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tap'), x: coordinate, y: coordinate }).strict(),
  z
    .object({
      type: z.literal('longPress'),
      x: coordinate,
      y: coordinate,
      durationMs: z.number().int().min(300).max(10_000).default(800),
    })
    .strict(),
  z
    .object({
      type: z.literal('swipe'),
      x1: coordinate,
      y1: coordinate,
      x2: coordinate,
      y2: coordinate,
      durationMs: z.number().int().min(1).max(10_000).default(300),
    })
    .strict(),
  /** Wheel scroll at a point; dy > 0 scrolls the content up (like a wheel turned towards the user is negative). */
  z
    .object({
      type: z.literal('scroll'),
      x: coordinate,
      y: coordinate,
      dx: z.number().finite().min(-16).max(16),
      dy: z.number().finite().min(-16).max(16),
    })
    .strict(),
  /** An Android KEYCODE_* number (66 Enter, 67 Del, …). */
  z.object({ type: z.literal('key'), keycode: z.number().int().min(0).max(400) }).strict(),
  z.object({ type: z.literal('text'), text: z.string().min(1).max(300) }).strict(),
  z.object({ type: z.literal('back') }).strict(),
  z.object({ type: z.literal('home') }).strict(),
  z.object({ type: z.literal('recents') }).strict(),
]);
export type MirrorInput = z.input<typeof MirrorInput>;
export type MirrorInputParsed = z.output<typeof MirrorInput>;

export const MirrorStateEvent = z.object({
  serial: z.string(),
  state: z.enum(['starting', 'running', 'stopped', 'failed']),
  info: MirrorInfo.nullable(),
  error: z.string().optional(),
});
export type MirrorStateEvent = z.infer<typeof MirrorStateEvent>;

const StreamOptions = z
  .object({
    maxSize: z.number().int().min(0).max(4096).optional(),
    maxFps: z.number().int().min(1).max(120).optional(),
    bitRate: z.number().int().min(100_000).max(100_000_000).optional(),
  })
  .strict();

export const mirrorMethods = {
  startMirror: defineMethod({
    summary:
      "Start (or join) a device's live mirror; returns the binary channel, codec, sizes and mode (scrcpy, or screenshots with the reason).",
    input: z.object({ serial: DeviceSerial, options: StreamOptions.optional() }).strict(),
    output: StartMirrorResult,
  }),
  stopMirror: defineMethod({
    summary: "Leave a device's mirror; the stream stops when its last viewer leaves.",
    input: z.object({ serial: DeviceSerial }).strict(),
    output: z.object({ stopped: z.boolean() }),
  }),
  getMirrorState: defineMethod({
    summary: 'The running mirrors (mode, size, fps, newest frame time).',
    input: z.object({}).strict(),
    output: z.object({ mirrors: z.array(MirrorInfo) }),
  }),
  mirrorInput: defineMethod({
    summary: 'Tap, long press, swipe, scroll, key, text, Back, Home or Recents on a device, in device pixels.',
    input: z.object({ serial: DeviceSerial, input: MirrorInput }).strict(),
    output: z.object({ via: z.enum(['scrcpy', 'adb']), durationMs: z.number() }),
  }),
};

export const mirrorEvents = {
  /** A mirror started, switched mode, stopped or failed. */
  didChangeMirror: MirrorStateEvent,
};
