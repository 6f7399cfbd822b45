import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { guardEmptiedStore } from './empty-store-guard.ts';
import { openDatabase } from './database.ts';

const dirs: Array<{ path: string; dispose(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
});

function folder(options: { artifacts: number; db: 'missing' | 'empty' | 'store' | 'bare' }): string {
  const d = tempDir('moba-guard-');
  dirs.push(d);
  const db = join(d.path, 'moba.sqlite');
  if (options.db === 'empty') writeFileSync(db, '');
  if (options.db === 'store') openDatabase({ path: db }).close();
  if (options.db === 'bare') {
    const bare = openDatabase({ path: db, migrations: [] });
    bare.exec('DROP TABLE schema_migrations; DROP TABLE store_meta; CREATE TABLE other (x)');
    bare.close();
  }
  for (let i = 0; i < options.artifacts; i++) {
    mkdirSync(join(d.path, 'artifacts', 'ab'), { recursive: true });
    writeFileSync(join(d.path, 'artifacts', 'ab', `ab${i}.png`), 'x');
  }
  return db;
}

describe('an emptied database beside artifacts of earlier runs', () => {
  it('is refused: a 0-byte file, a missing one, or one without MobA Studio schema', () => {
    for (const db of ['empty', 'missing', 'bare'] as const) {
      const path = folder({ artifacts: 3, db });
      expect(() => openDatabase({ path }), db).toThrow(/holds 3 files from earlier runs.*MOBA_ALLOW_EMPTY_DB=1/);
      // Nothing was created or changed.
      expect(existsSync(path)).toBe(db !== 'missing');
    }
  });

  it('is started afresh only when allowed, keeping the empty file and warning', () => {
    const path = folder({ artifacts: 2, db: 'empty' });
    const warnings: string[] = [];
    guardEmptiedStore(path, { allowEmpty: true, warn: (m) => warnings.push(m) });
    expect(warnings[0]).toMatch(/starting a NEW, empty database; runs recorded before are not in it/);
    expect(readdirSync(join(path, '..')).filter((f) => f.startsWith('moba.sqlite.empty-'))).toHaveLength(1);
    openDatabase({ path, allowEmptyStore: true }).close();
    // Once it holds the schema, it opens like any store.
    openDatabase({ path }).close();
  });

  it('lets a first start, and a store with its schema, open as before', () => {
    openDatabase({ path: folder({ artifacts: 0, db: 'empty' }) }).close();
    openDatabase({ path: folder({ artifacts: 0, db: 'missing' }) }).close();
    openDatabase({ path: folder({ artifacts: 5, db: 'store' }) }).close();
  });
});
