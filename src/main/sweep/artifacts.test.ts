import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtifactStore } from '../store/artifacts.ts';
import { openDatabase } from '../store/database.ts';
import { artifactRefs, fetchArtifacts } from './artifacts.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'moba-sweep-art-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sweep artefacts', () => {
  it('finds every artefact a run refers to, once', () => {
    const a = { sha256: 'a'.repeat(64), mime: 'image/png', bytes: 3 };
    const b = { sha256: 'b'.repeat(64), mime: 'application/xml', bytes: 9 };
    expect(
      artifactRefs([
        { observation: { screenshot: a, xml: b, marked: null } },
        { call: { images: [{ image: a }] } },
        { sha256: 'short', mime: 'x' },
      ]),
    ).toEqual([a, b]);
  });

  it('fetches what the store lacks with the token, checks the hash, and lists what it could not get', async () => {
    const good = Buffer.from('a screenshot');
    const forged = Buffer.from('not what was hashed');
    const claimed = sha(Buffer.from('the real dump'));
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      if (req.headers.authorization !== 'Bearer t0k') return void res.writeHead(401).end();
      if (req.url === `/artifacts/${sha(good)}`) return void res.writeHead(200).end(good);
      if (req.url === `/artifacts/${claimed}`) return void res.writeHead(200).end(forged);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const db = openDatabase({ path: join(dir, 'moba.sqlite') });
    const store = new ArtifactStore(db, join(dir, 'artifacts'));
    const kept = store.put(Buffer.from('already here'), { mime: 'text/plain' });
    const refs = [
      { sha256: sha(good), mime: 'image/png', bytes: good.byteLength, width: 4, height: 2 },
      { sha256: claimed, mime: 'application/xml', bytes: 13 },
      { sha256: 'c'.repeat(64), mime: 'image/png', bytes: 1 },
      kept,
    ];
    try {
      const r = await fetchArtifacts(store, refs, { url, token: 't0k' });
      expect(r.fetched).toBe(1);
      expect(r.present).toBe(1);
      expect(r.missing.map((m) => m.why)).toEqual([
        `${url.slice(0, -1)}: the bytes do not match the hash`,
        `HTTP 404 from ${url.slice(0, -1)}`,
      ]);
      expect(store.read(sha(good)).equals(good)).toBe(true);
      expect(store.get(sha(good)).ref).toMatchObject({ width: 4, height: 2 });
      expect(store.has(claimed)).toBe(false);
      expect(new Set(seen)).toEqual(new Set(['Bearer t0k']));
      // Nothing half-written is left beside the store's files.
      expect(
        readdirSync(join(dir, 'artifacts'), { recursive: true }).filter((f) => String(f).endsWith('.part')),
      ).toEqual([]);
    } finally {
      server.close();
      db.close();
    }
  });

  it('streams to disk up to the cap, and follows no redirect with the credential', async () => {
    const big = Buffer.alloc(64 * 1024, 1);
    const elsewhere: string[] = [];
    const other = createServer((req, res) => {
      elsewhere.push(String(req.headers.authorization));
      res.writeHead(200).end(big);
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const [declared, endless, moved] = ['d', 'e', 'f'].map((c) => c.repeat(64)) as [string, string, string];
    let streamed = 0;
    const server = createServer((req, res) => {
      if (req.url === `/artifacts/${declared}`)
        return void res.writeHead(200, { 'content-length': big.length }).end(big);
      if (req.url === `/artifacts/${moved}`)
        return void res.writeHead(302, { location: `${otherUrl}/artifacts/${moved}` }).end();
      res.writeHead(200);
      const pump = () => {
        while (!res.destroyed && streamed < 64 * 1024 * 1024) {
          streamed += big.length;
          if (!res.write(big)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const capDir = mkdtempSync(join(tmpdir(), 'moba-sweep-cap-'));
    const db = openDatabase({ path: join(capDir, 'moba.sqlite') });
    const store = new ArtifactStore(db, join(capDir, 'artifacts'));
    try {
      const refs = [declared, endless, moved].map((h) => ({ sha256: h, mime: 'image/png', bytes: 1 }));
      const r = await fetchArtifacts(store, refs, { url, token: 'x'.repeat(32) }, { maxBytes: 16 * 1024 });
      expect(r.fetched).toBe(0);
      expect(r.missing.map((m) => m.why)).toEqual([
        `${url} announced 65536 bytes, more than the 16384 allowed`,
        `${url}: larger than 16384 bytes`,
        expect.stringMatching(new RegExp(`^${url}: .*(redirect|fetch failed)`)),
      ]);
      expect(elsewhere).toEqual([]);
      expect(streamed).toBeLessThan(16 * 1024 * 1024);
      expect(
        readdirSync(join(capDir, 'artifacts'), { recursive: true }).filter((f) => String(f).endsWith('.part')),
      ).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
      other.close();
      db.close();
      rmSync(capDir, { recursive: true, force: true });
    }
  });
});
