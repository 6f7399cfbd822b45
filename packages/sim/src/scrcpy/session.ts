/**
 * One impersonated scrcpy-server run: listen on the abstract socket, accept the client's
 * sockets (video, audio, control — those enabled), then stream the phone's screen as H.264
 * and apply control messages, until the shell stream or the video socket closes.
 */
import type { AbstractSocketListener } from '../adb/services.ts';
import type { Disposable } from '@moba/base';
import type { AdbSocket } from '../adb/socket.ts';
import type { SimulatedDevice } from '../device.ts';
import { ControlHandler } from './control-handler.ts';
import { ControlMessageReader } from './control-parser.ts';
import { H264Encoder } from './encoder.ts';
import type { FlvVideoPacket } from './flv-demuxer.ts';
import { FramePump } from './frame-pump.ts';
import { displaySize } from '../device.ts';
import { parseCrop } from './server-checks.ts';
import type { CropRect } from './server-checks.ts';
import { scaledVideoSize } from './server-options.ts';
import type { ScrcpyServerOptions } from './server-options.ts';
import { CODEC_ID_H264, encodeCodecMeta, encodeDeviceMeta, encodeVideoPacket } from './video-stream.ts';

type Role = 'video' | 'audio' | 'control';

export interface SessionOptions {
  device: SimulatedDevice;
  options: ScrcpyServerOptions;
  socketName: string;
  listen(name: string, onOpen: AbstractSocketListener): Disposable;
  /** Connects to the client through `adb reverse` (tunnel_forward=false). */
  connect?(local: string): Promise<AdbSocket>;
  /** `[server] …` lines for the shell stream (already filtered by log level). */
  print(level: 'debug' | 'info' | 'warn' | 'error', text: string): void;
  signal: AbortSignal;
  ffmpegPath?: string;
  log(message: string, error?: unknown): void;
}

/** When the phone's screen rate is not limited by max_fps. */
export const DEFAULT_FPS = 30;
/** Queued video bytes beyond which frames are dropped until the next keyframe. */
const VIDEO_SOCKET_HIGH_WATER = 8 * 1024 * 1024;

export class ScrcpySession {
  private readonly o: SessionOptions;
  private readonly roles: Role[];
  private readonly sockets = new Map<Role, AdbSocket>();
  private readonly disposables: Disposable[] = [];
  /** The video size now (it turns when the display does). */
  private size: { width: number; height: number };
  private display: { width: number; height: number };
  /** The part of the display streamed (`crop=W:H:X:Y`); undefined = all of it. */
  private readonly crop: CropRect | undefined;
  private readonly fps: number;
  private listener: Disposable | undefined;
  private encoder: H264Encoder | undefined;
  private pump: FramePump | undefined;
  private readonly startedAt = performance.now();
  private lastPtsUs = -1n;
  private waitingForKeyframe = false;
  private finished = false;
  private resolveDone!: (status: number) => void;
  readonly done: Promise<number>;

  constructor(options: SessionOptions) {
    this.o = options;
    const { options: opts, device } = options;
    this.roles = [
      ...(opts.video ? (['video'] as const) : []),
      ...(opts.audio ? (['audio'] as const) : []),
      ...(opts.control ? (['control'] as const) : []),
    ];
    const crop = opts.ignored.crop === undefined ? undefined : parseCrop(opts.ignored.crop);
    this.crop = typeof crop === 'object' ? crop : undefined;
    this.display = displaySize(device);
    const source = this.crop ?? this.display;
    this.size = scaledVideoSize(source.width, source.height, opts.maxSize);
    this.fps = opts.maxFps > 0 ? Math.min(opts.maxFps, 60) : DEFAULT_FPS;
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  /** Listens and serves; `done` resolves with the exit status. */
  start(): void {
    if (this.roles.length === 0) {
      this.finish(0);
      return;
    }
    const onAbort = () => this.finish(0);
    this.o.signal.addEventListener('abort', onAbort, { once: true });
    this.disposables.push({ dispose: () => this.o.signal.removeEventListener('abort', onAbort) });
    if (!this.o.options.tunnelForward && this.o.connect) {
      void this.connectAll(this.o.connect);
      return;
    }
    this.listener = this.o.listen(this.o.socketName, (socket) => this.accept(socket));
    this.disposables.push(this.listener);
  }

  /** tunnel_forward=false: the server connects to the client, one socket per role, in order. */
  private async connectAll(connect: (local: string) => Promise<AdbSocket>): Promise<void> {
    for (const role of this.roles) {
      let socket: AdbSocket;
      try {
        socket = await connect(`localabstract:${this.o.socketName}`);
      } catch (error) {
        this.o.print(
          'error',
          `Could not connect to the client (${role}): ${error instanceof Error ? error.message : String(error)}`,
        );
        this.finish(1);
        return;
      }
      if (this.finished) {
        socket.close();
        return;
      }
      this.accept(socket);
    }
  }

  private accept(socket: AdbSocket): boolean {
    const role = this.roles[this.sockets.size];
    if (!role || this.finished) return false;
    if (this.sockets.size === 0 && this.o.options.tunnelForward && this.o.options.sendDummyByte)
      void socket.write(Uint8Array.of(0));
    this.sockets.set(role, socket);
    socket.onDidClose(() => {
      // The client going away from the video (or the only) socket ends the server, as a failed write does on a phone.
      if (role === 'video' || this.roles.length === 1 || role === this.roles[0]) this.finish(0);
    });
    if (this.sockets.size === this.roles.length) {
      // Like LocalServerSocket.close() after the last accept: nobody else can connect.
      this.listener?.dispose();
      queueMicrotask(() => this.stream());
    }
    return true;
  }

  private stream(): void {
    if (this.finished) return;
    const first = this.sockets.get(this.roles[0] as Role) as AdbSocket;
    const { options, device } = this.o;
    if (options.sendDeviceMeta) void first.write(encodeDeviceMeta(device.props.model.replace(/_/g, ' ')));
    const audio = this.sockets.get('audio');
    // Codec id 0 = "audio disabled": the client keeps mirroring video.
    if (audio) void audio.write(new Uint8Array(4));
    const control = this.sockets.get('control');
    if (control) this.serveControl(control);
    const video = this.sockets.get('video');
    if (video) {
      if (options.sendCodecMeta) void video.write(encodeCodecMeta(CODEC_ID_H264, this.size.width, this.size.height));
      this.startEncoder();
      this.followRotation();
      const display = displaySize(device);
      this.pump = new FramePump({
        device,
        // A cropped stream is cut from full-size frames.
        maxSize: this.crop ? Math.max(display.width, display.height) : Math.max(this.size.width, this.size.height),
        fps: this.fps,
        onFrame: (jpeg) => this.encoder?.write(jpeg),
        canTakeRepeat: () => (this.encoder?.inFlight ?? 0) < 3,
        onError: (error) => this.o.log('screen capture failed', error),
      });
      this.pump.start();
    }
  }

  private startEncoder(): void {
    // An upper bound in frames; the encoder forces a keyframe every KEYFRAME_INTERVAL_S anyway.
    const gopFrames = Math.max(1, Math.round(this.fps * 2));
    let encoder: H264Encoder;
    try {
      encoder = new H264Encoder({
        width: this.size.width,
        height: this.size.height,
        bitRate: this.o.options.videoBitRate,
        gopFrames,
        ...(this.crop ? { crop: this.crop } : {}),
        ...(this.o.ffmpegPath ? { ffmpegPath: this.o.ffmpegPath } : {}),
        onPacket: (packet, inputAt) => this.onPacket(packet, inputAt),
        onExit: (error) => {
          if (!error || this.finished || this.encoder !== encoder) return;
          this.o.print('error', `Encoding error: ${error.message}`);
          this.finish(1);
        },
      });
    } catch (error) {
      this.o.print('error', `Could not start the encoder: ${error instanceof Error ? error.message : String(error)}`);
      this.finish(1);
      return;
    }
    this.encoder = encoder;
  }

  private onPacket(packet: FlvVideoPacket, inputAt: number | undefined): void {
    const video = this.sockets.get('video');
    if (!video || this.finished) return;
    if (packet.type === 'config') {
      void video.write(
        this.o.options.sendFrameMeta ? encodeVideoPacket({ type: 'config', data: packet.data }) : packet.data,
      );
      return;
    }
    // A client that cannot keep up gets frames dropped up to the next keyframe instead of an ever-growing delay.
    if (video.bufferedAmount > VIDEO_SOCKET_HIGH_WATER) this.waitingForKeyframe = true;
    if (this.waitingForKeyframe) {
      if (!packet.keyframe) return;
      this.waitingForKeyframe = false;
    }
    // PTS = when the picture went into the encoder, strictly increasing like MediaCodec's.
    let ptsUs = BigInt(Math.round(((inputAt ?? performance.now()) - this.startedAt) * 1000));
    if (ptsUs <= this.lastPtsUs) ptsUs = this.lastPtsUs + 1n;
    this.lastPtsUs = ptsUs;
    void video.write(
      this.o.options.sendFrameMeta
        ? encodeVideoPacket({ type: 'frame', keyframe: packet.keyframe, ptsUs, data: packet.data })
        : packet.data,
    );
  }

  /**
   * When the display turns, the video turns with it: a new size, a new encoder, so a new
   * configuration packet (its SPS carries the size) and a keyframe, as the real server does.
   */
  private followRotation(): void {
    const subscription = this.o.device.onDidChangeScreen(() => {
      const now = displaySize(this.o.device);
      if (this.crop || (now.width === this.display.width && now.height === this.display.height)) return;
      this.display = now;
      this.size = scaledVideoSize(now.width, now.height, this.o.options.maxSize);
      this.resetVideo();
    });
    this.disposables.push(subscription);
  }

  /** RESET_VIDEO: a new encoder, hence a new configuration packet and a keyframe. */
  private resetVideo(): void {
    if (this.finished || !this.sockets.has('video')) return;
    const old = this.encoder;
    this.encoder = undefined;
    void old?.close();
    this.startEncoder();
    this.pump?.refresh();
  }

  private serveControl(socket: AdbSocket): void {
    const reader = new ControlMessageReader();
    const handler = new ControlHandler({
      device: this.o.device,
      videoSize: () => this.size,
      ...(this.crop ? { crop: this.crop } : {}),
      print: (level, text) => this.o.print(level, text),
      reply: (bytes) => void socket.write(bytes),
      resetVideo: () => this.resetVideo(),
      log: (message, error) => this.o.log(message, error),
    });
    let chain: Promise<void> = Promise.resolve();
    socket.onDidReceiveData((data) => {
      let messages;
      try {
        messages = reader.push(data);
      } catch (error) {
        this.o.print('error', `Controller error: ${error instanceof Error ? error.message : String(error)}`);
        socket.close();
        return;
      }
      for (const message of messages) {
        chain = chain
          .then(() => handler.handle(message))
          .catch((error: unknown) => this.o.log(`control message ${message.type} failed`, error));
      }
    });
  }

  /** Stops everything this run started; `done` resolves with `status`. */
  finish(status: number): void {
    if (this.finished) return;
    this.finished = true;
    this.pump?.stop();
    const encoder = this.encoder;
    this.encoder = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    for (const socket of this.sockets.values()) socket.close();
    void (encoder ? encoder.close() : Promise.resolve()).then(() => this.resolveDone(status));
  }
}
