import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES, cappedFetch, maxResponseBytes, responseTooLarge } from './capped-fetch.ts';
import { classifyFailure } from './llm/http-errors.ts';

let server: Server;
let base: string;
/** Bytes written per path before the client stopped reading. */
const written = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const body = (n: number) => JSON.stringify({ id: 'x', pad: 'a'.repeat(n) });
    if (req.url?.startsWith('/declared')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10_000_000) });
      res.end(Buffer.alloc(10_000_000, 0x20));
    } else if (req.url?.startsWith('/endless')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let n = 0;
      const pump = () => {
        while (!res.destroyed && n < 100 * 1024 * 1024) {
          n += chunk.length;
          written.set('/endless', n);
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body(100));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('cappedFetch', () => {
  it('passes small replies through unchanged', async () => {
    const res = await cappedFetch(1024)(`${base}/small`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe('x');
  });

  it('refuses a declared length over the cap before reading the body', async () => {
    await expect(cappedFetch(1024 * 1024)(`${base}/declared`)).rejects.toMatchObject({
      code: 'MODEL_REPLY_INVALID',
      message: `${base} answered 9.5 MB; at most 1 MB of a reply is read (MOBA_MAX_RESPONSE_MB)`,
    });
  });

  it('stops a body without a length once it passes the cap, and the server stops sending', async () => {
    const res = await cappedFetch(1024 * 1024)(`${base}/endless`);
    const error = await res.arrayBuffer().then(
      () => null,
      (e: unknown) => e,
    );
    expect(responseTooLarge(error)?.message).toBe(
      `${base} answered more than 1 MB; at most 1 MB of a reply is read (MOBA_MAX_RESPONSE_MB)`,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(written.get('/endless')).toBeLessThan(32 * 1024 * 1024);
  });

  it('gives the model gateway a named, final error through the OpenAI client', async () => {
    const client = new OpenAI({ apiKey: 'k', baseURL: `${base}/endless`, maxRetries: 0, fetch: cappedFetch(1024) });
    const error = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const failure = classifyFailure(error, { baseUrl: `${base}/endless`, model: 'm', timeoutMs: 1_000 });
    expect(failure).toMatchObject({ retryable: false, error: { code: 'MODEL_REPLY_INVALID' } });
    expect(failure.error.message).toBe(
      `${base} answered more than 1 KB; at most 1 KB of a reply is read (MOBA_MAX_RESPONSE_MB)`,
    );
  });

  it('reads the cap from MOBA_MAX_RESPONSE_MB', () => {
    expect(maxResponseBytes({})).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    expect(maxResponseBytes({ MOBA_MAX_RESPONSE_MB: '4' })).toBe(4 * 1024 * 1024);
    expect(maxResponseBytes({ MOBA_MAX_RESPONSE_MB: 'lots' })).toBe(DEFAULT_MAX_RESPONSE_BYTES);
  });
});
