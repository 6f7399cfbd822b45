/**
 * `moba run --voice-in FILE|-` and `--speak [FILE]`: a spoken task from a recording or the
 * microphone, and the run's answers, questions and end spoken aloud or written to audio files.
 * The microphone is recorded with sox (or arecord), the audio played with the first player
 * found (paplay, aplay, ffplay, play): small, ubiquitous programs instead of native audio
 * bindings in Node.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from '../private-files.ts';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { announcementFor } from '../../shared/voice/announcements.ts';
import type { Announcement } from '../../shared/voice/announcements.ts';
import type { MobaApp } from '../app.ts';
import type { ModelOverrides } from '../llm/endpoints.ts';
import type { CliIo } from './io.ts';

/** How long `--voice-in -` listens at most, and how much silence ends the recording. */
const MIC_MAX_SECONDS = 30;
const MIC_TRAILING_SILENCE_SECONDS = 1.5;

function runProgram(
  program: string,
  args: string[],
  options: { input?: Buffer } = {},
): Promise<{ code: number | null; stderr: string; missing: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: [options.input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ code: null, stderr: error.message, missing: error.code === 'ENOENT' }),
    );
    child.once('close', (code) => resolve({ code, stderr, missing: false }));
    if (options.input) child.stdin!.end(options.input);
  });
}

/**
 * Records from the default microphone until the person stops talking (sox), or for ten seconds
 * (arecord). @throws MobaError VOICE_NO_MICROPHONE when neither can open an input device.
 */
export async function recordMicrophone(io: CliIo): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'moba-mic-'));
  const file = join(dir, 'speech.wav');
  try {
    io.err(
      `Listening… speak the task; recording stops after ${MIC_TRAILING_SILENCE_SECONDS} s of silence (at most ${MIC_MAX_SECONDS} s).\n`,
    );
    const sox = await runProgram('sox', [
      '-q',
      '-d',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      '-t',
      'wav',
      file,
      'silence',
      '1',
      '0.1',
      '2%',
      '1',
      String(MIC_TRAILING_SILENCE_SECONDS),
      '2%',
      'trim',
      '0',
      String(MIC_MAX_SECONDS),
    ]);
    if (sox.code === 0) return readFileSync(file);
    const arecord = sox.missing
      ? await runProgram('arecord', ['-q', '-f', 'S16_LE', '-r', '16000', '-c', '1', '-d', '10', file])
      : null;
    if (arecord?.code === 0) return readFileSync(file);
    const why =
      (arecord && !arecord.missing ? arecord.stderr : sox.missing ? 'neither sox nor arecord is installed' : sox.stderr)
        .trim()
        .split('\n')
        .at(-1) ?? '';
    throw new MobaError(
      'VOICE_NO_MICROPHONE',
      `No microphone to record from (${why || 'no input device'}). Record a WAV file elsewhere and pass it: --voice-in FILE.wav`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The spoken task: the file's bytes, or the microphone's for `-`. @throws MobaError NOT_FOUND, VOICE_NO_MICROPHONE */
export async function readVoiceInput(path: string, io: CliIo): Promise<Buffer> {
  if (path === '-') return recordMicrophone(io);
  try {
    return readFileSync(path);
  } catch (error) {
    throw new MobaError(
      'NOT_FOUND',
      `Cannot read the recording ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}

const PLAYERS: Array<{ program: string; args: (file: string) => string[]; wavOnly?: boolean }> = [
  { program: 'paplay', args: (f) => [f] },
  { program: 'ffplay', args: (f) => ['-nodisp', '-autoexit', '-loglevel', 'error', f] },
  { program: 'play', args: (f) => ['-q', f] },
  { program: 'aplay', args: (f) => ['-q', f], wavOnly: true },
];

const EXT: Record<string, string> = {
  'audio/wav': '.wav',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/flac': '.flac',
  'audio/mp4': '.m4a',
  'audio/webm': '.webm',
};

/**
 * Speaks a run's announcements one after another while it runs: played, or written to `file`
 * (the first utterance to FILE, the next to FILE-2.ext, FILE-3.ext…). Failures are reported
 * once each and never touch the run.
 */
export class CliSpeaker {
  private queue: Promise<void> = Promise.resolve();
  private written = 0;
  private readonly reported = new Set<string>();
  private runId: string | null = null;
  private readonly early: Array<{ runId: string; event: RunEvent }> = [];
  private task = '';

  private readonly app: MobaApp;
  private readonly io: CliIo;
  private readonly file: string | null;
  private readonly overrides: ModelOverrides;

  constructor(app: MobaApp, io: CliIo, file: string | null, overrides: ModelOverrides = {}) {
    this.app = app;
    this.io = io;
    this.file = file;
    this.overrides = overrides;
  }

  /** Starts listening to every run's events; `attach` then picks the run (events before it are kept). */
  listen(): { dispose(): void } {
    return this.app.runs.onDidAppend((n) => {
      if (this.runId === null) this.early.push({ runId: n.runId, event: n.event });
      else if (n.runId === this.runId) this.onEvent(n.event);
    });
  }

  attach(runId: string): void {
    this.runId = runId;
    this.task = this.app.runs.state(runId).task;
    for (const e of this.early.splice(0)) if (e.runId === runId) this.onEvent(e.event);
  }

  private onEvent(event: RunEvent): void {
    const a = announcementFor(event, this.task);
    if (a) this.queue = this.queue.then(() => this.say(a));
  }

  /** Resolves when everything queued has been spoken. */
  idle(): Promise<void> {
    return this.queue;
  }

  private report(key: string, message: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.io.err(`speak: ${message}\n`);
  }

  private async say(a: Announcement): Promise<void> {
    let audio: Buffer;
    let mime: string;
    try {
      ({ audio, mime } = await this.app.voice.speak(a.text, { language: a.language, overrides: this.overrides }));
    } catch (error) {
      this.report('speak', `${errorMessage(error)} — the run goes on without speech.`);
      return;
    }
    if (this.file) {
      this.written++;
      const ext = extname(this.file);
      const path =
        this.written === 1
          ? this.file
          : `${ext ? this.file.slice(0, -ext.length) : this.file}-${this.written}${ext || EXT[mime] || ''}`;
      writeFileSync(path, audio, { mode: PRIVATE_FILE_MODE });
      this.io.err(`speak: ${a.kind} → ${path}\n`);
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'moba-say-'));
    try {
      const path = join(dir, `say${EXT[mime] ?? '.bin'}`);
      writeFileSync(path, audio, { mode: PRIVATE_FILE_MODE });
      for (const p of PLAYERS) {
        if (p.wavOnly && mime !== 'audio/wav') continue;
        const r = await runProgram(p.program, p.args(path));
        if (r.missing) continue;
        if (r.code !== 0)
          this.report(
            `play-${p.program}`,
            `${p.program} could not play the audio: ${r.stderr.trim().split('\n').at(-1) ?? ''}`,
          );
        return;
      }
      this.report(
        'player',
        'no audio player found (paplay, ffplay, play or aplay); pass --speak FILE to write the audio instead.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
