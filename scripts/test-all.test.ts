import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';

const ROOT = join(import.meta.dirname, '..');
const bin = tempDir('moba-path-');
afterAll(() => bin.dispose());

describe('npm test on a machine that lacks something', () => {
  it('stops before running anything, naming each missing prerequisite with the command that installs it', () => {
    // A PATH with Node and apt-get only: no adb, ffmpeg, redis-server, espeak-ng or pocketsphinx on it.
    symlinkSync(process.execPath, join(bin.path, 'node'));
    symlinkSync('/bin/true', join(bin.path, 'apt-get'));
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test-all.js')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, PATH: bin.path },
    });
    expect(r.status).toBe(1);
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    for (const pkg of ['adb', 'ffmpeg', 'redis-server', 'espeak-ng', 'sox', 'pocketsphinx pocketsphinx-en-us'])
      expect(r.stderr).toContain(`install: ${sudo}apt-get install ${pkg}\n`);
    expect(r.stderr).toMatch(/npm test stopped before running anything\.\n$/);
    expect(r.stdout).not.toContain('━━');
  });
});
