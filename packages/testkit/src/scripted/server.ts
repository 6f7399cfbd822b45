import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeUnmatched, initialUses, replyText, selectAnswer, viewOf } from './answer.ts';
import { scriptedEmbedding, toBase64Floats } from './embeddings.ts';
import { loadScriptFile, parseScript } from './script.ts';
import type { Script, ScriptInput } from './script.ts';
import { TemplateError } from './templates.ts';
import { providerErrorBody, refusedRequest } from './providers.ts';
import { completionBody, errorBody, sendJson, streamChat } from './wire.ts';
import { readMultipart, toneWav } from './audio.ts';
import type { SpeechStep, TranscriptionStep } from './script.ts';

/** One request as the server saw it (never the Authorization header itself). */
export interface ScriptedRequest {
  seq: number;
  method: string;
  path: string;
  receivedAt: number;
  /** An `Authorization` or an `api-key` header (Azure's) came with it. */
  hasAuthorization: boolean;
  /** The query parameters (Azure's `api-version`). */
  query: Record<string, string>;
  body: unknown;
  /** Which answer served it: '#2 plan', 'fallback', 'unmatched', or '' for non-chat routes. */
  answeredBy: string;
  status: number;
}

export interface StartScriptedServerOptions {
  script?: ScriptInput;
  scriptPath?: string;
  /** 0 (default) = any free port. */
  port?: number;
  host?: string;
  /** Called after each request is answered (the CLI logs them). */
  onRequest?: (request: ScriptedRequest) => void;
}

export interface ScriptedServer {
  /** e.g. `http://127.0.0.1:41234/v1` — what goes into a model endpoint's base URL. */
  readonly baseUrl: string;
  readonly port: number;
  requests(): ScriptedRequest[];
  /** The audio file a `/v1/audio/transcriptions` request uploaded, by the request's `seq`. */
  audio(seq: number): Buffer | undefined;
  /** Loads a new script and starts it from the top. @throws MobaError INVALID_INPUT */
  setScript(script: ScriptInput): void;
  /** Forgets the requests and restarts the script. */
  reset(): void;
  /** Stops listening, ends open connections and pending delays. */
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024 * 1024;

function audioInitialUses(script: Script): { transcriptions: number[]; speech: number[] } {
  const uses = (s: { times: number | 'always' }) => (s.times === 'always' ? Infinity : s.times);
  return { transcriptions: script.transcriptions.map(uses), speech: script.speech.map(uses) };
}

class HttpProblem extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpProblem(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * An OpenAI-compatible HTTP server that answers from a script: for tests, and for trying the
 * product without a key. Routes: POST /v1/chat/completions (also `stream: true`),
 * POST /v1/embeddings, POST /v1/audio/transcriptions (multipart; the upload is kept),
 * POST /v1/audio/speech (a WAV), GET /v1/models, and the control routes
 * GET /__scripted/requests, GET /__scripted/audio/SEQ, POST /__scripted/reset,
 * POST /__scripted/script.
 *
 * @throws MobaError INVALID_INPUT / NOT_FOUND for a bad script; the listen error otherwise.
 */
export async function startScriptedServer(options: StartScriptedServerOptions): Promise<ScriptedServer> {
  let script: Script = options.scriptPath ? loadScriptFile(options.scriptPath) : parseScript(options.script ?? {});
  let uses = initialUses(script);
  let audioUses = audioInitialUses(script);
  let log: ScriptedRequest[] = [];
  let uploads = new Map<number, Buffer>();
  let seq = 0;
  let closing = false;
  const pending = new Set<() => void>();

  /** Resolves true after `ms`, or false as soon as the client goes away or the server closes. */
  const wait = (ms: number, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(!res.destroyed);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        pending.delete(cancel);
        res.off('close', cancel);
        resolve(ok);
      };
      const cancel = () => finish(false);
      const timer = setTimeout(() => finish(!res.destroyed), ms);
      pending.add(cancel);
      res.on('close', cancel);
    });

  const answerChat = async (
    body: Record<string, unknown>,
    res: ServerResponse,
    entry: ScriptedRequest,
  ): Promise<void> => {
    const refused = refusedRequest(script.provider, body);
    if (refused) {
      entry.answeredBy = 'refused';
      entry.status = refused.status;
      sendJson(res, refused.status, providerErrorBody(script.provider, refused.status, refused.message));
      return;
    }
    const view = viewOf(body);
    const selected = selectAnswer(script, uses, view);
    if (!selected) {
      entry.answeredBy = 'unmatched';
      throw new HttpProblem(500, describeUnmatched(view));
    }
    entry.answeredBy = selected.label;
    const answer = selected.answer;
    if (answer.delayMs && !(await wait(answer.delayMs, res))) return;
    if (answer.error) {
      if ('disconnect' in answer.error) {
        res.socket?.destroy();
        return;
      }
      const headers: Record<string, string> =
        answer.error.retryAfter !== undefined ? { 'retry-after': String(answer.error.retryAfter) } : {};
      entry.status = answer.error.status;
      const e = answer.error;
      sendJson(
        res,
        e.status,
        e.body !== undefined ? e.body : providerErrorBody(script.provider, e.status, e.message, e.type, e.code ?? null),
        headers,
      );
      return;
    }
    let text: string;
    try {
      text = replyText(answer, view);
    } catch (error) {
      if (error instanceof TemplateError) throw new HttpProblem(500, `Script step ${selected.label}: ${error.message}`);
      throw error;
    }
    const provider = script.provider;
    if (body.stream === true) await streamChat({ res, body, view, answer, text, seq: entry.seq, provider, wait });
    else sendJson(res, 200, completionBody(body, view, answer, text, entry.seq, provider));
  };

  const answerEmbeddings = (body: Record<string, unknown>, res: ServerResponse): void => {
    const input = body.input;
    const texts =
      typeof input === 'string'
        ? [input]
        : Array.isArray(input) && input.every((t) => typeof t === 'string')
          ? (input as string[])
          : undefined;
    if (!texts) throw new HttpProblem(400, '`input` must be a string or an array of strings');
    const dims =
      typeof body.dimensions === 'number' && Number.isInteger(body.dimensions) && body.dimensions > 0
        ? body.dimensions
        : script.embeddingDims;
    const base64 = body.encoding_format === 'base64';
    const tokens = texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    sendJson(res, 200, {
      object: 'list',
      model: typeof body.model === 'string' ? body.model : 'scripted',
      data: texts.map((t, index) => {
        const v = scriptedEmbedding(t, dims);
        return { object: 'embedding', index, embedding: base64 ? toBase64Floats(v) : v };
      }),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  /** Takes the next audio step with uses left, or undefined. */
  const nextAudioStep = <T extends { times: number | 'always' }>(
    steps: T[],
    left: number[],
  ): { step: T; label: string } | undefined => {
    for (let i = 0; i < steps.length; i++) {
      if ((left[i] ?? 0) <= 0) continue;
      left[i] = (left[i] ?? 0) - 1;
      const step = steps[i]!;
      const name = (step as { name?: string }).name;
      return { step, label: name ? `#${i + 1} ${name}` : `#${i + 1}` };
    }
    return undefined;
  };

  /** Answers an injected error, garbage, or nothing (then the caller answers); false when the client went away. */
  const injected = async (
    step: TranscriptionStep | SpeechStep,
    res: ServerResponse,
    entry: ScriptedRequest,
  ): Promise<'answered' | 'go-on'> => {
    if (step.delayMs && !(await wait(step.delayMs, res))) return 'answered';
    if (step.error) {
      if ('disconnect' in step.error) {
        res.socket?.destroy();
        return 'answered';
      }
      entry.status = step.error.status;
      sendJson(
        res,
        step.error.status,
        errorBody(step.error.message, step.error.type, step.error.code ?? null),
        step.error.retryAfter !== undefined ? { 'retry-after': String(step.error.retryAfter) } : {},
      );
      return 'answered';
    }
    if (step.garbage !== undefined) {
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(step.garbage),
      });
      res.end(step.garbage);
      return 'answered';
    }
    return 'go-on';
  };

  const answerTranscription = async (
    raw: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
    entry: ScriptedRequest,
  ): Promise<void> => {
    let form;
    try {
      form = await readMultipart(raw, req.headers['content-type']);
    } catch (error) {
      throw new HttpProblem(400, `Could not read the upload: ${(error as Error).message}`);
    }
    const { file, fields } = form;
    entry.body = {
      ...fields,
      file: file
        ? { name: file.name, mime: file.mime, bytes: file.bytes, sha256: file.sha256, audio: file.audio }
        : null,
    };
    if (!file) throw new HttpProblem(400, 'The form has no `file` field');
    uploads.set(entry.seq, file.data);
    if (!fields.model) throw new HttpProblem(400, 'The form has no `model` field');
    const picked = nextAudioStep(script.transcriptions, audioUses.transcriptions);
    if (!picked) {
      entry.answeredBy = 'unmatched';
      throw new HttpProblem(
        500,
        `No transcription left in the script (received ${file.bytes} bytes of ${file.audio.container}).`,
      );
    }
    entry.answeredBy = picked.label;
    if ((await injected(picked.step, res, entry)) === 'answered') return;
    const text = picked.step.text ?? '';
    sendJson(
      res,
      200,
      fields.response_format === 'verbose_json'
        ? {
            task: 'transcribe',
            language: fields.language ?? 'english',
            duration: (file.audio.durationMs ?? 0) / 1000,
            text,
            segments: [],
          }
        : { text },
    );
  };

  const answerSpeech = async (
    body: Record<string, unknown>,
    res: ServerResponse,
    entry: ScriptedRequest,
  ): Promise<void> => {
    if (typeof body.input !== 'string' || body.input.trim() === '')
      throw new HttpProblem(400, '`input` must be a non-empty string');
    if (typeof body.model !== 'string') throw new HttpProblem(400, '`model` is required');
    if (typeof body.voice !== 'string' && typeof body.voice !== 'object')
      throw new HttpProblem(400, '`voice` is required');
    const picked = nextAudioStep(script.speech, audioUses.speech);
    entry.answeredBy = picked?.label ?? 'tone';
    if (picked && (await injected(picked.step, res, entry)) === 'answered') return;
    const durationMs = picked?.step.durationMs ?? Math.min(5_000, Math.max(200, body.input.length * 40));
    const wav = toneWav(durationMs);
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
    res.end(wav);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://scripted');
    const path = url.pathname;
    const entry: ScriptedRequest = {
      seq: ++seq,
      method: req.method ?? 'GET',
      path,
      receivedAt: Date.now(),
      hasAuthorization: req.headers.authorization !== undefined || req.headers['api-key'] !== undefined,
      query: Object.fromEntries(url.searchParams),
      body: null,
      answeredBy: '',
      status: 200,
    };
    // Azure OpenAI's deployment-scoped path is the same chat route.
    const route = `${entry.method} ${path.replace(/^\/v1(?=\/)/, '').replace(/^\/openai\/deployments\/[^/]+(?=\/chat\/)/, '')}`;
    const isControl = path.startsWith('/__scripted/');
    try {
      const rawBytes = req.method === 'POST' ? await readBody(req) : Buffer.alloc(0);
      if (route === 'POST /audio/transcriptions') {
        log.push(entry);
        await answerTranscription(rawBytes, req, res, entry);
        return;
      }
      const raw = rawBytes.toString('utf8');
      let body: Record<string, unknown> = {};
      if (raw.trim() !== '') {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          throw new HttpProblem(400, 'The request body is not JSON');
        }
      }
      entry.body = raw.trim() === '' ? null : body;
      if (!isControl) log.push(entry);
      switch (route) {
        case 'POST /audio/speech':
          await answerSpeech(body, res, entry);
          break;
        case 'POST /chat/completions':
          await answerChat(body, res, entry);
          break;
        case 'POST /embeddings':
          answerEmbeddings(body, res);
          break;
        case 'GET /models':
          sendJson(res, 200, {
            object: 'list',
            data: script.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })),
          });
          break;
        case 'GET /__scripted/requests':
          sendJson(res, 200, log);
          break;
        case /^GET \/__scripted\/audio\/\d+$/.test(route) ? route : '\0': {
          const data = uploads.get(Number(path.split('/').pop()));
          if (!data) throw new HttpProblem(404, `No audio was uploaded by request ${path.split('/').pop()}`);
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
          res.end(data);
          break;
        }
        case 'POST /__scripted/reset':
          api.reset();
          sendJson(res, 200, { ok: true });
          break;
        case 'POST /__scripted/script':
          try {
            api.setScript(body as ScriptInput);
          } catch (error) {
            throw new HttpProblem(400, (error as Error).message);
          }
          sendJson(res, 200, { ok: true, steps: script.steps.length });
          break;
        default:
          throw new HttpProblem(404, `The scripted model server has no route ${entry.method} ${path}`);
      }
    } catch (error) {
      const status = error instanceof HttpProblem ? error.status : 500;
      entry.status = status;
      if (!res.headersSent && !res.destroyed)
        sendJson(res, status, errorBody(error instanceof Error ? error.message : String(error)));
      else res.destroy();
    } finally {
      if (!isControl) options.onRequest?.(entry);
    }
  };

  const server = createServer((req, res) => {
    if (closing) {
      res.destroy();
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const shownHost = hostForUrl === '0.0.0.0' || hostForUrl === '[::]' ? '127.0.0.1' : hostForUrl;

  const api: ScriptedServer = {
    baseUrl: `http://${shownHost}:${address.port}/v1`,
    port: address.port,
    requests: () => log.map((r) => ({ ...r })),
    audio: (n) => uploads.get(n),
    setScript(next) {
      script = parseScript(next);
      uses = initialUses(script);
      audioUses = audioInitialUses(script);
    },
    reset() {
      log = [];
      uploads = new Map();
      uses = initialUses(script);
      audioUses = audioInitialUses(script);
    },
    async close() {
      if (closing) return;
      closing = true;
      for (const cancel of [...pending]) cancel();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return api;
}
