/**
 * The data folder on open: each applied migration's checksum is recorded; a database made by an
 * edited migration or by a newer MobA Studio is refused with a message saying what happened and
 * what to do, before anything is written to it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { MemoryService } from '../memory/memory-service.ts';
import { migrate, openDatabase, openDatabaseForReading } from './database.ts';
import { fingerprints } from './migration-check.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { memory } from './migrations/010-memory.ts';
import type { Migration } from './migrations/types.ts';

const dirs: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
});

function dbPath(): string {
  const d = tempDir('moba-schema-');
  dirs.push(d);
  return join(d.path, 'moba.sqlite');
}

/** Migration 10 as an earlier build had it: without the key index (`memory_keys`). */
const editedMemory: Migration = {
  ...memory,
  up(db) {
    memory.up(
      new Proxy(db, {
        get(target, prop) {
          if (prop === 'exec')
            return (sql: string) => target.exec(sql.replace(/CREATE VIRTUAL TABLE memory_keys\b[^;]*;/g, ''));
          const v: unknown = Reflect.get(target, prop, target);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      }),
    );
  },
};
const EDITED = MIGRATIONS.map((m) => (m.version === memory.version ? editedMemory : m));

/** The database file and its WAL, byte for byte. */
function fileHash(path: string): string {
  const h = createHash('sha256');
  for (const p of [path, `${path}-wal`]) if (existsSync(p)) h.update(readFileSync(p));
  return h.digest('hex');
}

describe('migration checksums', () => {
  it('records a checksum for each applied migration and opens the file again', () => {
    const path = dbPath();
    openDatabase({ path }).close();
    const db = openDatabase({ path });
    const rows = db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all() as Array<{
      version: number;
      checksum: string;
    }>;
    db.close();
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    for (const r of rows) expect(r.checksum).toBe(fingerprints(MIGRATIONS).checksums.get(r.version));
    expect(new Set(rows.map((r) => r.checksum)).size).toBe(rows.length);
  });

  it('refuses a database made by an edited migration, names it and says what to do, and changes nothing', () => {
    const path = dbPath();
    openDatabase({ path, migrations: EDITED }).close();
    const before = fileHash(path);
    let error: unknown;
    try {
      openDatabase({ path }).close();
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'STORE_SCHEMA_MISMATCH' });
    const message = (error as Error).message;
    expect(message).toContain(path);
    expect(message).toMatch(/different migration 10 \("memory: items, full-text index, embeddings"\)/);
    expect(message).toMatch(/Nothing in it was changed/);
    expect(message).toMatch(/MOBA_HOME or --data-dir/);
    expect(fileHash(path)).toBe(before);
  });

  it("refuses a newer app's database (a migration this build does not know), and changes nothing", () => {
    const path = dbPath();
    const locks: Migration = {
      version: 20,
      name: 'mirror sessions',
      up: (db) => db.exec('CREATE TABLE mirror_sessions (serial TEXT PRIMARY KEY) STRICT'),
    };
    openDatabase({ path, migrations: [...MIGRATIONS, locks] }).close();
    const before = fileHash(path);
    expect(() => openDatabase({ path })).toThrow(
      expect.objectContaining({
        code: 'STORE_SCHEMA_NEWER',
        message: expect.stringMatching(
          /newer MobA Studio: it has migration 20 \("mirror sessions"\).*Nothing in it was changed.*Open it with that newer MobA Studio/,
        ),
      }),
    );
    expect(fileHash(path)).toBe(before);
    // A legacy file (no schema_migrations) whose user_version is beyond this build's is newer too.
    const legacy = dbPath();
    const raw = new Database(legacy);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openDatabase({ path: legacy })).toThrow(expect.objectContaining({ code: 'STORE_SCHEMA_NEWER' }));
  });

  it('verifies files from before checksums by their tables: a missing one is refused by name, a complete one gets its checksums', () => {
    const oldStyle = (migrations: readonly Migration[]) => {
      const path = dbPath();
      const raw = new Database(path);
      raw.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT',
      );
      for (const m of migrations) {
        m.up(raw);
        raw.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, 1);
      }
      raw.pragma(`user_version = ${migrations.at(-1)!.version}`);
      raw.close();
      return path;
    };
    const broken = oldStyle(EDITED);
    expect(() => openDatabase({ path: broken })).toThrow(
      expect.objectContaining({
        code: 'STORE_SCHEMA_MISMATCH',
        message: expect.stringContaining('table memory_keys (migration 10) is missing'),
      }),
    );

    const good = oldStyle(MIGRATIONS);
    const db = openDatabase({ path: good });
    const rows = db.prepare('SELECT version, checksum FROM schema_migrations ORDER BY version').all() as Array<{
      version: number;
      checksum: string | null;
    }>;
    expect(rows.every((r) => r.checksum === fingerprints(MIGRATIONS).checksums.get(r.version))).toBe(true);
    db.close();
  });

  it('works for any number of migrations, late-numbered ones included, and ignores layout-only changes', () => {
    const path = dbPath();
    openDatabase({ path }).close();
    const late: Migration = {
      version: 5,
      name: 'late arrival',
      up: (db) => db.exec('CREATE TABLE late (a TEXT) STRICT'),
    };
    const locks: Migration = {
      version: 20,
      name: 'mirror sessions',
      up: (db) => db.exec('CREATE TABLE mirror_sessions (serial TEXT PRIMARY KEY) STRICT'),
    };
    const db = openDatabase({ path, migrations: [...MIGRATIONS, late, locks] });
    expect(migrate(db, [...MIGRATIONS, late, locks])).toBe(0);
    db.close();
    const relaid: Migration = {
      ...locks,
      up: (d) => d.exec('\n    CREATE TABLE mirror_sessions (serial TEXT PRIMARY KEY)\n      STRICT\n'),
    };
    openDatabase({ path, migrations: [...MIGRATIONS, late, relaid] }).close();
    const changed: Migration = {
      ...locks,
      up: (d) => d.exec('CREATE TABLE mirror_sessions (serial TEXT PRIMARY KEY, owner TEXT) STRICT'),
    };
    expect(() => openDatabase({ path, migrations: [...MIGRATIONS, late, changed] })).toThrow(
      expect.objectContaining({
        code: 'STORE_SCHEMA_MISMATCH',
        message: expect.stringContaining('migration 20 ("mirror sessions")'),
      }),
    );
  });

  it('the edited-migration file fails only later, deep in memory, when nothing checks it (what the check prevents)', () => {
    const path = dbPath();
    const db = new Database(path);
    for (const m of EDITED) m.up(db);
    expect(() => new MemoryService({ db })).toThrow(/no such table: memory_keys/);
    db.close();
  });
});

describe('opening to read', () => {
  it('reads an up-to-date store read-only: nothing is written to it', () => {
    const path = dbPath();
    const db = openDatabase({ path });
    db.prepare("INSERT INTO store_meta (key, value) VALUES ('probe', 'kept')").run();
    db.close();
    const before = fileHash(path);
    const reader = openDatabaseForReading({ path });
    expect(reader.readonly).toBe(true);
    expect(reader.prepare("SELECT value FROM store_meta WHERE key = 'probe'").get()).toEqual({ value: 'kept' });
    expect(() => reader.prepare("UPDATE store_meta SET value = 'x'").run()).toThrow(/readonly/);
    reader.close();
    expect(fileHash(path)).toBe(before);
  });

  it('creates a missing store and migrates an older one, as a full open does', () => {
    const fresh = openDatabaseForReading({ path: dbPath() });
    expect(fresh.readonly).toBe(false);
    expect(fresh.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: MIGRATIONS.length });
    fresh.close();
    const path = dbPath();
    openDatabase({ path, migrations: MIGRATIONS.slice(0, -1) }).close();
    const older = openDatabaseForReading({ path });
    expect(older.readonly).toBe(false);
    expect(older.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: MIGRATIONS.length });
    older.close();
  });

  it('refuses a store made by an edited migration, as a full open does', () => {
    const path = dbPath();
    openDatabase({ path, migrations: EDITED }).close();
    expect(() => openDatabaseForReading({ path })).toThrow(expect.objectContaining({ code: 'STORE_SCHEMA_MISMATCH' }));
  });
});
