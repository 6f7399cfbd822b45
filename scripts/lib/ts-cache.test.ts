import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { typeScriptCacheDir } from './ts-cache.js';

const project = tempDir('moba-ts-cache-');
afterAll(() => project.dispose());

const MODULE = join(project.path, 'src', 'answer.ts');
const RUNNER = join(project.path, 'run.mjs');

/** Runs `node run.mjs`: the cache on, then the module's value and where its error was thrown. */
function run(): { value: string; thrownAt: string } {
  const r = spawnSync(process.execPath, [RUNNER], { encoding: 'utf8', timeout: 30_000 });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { value: string; thrownAt: string };
}

function source(value: string): string {
  // The error is thrown on line 4, column 9, after type annotations that stripping blanks out.
  return `export const value: string = ${JSON.stringify(value)};\ninterface Shape { a: number }\nexport function fail(s: Shape): never {\n  throw new Error(String(s.a));\n}\n`;
}

describe('the stripped-TypeScript cache moba starts with', () => {
  it('serves a source from the cache until the source changes, keeping line and column', () => {
    const lib = pathToFileURL(join(import.meta.dirname, 'ts-cache.js')).href;
    writeFileSync(
      RUNNER,
      `import { cacheTypeScript } from ${JSON.stringify(lib)};
if (!cacheTypeScript(${JSON.stringify(project.path)})) throw new Error('no cache');
const m = await import(${JSON.stringify(pathToFileURL(MODULE).href)});
let thrownAt = '';
try { m.fail({ a: 1 }); } catch (e) { thrownAt = /answer\\.ts:(\\d+:\\d+)/.exec(e.stack)[1]; }
console.log(JSON.stringify({ value: m.value, thrownAt }));
`,
    );
    mkdirSync(join(project.path, 'src'), { recursive: true });
    writeFileSync(MODULE, source('first'));

    expect(run()).toEqual({ value: 'first', thrownAt: '4:9' });
    const dir = typeScriptCacheDir(project.path);
    const [entry] = readdirSync(dir);
    expect(entry).toBe('src%answer.ts.js');
    const cached = readFileSync(join(dir, entry!), 'utf8');
    expect(cached).not.toContain('interface Shape');

    // What runs is the cached file: change it behind the cache's back and the change shows.
    writeFileSync(join(dir, entry!), cached.replace('"first"', '"from the cache"'));
    expect(run()).toEqual({ value: 'from the cache', thrownAt: '4:9' });

    // An edited source is stripped again and the cache refreshed.
    writeFileSync(MODULE, source('second, longer'));
    expect(run()).toEqual({ value: 'second, longer', thrownAt: '4:9' });
    expect(readFileSync(join(dir, entry!), 'utf8')).toContain('"second, longer"');
  });
});
