import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { tempDir } from '@moba/testkit/rigs';

let t: TestHost;
const renderer = tempDir('moba-renderer-');

beforeAll(async () => {
  mkdirSync(join(renderer.path, 'assets'));
  writeFileSync(join(renderer.path, 'index.html'), '<!doctype html><title>MobA Studio</title>');
  writeFileSync(join(renderer.path, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestHost({ rendererDir: renderer.path });
});
afterAll(async () => {
  await t.dispose();
  renderer.dispose();
});

describe('web host', () => {
  it('binds loopback and answers 401 to every request without the token', async () => {
    expect(t.host.host).toBe('127.0.0.1');
    expect(t.host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
    for (const path of ['/', '/index.html', '/assets/app.js', '/artifacts/' + 'a'.repeat(64), '/ws']) {
      const res = await fetch(t.base + path);
      expect(res.status, path).toBe(401);
    }
    expect((await fetch(`${t.base}/?token=wrong`)).status).toBe(401);
    expect((await fetch(t.base, { headers: { cookie: 'moba_token=wrong' } })).status).toBe(401);
    await expect(WsTestClient.connect(t.host, { token: 'nope' })).rejects.toThrow(/401/);
  });

  it('trades the URL token for an HttpOnly cookie and serves the renderer with a CSP', async () => {
    const first = await fetch(`${t.base}/?token=${t.host.token}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const page = await fetch(t.base + '/', { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(await page.text()).toContain('MobA Studio');
    const asset = await fetch(t.base + '/assets/app.js', { headers: { authorization: `Bearer ${t.host.token}` } });
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const traversal = await fetch(t.base + '/..%2f..%2fetc/passwd', {
      headers: { authorization: `Bearer ${t.host.token}` },
    });
    expect(await traversal.text()).not.toMatch(/root:/);
  });

  it('refuses a WebSocket from another origin even with the token', async () => {
    await expect(WsTestClient.connect(t.host, { origin: 'http://evil.example' })).rejects.toThrow(/401/);
  });

  it('answers calls, validates input, survives malformed frames and keeps serving', async () => {
    const c = await WsTestClient.connect(t.host);
    try {
      expect(await c.call('ping', { value: 'x' })).toMatchObject({ ok: true, result: { value: 'x' } });
      expect(await c.call('ping', { value: 12 })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', name: 'MobaError' },
      });
      expect(await c.call('noSuchMethod', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
      c.sendRaw('{ this is not json');
      c.sendRaw(JSON.stringify({ t: 'call', id: 'x', method: 'ping' }));
      c.sendRaw(Buffer.from([1, 2, 3]));
      await new Promise((r) => setTimeout(r, 100));
      expect(c.errors.length).toBe(3);
      expect(c.errors.every((e) => (e as { code: string }).code === 'INVALID_INPUT')).toBe(true);
      expect(await c.call('ping', {})).toMatchObject({ ok: true });
      const other = await WsTestClient.connect(t.host);
      expect(await other.call('getAppInfo')).toMatchObject({ ok: true, result: { host: 'web', name: 'MobA Studio' } });
      other.close();
    } finally {
      c.close();
    }
  });

  it('pushes events to every connection and persists settings in the SQLite file', async () => {
    const a = await WsTestClient.connect(t.host);
    const b = await WsTestClient.connect(t.host);
    try {
      const r = await a.call('updateSettings', { patch: { agent: { maxSteps: 77 } } });
      expect(r.ok).toBe(true);
      await new Promise((res) => setTimeout(res, 50));
      expect(
        b.events.some(
          (e) =>
            e.event === 'didChangeSettings' &&
            (e.payload as { settings: { agent: { maxSteps: number } } }).settings.agent.maxSteps === 77,
        ),
      ).toBe(true);
      const db = new Database(t.app.paths.databasePath, { readonly: true });
      const row = db.prepare("SELECT value FROM settings WHERE section = 'agent'").get() as { value: string };
      db.close();
      expect(JSON.parse(row.value).maxSteps).toBe(77);
    } finally {
      a.close();
      b.close();
    }
  });

  it('serves artifacts by hash behind the token', async () => {
    const ref = t.app.artifacts.put(new Uint8Array([137, 80, 78, 71]), { mime: 'image/png' });
    const res = await fetch(`${t.base}/artifacts/${ref.sha256}`, {
      headers: { authorization: `Bearer ${t.host.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    expect(
      (await fetch(`${t.base}/artifacts/${'0'.repeat(64)}`, { headers: { authorization: `Bearer ${t.host.token}` } }))
        .status,
    ).toBe(404);
  });
});
