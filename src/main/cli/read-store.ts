import type { Command } from 'commander';
import type { Db } from '../store/database.ts';
import { dataDirOf } from './options.ts';

/**
 * Runs `fn` on the store of the data folder the command names (`--data-dir` or the default),
 * opened to read (read-only when it is up to date: `openDatabaseForReading`), and closes it
 * afterwards. Read-only commands (`runs list`, `memory list`, `bench list|report`) open
 * this and nothing else — no devices, simulator, model SDK or strategies — so they answer about
 * as fast as `moba --help`.
 */
export async function withStore<T>(command: Command, fn: (db: Db) => Promise<T> | T): Promise<T> {
  const [{ openDatabaseForReading }, { dataPaths, resolveDataDir }] = await Promise.all([
    import('../store/database.ts'),
    import('../paths.ts'),
  ]);
  const db = openDatabaseForReading({ path: dataPaths(dataDirOf(command) ?? resolveDataDir()).databasePath });
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}
