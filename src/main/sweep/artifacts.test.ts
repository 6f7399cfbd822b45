import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
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
        `the bytes from ${url.slice(0, -1)} do not match the hash`,
        `HTTP 404 from ${url.slice(0, -1)}`,
      ]);
      expect(store.read(sha(good)).equals(good)).toBe(true);
      expect(store.get(sha(good)).ref).toMatchObject({ width: 4, height: 2 });
      expect(store.has(claimed)).toBe(false);
      expect(new Set(seen)).toEqual(new Set(['Bearer t0k']));
      const none = await fetchArtifacts(store, refs, { url, token: undefined });
      expect(none.missing.map((m) => m.why)).toEqual([
        'no MOBA_SWEEP_TOKEN to fetch it with',
        'no MOBA_SWEEP_TOKEN to fetch it with',
      ]);
    } finally {
      server.close();
      db.close();
    }
  });
});
