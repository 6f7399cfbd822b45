/**
 * A real offline recogniser behind the OpenAI-compatible transcription API, for tests that must
 * not script what was said: Debian's CMU PocketSphinx (`pocketsphinx_continuous` with the
 * `pocketsphinx-en-us` model) turns the uploaded audio into text. Any upload ffmpeg reads is
 * converted to the 16 kHz mono 16-bit WAV the model needs first.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMultipart } from '../scripted/audio.ts';
import type { ReceivedFile } from '../scripted/audio.ts';
import { run } from './espeak.ts';

export interface RecognisedRequest {
  file: ReceivedFile;
  fields: Record<string, string>;
  text: string;
  /** Null when recognition failed; the reason is then in `error`. */
  error: string | null;
  ms: number;
}

export interface PocketsphinxServer {
  /** e.g. `http://127.0.0.1:41234/v1`: the transcriber role's base URL. */
  readonly baseUrl: string;
  requests(): RecognisedRequest[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Recognises one audio file's bytes with PocketSphinx; returns the words it heard. */
export async function recognise(audio: Uint8Array, signal?: AbortSignal): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'moba-sphinx-'));
  try {
    const input = join(dir, 'upload');
    const wav = join(dir, 'speech16k.wav');
    await writeFile(input, audio);
    await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-i',
        input,
        '-ar',
        '16000',
        '-ac',
        '1',
        '-sample_fmt',
        's16',
        '-f',
        'wav',
        wav,
      ],
      signal,
    );
    const { stdout } = await run('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'], signal);
    return stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the recogniser's server on a free loopback port: POST /v1/audio/transcriptions
 * (multipart, `file` and `model`; answers `{ "text": … }`) and GET /v1/models.
 */
export async function startPocketsphinxServer(options: { port?: number } = {}): Promise<PocketsphinxServer> {
  const log: RecognisedRequest[] = [];
  const aborts = new Set<AbortController>();
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && path === '/v1/models')
        return send(res, 200, {
          object: 'list',
          data: [{ id: 'pocketsphinx-en-us', object: 'model', created: 0, owned_by: 'cmu' }],
        });
      if (req.method !== 'POST' || path !== '/v1/audio/transcriptions')
        return send(res, 404, { error: { message: `No route ${req.method} ${path}` } });
      const abort = new AbortController();
      aborts.add(abort);
      const t0 = performance.now();
      try {
        const { file, fields } = await readMultipart(await readBody(req), req.headers['content-type']);
        if (!file) return send(res, 400, { error: { message: 'The form has no `file` field' } });
        const { data, ...seen } = file;
        try {
          const text = await recognise(data, abort.signal);
          log.push({ file: seen, fields, text, error: null, ms: performance.now() - t0 });
          send(res, 200, { text });
        } catch (error) {
          log.push({ file: seen, fields, text: '', error: (error as Error).message, ms: performance.now() - t0 });
          send(res, 400, { error: { message: `Could not recognise the audio: ${(error as Error).message}` } });
        }
      } catch (error) {
        send(res, 400, { error: { message: (error as Error).message } });
      } finally {
        aborts.delete(abort);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => log.slice(),
    async close() {
      for (const a of aborts) a.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
