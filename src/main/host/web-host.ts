import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { RENDERER_CSP } from '../../shared/csp.ts';
import type { MobaApp } from '../app.ts';
import { WsConnection } from './ws-connection.ts';
import {
  MIN_REMOTE_TOKEN_BITS,
  isLoopbackBind,
  parseCookies,
  safeDecode,
  sameOriginLocation,
} from './request-parsing.ts';
import { MobaError } from '../../shared/errors.ts';
import { tokenStrength } from './token-strength.ts';
import type { ClientBufferLimits } from './ws-connection.ts';

const COOKIE = 'moba_token';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export interface WebHostOptions {
  app: MobaApp;
  /** Folder of the built renderer (index.html + assets). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Loopback by default; any other address must be asked for explicitly. */
  host?: string;
  /** A fixed token (for scripts); random otherwise. Beyond loopback it must carry ≥ 128 bits (token-strength.ts). */
  token?: string;
  /**
   * A second bearer token that reads `GET /artifacts/<sha256>` and nothing else (a sweep
   * worker's, for its coordinators); only as an `Authorization: Bearer` header.
   */
  artifactToken?: string;
  /** How far a client may fall behind reading results and events (defaults in ws-connection.ts). */
  clientBuffer?: Partial<ClientBufferLimits>;
}

export interface WebHost {
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly token: string;
  /** Open WebSocket connections. */
  readonly connections: number;
  close(): Promise<void>;
}

const ARTIFACT_PATH = /^\/artifacts\/([0-9a-f]{64})$/;

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A token someone chose must resist guessing beyond loopback; the random one has 192 bits by construction.
 * @throws MobaError INVALID_INPUT when the host is reachable beyond loopback and the chosen token is guessable
 */
async function assertTokenGuards(bindHost: string, chosen: string | undefined): Promise<void> {
  if (chosen === undefined || isLoopbackBind(bindHost)) return;
  const { bits, weakness } = await tokenStrength(chosen);
  if (bits < MIN_REMOTE_TOKEN_BITS)
    throw new MobaError(
      'INVALID_INPUT',
      `The access token is too weak to guard ${bindHost}: about ${bits} bits${weakness ? ` (it contains ${weakness})` : ''}, at least ${MIN_REMOTE_TOKEN_BITS} are needed beyond loopback. Use 32 random bytes, e.g. \`openssl rand -hex 32\`, or leave --token out for a random one.`,
    );
}

/** The token a request carries: `?token=`, else `Authorization: Bearer`, else the cookie. */
function tokenFrom(req: IncomingMessage, url: URL): string | undefined {
  const q = url.searchParams.get('token');
  if (q) return q;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return parseCookies(req.headers.cookie).get(COOKIE);
}

function authorized(req: IncomingMessage, url: URL, token: string): boolean {
  const given = tokenFrom(req, url);
  return given !== undefined && safeEqual(given, token);
}

/** A read of one artifact with the second token (`artifactToken`), as a bearer header only. */
function artifactReader(req: IncomingMessage, url: URL, artifactToken: string | undefined): boolean {
  const auth = req.headers.authorization;
  return (
    artifactToken !== undefined &&
    ARTIFACT_PATH.test(url.pathname) &&
    (req.method === 'GET' || req.method === 'HEAD') &&
    auth?.startsWith('Bearer ') === true &&
    safeEqual(auth.slice(7).trim(), artifactToken)
  );
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
}

function sendFile(res: ServerResponse, path: string, extraHeaders: Record<string, string> = {}): void {
  const type = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const size = statSync(path).size;
  const stream = createReadStream(path);
  // A file removed or unreadable after the stat ends this response, not the host.
  stream.once('error', () => res.destroy());
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': size, ...extraHeaders });
  stream.pipe(res);
}

/** What a request is served from: the app's artifacts, the built renderer, the token. */
interface Site {
  app: MobaApp;
  rendererDir: string;
  token: string;
  /** The token that reads artifacts and nothing else (WebHostOptions.artifactToken). */
  artifactToken?: string;
}

/** Answers one HTTP request: the token check, the cookie trade, an artifact or a renderer file. */
function handleRequest(site: Site, req: IncomingMessage, res: ServerResponse): void {
  securityHeaders(res);
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://host.invalid');
  } catch {
    res.writeHead(400).end('Bad request');
    return;
  }
  if (!authorized(req, url, site.token) && !artifactReader(req, url, site.artifactToken)) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('401 Unauthorized: open the URL that `moba serve` printed (it carries ?token=…).\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end('Method not allowed');
    return;
  }
  if (url.searchParams.has('token')) {
    // Keep the token out of the address bar and history: trade it for a cookie, then redirect.
    res.setHeader('Set-Cookie', `${COOKIE}=${encodeURIComponent(site.token)}; HttpOnly; SameSite=Strict; Path=/`);
    url.searchParams.delete('token');
    // Only a path on this host: `/.//evil.example` must not become `Location: //evil.example`.
    res.writeHead(302, { Location: sameOriginLocation(url.pathname, url.search) }).end();
    return;
  }
  const artifact = ARTIFACT_PATH.exec(url.pathname);
  if (artifact) serveArtifact(site.app, res, artifact[1]!);
  else serveRenderer(site.rendererDir, res, url.pathname);
}

function serveArtifact(app: MobaApp, res: ServerResponse, sha256: string): void {
  try {
    const { ref, path } = app.artifacts.get(sha256);
    sendFile(res, path, { 'Content-Type': ref.mime, 'Cache-Control': 'private, max-age=31536000, immutable' });
  } catch {
    res.writeHead(404).end('No such artifact');
  }
}

/** A file of the built renderer; any other path inside it gets index.html (the renderer routes by hash). */
function serveRenderer(rendererDir: string, res: ServerResponse, pathname: string): void {
  const decoded = safeDecode(pathname);
  if (decoded === undefined || decoded.includes('\0')) {
    res
      .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end('Bad request: the path is not valid percent-encoding\n');
    return;
  }
  const rel = decoded.replace(/^\/+/, '');
  const candidate = normalize(join(rendererDir, rel));
  if (!candidate.startsWith(normalize(rendererDir + sep)) && candidate !== normalize(rendererDir)) {
    res.writeHead(403).end('Forbidden');
    return;
  }
  const index = join(rendererDir, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The renderer is not built yet. Run `npm run build`, then start the host again.\n');
    return;
  }
  const file = existsSync(candidate) && statSync(candidate).isFile() ? candidate : index;
  const isHtml = file.endsWith('.html');
  sendFile(
    res,
    file,
    isHtml
      ? { 'Content-Security-Policy': RENDERER_CSP, 'Cache-Control': 'no-store' }
      : { 'Cache-Control': 'private, max-age=3600' },
  );
}

/** Upgrades `/ws` to a WebSocket for a request with the token from this host's own pages; refuses the rest. */
function handleUpgrade(
  token: string,
  req: IncomingMessage,
  socket: Duplex,
  upgrade: (req: IncomingMessage, socket: Duplex) => void,
): void {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://host.invalid');
  } catch {
    socket.destroy();
    return;
  }
  const origin = req.headers.origin;
  const hostHeader = req.headers.host;
  // A page on another origin must not drive the host even if the browser sends our cookie.
  const originOk =
    origin === undefined ||
    (hostHeader !== undefined && (origin === `http://${hostHeader}` || origin === `https://${hostHeader}`));
  if (url.pathname !== '/ws' || !authorized(req, url, token) || !originOk) {
    socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
    return;
  }
  upgrade(req, socket);
}

/**
 * Serves the built renderer over HTTP and carries the contract over one WebSocket (`/ws`):
 * JSON text frames for calls, results and events; binary frames for bulk data. Every request
 * needs the token — as `?token=` (which also sets an HttpOnly cookie), the cookie, or an
 * `Authorization: Bearer` header — as Jupyter does.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { app, rendererDir } = options;
  const token = options.token ?? randomBytes(24).toString('hex');
  const bindHost = options.host ?? '127.0.0.1';
  await assertTokenGuards(bindHost, options.token);
  const sockets = new Set<WsConnection>();
  const site: Site = { app, rendererDir, token, artifactToken: options.artifactToken };

  const server = createServer((req, res) => {
    // Whatever a request carries, it is answered (400 when it cannot be read, 500 for our own
    // failure); nothing it does may escape this handler and stop the host.
    try {
      handleRequest(site, req, res);
    } catch (error) {
      const malformed = error instanceof URIError;
      if (!malformed) console.error(`[moba] web host: ${req.method ?? '?'} request failed:`, error);
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(malformed ? 400 : 500, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(malformed ? 'Bad request\n' : 'Internal error\n');
    }
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A socket error (the client vanished mid-handshake) must not surface as an uncaught error.
    socket.on('error', () => socket.destroy());
    try {
      handleUpgrade(token, req, socket, () =>
        wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
          const conn = new WsConnection(ws, app, options.clientBuffer);
          sockets.add(conn);
          conn.onDidClose(() => sockets.delete(conn));
        }),
      );
    } catch (error) {
      if (!(error instanceof URIError)) console.error('[moba] web host: upgrade request failed:', error);
      if (socket.writable) socket.write('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost === '0.0.0.0' || shownHost === '[::]' ? '127.0.0.1' : shownHost}:${address.port}/?token=${token}`;

  return {
    url,
    port: address.port,
    host: address.address,
    token,
    get connections() {
      return sockets.size;
    },
    async close() {
      for (const conn of [...sockets]) conn.close(1001, 'Host shutting down');
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
