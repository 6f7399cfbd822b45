import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MobaError } from '../../shared/errors.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { Migration } from './migrations/types.ts';

export type Db = Database.Database;

export interface OpenDatabaseOptions {
  path: string;
  /** Defaults to every migration; tests pass a prefix to check upgrades step by step. */
  migrations?: readonly Migration[];
  readonly?: boolean;
}

/**
 * Opens (creating if needed) the store: WAL journal, foreign keys, a busy timeout, an integrity
 * check, then pending migrations. A damaged file is reported as STORE_CORRUPT, never repaired
 * silently.
 * @throws MobaError STORE_CORRUPT | STORE_MIGRATION_FAILED
 */
export function openDatabase(options: OpenDatabaseOptions): Db {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  let db: Db;
  try {
    db = new Database(options.path, { readonly: options.readonly ?? false });
  } catch (error) {
    throw new MobaError('STORE_CORRUPT', `Cannot open the database at ${options.path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    if (!options.readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // WAL + NORMAL: a crashed process loses nothing it committed; only power loss may drop the last commits.
    db.pragma('synchronous = NORMAL');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new MobaError('STORE_CORRUPT', `The database at ${options.path} failed its integrity check: ${String(check)}`);
    if (!options.readonly) migrate(db, options.migrations ?? MIGRATIONS);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof MobaError) throw error;
    throw new MobaError('STORE_CORRUPT', `The database at ${options.path} cannot be used: ${(error as Error).message}`, { cause: error });
  }
}

/** Applies pending migrations, each in its own transaction; `user_version` records progress. */
export function migrate(db: Db, migrations: readonly Migration[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  let applied = 0;
  for (const m of sorted) {
    if (m.version <= current) continue;
    try {
      db.transaction(() => {
        m.up(db);
        db.pragma(`user_version = ${m.version}`);
      })();
      applied++;
    } catch (error) {
      throw new MobaError('STORE_MIGRATION_FAILED', `Migration ${m.version} (${m.name}) failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}
