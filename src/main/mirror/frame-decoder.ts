/**
 * Decodes the newest picture of an H.264 stream in main, for the agent's screenshots: the
 * renderer decodes for display, but main cannot read a renderer's frames. The cached GOP
 * (configuration + keyframe + following frames) goes through one short ffmpeg run that
 * decodes everything and encodes only the last frame as PNG, scaled to the device's size so
 * element bounds (device pixels) land on the same pixels as in a `screencap`.
 */
import { spawn } from 'node:child_process';
import { MobaError } from '../../shared/errors.ts';

export interface DecodeLastFrameOptions {
  /** Configuration + access units in Annex-B. */
  annexB: Uint8Array;
  /** How many access units the bytes hold (the last one is wanted). */
  frames: number;
  /** Output size (the device screen); omit to keep the video size. */
  width?: number;
  height?: number;
  ffmpegPath?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * @returns the PNG bytes of the last frame
 * @throws MobaError MIRROR_FAILED when ffmpeg fails or yields nothing, TIMEOUT, CANCELLED
 */
export function decodeLastFrame(options: DecodeLastFrameOptions): Promise<Buffer> {
  const filters = [`select=eq(n\\,${Math.max(0, options.frames - 1)})`];
  if (options.width && options.height) filters.push(`scale=${options.width}:${options.height}:flags=bicubic`);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-f',
    'h264',
    '-i',
    'pipe:0',
    '-vf',
    filters.join(','),
    '-fps_mode',
    'passthrough',
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-compression_level',
    '1',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath ?? (process.env.MOBA_FFMPEG || 'ffmpeg'), args, {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    let settled = false;
    const finish = (error: MobaError | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(Buffer.concat(out));
    };
    const onAbort = () => finish(new MobaError('CANCELLED', 'Frame decoding was cancelled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => finish(new MobaError('TIMEOUT', 'Decoding the mirror frame took too long')),
      options.timeoutMs ?? 10_000,
    );
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2_000)));
    child.stdin.on('error', () => undefined); // EPIPE if ffmpeg stops reading early; the exit code tells
    child.once('error', (e) =>
      finish(new MobaError('MIRROR_FAILED', `Cannot run ffmpeg to decode the mirror frame: ${e.message}`)),
    );
    child.once('close', (code) => {
      if (code !== 0 || out.length === 0)
        finish(
          new MobaError(
            'MIRROR_FAILED',
            `ffmpeg could not decode the mirror frame (${code}): ${err.trim() || 'no output'}`,
          ),
        );
      else finish(undefined);
    });
    child.stdin.end(options.annexB);
  });
}
