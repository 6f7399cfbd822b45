/**
 * Whether a database was made by the migrations this MobA Studio has, checked before anything
 * is written to it.
 *
 * Each migration's checksum is a SHA-256 of what it does: the SQL it runs (`exec`, `prepare`,
 * `pragma`), in order, with whitespace runs collapsed. It is captured by running every
 * migration once on a scratch in-memory database through a recording proxy, so it is the same
 * whether the app runs from its TypeScript sources or from the bundle (a checksum of the
 * function's source text would differ between the two), and it needs nothing from the person
 * writing a migration. A migration must therefore be deterministic: the same SQL every time.
 *
 * On open:
 * - a version recorded in `schema_migrations` that this build does not have (or a legacy
 *   `user_version` above its highest) → `STORE_SCHEMA_NEWER`;
 * - a recorded checksum that differs from this build's → `STORE_SCHEMA_MISMATCH` (the migration
 *   was edited after that database was made);
 * - rows from before checksums were recorded are verified against the objects their
 *   migrations create (tables, indexes, views, triggers with the same SQL); a missing or
 *   different one → `STORE_SCHEMA_MISMATCH` naming it. When they match, the checksums are
 *   recorded from then on.
 * Nothing is written before these checks pass.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { MobaError } from '../../shared/errors.ts';
import type { Migration } from './migrations/types.ts';

type Db = Database.Database;

/** What a list of migrations does, from one dry run. */
export interface MigrationFingerprints {
  /** version → checksum (hex SHA-256); missing for a migration that failed on the scratch database, and those after it. */
  checksums: ReadonlyMap<number, string>;
  /** `type name` → the migration version that last created or changed it. */
  origin: ReadonlyMap<string, number>;
  /** The schema objects after all of them (`type name` → normalised SQL). */
  objects: ReadonlyMap<string, string>;
}

/** A row of `schema_migrations` as found on disk. */
export interface AppliedMigration {
  version: number;
  name: string;
  checksum: string | null;
}

const cache = new WeakMap<readonly Migration[], MigrationFingerprints>();

const normalise = (sql: string): string => sql.replace(/\s+/g, ' ').trim();

/** The checksums and resulting objects of `migrations`, applied in version order on a scratch database (memoised per list). */
export function fingerprints(migrations: readonly Migration[]): MigrationFingerprints {
  const known = cache.get(migrations);
  if (known) return known;
  const scratch = new Database(':memory:');
  const checksums = new Map<number, string>();
  const origin = new Map<string, number>();
  let objects = new Map<string, string>();
  try {
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      const statements: string[] = [];
      try {
        scratch.transaction(() => m.up(recording(scratch, statements)))();
      } catch {
        // It fails for real when applied, with its own error; this and later ones go unchecked.
        break;
      }
      checksums.set(m.version, createHash('sha256').update(statements.join('\n')).digest('hex'));
      const after = schemaObjects(scratch);
      for (const [key, sql] of after) if (objects.get(key) !== sql) origin.set(key, m.version);
      objects = after;
    }
  } finally {
    scratch.close();
  }
  const result = { checksums, origin, objects };
  cache.set(migrations, result);
  return result;
}

/** The database as `up` sees it, recording every SQL text it runs. */
function recording(db: Db, statements: string[]): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'exec' || prop === 'prepare' || prop === 'pragma') {
        return (sql: string, ...rest: unknown[]) => {
          statements.push(`${prop}:${normalise(sql)}`);
          return (target[prop] as (...a: unknown[]) => unknown).call(target, sql, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Tables, indexes, views and triggers with SQL, except SQLite's own and FTS shadow tables (their SQL is SQLite's to choose). */
function schemaObjects(db: Db): Map<string, string> {
  const rows = db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'")
    .all() as Array<{ type: string; name: string; sql: string }>;
  const isVirtual = (sql: string) => /^CREATE\s+VIRTUAL\s+TABLE/i.test(sql);
  const virtual = rows.filter((r) => isVirtual(r.sql)).map((r) => `${r.name}_`);
  const out = new Map<string, string>();
  for (const r of rows) {
    if (r.type === 'table' && !isVirtual(r.sql) && virtual.some((prefix) => r.name.startsWith(prefix))) continue;
    out.set(`${r.type} ${r.name}`, normalise(r.sql));
  }
  return out;
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** `schema_migrations` as it is on disk (empty when the table does not exist yet). Reads only. */
export function appliedMigrations(db: Db): AppliedMigration[] {
  if (!hasTable(db, 'schema_migrations')) return [];
  const columns = (db.prepare('PRAGMA table_info(schema_migrations)').all() as Array<{ name: string }>).map(
    (c) => c.name,
  );
  const withChecksum = columns.includes('checksum');
  return (
    db
      .prepare(
        `SELECT version, name${withChecksum ? ', checksum' : ', NULL AS checksum'} FROM schema_migrations ORDER BY version`,
      )
      .all() as AppliedMigration[]
  ).map((r) => ({ ...r }));
}

const short = (checksum: string) => checksum.slice(0, 12);

/**
 * Checks a database against this build's migrations. Reads only.
 * @returns the versions recorded without a checksum whose objects were verified (to record their checksums)
 * @throws MobaError STORE_SCHEMA_NEWER | STORE_SCHEMA_MISMATCH
 */
export function checkSchema(db: Db, migrations: readonly Migration[], path: string): number[] {
  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  const highest = Math.max(0, ...byVersion.keys());
  const applied = appliedMigrations(db);
  const legacy = db.pragma('user_version', { simple: true }) as number;
  const what = `The database at ${path}`;
  const nothingChanged = 'Nothing in it was changed.';

  const unknown = applied.filter((a) => !byVersion.has(a.version));
  if (unknown.length || (!applied.length && legacy > highest)) {
    const list = unknown.length ? unknown.map((a) => `${a.version} ("${a.name}")`).join(', ') : `up to ${legacy}`;
    throw new MobaError(
      'STORE_SCHEMA_NEWER',
      `${what} was written by a newer MobA Studio: it has migration${unknown.length === 1 ? '' : 's'} ${list}, which this version does not know. ${nothingChanged} ` +
        'Open it with that newer MobA Studio, or use another data folder with this one (MOBA_HOME or --data-dir).',
    );
  }

  const f = fingerprints(migrations);
  const pending: number[] = [];
  for (const a of applied) {
    const expected = f.checksums.get(a.version);
    if (expected === undefined) continue; // could not be dry-run (see fingerprints)
    if (a.checksum === null) {
      pending.push(a.version);
      continue;
    }
    if (a.checksum !== expected) {
      throw new MobaError(
        'STORE_SCHEMA_MISMATCH',
        `${what} was made with a different migration ${a.version} ("${a.name}") than this MobA Studio has (recorded checksum ${short(a.checksum)}…, this version's ${short(expected)}…): ` +
          `the migration was changed after the database was created, so its tables may not be what this version expects. ${nothingChanged} ` +
          'Open it with the MobA Studio build that created it (and export what you need), or start this version on a new data folder (MOBA_HOME or --data-dir).',
      );
    }
  }
  // Rows from before checksums were recorded (or adopted from user_version): trust them only if
  // the objects those migrations leave behind are there, as they would be after a dry run of them.
  const unverified = pending.length
    ? pending
    : !applied.length && legacy > 0
      ? [...byVersion.keys()].filter((v) => v <= legacy)
      : [];
  if (unverified.length) {
    const versions = new Set(applied.length ? applied.map((a) => a.version) : unverified);
    const expected = fingerprints(migrations.filter((m) => versions.has(m.version)));
    const present = schemaObjects(db);
    const problems: string[] = [];
    for (const [key, sql] of expected.objects) {
      const found = present.get(key);
      if (found === sql) continue;
      problems.push(`${key} (migration ${expected.origin.get(key)}) ${found === undefined ? 'is missing' : 'differs'}`);
    }
    if (problems.length) {
      throw new MobaError(
        'STORE_SCHEMA_MISMATCH',
        `${what} does not match the migrations recorded as applied to it: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}. ` +
          `It was probably made by a build whose migrations were later changed. ${nothingChanged} ` +
          'Open it with the MobA Studio build that created it (and export what you need), or start this version on a new data folder (MOBA_HOME or --data-dir).',
      );
    }
  }
  return unverified;
}
