import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';
import { MobaError } from '../../shared/errors.ts';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import type { Db } from './database.ts';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/xml': 'xml',
  'application/json': 'json',
  'text/plain': 'txt',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
};

export interface PutArtifactOptions {
  mime: string;
  width?: number;
  height?: number;
}

/**
 * Content-addressed files beside the database. Writing the same bytes twice stores them once;
 * files are written to a temporary name and renamed, so a crash never leaves half a file
 * under a real name.
 */
export class ArtifactStore {
  private readonly db: Db;
  private readonly dir: string;
  private readonly insert;
  private readonly select;

  constructor(db: Db, dir: string) {
    this.db = db;
    this.dir = dir;
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO artifacts (sha256, path, mime, bytes, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.select = db.prepare<
      [string],
      { sha256: string; path: string; mime: string; bytes: number; width: number | null; height: number | null }
    >(`SELECT sha256, path, mime, bytes, width, height FROM artifacts WHERE sha256 = ?`);
  }

  put(data: Uint8Array, options: PutArtifactOptions): ArtifactRef {
    const sha256 = createHash('sha256').update(data).digest('hex');
    const rel = join(sha256.slice(0, 2), `${sha256}.${EXT[options.mime] ?? 'bin'}`);
    const abs = join(this.dir, rel);
    if (!existsSync(abs)) {
      mkdirSync(join(this.dir, sha256.slice(0, 2)), { recursive: true, mode: PRIVATE_DIR_MODE });
      const tmp = `${abs}.${process.pid}.tmp`;
      writeFileSync(tmp, data, { mode: PRIVATE_FILE_MODE });
      renameSync(tmp, abs);
    }
    this.insert.run(
      sha256,
      rel,
      options.mime,
      data.byteLength,
      options.width ?? null,
      options.height ?? null,
      Date.now(),
    );
    const ref: ArtifactRef = { sha256, mime: options.mime, bytes: data.byteLength };
    if (options.width !== undefined) ref.width = options.width;
    if (options.height !== undefined) ref.height = options.height;
    return ref;
  }

  /**
   * Stores bytes that arrive in pieces (an artefact fetched from another machine) under the
   * hash they must have: written to a temporary file as they come, never more than `maxBytes`,
   * and kept only when their SHA-256 is `expected.sha256`. Memory holds one piece at a time.
   * @throws MobaError INVALID_INPUT (more than `maxBytes`, or other bytes than the hash says)
   */
  async putExpected(
    chunks: AsyncIterable<Uint8Array>,
    expected: Pick<ArtifactRef, 'sha256' | 'mime' | 'width' | 'height'>,
    maxBytes: number,
  ): Promise<ArtifactRef> {
    if (!/^[0-9a-f]{64}$/.test(expected.sha256)) throw new MobaError('INVALID_INPUT', 'Not an artifact hash');
    const sha256 = expected.sha256;
    const rel = join(sha256.slice(0, 2), `${sha256}.${EXT[expected.mime] ?? 'bin'}`);
    const abs = join(this.dir, rel);
    mkdirSync(join(this.dir, sha256.slice(0, 2)), { recursive: true, mode: PRIVATE_DIR_MODE });
    const tmp = `${abs}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    const hash = createHash('sha256');
    let bytes = 0;
    const file = await open(tmp, 'w', PRIVATE_FILE_MODE);
    try {
      for await (const chunk of chunks) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) throw new MobaError('INVALID_INPUT', `larger than ${maxBytes} bytes`);
        hash.update(chunk);
        await file.write(chunk);
      }
      await file.close();
      if (hash.digest('hex') !== sha256) throw new MobaError('INVALID_INPUT', 'the bytes do not match the hash');
      await rename(tmp, abs);
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw error;
    }
    this.insert.run(sha256, rel, expected.mime, bytes, expected.width ?? null, expected.height ?? null, Date.now());
    return this.get(sha256).ref;
  }

  /** @throws MobaError NOT_FOUND when the hash is unknown or its file is gone. */
  get(sha256: string): { ref: ArtifactRef; path: string } {
    const row = /^[0-9a-f]{64}$/.test(sha256) ? this.select.get(sha256) : undefined;
    if (!row) throw new MobaError('NOT_FOUND', `No artifact ${sha256.slice(0, 12)}…`);
    const path = join(this.dir, row.path);
    if (!existsSync(path))
      throw new MobaError('NOT_FOUND', `The file of artifact ${sha256.slice(0, 12)}… is missing from ${this.dir}`);
    const ref: ArtifactRef = { sha256: row.sha256, mime: row.mime, bytes: row.bytes };
    if (row.width !== null) ref.width = row.width;
    if (row.height !== null) ref.height = row.height;
    return { ref, path };
  }

  read(sha256: string): Buffer {
    return readFileSync(this.get(sha256).path);
  }

  has(sha256: string): boolean {
    return this.select.get(sha256) !== undefined;
  }

  get directory(): string {
    return this.dir;
  }

  /** For callers that batch many puts in one transaction. */
  get database(): Db {
    return this.db;
  }
}
