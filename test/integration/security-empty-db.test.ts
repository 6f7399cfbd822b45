/**
 * Security: an emptied database is not silently a new one. Before the fix a 0-byte database
 * beside an artifacts folder full of runs opened as a fresh store with no warning, and every run
 * was gone from view. Real data folder (a recorded run with its screenshots), real `moba`.
 */
import { existsSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { writeSyntheticRun } from '../support/synthetic-run.ts';
import { killProcess, mobaProcess } from '../support/cli-process.ts';
import type { CliProcess } from '../support/cli-process.ts';

const data = tempDir('moba-sec-emptydb-');
const started: CliProcess[] = [];
afterAll(async () => {
  for (const p of started) await killProcess(p);
  data.dispose();
});

describe('security: an emptied database', () => {
  it('is refused by moba serve and moba runs, keeps the file as it is, and starts afresh only when asked', {
    timeout: 120_000,
  }, async () => {
    const { runId } = await writeSyntheticRun({ dataDir: data.path, steps: 3 });
    const env = { MOBA_HOME: data.path, MOBA_ADB_AUTOSTART: '0' };
    const listed = mobaProcess(['runs', 'list', '--json'], env);
    expect((await listed.waitFor((l) => Array.isArray(l.runs))).runs).toEqual([expect.objectContaining({ id: runId })]);
    await listed.exit;

    // Emptied while nothing runs: a 0-byte file beside the artifacts.
    const db = join(data.path, 'moba.sqlite');
    for (const f of [`${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
    truncateSync(db, 0);

    const serve = mobaProcess(['serve', '--port', '0'], env);
    const list = mobaProcess(['runs', 'list'], env);
    started.push(serve, list);
    for (const p of [serve, list]) {
      const exit = await p.exit;
      expect(exit.code).toBe(1);
      expect(p.stderr).toMatch(
        /moba\.sqlite is empty \(no MobA Studio data in it\), but .*artifacts holds \d+ files from earlier runs.*\[STORE_CORRUPT\]/s,
      );
      expect(p.stdout).not.toMatch(/open: http/);
    }
    expect(statSync(db).size).toBe(0);

    const fresh = mobaProcess(['runs', 'list', '--json'], { ...env, MOBA_ALLOW_EMPTY_DB: '1' });
    expect((await fresh.waitFor((l) => Array.isArray(l.runs))).runs).toEqual([]);
    expect((await fresh.exit).code).toBe(0);
    expect(fresh.stderr).toMatch(/WARNING: .*starting a NEW, empty database; runs recorded before are not in it/s);
    expect(readdirSync(data.path).some((f) => f.startsWith('moba.sqlite.empty-'))).toBe(true);
    expect(existsSync(join(data.path, 'artifacts'))).toBe(true);
  });
});
