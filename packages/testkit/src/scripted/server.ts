import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadScriptFile, parseScript } from './script.ts';
import type { ScriptInput } from './script.ts';
import { ScriptState } from './script-state.ts';
import { HttpProblem, Waits, readBody } from './http.ts';
import { answerChat, answerEmbeddings } from './chat-route.ts';
import { answerSpeech, answerTranscription } from './audio-routes.ts';
import { errorBody, sendJson } from './wire.ts';

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
  /**
   * Which answer served it: '#2 plan', '#1 act (script started over)', 'fallback',
   * 'connection test', 'unmatched', or '' for non-chat routes.
   */
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
  /** How often the script started over by itself because a run had used it up. */
  restarts(): number;
  /** Stops listening, ends open connections and pending delays. */
  close(): Promise<void>;
}

/** The server's state: the script, the request log, the uploads, the delays under way. */
interface ServerState {
  script: ScriptState;
  log: ScriptedRequest[];
  uploads: Map<number, Buffer>;
  waits: Waits;
  seq: number;
  closing: boolean;
  /** `http://host:port`, for the messages that say how to reset. */
  origin: string;
}

function newEntry(s: ServerState, req: IncomingMessage, url: URL): ScriptedRequest {
  return {
    seq: ++s.seq,
    method: req.method ?? 'GET',
    path: url.pathname,
    receivedAt: Date.now(),
    hasAuthorization: req.headers.authorization !== undefined || req.headers['api-key'] !== undefined,
    query: Object.fromEntries(url.searchParams),
    body: null,
    answeredBy: '',
    status: 200,
  };
}

function parseJsonBody(raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw new HttpProblem(400, 'The request body is not JSON');
  }
}

/** The routes that take JSON (everything but the transcription upload). */
async function routeJson(
  s: ServerState,
  api: ScriptedServer,
  route: string,
  body: Record<string, unknown>,
  res: ServerResponse,
  entry: ScriptedRequest,
): Promise<void> {
  if (route === 'POST /audio/speech') return answerSpeech(body, res, entry, { state: s.script, waits: s.waits });
  if (route === 'POST /chat/completions')
    return answerChat(body, res, entry, { state: s.script, waits: s.waits, origin: s.origin });
  if (route === 'POST /embeddings') return answerEmbeddings(body, res, s.script.script.embeddingDims);
  if (route === 'GET /models')
    return sendJson(res, 200, {
      object: 'list',
      data: s.script.script.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })),
    });
  if (route === 'GET /__scripted/requests') return sendJson(res, 200, s.log);
  const audio = /^GET \/__scripted\/audio\/(\d+)$/.exec(route);
  if (audio) {
    const data = s.uploads.get(Number(audio[1]));
    if (!data) throw new HttpProblem(404, `No audio was uploaded by request ${audio[1]}`);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
    res.end(data);
    return;
  }
  if (route === 'POST /__scripted/reset') {
    api.reset();
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'POST /__scripted/script') {
    try {
      api.setScript(body as ScriptInput);
    } catch (error) {
      throw new HttpProblem(400, (error as Error).message);
    }
    return sendJson(res, 200, { ok: true, steps: s.script.script.steps.length });
  }
  throw new HttpProblem(404, `The scripted model server has no route ${entry.method} ${entry.path}`);
}

async function handle(
  s: ServerState,
  api: ScriptedServer,
  options: StartScriptedServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://scripted');
  const path = url.pathname;
  const entry = newEntry(s, req, url);
  // Azure OpenAI's deployment-scoped path is the same chat route.
  const route = `${entry.method} ${path.replace(/^\/v1(?=\/)/, '').replace(/^\/openai\/deployments\/[^/]+(?=\/chat\/)/, '')}`;
  const isControl = path.startsWith('/__scripted/');
  try {
    const rawBytes = req.method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    if (route === 'POST /audio/transcriptions') {
      s.log.push(entry);
      await answerTranscription(rawBytes, req, res, entry, { state: s.script, waits: s.waits, uploads: s.uploads });
      return;
    }
    const raw = rawBytes.toString('utf8');
    const body = parseJsonBody(raw);
    entry.body = raw.trim() === '' ? null : body;
    if (!isControl) s.log.push(entry);
    await routeJson(s, api, route, body, res, entry);
  } catch (error) {
    const status = error instanceof HttpProblem ? error.status : 500;
    entry.status = status;
    if (!res.headersSent && !res.destroyed)
      sendJson(res, status, errorBody(error instanceof Error ? error.message : String(error)));
    else res.destroy();
  } finally {
    if (!isControl) options.onRequest?.(entry);
  }
}

async function listen(server: Server, options: StartScriptedServerOptions): Promise<{ port: number; host: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { port: address.port, host: hostForUrl === '0.0.0.0' || hostForUrl === '[::]' ? '127.0.0.1' : hostForUrl };
}

/**
 * An OpenAI-compatible HTTP server that answers from a script: for tests, and for trying the
 * product without a key. Routes: POST /v1/chat/completions (also `stream: true`),
 * POST /v1/embeddings, POST /v1/audio/transcriptions (multipart; the upload is kept),
 * POST /v1/audio/speech (a WAV), GET /v1/models, and the control routes
 * GET /__scripted/requests, GET /__scripted/audio/SEQ, POST /__scripted/reset,
 * POST /__scripted/script. A script that every step of has answered starts over (see
 * `script-state.ts`); a connection test is answered whatever the script says (`chat-route.ts`).
 *
 * @throws MobaError INVALID_INPUT / NOT_FOUND for a bad script; the listen error otherwise.
 */
export async function startScriptedServer(options: StartScriptedServerOptions): Promise<ScriptedServer> {
  const script = options.scriptPath ? loadScriptFile(options.scriptPath) : parseScript(options.script ?? {});
  const s: ServerState = {
    script: new ScriptState(script),
    log: [],
    uploads: new Map(),
    waits: new Waits(),
    seq: 0,
    closing: false,
    origin: '',
  };
  const server = createServer((req, res) => {
    if (s.closing) res.destroy();
    else void handle(s, api, options, req, res);
  });
  const { port, host } = await listen(server, options);
  s.origin = `http://${host}:${port}`;
  const api: ScriptedServer = {
    baseUrl: `${s.origin}/v1`,
    port,
    requests: () => s.log.map((r) => ({ ...r })),
    audio: (n) => s.uploads.get(n),
    setScript: (next) => s.script.load(parseScript(next)),
    reset() {
      s.log = [];
      s.uploads = new Map();
      s.script.restart();
    },
    restarts: () => s.script.restarts,
    async close() {
      if (s.closing) return;
      s.closing = true;
      s.waits.cancelAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return api;
}
