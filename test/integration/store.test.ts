import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, openDatabase, schemaVersion } from '../../src/main/store/database.ts';
import { MIGRATIONS } from '../../src/main/store/migrations/index.ts';
import { tempDir } from '@moba/testkit/rigs';
import { writeFileSync } from 'node:fs';

const dirs: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
});

function newDir() {
  const d = tempDir('moba-store-');
  dirs.push(d);
  return d.path;
}

async function killWriterMidway(dbPath: string, delayMs: number): Promise<number> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../support/store-writer.ts'), dbPath, '200'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let lastCommitted = -1;
  let buffer = '';
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (const line of buffer.split('\n').slice(0, -1)) {
      if (line === 'ready') ready();
      const m = /^committed (\d+)$/.exec(line);
      if (m) lastCommitted = Number(m[1]);
    }
    buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
  });
  await isReady;
  await new Promise((r) => setTimeout(r, delayMs));
  child.kill('SIGKILL');
  await once(child, 'exit');
  return lastCommitted;
}

describe('store', () => {
  it('survives SIGKILL mid-transaction: integrity ok, every committed batch whole, no partial batch', async () => {
    const dbPath = join(newDir(), 'moba.sqlite');
    openDatabase({ path: dbPath }).close();
    let total = 0;
    for (const delay of [40, 90, 150, 230, 310]) {
      const reported = await killWriterMidway(dbPath, delay);
      const db = openDatabase({ path: dbPath });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const batches = db.prepare('SELECT path, COUNT(*) AS n FROM artifacts GROUP BY path').all() as Array<{
          path: string;
          n: number;
        }>;
        for (const b of batches) expect(b.n, `${b.path} is partial`).toBe(200);
        // Everything the writer reported as committed is there (a commit may land just before the kill without being reported).
        expect(batches.length).toBeGreaterThanOrEqual(reported + 1);
        expect(batches.length).toBeGreaterThan(total);
        total = batches.length;
      } finally {
        db.close();
      }
    }
  });

  it('migrates an empty file to the latest version once; reopening applies nothing', () => {
    const dbPath = join(newDir(), 'm.sqlite');
    const latest = Math.max(...MIGRATIONS.map((m) => m.version));
    const db = openDatabase({ path: dbPath });
    expect(schemaVersion(db)).toBe(latest);
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").all() as Array<{ name: string }>
    ).map((t) => t.name);
    expect(tables).toContain('settings');
    expect(migrate(db, MIGRATIONS)).toBe(0);
    db.close();
    const again = openDatabase({ path: dbPath });
    expect(schemaVersion(again)).toBe(latest);
    expect(migrate(again, MIGRATIONS)).toBe(0);
    again.close();
  });

  it('upgrades step by step from every older version', () => {
    for (let k = 1; k < MIGRATIONS.length; k++) {
      const dbPath = join(newDir(), `step-${k}.sqlite`);
      const old = openDatabase({ path: dbPath, migrations: MIGRATIONS.slice(0, k) });
      expect(schemaVersion(old)).toBe(MIGRATIONS[k - 1]!.version);
      old.close();
      const db = openDatabase({ path: dbPath });
      expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
      db.close();
    }
  });

  it('runs a migration numbered lower than one already applied (applied versions are recorded, not just the highest)', () => {
    const dbPath = join(newDir(), 'gap.sqlite');
    const late = {
      version: 5,
      name: 'late arrival',
      up: (db: Database.Database) => db.exec('CREATE TABLE late_arrival (a TEXT) STRICT'),
    };
    openDatabase({ path: dbPath, migrations: MIGRATIONS }).close();
    const db = openDatabase({ path: dbPath, migrations: [...MIGRATIONS, late] });
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'late_arrival'").get()).toEqual({ n: 1 });
    expect(
      (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map(
        (r) => r.version,
      ),
    ).toEqual([...MIGRATIONS.map((m) => m.version), 5].sort((a, b) => a - b));
    expect(migrate(db, [...MIGRATIONS, late])).toBe(0);
    db.close();
  });

  it('adopts a file written before applied migrations were recorded', () => {
    const dbPath = join(newDir(), 'legacy.sqlite');
    const raw = new Database(dbPath);
    for (const m of MIGRATIONS) m.up(raw);
    raw.pragma(`user_version = ${MIGRATIONS.at(-1)!.version}`);
    raw.close();
    const db = openDatabase({ path: dbPath });
    expect((db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(
      MIGRATIONS.length,
    );
    db.close();
  });

  it('reports a failed migration and leaves the file at the previous version', () => {
    const dbPath = join(newDir(), 'fail.sqlite');
    const broken = [
      ...MIGRATIONS,
      {
        version: 999,
        name: 'broken',
        up: (db: Database.Database) => db.exec('CREATE TABLE x (a); SELECT nonsense FROM nowhere;'),
      },
    ];
    expect(() => openDatabase({ path: dbPath, migrations: broken })).toThrow(/Migration 999 \(broken\) failed/);
    const db = new Database(dbPath);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'x'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a file that is not a database with STORE_CORRUPT', () => {
    const dbPath = join(newDir(), 'junk.sqlite');
    writeFileSync(dbPath, Buffer.alloc(8192, 0x41));
    expect(() => openDatabase({ path: dbPath })).toThrow(expect.objectContaining({ code: 'STORE_CORRUPT' }));
  });
});
