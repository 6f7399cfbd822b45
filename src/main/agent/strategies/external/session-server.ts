/**
 * The agent protocol's transport for one session: HTTP + JSON on a loopback port of its own,
 * under `/agent/v1/`, each request carrying the session's bearer token. One session, one
 * program: the server exists only while its run's loop does.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AGENT_PROTOCOL_PATH } from '../../../../shared/schemas/agent-protocol.ts';
import { ProtocolError } from './agent-session.ts';

/** Request bodies above this are refused (a screenshot goes the other way; model calls are text). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface SessionServer {
  /** e.g. `http://127.0.0.1:41234/agent/v1` */
  url: string;
  token: string;
  close(): Promise<void>;
}

/** Whether a bearer token given is the expected one (compared in constant time). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Answers with `body` as JSON. */
export function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new ProtocolError('too_large', 413, `The request body is over ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProtocolError('malformed', 400, `The request body is not JSON: ${(error as Error).message}`);
  }
}

/**
 * Starts the session's server; `handle` gets the request's name (`attach`, `observe`…) and its
 * JSON body; `pending` gives the events an error reply carries (an authenticated one only).
 */
export async function startSessionServer(
  handle: (name: string, body: unknown) => Promise<unknown>,
  onProblem: (message: string) => void,
  pending: () => unknown[] = () => [],
): Promise<SessionServer> {
  const token = randomBytes(24).toString('base64url');
  const server = createServer((req, res) => {
    void (async () => {
      let authorized = false;
      const fail = (status: number, code: string, message: string) =>
        send(res, status, { error: { code, message }, ...(authorized ? { events: pending() } : {}) });
      try {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token))
          throw new ProtocolError('unauthorized', 401, 'Missing or wrong bearer token (MOBA_AGENT_TOKEN)');
        authorized = true;
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (!url.pathname.startsWith(`${AGENT_PROTOCOL_PATH}/`))
          throw new ProtocolError('not_found', 404, `Requests go to ${AGENT_PROTOCOL_PATH}/…; got ${url.pathname}`);
        if (req.method !== 'POST') throw new ProtocolError('not_found', 404, `Send POST, not ${req.method}`);
        const body = await readJson(req);
        send(res, 200, await handle(url.pathname.slice(AGENT_PROTOCOL_PATH.length + 1), body));
      } catch (error) {
        if (error instanceof ProtocolError) {
          onProblem(`${error.code}: ${error.message}`);
          fail(error.status, error.code, error.message);
        } else {
          // The run itself failed (device gone, paused, stopped): the program is told the session has ended.
          fail(409, 'ended', (error as Error).message);
        }
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${AGENT_PROTOCOL_PATH}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
