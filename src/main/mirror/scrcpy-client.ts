/**
 * One scrcpy 3.3.3 session on a device over adb: push the server, start it with
 * `app_process`, connect the forward tunnel (`localabstract:scrcpy_%08x`: video, then
 * control), parse the stream with @yume-chan/scrcpy and keep the control socket for input.
 */
import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Duplex } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  AndroidKeyCode,
  AndroidKeyEventAction,
  AndroidMotionEventAction,
  ScrcpyControlMessageSerializer,
  ScrcpyInstanceId,
  ScrcpyOptions3_3_3,
  ScrcpyVideoCodecId,
} from '@yume-chan/scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import type { ReadableStream as ScrcpyReadableStream } from '@yume-chan/stream-extra';
import { MobaError, errorMessage, isDeviceGone } from '../../shared/errors.ts';
import { cancelled } from '@moba/base';
import type { AndroidDevice } from '../device/android-device.ts';

export const SCRCPY_VERSION = '3.3.3';
export const SERVER_REMOTE_PATH = '/data/local/tmp/scrcpy-server.jar';

/** What a scrcpy session needs of a device: push the server, run it, open its sockets. */
export type ScrcpyDevice = Pick<AndroidDevice, 'serial' | 'push' | 'openShell' | 'openLocal'>;

export interface ScrcpyStartOptions {
  device: ScrcpyDevice;
  serverPath: string;
  maxSize: number;
  maxFps: number;
  bitRate: number;
  signal?: AbortSignal;
  onPacket(packet: ScrcpyMediaStreamPacket): void;
  /** The stream ended; `error` unless close() ended it. */
  onClose(error: MobaError | undefined): void;
}

export interface ScrcpyStreamInfo {
  readonly deviceName: string;
  width: number;
  height: number;
}

const OPEN_ATTEMPTS = 100;
const OPEN_RETRY_MS = 100;
/** scrcpy's generic finger (a touchscreen event, not a mouse). */
const FINGER = -2n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readExactly(socket: Duplex, n: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    const timer = setTimeout(
      () => done(new MobaError('MIRROR_FAILED', 'The scrcpy server did not answer on its socket')),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= n) {
        // Give back what belongs to the stream after the n bytes.
        if (got.length > n) socket.unshift(got.subarray(n));
        done(undefined, got.subarray(0, n));
      }
    };
    const onEnd = () => done(new MobaError('MIRROR_FAILED', 'The scrcpy socket closed before the server answered'));
    const done = (error: MobaError | undefined, value?: Buffer) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.pause();
      if (error) reject(error);
      else resolve(value as Buffer);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
  });
}

export class ScrcpyClient {
  /** The stream's current size: it changes with a new configuration (rotation, resize). */
  readonly info: ScrcpyStreamInfo;
  private readonly options: ScrcpyStartOptions;
  private readonly shell: Duplex;
  private readonly video: Duplex;
  private readonly control: Duplex;
  private readonly serializer: ScrcpyControlMessageSerializer;
  private closed = false;

  private constructor(init: {
    options: ScrcpyStartOptions;
    shell: Duplex;
    video: Duplex;
    control: Duplex;
    scrcpy: ScrcpyOptions3_3_3<true>;
    info: ScrcpyStreamInfo;
  }) {
    this.options = init.options;
    this.shell = init.shell;
    this.video = init.video;
    this.control = init.control;
    this.info = init.info;
    this.serializer = new ScrcpyControlMessageSerializer(init.scrcpy);
  }

  /**
   * Pushes and starts the server, connects, reads the stream header.
   * @throws MobaError MIRROR_FAILED with the server's own output when it refuses or dies,
   *   DEVICE_* when the device is gone, CANCELLED.
   */
  static async start(options: ScrcpyStartOptions): Promise<ScrcpyClient> {
    const { device, signal } = options;
    await device.push(options.serverPath, SERVER_REMOTE_PATH);
    signal?.throwIfAborted();
    const scrcpy = new ScrcpyOptions3_3_3({
      scid: new ScrcpyInstanceId(randomInt(0, 0x7fffffff)),
      // openLocal is a forward tunnel (through the adb server); the library defaults to reverse.
      tunnelForward: true,
      audio: false,
      control: true,
      video: true,
      maxSize: options.maxSize,
      maxFps: options.maxFps,
      videoBitRate: options.bitRate,
      logLevel: 'info',
    });
    const socketName = `localabstract:scrcpy_${(scrcpy.value.scid as ScrcpyInstanceId).value.toString(16).padStart(8, '0')}`;
    const command = `CLASSPATH=${SERVER_REMOTE_PATH} app_process / com.genymobile.scrcpy.Server ${SCRCPY_VERSION} ${scrcpy.serialize().join(' ')}`;
    const shell = await device.openShell(command);
    let output = '';
    let exited = false;
    shell.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8_000);
    });
    shell.once('end', () => (exited = true));
    shell.once('close', () => (exited = true));
    shell.on('error', () => (exited = true));
    const sockets: Duplex[] = [];
    const fail = (message: string, cause?: unknown): never => {
      for (const s of sockets) s.destroy();
      shell.destroy();
      const serverSays = output
        .trim()
        .split('\n')
        .filter((l) => /ERROR|Exception|not found|No such file/i.test(l))
        .slice(0, 4)
        .join(' | ');
      throw new MobaError('MIRROR_FAILED', `${message}${serverSays ? `: ${serverSays}` : ''}`, { cause });
    };
    const open = async (): Promise<Duplex> => {
      for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
        if (signal?.aborted) fail('Cancelled');
        // Give the shell a moment to deliver the server's last words before declaring it dead.
        if (exited) {
          await sleep(50);
          fail('The scrcpy server exited');
        }
        try {
          const socket = await device.openLocal(socketName);
          sockets.push(socket);
          return socket;
        } catch (error) {
          if (isDeviceGone(error)) fail(errorMessage(error), error);
          await sleep(OPEN_RETRY_MS);
        }
      }
      return fail('The scrcpy server did not start listening');
    };
    const video = await open();
    // The forward tunnel always "connects"; the dummy byte proves a server accepted it.
    try {
      await readExactly(video, 1, 10_000);
    } catch (error) {
      fail('The scrcpy server did not accept the video connection', error);
    }
    const control = await open();
    let parsed;
    try {
      parsed = await scrcpy.parseVideoStreamMetadata(
        Readable.toWeb(video) as unknown as ScrcpyReadableStream<Uint8Array>,
      );
    } catch (error) {
      fail('Could not read the scrcpy stream header', error);
    }
    const { metadata, stream } = parsed!;
    if (metadata.codec !== ScrcpyVideoCodecId.H264) fail(`Unexpected video codec ${metadata.codec}`);
    const client = new ScrcpyClient({
      options,
      shell,
      video,
      control,
      scrcpy,
      info: {
        deviceName: metadata.deviceName ?? device.serial,
        width: metadata.width ?? 0,
        height: metadata.height ?? 0,
      },
    });
    client.run(
      stream.pipeThrough(
        scrcpy.createMediaStreamTransformer(),
      ) as unknown as WebReadableStream<ScrcpyMediaStreamPacket>,
      () => output,
    );
    return client;
  }

  private run(packets: WebReadableStream<ScrcpyMediaStreamPacket>, serverOutput: () => string): void {
    // Device messages (clipboard) are not used; drain them so the socket never backs up.
    this.control.on('data', () => undefined);
    this.control.on('error', () => undefined);
    this.video.on('error', () => undefined);
    this.shell.on('error', () => undefined);
    const onAbort = () => this.close();
    this.options.signal?.addEventListener('abort', onAbort, { once: true });
    void (async () => {
      let error: MobaError | undefined;
      try {
        for await (const packet of packets) {
          if (this.closed) break;
          this.options.onPacket(packet);
        }
        if (!this.closed)
          error = new MobaError(
            'MIRROR_FAILED',
            `The scrcpy stream ended${serverOutput().trim() ? `: ${serverOutput().trim().split('\n').slice(-2).join(' | ')}` : ''}`,
          );
      } catch (e) {
        if (!this.closed)
          error = new MobaError(
            'MIRROR_FAILED',
            `The scrcpy stream broke: ${e instanceof Error ? e.message : String(e)}`,
            { cause: e },
          );
      }
      this.options.signal?.removeEventListener('abort', onAbort);
      const wasClosed = this.closed;
      this.close();
      this.options.onClose(wasClosed ? undefined : error);
    })();
  }

  /** A new configuration packet announced another video size; touches must carry it. */
  setVideoSize(width: number, height: number): void {
    this.info.width = width;
    this.info.height = height;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends the session: closing the shell stream is what stops the server on the device. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.control.destroy();
    this.video.destroy();
    this.shell.destroy();
  }

  private send(bytes: Uint8Array | undefined): void {
    if (!bytes) return;
    if (this.closed) throw new MobaError('MIRROR_FAILED', 'The scrcpy session has ended');
    this.control.write(bytes);
  }

  private touch(action: number, x: number, y: number): void {
    this.send(
      this.serializer.injectTouch({
        action: action as AndroidMotionEventAction,
        pointerId: FINGER,
        pointerX: Math.round(x),
        pointerY: Math.round(y),
        videoWidth: this.info.width,
        videoHeight: this.info.height,
        pressure: action === AndroidMotionEventAction.Up ? 0 : 1,
        actionButton: 0,
        buttons: 0,
      }),
    );
  }

  /** A tap at a point in video pixels (down and up back to back, like `input tap`). */
  async tap(x: number, y: number): Promise<void> {
    this.touch(AndroidMotionEventAction.Down, x, y);
    this.touch(AndroidMotionEventAction.Up, x, y);
  }

  /**
   * A finger moved from one point to another (video pixels) in `durationMs`; same points = long
   * press. An aborted signal lifts the finger where it is and ends with CANCELLED.
   */
  async swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number, signal?: AbortSignal): Promise<void> {
    this.touch(AndroidMotionEventAction.Down, x1, y1);
    const steps = Math.max(1, Math.round(durationMs / 16));
    for (let i = 1; i <= steps; i++) {
      await sleep(durationMs / steps);
      if (this.closed) return;
      const x = x1 + ((x2 - x1) * i) / steps;
      const y = y1 + ((y2 - y1) * i) / steps;
      if (signal?.aborted) {
        this.touch(AndroidMotionEventAction.Up, x, y);
        throw cancelled('A swipe');
      }
      this.touch(AndroidMotionEventAction.Move, x, y);
    }
    this.touch(AndroidMotionEventAction.Up, x2, y2);
  }

  /** Wheel notches at a point (video pixels); positive dy scrolls up. */
  scroll(x: number, y: number, dx: number, dy: number): void {
    this.send(
      this.serializer.injectScroll({
        pointerX: Math.round(x),
        pointerY: Math.round(y),
        videoWidth: this.info.width,
        videoHeight: this.info.height,
        scrollX: dx,
        scrollY: dy,
        buttons: 0,
      }),
    );
  }

  key(keycode: number): void {
    for (const action of [AndroidKeyEventAction.Down, AndroidKeyEventAction.Up]) {
      this.send(this.serializer.injectKeyCode({ action, keyCode: keycode as AndroidKeyCode, repeat: 0, metaState: 0 }));
    }
  }

  text(text: string): void {
    this.send(this.serializer.injectText(text));
  }

  back(): void {
    this.send(this.serializer.backOrScreenOn(AndroidKeyEventAction.Down));
    this.send(this.serializer.backOrScreenOn(AndroidKeyEventAction.Up));
  }

  home(): void {
    this.key(AndroidKeyCode.AndroidHome);
  }

  recents(): void {
    this.key(AndroidKeyCode.AndroidAppSwitch);
  }

  /** Asks for a new configuration packet and keyframe (a new viewer joined, a decoder broke). */
  resetVideo(): void {
    this.send(this.serializer.resetVideo());
  }
}
