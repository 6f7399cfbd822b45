/**
 * An emptied database is not a new one. If the database file is missing, 0 bytes, or holds no
 * MobA Studio schema while the artifacts folder beside it holds files (screenshots and dumps of
 * earlier runs), the file was truncated, replaced or restored wrongly — starting fresh on top of
 * it would silently hide every run. The store refuses to open instead, and says how to recover;
 * with `MOBA_ALLOW_EMPTY_DB=1` it keeps the empty file as a backup, warns loudly and starts fresh.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MobaError } from '../../shared/errors.ts';

export interface EmptyStoreGuardOptions {
  /** Default: `artifacts` beside the database file. */
  artifactsDir?: string;
  /** Start fresh anyway (after backing up the empty file). Default: `MOBA_ALLOW_EMPTY_DB=1`. */
  allowEmpty?: boolean;
  warn?: (message: string) => void;
}

/** Artifact files (`artifacts/<2 hex>/<sha256>.<ext>`), counted up to `limit`. */
export function countArtifacts(dir: string, limit = 100_000): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of readdirSync(join(dir, entry.name), { withFileTypes: true })) {
      if (file.isFile() && ++n >= limit) return n;
    }
  }
  return n;
}

/** What the file holds: nothing (missing, 0 bytes, no schema), MobA Studio's schema, or something unreadable. */
function databaseState(path: string): 'missing' | 'empty' | 'store' | 'unreadable' {
  if (!existsSync(path)) return 'missing';
  if (statSync(path).size === 0 && !existsSync(`${path}-wal`)) return 'empty';
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const row = db
      .prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get() as { n: number };
    return row.n > 0 ? 'store' : 'empty';
  } catch {
    // A damaged file is reported by openDatabase (STORE_CORRUPT), never replaced here.
    return 'unreadable';
  } finally {
    db?.close();
  }
}

/**
 * @throws MobaError STORE_CORRUPT when the database is empty but artifacts of earlier runs exist
 *   (unless allowed, in which case the empty file is renamed `<name>.empty-<time>`)
 */
export function guardEmptiedStore(path: string, options: EmptyStoreGuardOptions = {}): void {
  if (path === ':memory:') return;
  const state = databaseState(path);
  if (state === 'store' || state === 'unreadable') return;
  const artifactsDir = options.artifactsDir ?? join(dirname(path), 'artifacts');
  const artifacts = countArtifacts(artifactsDir);
  if (artifacts === 0) return;
  const what = state === 'missing' ? 'is missing' : 'is empty (no MobA Studio data in it)';
  const allow = options.allowEmpty ?? process.env.MOBA_ALLOW_EMPTY_DB === '1';
  if (!allow) {
    throw new MobaError(
      'STORE_CORRUPT',
      `The database ${path} ${what}, but ${artifactsDir} holds ${artifacts >= 100_000 ? 'over 100,000' : artifacts} files from earlier runs: the database was probably truncated, deleted or replaced. ` +
        `MobA Studio will not start a new one on top of them (every run would disappear from view). Restore ${path} from a backup, or move ${artifactsDir} away to start afresh, ` +
        'or set MOBA_ALLOW_EMPTY_DB=1 to start a new database anyway (the empty file is kept beside it).',
      { details: { path, artifactsDir, artifacts } },
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(path + suffix)) renameSync(path + suffix, `${path}.empty-${stamp}${suffix}`);
  (options.warn ?? ((m: string) => console.error(`\n[moba] WARNING: ${m}\n`)))(
    `The database ${path} ${what} while ${artifactsDir} holds ${artifacts} files from earlier runs. MOBA_ALLOW_EMPTY_DB=1: starting a NEW, empty database; runs recorded before are not in it.${state === 'empty' ? ` The empty file was kept as ${path}.empty-${stamp}.` : ''}`,
  );
}
