/**
 * Hands a benchmark's episodes to agents that connect on their own, as AndroidWorld evaluates an
 * agent that runs elsewhere — for `moba bench serve` and for every benchmark the app runs with an
 * `externalConnect` configuration (the Benchmarks page shows its address and token). Each such
 * episode offers its agent-protocol session here; an agent asks for the next one
 * (`POST /agent/v1/episodes/next` with the broker's bearer token) and drives it through the
 * session's address and token like a program the studio started. Episodes are scored as usual.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { SessionOffer } from '../agent/strategies/external/external-loop.ts';
import { sameToken, send } from '../agent/strategies/external/session-server.ts';

/** The request for the next episode: wait up to `waitMs` (≤ 60 s) for one to be offered. */
const NextRequest = z.object({ waitMs: z.number().int().min(0).max(60_000).optional() }).strict();

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > 64 * 1024) throw new Error('The request body is over 64 KiB');
  }
  return text.trim() ? (JSON.parse(text) as unknown) : {};
}

export class EpisodeBroker {
  readonly token: string;
  private readonly offers: SessionOffer[] = [];
  private readonly takers: Array<(offer: SessionOffer) => void> = [];
  private server: ReturnType<typeof createServer> | null = null;
  private readonly onWaiting: (waiting: number) => void;

  /** `onWaiting`: told how many episodes wait for an agent whenever that number changes. */
  constructor(token = randomBytes(24).toString('base64url'), onWaiting: (waiting: number) => void = () => undefined) {
    this.token = token;
    this.onWaiting = onWaiting;
  }

  /** How many offered episodes no agent has taken yet. */
  get waiting(): number {
    return this.offers.length;
  }

  /** Offers an episode's session to the next agent that asks. @returns how to withdraw it (the episode ended) */
  offer = (offer: SessionOffer): (() => void) => {
    const taker = this.takers.shift();
    if (taker) taker(offer);
    else {
      this.offers.push(offer);
      this.onWaiting(this.offers.length);
    }
    return () => {
      const i = this.offers.indexOf(offer);
      if (i < 0) return;
      this.offers.splice(i, 1);
      this.onWaiting(this.offers.length);
    };
  };

  /** The next offered session, waiting up to `waitMs`; null when none came. */
  next(waitMs: number): Promise<SessionOffer | null> {
    const ready = this.offers.shift();
    if (ready) this.onWaiting(this.offers.length);
    if (ready || waitMs === 0) return Promise.resolve(ready ?? null);
    return new Promise((resolve) => {
      const take = (offer: SessionOffer) => {
        clearTimeout(timer);
        resolve(offer);
      };
      const timer = setTimeout(() => {
        const i = this.takers.indexOf(take);
        if (i >= 0) this.takers.splice(i, 1);
        resolve(null);
      }, waitMs);
      this.takers.push(take);
    });
  }

  /** Serves `POST /agent/v1/episodes/next` on `host:port` (port 0: a free one). @returns its address */
  async listen(port: number, host = '127.0.0.1'): Promise<string> {
    const server = createServer((req, res) => {
      void (async () => {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), this.token))
          return send(res, 401, { error: { code: 'unauthorized', message: 'Missing or wrong bearer token' } });
        if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/agent/v1/episodes/next')
          return send(res, 404, { error: { code: 'not_found', message: 'Send POST /agent/v1/episodes/next' } });
        let parsed: z.infer<typeof NextRequest>;
        try {
          parsed = NextRequest.parse(await body(req));
        } catch (error) {
          return send(res, 400, { error: { code: 'malformed', message: (error as Error).message } });
        }
        send(res, 200, { episode: await this.next(parsed.waitMs ?? 0) });
      })();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    return `http://${host}:${address.port}/agent/v1`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
