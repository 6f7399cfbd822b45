/**
 * Security: malformed requests against a real `moba serve` process. Before the fix one cookie
 * that is not valid percent-encoding (`Cookie: theme=100%`, which any other app on localhost may
 * set) or `GET /%zz` with the token threw a URIError out of the request handler and the host
 * exited with every run, mirror and phone in it. Now every request is answered — 400 when it
 * cannot be read — and the host keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempDir } from '@moba/testkit/rigs';
import { get, rawRequest, startServeProcess, upgrade } from '../support/serve-process.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const TOKEN = 'c0ffee'.repeat(8);
const data = tempDir('moba-sec-req-');
let host: ServeProcess;

beforeAll(async () => {
  host = await startServeProcess({ dataDir: data.path, token: TOKEN });
});
afterAll(async () => {
  await host?.stop();
  data.dispose();
});

/** The renderer may or may not be built in this checkout: both mean "authorised and served". */
const SERVED = [200, 503];

async function expectAnswered(name: string, request: string | Buffer, statuses: number[]): Promise<void> {
  const res = await rawRequest(host.port, request);
  expect(host.alive(), `the host exited after: ${name}\n${host.output.slice(-2000)}`).toBe(true);
  expect(statuses, `${name} answered ${res.status}`).toContain(res.status);
}

async function wsPing(headers: Record<string, string> = {}): Promise<unknown> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`, { headers });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    const reply = new Promise<unknown>((resolve) =>
      ws.on('message', (d) => {
        const f = JSON.parse(String(d)) as { t: string; result?: unknown };
        if (f.t === 'result') resolve(f.result);
      }),
    );
    ws.send(JSON.stringify({ t: 'call', id: 1, method: 'ping', input: { value: 'still here' } }));
    return await reply;
  } finally {
    ws.close();
  }
}

describe('security: malformed requests never stop the host', () => {
  it('cookies that are not valid percent-encoding: skipped, the token still decides', async () => {
    await expectAnswered('Cookie: theme=100% (no token)', get('/', ['Cookie: theme=100%']), [401]);
    await expectAnswered(
      'Cookie: theme=100% beside a valid token cookie',
      get('/', [`Cookie: theme=100%; moba_token=${TOKEN}`]),
      SERVED,
    );
    await expectAnswered('Cookie: moba_token=%zz', get('/', ['Cookie: moba_token=%zz']), [401]);
    await expectAnswered('Cookie: moba_token=<token>%', get('/', [`Cookie: moba_token=${TOKEN}%`]), [401]);
    await expectAnswered('Cookie: a=%E0%A4%A; =; ;;', get('/index.html', ['Cookie: a=%E0%A4%A; =; ;;']), [401]);
    await expectAnswered('a 6 KB cookie of % signs', get('/', [`Cookie: x=${'%'.repeat(6000)}`]), [401]);
  });

  it('paths that are not valid percent-encoding: 400 with the token, 401 without', async () => {
    const bearer = `Authorization: Bearer ${TOKEN}`;
    await expectAnswered('GET /%zz with the token', get('/%zz', [bearer]), [400]);
    await expectAnswered('GET /%zz without the token', get('/%zz'), [401]);
    await expectAnswered('GET /%', get('/%', [bearer]), [400]);
    await expectAnswered('GET /%E0%A4%A', get('/%E0%A4%A', [bearer]), [400]);
    await expectAnswered('GET /assets/%C0%AF', get('/assets/%C0%AF', [bearer]), [400]);
    await expectAnswered('GET /%00', get('/%00', [bearer]), [400]);
    await expectAnswered('GET /artifacts/%zz', get('/artifacts/%zz', [bearer]), [400]);
    await expectAnswered('GET absolute-form http://evil.example/%zz', get('http://evil.example/%zz', [bearer]), [400]);
    await expectAnswered('GET * (asterisk form)', get('*', [bearer]), SERVED);
    await expectAnswered('GET /?token=%zz', get('/?token=%zz'), [401]);
    await expectAnswered('DELETE /%zz', get('/%zz', [bearer]).replace(/^GET/, 'DELETE'), [405]);
    const traversal = await rawRequest(host.port, get('/..%2f..%2f..%2fetc%2fpasswd', [bearer]));
    expect(traversal.body).not.toMatch(/root:/);
  });

  it('malformed headers and request lines: answered by the HTTP parser, the host goes on', async () => {
    await expectAnswered('Authorization: Bearer (empty)', get('/', ['Authorization: Bearer ']), [401]);
    await expectAnswered('Authorization: Basic %zz', get('/', ['Authorization: Basic %zz']), [401]);
    await expectAnswered('a NUL byte in a header name', get('/', ['X-Bad\0: y']), [400]);
    await expectAnswered('binary garbage instead of a request', Buffer.from([0, 1, 2, 0xff, 13, 10, 13, 10]), [400]);
    await expectAnswered('a 100 KB header', get('/', [`X-Big: ${'a'.repeat(100_000)}`]), [431]);
    await expectAnswered('a request line without a version', 'GET /%zz\r\n\r\n', [0, 400, 401]);
  });

  it('WebSocket upgrades with malformed cookies, paths and handshakes: refused, never fatal', async () => {
    await expectAnswered('upgrade with Cookie: theme=100% (no token)', upgrade('/ws', ['Cookie: theme=100%']), [401]);
    await expectAnswered('upgrade with Cookie: moba_token=%zz', upgrade('/ws', ['Cookie: moba_token=%zz']), [401]);
    await expectAnswered('upgrade on /%zz with the token', upgrade(`/%zz?token=${TOKEN}`), [401]);
    await expectAnswered('upgrade with Origin: null', upgrade(`/ws?token=${TOKEN}`, ['Origin: null']), [401]);
    await expectAnswered(
      'upgrade without Sec-WebSocket-Key',
      upgrade(`/ws?token=${TOKEN}`).replace(/Sec-WebSocket-Key: .*\r\n/, ''),
      [400],
    );
    await expectAnswered(
      'upgrade with Sec-WebSocket-Version: 99',
      upgrade(`/ws?token=${TOKEN}`).replace('Version: 13', 'Version: 99'),
      [400],
    );
    await expectAnswered(
      'upgrade with a malformed subprotocol list',
      upgrade(`/ws?token=${TOKEN}`, ['Sec-WebSocket-Protocol: a,,b c']),
      [400],
    );
    await expectAnswered('upgrade with an undecodable token', upgrade('/ws?token=%E0%A4%A'), [401]);
    // An authorised upgrade that carries another app's bad cookie still connects.
    expect(await wsPing({ cookie: 'theme=100%' })).toMatchObject({ value: 'still here' });
  });

  it('is still serving after the whole corpus, and logged no uncaught error', async () => {
    expect(host.alive()).toBe(true);
    expect(await wsPing()).toMatchObject({ value: 'still here' });
    expect(host.output).not.toMatch(/URIError|Uncaught|unhandled/i);
  });
});
