/**
 * `moba memory …` as a person runs it: `node bin/moba.js --data-dir DIR memory import/export/
 * list/search/stats`, real files and a real SQLite store, exit codes and messages.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const SEED = join(ROOT, 'resources', 'memory', 'example-seed.json');

const dirs: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
});

async function moba(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(ROOT, 'bin', 'moba.js'), '--data-dir', dataDir, 'memory', ...args],
      {
        cwd: ROOT,
        // No embedder and no keys from the developer's environment.
        env: { PATH: process.env.PATH ?? '', HOME: dataDir },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('moba memory', () => {
  it('imports the example seed once, exports it, and re-imports without duplicating', async () => {
    const dir = tempDir('moba-memory-cli-');
    dirs.push(dir);
    const first = await moba(dir.path, 'import', SEED, '--json');
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout) as { total: number; inserted: number };
    expect(summary.inserted).toBe(summary.total);
    const again = await moba(dir.path, 'import', SEED);
    expect(again.stdout).toMatch(new RegExp(`0 new, 0 updated, ${summary.total} unchanged`));

    const out = join(dir.path, 'export.json');
    expect((await moba(dir.path, 'export', out)).stdout).toContain(`Exported ${summary.total} memories`);
    const exported = readFileSync(out, 'utf8');
    expect(JSON.parse(exported)).toMatchObject({ format: 'moba-memory', version: 1 });
    // Into a second store and back out: the same bytes.
    const other = tempDir('moba-memory-cli-');
    dirs.push(other);
    expect((await moba(other.path, 'import', out)).code).toBe(0);
    expect((await moba(other.path, 'export', '-')).stdout).toBe(exported);
    expect((await moba(dir.path, 'import', out)).stdout).toMatch(/0 new, 0 updated/);

    const routes = JSON.parse((await moba(dir.path, 'list', '--kind', 'route', '--json')).stdout) as {
      items: Array<{ kind: string }>;
      total: number;
    };
    expect(routes.total).toBeGreaterThanOrEqual(5);
    expect(routes.items.every((m) => m.kind === 'route')).toBe(true);
    const found = await moba(dir.path, 'list', '--search', 'wi-fi');
    expect(found.stdout).toContain('route:seed-wifi');
    const stats = JSON.parse((await moba(dir.path, 'stats', '--json')).stdout) as {
      total: number;
      embedder: { model: string | null };
    };
    expect(stats).toMatchObject({ total: summary.total, embedder: { model: null } });
  });

  it('searches as the agent would, for a purpose', async () => {
    const dir = tempDir('moba-memory-cli-');
    dirs.push(dir);
    await moba(dir.path, 'import', SEED);
    const plan = JSON.parse((await moba(dir.path, 'search', 'set an alarm for 7 am called Gym', '--json')).stdout) as {
      purpose: string;
      contentMode: string;
      items: Array<{ id: string; score: number }>;
    };
    expect(plan).toMatchObject({ purpose: 'plan', contentMode: 'bm25' });
    expect(plan.items[0]!.id).toBe('route:seed-alarm');
    const app = await moba(dir.path, 'search', 'check the rain forecast', '--purpose', 'select_app');
    expect(app.code).toBe(0);
    expect(app.stdout).toMatch(/1\. [0-9.]+ {2}\[app\] App Weather \(com\.moba\.weather\)/);
    const bad = await moba(dir.path, 'search', 'x', '--purpose', 'dance');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/Allowed choices are plan, act, reflect, select_app/);
  });

  it('refuses a broken file with the bad path and code, and writes nothing', async () => {
    const dir = tempDir('moba-memory-cli-');
    dirs.push(dir);
    const bad = join(dir.path, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'moba-memory',
        version: 1,
        memories: [
          { kind: 'user', text: 'fine', category: 'fact' },
          { kind: 'page', app: 'not a package', activity: '.Main', description: 'x' },
        ],
      }),
    );
    const r = await moba(dir.path, 'import', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('memories[1].app');
    expect(r.stderr).toContain('[MEMORY_IMPORT_INVALID]');
    expect(JSON.parse((await moba(dir.path, 'stats', '--json')).stdout)).toMatchObject({ total: 0 });
    const missing = await moba(dir.path, 'import', join(dir.path, 'nope.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*nope\.json: no such file/);
  });
});
