/**
 * `screenrecord [--size WxH] [--bit-rate RATE] [--time-limit SEC] [--output-format mp4|h264]
 * [--verbose] FILE|-`: records the screen as H.264 with the encoder the scrcpy stream uses
 * (ffmpeg/libx264, fed by the same frame pump) into an MP4 file, or a bare H.264 stream on
 * stdout. It stops at the time limit (default 180 s, 0 = none), on SIGINT/SIGTERM (`pkill
 * -SIGINT screenrecord`) or when the adb stream closes — and then finishes the file, like
 * Android's screenrecord does on those signals.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displaySize } from '../../device.ts';
import { shellWriteAccess } from '../../fs/android-fs.ts';
import { SIGNALS } from '../../os/process-table.ts';
import { STRERROR } from '../../fs/virtual-fs.ts';
import { encoderArgs, ffmpegPath, mpjpegPart } from '../../scrcpy/encoder.ts';
import { FramePump } from '../../scrcpy/frame-pump.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, pathArg, sleep } from './util.ts';

const USAGE = `Usage: screenrecord [options] <filename>

Android screenrecord v1.3.  Records the device's display to a .mp4 file.

Options:
--size WIDTHxHEIGHT
    Set the video size, e.g. "1280x720".  Default is the device's main
    display resolution (if supported), 1280x720 if not.  For best results,
    use a size supported by the AVC encoder.
--bit-rate RATE
    Set the video bit rate, in bits per second.  Value may be specified as
    bits or megabits, e.g. '4000000' is equivalent to '4M'.  Default 20Mbps.
--time-limit TIME
    Set the maximum recording time, in seconds.  Default is 180. Set to 0
    to remove the time limit.
--output-format FORMAT
    Format to output; 'mp4' or 'h264'.  Default is 'mp4'.
--verbose
    Display interesting information on stdout.
--help
    Show this message.

Recording continues until Ctrl-C is hit or the time limit is reached.
`;

interface RecordOptions {
  size: { width: number; height: number } | undefined;
  bitRate: number;
  timeLimit: number;
  format: 'mp4' | 'h264';
  verbose: boolean;
  file: string | undefined;
}

function parseOptions(args: readonly string[]): RecordOptions | 'help' {
  const o: RecordOptions = {
    size: undefined,
    bitRate: 20_000_000,
    timeLimit: 180,
    format: 'mp4',
    verbose: false,
    file: undefined,
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] as string).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new CommandError(`screenrecord: option '${flag}' requires an argument`);
      return v;
    };
    if (flag === '--help') return 'help';
    if (flag === '--verbose' || flag === '--bugreport') o.verbose ||= flag === '--verbose';
    else if (flag === '--size') {
      const m = /^(\d+)x(\d+)$/.exec(value());
      if (!m) throw new CommandError('Invalid size, must be WIDTHxHEIGHT');
      o.size = { width: Number(m[1]), height: Number(m[2]) };
    } else if (flag === '--bit-rate') {
      const m = /^(\d+(?:\.\d+)?)([mM]?)$/.exec(value());
      if (!m) throw new CommandError('Invalid bit rate');
      o.bitRate = Number(m[1]) * (m[2] ? 1_000_000 : 1);
    } else if (flag === '--time-limit') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new CommandError(`Invalid time limit ${n}`);
      o.timeLimit = n;
    } else if (flag === '--output-format') {
      const format = value();
      if (format !== 'mp4' && format !== 'h264') throw new CommandError(`Unknown format '${format}'`);
      o.format = format;
    } else if (flag === '--rotate' || flag === '--display-id') {
      if (flag === '--display-id' && value() !== '0') throw new CommandError('ERROR: no display with that ID');
    } else if (flag.startsWith('--')) throw new CommandError(`screenrecord: unrecognized option '${flag}'\n${USAGE}`);
    else o.file = flag;
  }
  return o;
}

/** Runs ffmpeg on the phone's frames until `stop` resolves; returns the recorded bytes (mp4) or streams them (h264 to stdout). */
async function record(
  ctx: CommandContext,
  o: RecordOptions,
  size: { width: number; height: number },
  target: string,
  stop: Promise<unknown>,
): Promise<number> {
  const child = spawn(
    ffmpegPath(),
    ['-y', ...encoderArgs({ ...size, bitRate: o.bitRate, gopFrames: 60 }, o.format, target)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  if (child.pid === undefined) {
    child.on('error', () => undefined);
    throw new CommandError('ERROR: unable to start the encoder (ffmpeg is not installed on the host)');
  }
  const pid = child.pid;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  child.stdin.on('error', () => undefined);
  const writes: Promise<void>[] = [];
  if (target === 'pipe:1') child.stdout.on('data', (chunk: Buffer) => writes.push(ctx.stdout.write(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pump = new FramePump({
    device: ctx.device,
    maxSize: Math.max(size.width, size.height),
    fps: 30,
    onFrame: (jpeg) => child.stdin.write(mpjpegPart(jpeg)),
    onError: () => undefined,
  });
  pump.start();
  await Promise.race([stop, exited]);
  pump.stop();
  child.stdin.end();
  const killer = setTimeout(() => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  const code = await exited;
  clearTimeout(killer);
  await Promise.all(writes);
  if (code !== 0) {
    await ctx.err(`ERROR: the encoder failed (${code}): ${stderr.trim().slice(-300)}\n`);
    return 1;
  }
  return 0;
}

const recordCommand: ShellCommand = command('screenrecord', async (ctx) => {
  const o = parseOptions(ctx.args);
  if (o === 'help' || o.file === undefined) {
    await ctx.err(USAGE);
    return o === 'help' ? 0 : 2;
  }
  const toStdout = o.file === '-';
  if (toStdout && o.format === 'mp4') throw new CommandError("Unable to open '-': mp4 output needs a file");
  const full = toStdout ? '' : pathArg(ctx, o.file);
  if (!toStdout) {
    const access = shellWriteAccess(ctx.fs, full, ctx.user);
    if (access !== 'ok') throw new CommandError(`Unable to open '${o.file}': ${STRERROR[access]}`);
  }
  const display = displaySize(ctx.device);
  // x264 wants even dimensions.
  const size = o.size ?? display;
  const even = { width: size.width & ~1, height: size.height & ~1 };
  if (o.verbose)
    await ctx.out(
      `Display is ${display.width}x${display.height} @60.00fps (orientation=ROTATION_0), layerStack=0\nConfiguring recorder for ${even.width}x${even.height} video/avc at ${(o.bitRate / 1_000_000).toFixed(2)}Mbps\nContent area is ${even.width}x${even.height} at offset x=0 y=0\n`,
    );
  // Without a limit it runs until signalled (setTimeout's longest wait is about 24 days).
  const stop = sleep(o.timeLimit > 0 ? o.timeLimit * 1000 : 2 ** 31 - 1, ctx.signal);
  const dir = toStdout ? undefined : mkdtempSync(join(tmpdir(), 'moba-screenrecord-'));
  try {
    const target = dir ? join(dir, 'screen.mp4') : 'pipe:1';
    const status = await record(ctx, o, even, target, stop);
    if (status !== 0 || !dir) return status;
    ctx.fs.writeFile(full, readFileSync(target));
    if (o.verbose && !ctx.signal.aborted) await ctx.out('Stopping encoder and muxer\n');
    return 0;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

/** Finishes its file on SIGHUP, SIGINT and SIGTERM (the stream closing counts as a hang-up). */
export const screenrecord: ShellCommand = { ...recordCommand, catches: [SIGNALS.HUP, SIGNALS.INT, SIGNALS.TERM] };
