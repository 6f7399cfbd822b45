import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { MobaError } from '@moba/base';

export interface SpeakOptions {
  /** An espeak-ng voice, e.g. `en-us`, `en-us+m3`, `cmn` (Mandarin). */
  voice?: string;
  /** Words per minute (espeak-ng's `-s`). */
  wordsPerMinute?: number;
  /** Silence added before and after the words, so a recording catches the start and the end. */
  padMs?: number;
  /** Resample to this rate (e.g. 48 000 for Chromium's fake microphone); default espeak's 22 050 Hz. */
  sampleRate?: number;
}

/** Runs a program to completion; rejects with its stderr when it fails or cannot start. */
export function run(
  program: string,
  args: string[],
  signal?: AbortSignal,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new MobaError(
              'NOT_FOUND',
              `${program} is not installed (Debian: apt-get install ${program === 'pocketsphinx_continuous' ? 'pocketsphinx pocketsphinx-en-us' : program})`,
            )
          : error,
      );
    });
    child.once('close', (code) =>
      code === 0
        ? resolve({ stdout, stderr })
        : reject(new Error(`${program} exited with ${code}: ${stderr.trim().slice(-400)}`)),
    );
  });
}

/**
 * Speech made by espeak-ng, as a WAV file's bytes (16-bit mono at espeak's 22,050 Hz) — real
 * spoken audio for tests, made on the spot instead of kept as a recording.
 */
export async function espeakWav(text: string, options: SpeakOptions = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'moba-espeak-'));
  try {
    const raw = join(dir, 'words.wav');
    await run('espeak-ng', [
      '-v',
      options.voice ?? 'en-us',
      '-s',
      String(options.wordsPerMinute ?? 160),
      '-w',
      raw,
      text,
    ]);
    const pad = options.padMs ?? 0;
    if (pad <= 0 && !options.sampleRate) return await readFile(raw);
    const out = join(dir, 'converted.wav');
    await run('sox', [
      raw,
      out,
      ...(pad > 0 ? ['pad', String(pad / 1000), String(pad / 1000)] : []),
      ...(options.sampleRate ? ['rate', String(options.sampleRate)] : []),
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
