/**
 * The simulated phone's video encoder: one ffmpeg child per session turning JPEG frames into
 * H.264 packets (libx264, Baseline, yuv420p, no B-frames; a keyframe every KEYFRAME_INTERVAL_S
 * seconds of input time and at least every `gopFrames` frames). Frames go in as multipart JPEG
 * (each part carries its length, so ffmpeg emits a frame as soon as it has read it — an
 * image2pipe parser would wait for the next frame's start) and come out as FLV, which marks
 * access units and keyframes exactly.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { MobaError } from '@moba/base';
import { FlvDemuxer } from './flv-demuxer.ts';
import type { FlvVideoPacket } from './flv-demuxer.ts';

export interface H264EncoderOptions {
  width: number;
  height: number;
  /** Bits per second; the rate control's ceiling (VBV) as well as its target. */
  bitRate: number;
  /** Keyframe interval in frames. */
  gopFrames: number;
  /** Cut this rectangle out of each input frame before scaling (scrcpy's `crop`). */
  crop?: { width: number; height: number; x: number; y: number };
  /** Default `ffmpeg` on PATH (or MOBA_FFMPEG). */
  ffmpegPath?: string;
  /** `inputAt` (performance.now() of the write) for frames: one frame out per frame in, in order. */
  onPacket(packet: FlvVideoPacket, inputAt: number | undefined): void;
  /** ffmpeg ended (crashed, or after close()); `error` when it did not end on our request. */
  onExit?(error: MobaError | undefined): void;
}

const BOUNDARY = 'mobaframe';
/**
 * Seconds between forced keyframes. Frames come at least every 100 ms (the repeat of a still
 * screen), so keyframes are never more than 2 s apart.
 */
const KEYFRAME_INTERVAL_S = 1.8;
/** Frames written but not yet out of the encoder beyond this are dropped: latency matters more than completeness. */
const MAX_FRAMES_IN_FLIGHT = 4;

export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.MOBA_FFMPEG || 'ffmpeg';
}

export type H264Settings = Pick<H264EncoderOptions, 'width' | 'height' | 'bitRate' | 'gopFrames' | 'crop'>;

/**
 * How the packets are wrapped: FLV for the live stream (exact access units and keyframe
 * flags), MP4 for a recording file (`screenrecord`), a bare Annex-B stream (`--output-format=h264`).
 */
export type H264Container = 'flv' | 'mp4' | 'h264';

const CONTAINER_ARGS: Readonly<Record<H264Container, readonly string[]>> = {
  flv: ['-f', 'flv', '-flush_packets', '1'],
  mp4: ['-f', 'mp4'],
  h264: ['-f', 'h264', '-flush_packets', '1'],
};

/** The H.264 half of the encoder's ffmpeg command: scaling, x264 settings, keyframes and the container (the target follows). */
export function h264OutputArgs(options: H264Settings, container: H264Container = 'flv'): string[] {
  const rate = String(Math.round(options.bitRate));
  return [
    '-an',
    '-vf',
    `${options.crop ? `crop=${options.crop.width}:${options.crop.height}:${options.crop.x}:${options.crop.y},` : ''}scale=${options.width}:${options.height}:flags=fast_bilinear,format=yuv420p`,
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    // Keyframes by time, not frame count: a still screen sends only a few frames a second.
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_S})`,
    '-g',
    String(options.gopFrames),
    '-keyint_min',
    String(options.gopFrames),
    '-sc_threshold',
    '0',
    '-bf',
    '0',
    '-b:v',
    rate,
    '-maxrate',
    rate,
    '-bufsize',
    rate,
    ...CONTAINER_ARGS[container],
  ];
}

/** ffmpeg reading multipart JPEG frames on stdin (see `mpjpegPart`) and writing H.264 in `container` to `target`. */
export function encoderArgs(options: H264Settings, container: H264Container = 'flv', target = 'pipe:1'): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    // Start decoding the first part at once instead of probing the stream.
    '-fflags',
    'nobuffer',
    '-probesize',
    '32',
    '-analyzeduration',
    '0',
    '-use_wallclock_as_timestamps',
    '1',
    '-f',
    'mpjpeg',
    '-i',
    'pipe:0',
    ...h264OutputArgs(options, container),
    target,
  ];
}

/** One frame of the multipart JPEG input: each part carries its length, so ffmpeg decodes it at once. */
export function mpjpegPart(jpeg: Uint8Array): Uint8Array {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.byteLength}\r\n\r\n`,
    'latin1',
  );
  return Buffer.concat([head, jpeg, Buffer.from('\r\n', 'latin1')]);
}

/**
 * A running ffmpeg. `close()` (or the owner's dispose) ends it: stdin is closed and the
 * process is killed by pid if it has not exited shortly after.
 */
export class H264Encoder {
  readonly pid: number;
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly demuxer = new FlvDemuxer();
  private closing = false;
  private exited = false;
  private stderr = '';
  private failure: MobaError | undefined;
  /** When each frame still inside ffmpeg was written (its timestamps have only 1 ms resolution and bunch up under load). */
  private readonly inputTimes: number[] = [];
  private readonly exitPromise: Promise<void>;
  framesIn = 0;
  framesOut = 0;
  framesDropped = 0;

  /** @throws MobaError SIMULATOR_FAILED when ffmpeg cannot be started. */
  constructor(options: H264EncoderOptions) {
    const bin = options.ffmpegPath ?? ffmpegPath();
    this.child = spawn(bin, encoderArgs(options), { stdio: ['pipe', 'pipe', 'pipe'] });
    if (this.child.pid === undefined) {
      // spawn reports ENOENT asynchronously; the pid is the synchronous tell.
      this.child.on('error', () => undefined);
      throw new MobaError(
        'SIMULATOR_FAILED',
        `Cannot start ffmpeg (${bin}); install it (apt-get install ffmpeg) or set MOBA_FFMPEG.`,
      );
    }
    this.pid = this.child.pid;
    this.child.stdin.on('error', () => undefined); // EPIPE when ffmpeg dies first; the exit handler reports it
    this.child.stdout.on('data', (chunk: Buffer) => {
      let packets: FlvVideoPacket[];
      try {
        packets = this.demuxer.push(chunk);
      } catch (error) {
        this.fail(
          new MobaError(
            'SIMULATOR_FAILED',
            `ffmpeg produced unreadable output: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
        return;
      }
      for (const packet of packets) {
        let inputAt: number | undefined;
        if (packet.type === 'frame') {
          this.framesOut++;
          inputAt = this.inputTimes.shift();
        }
        options.onPacket(packet, inputAt);
      }
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4_000);
    });
    this.exitPromise = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exited = true;
        const error =
          this.failure ??
          (this.closing
            ? undefined
            : new MobaError(
                'SIMULATOR_FAILED',
                `ffmpeg exited (${signal ?? code}): ${this.stderr.trim().slice(-500) || 'no message'}`,
              ));
        options.onExit?.(error);
        resolve();
      });
      this.child.once('error', (error) => {
        if (this.exited) return;
        this.exited = true;
        options.onExit?.(new MobaError('SIMULATOR_FAILED', `ffmpeg failed: ${error.message}`));
        resolve();
      });
    });
  }

  get running(): boolean {
    return !this.exited && !this.closing;
  }

  /** Frames ffmpeg has been given but not yet returned: its backlog. */
  get inFlight(): number {
    return this.framesIn - this.framesOut;
  }

  /**
   * Queues one JPEG frame. Returns false (and drops the frame) when ffmpeg is behind or gone.
   */
  write(jpeg: Uint8Array): boolean {
    if (!this.running) return false;
    if (this.inFlight >= MAX_FRAMES_IN_FLIGHT) {
      this.framesDropped++;
      return false;
    }
    this.child.stdin.write(mpjpegPart(jpeg));
    this.framesIn++;
    this.inputTimes.push(performance.now());
    return true;
  }

  /** Ends the encoder; resolves once the process is gone (killed by pid after 1 s). */
  async close(): Promise<void> {
    if (this.exited) return;
    this.closing = true;
    this.child.stdin.end();
    this.child.stdout.removeAllListeners('data');
    // Frames already queued are not wanted: the session is over.
    try {
      process.kill(this.pid, 'SIGTERM');
    } catch {
      return this.exitPromise;
    }
    const timer = setTimeout(() => {
      try {
        if (!this.exited) process.kill(this.pid, 'SIGKILL');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }, 1_000);
    await this.exitPromise;
    clearTimeout(timer);
  }

  /** Unreadable output: kill ffmpeg; onExit reports `error`. */
  private fail(error: MobaError): void {
    if (this.closing) return;
    this.closing = true;
    this.failure = error;
    try {
      process.kill(this.pid, 'SIGKILL');
    } catch (killError) {
      if ((killError as NodeJS.ErrnoException).code !== 'ESRCH') throw killError;
    }
  }
}
