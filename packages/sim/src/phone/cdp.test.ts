import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CdpConnection, CdpSession } from './cdp.ts';

/** A connection whose "browser" side is two in-memory streams. */
function pipePair(): { connection: CdpConnection; toHost: PassThrough; sent: () => Array<Record<string, unknown>> } {
  const toBrowser = new PassThrough();
  const toHost = new PassThrough();
  const written: Buffer[] = [];
  toBrowser.on('data', (chunk: Buffer) => written.push(chunk));
  const connection = new CdpConnection(toBrowser, toHost);
  const sent = (): Array<Record<string, unknown>> =>
    Buffer.concat(written)
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Record<string, unknown>);
  return { connection, toHost, sent };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('CDP over the debugging pipe', () => {
  it('writes NUL-terminated commands with ids and session ids, and resolves each answer by id', async () => {
    const { connection, toHost, sent } = pipePair();
    const first = connection.send('Browser.getVersion');
    const second = new CdpSession(connection, 'S1').send('Runtime.evaluate', { expression: '1+1' });
    await tick();
    expect(sent()).toEqual([
      { id: 1, method: 'Browser.getVersion', params: {} },
      { id: 2, method: 'Runtime.evaluate', params: { expression: '1+1' }, sessionId: 'S1' },
    ]);
    // Answers out of order, the second split across chunks, both in one write at the end.
    const answer2 = Buffer.from(
      JSON.stringify({ id: 2, result: { result: { type: 'number', value: 2 } }, sessionId: 'S1' }) + '\0',
    );
    toHost.write(answer2.subarray(0, 10));
    await tick();
    toHost.write(
      Buffer.concat([
        answer2.subarray(10),
        Buffer.from(JSON.stringify({ id: 1, result: { product: 'HeadlessChrome/156' } }) + '\0'),
      ]),
    );
    await expect(second).resolves.toEqual({ result: { type: 'number', value: 2 } });
    await expect(first).resolves.toEqual({ product: 'HeadlessChrome/156' });
  });

  it('keeps multi-byte characters that a chunk boundary cuts in half', async () => {
    const { connection, toHost } = pipePair();
    const answer = connection.send('Runtime.evaluate');
    const bytes = Buffer.from(JSON.stringify({ id: 1, result: { value: '工作' } }) + '\0');
    const cut = bytes.indexOf(Buffer.from('工')) + 1;
    toHost.write(bytes.subarray(0, cut));
    await tick();
    toHost.write(bytes.subarray(cut));
    await expect(answer).resolves.toEqual({ value: '工作' });
  });

  it('rejects with the protocol error and delivers events only to their session', async () => {
    const { connection, toHost } = pipePair();
    const failing = connection.send('Page.navigate', { url: 'x' }, 'S1');
    const seen: string[] = [];
    const a = new CdpSession(connection, 'A');
    const off = a.on<{ n: number }>('Page.loadEventFired', ({ n }) => seen.push(`A${n}`));
    new CdpSession(connection, 'B').on<{ n: number }>('Page.loadEventFired', ({ n }) => seen.push(`B${n}`));
    toHost.write(JSON.stringify({ id: 1, error: { code: -32000, message: 'Cannot navigate to invalid URL' } }) + '\0');
    toHost.write('not json\0');
    toHost.write(JSON.stringify({ method: 'Page.loadEventFired', params: { n: 1 }, sessionId: 'A' }) + '\0');
    toHost.write(JSON.stringify({ method: 'Page.loadEventFired', params: { n: 2 }, sessionId: 'B' }) + '\0');
    await expect(failing).rejects.toThrow('Page.navigate: Cannot navigate to invalid URL');
    off();
    toHost.write(JSON.stringify({ method: 'Page.loadEventFired', params: { n: 3 }, sessionId: 'A' }) + '\0');
    await tick();
    expect(seen).toEqual(['A1', 'B2']);
  });

  it('fails pending and later commands with SIMULATOR_FAILED once the pipe closes, and says so once', async () => {
    const { connection, toHost } = pipePair();
    const reasons: string[] = [];
    connection.onClose((reason) => reasons.push(reason));
    const pending = connection.send('Page.captureScreenshot', {}, 'S1');
    toHost.end();
    toHost.destroy();
    await expect(pending).rejects.toMatchObject({
      code: 'SIMULATOR_FAILED',
      message: expect.stringContaining('Page.captureScreenshot'),
    });
    await expect(connection.send('Browser.getVersion')).rejects.toMatchObject({ code: 'SIMULATOR_FAILED' });
    expect(connection.isClosed).toBe(true);
    connection.dispose();
    expect(reasons).toEqual(['the browser closed its debugging pipe']);
    const late: string[] = [];
    connection.onClose((reason) => late.push(reason));
    expect(late).toHaveLength(1);
  });
});
