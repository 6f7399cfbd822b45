import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tighten } from '../private-files.ts';
import { dirname } from 'node:path';
import { MobaError } from '../../shared/errors.ts';
import { appliedMigrations, checkSchema, fingerprints } from './migration-check.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { Migration } from './migrations/types.ts';
import { guardEmptiedStore } from './empty-store-guard.ts';

export type Db = Database.Database;

export interface OpenDatabaseOptions {
  path: string;
  /** Defaults to every migration; tests pass a prefix to check upgrades step by step. */
  migrations?: readonly Migration[];
  readonly?: boolean;
  /** Open even an emptied store beside artifacts of earlier runs (default: `MOBA_ALLOW_EMPTY_DB=1`). */
  allowEmptyStore?: boolean;
}

/**
 * Opens (creating if needed) the store: WAL journal, foreign keys, a busy timeout, a check that
 * the file was made by this build's migrations (migration-check.ts; nothing is written when it
 * was not), an integrity check, then pending migrations. A damaged file is reported as
 * STORE_CORRUPT, never repaired silently; so is an empty one beside artifacts of earlier runs
 * (empty-store-guard.ts).
 * @throws MobaError STORE_CORRUPT | STORE_SCHEMA_NEWER | STORE_SCHEMA_MISMATCH | STORE_MIGRATION_FAILED
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  if (options.path !== ':memory:') {
    mkdirSync(dirname(options.path), { recursive: true, mode: PRIVATE_DIR_MODE });
    // SQLite gives the -wal and -shm files the database file's mode: create it 0600, narrow an open one.
    if (!options.readonly) {
      // An emptied database beside the artifacts of earlier runs is refused, not started afresh.
      guardEmptiedStore(
        options.path,
        options.allowEmptyStore === undefined ? {} : { allowEmpty: options.allowEmptyStore },
      );
      closeSync(openSync(options.path, 'a', PRIVATE_FILE_MODE));
      for (const suffix of ['', '-wal', '-shm']) tighten(options.path + suffix, PRIVATE_FILE_MODE);
    }
  }
  let db: Db;
  try {
    db = new Database(options.path, { readonly: options.readonly ?? false });
  } catch (error) {
    throw new MobaError('STORE_CORRUPT', `Cannot open the database at ${options.path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // WAL + NORMAL: a crashed process loses nothing it committed; only power loss may drop the last commits.
    db.pragma('synchronous = NORMAL');
    const migrations = options.migrations ?? MIGRATIONS;
    // Before any write: a newer app's database, or one made by other migrations, is left as it is.
    const unverified = checkSchema(db, migrations, options.path);
    if (!options.readonly) ensureMeta(db);
    if (needsIntegrityCheck(db, options.path)) {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        throw new MobaError(
          'STORE_CORRUPT',
          `The database at ${options.path} failed its integrity check: ${String(check)}`,
        );
      if (!options.readonly) setMeta(db, 'last_integrity_check', String(Date.now()));
    }
    if (!options.readonly) applyMigrations(db, migrations, unverified);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof MobaError) throw error;
    throw new MobaError(
      'STORE_CORRUPT',
      `The database at ${options.path} cannot be used: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/**
 * Opens the store to read it: read-only when the file already holds every migration of this
 * build (recorded with its checksum) and is small enough to be checked on every open — so a
 * command that only reads writes nothing (no integrity-check stamp, no checkpoint on close) —
 * else as `openDatabase` does (creating, migrating or stamping it). The schema and integrity
 * checks run either way.
 * @throws MobaError as openDatabase
 */
export function openDatabaseForReading(options: Omit<OpenDatabaseOptions, 'readonly'>): Db {
  const migrations = options.migrations ?? MIGRATIONS;
  if (
    options.path !== ':memory:' &&
    existsSync(options.path) &&
    statSync(options.path).size < CHECK_ALWAYS_BELOW_BYTES
  ) {
    let db: Db | undefined;
    try {
      db = openDatabase({ ...options, readonly: true });
    } catch (error) {
      // A newer or different schema is refused the same way either way; anything else (say, a
      // folder where SQLite cannot keep its shared-memory file) is left to the full open.
      if (error instanceof MobaError && error.code.startsWith('STORE_SCHEMA')) throw error;
    }
    if (db && isCurrent(db, migrations)) return db;
    db?.close();
  }
  return openDatabase(options);
}

/** Every one of `migrations` is recorded as applied, with its checksum. */
function isCurrent(db: Db, migrations: readonly Migration[]): boolean {
  const recorded = new Map(appliedMigrations(db).map((a) => [a.version, a.checksum]));
  return migrations.every((m) => typeof recorded.get(m.version) === 'string');
}

/** Databases up to this size are checked on every open; larger ones once a day (a scan of a gigabyte takes seconds). */
const CHECK_ALWAYS_BELOW_BYTES = 256 * 1024 * 1024;
const CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

function ensureMeta(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL, checksum TEXT) STRICT;
  `);
  // Files from before checksums were recorded.
  const columns = (db.prepare('PRAGMA table_info(schema_migrations)').all() as Array<{ name: string }>).map(
    (c) => c.name,
  );
  if (!columns.includes('checksum')) db.exec('ALTER TABLE schema_migrations ADD COLUMN checksum TEXT');
}

function getMeta(db: Db, key: string): string | undefined {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_meta'").get();
  if (!hasTable) return undefined;
  return (db.prepare('SELECT value FROM store_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

function setMeta(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

function needsIntegrityCheck(db: Db, path: string): boolean {
  if (path === ':memory:') return false;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  if (pages * pageSize < CHECK_ALWAYS_BELOW_BYTES) return true;
  const last = Number(getMeta(db, 'last_integrity_check') ?? 0);
  return Date.now() - last > CHECK_INTERVAL_MS;
}

/**
 * Checks the file against `migrations` (see migration-check.ts), then applies the pending ones,
 * each in its own transaction. Applied versions are recorded in `schema_migrations` with their
 * checksums, so a migration numbered lower than one already applied still runs; `user_version`
 * mirrors the highest for tools that read it.
 * @returns how many migrations were applied
 * @throws MobaError STORE_SCHEMA_NEWER | STORE_SCHEMA_MISMATCH (nothing written) | STORE_MIGRATION_FAILED
 */
export function migrate(db: Db, migrations: readonly Migration[]): number {
  const unverified = checkSchema(db, migrations, db.name);
  return applyMigrations(db, migrations, unverified);
}

function applyMigrations(db: Db, migrations: readonly Migration[], verified: readonly number[]): number {
  ensureMeta(db);
  const { checksums } = fingerprints(migrations);
  const recorded = new Set(appliedMigrations(db).map((r) => r.version));
  const legacy = db.pragma('user_version', { simple: true }) as number;
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  const insert = db.prepare('INSERT INTO schema_migrations (version, name, applied_at, checksum) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    // Files from before the table existed: everything up to user_version was applied.
    if (recorded.size === 0 && legacy > 0) {
      for (const m of sorted)
        if (m.version <= legacy) {
          insert.run(m.version, m.name, Date.now(), checksums.get(m.version) ?? null);
          recorded.add(m.version);
        }
    }
    // Rows from before checksums were recorded, now verified against their objects.
    const fill = db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = ? AND checksum IS NULL');
    for (const version of verified) fill.run(checksums.get(version) ?? null, version);
  })();
  let applied = 0;
  for (const m of sorted) {
    if (recorded.has(m.version)) continue;
    try {
      db.transaction(() => {
        m.up(db);
        insert.run(m.version, m.name, Date.now(), checksums.get(m.version) ?? null);
        const top = Math.max(m.version, db.pragma('user_version', { simple: true }) as number);
        db.pragma(`user_version = ${top}`);
      })();
      applied++;
    } catch (error) {
      throw new MobaError(
        'STORE_MIGRATION_FAILED',
        `Migration ${m.version} (${m.name}) failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  return applied;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}
