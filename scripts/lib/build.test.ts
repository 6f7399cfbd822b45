import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { BUILD_OUTPUTS, staleReason } from './build.js';

const dirs: Array<{ dispose(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.dispose()));

function repo(): string {
  const d = tempDir('moba-build-state-');
  dirs.push(d);
  return d.path;
}
function write(root: string, file: string, secondsAgo: number): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), 'x');
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(join(root, file), t, t);
}

describe('whether out/ needs building', () => {
  it('when it is missing, or part of it is', () => {
    const root = repo();
    write(root, 'src/main/app.ts', 100);
    expect(staleReason(root)).toBe('out/main/index.js is missing');
    for (const f of BUILD_OUTPUTS.slice(0, -1)) write(root, f, 10);
    expect(staleReason(root)).toBe('out/renderer/index.html is missing');
  });

  it('when a source of the bundles is newer than the oldest bundle, naming it', () => {
    const root = repo();
    write(root, 'src/main/app.ts', 100);
    write(root, 'packages/sim/src/apps/clock.ts', 100);
    for (const f of BUILD_OUTPUTS) write(root, f, 10);
    expect(staleReason(root)).toBeUndefined();
    write(root, 'packages/sim/src/apps/clock.ts', 5);
    expect(staleReason(root)).toBe('packages/sim/src/apps/clock.ts changed since the last build');
    write(root, 'out/main/index.js', 1);
    write(root, 'out/main/cli.js', 1);
    write(root, 'out/preload/index.cjs', 1);
    write(root, 'out/renderer/index.html', 1);
    write(root, 'package-lock.json', 0);
    expect(staleReason(root)).toBe('package-lock.json changed since the last build');
  });

  it('not for tests and docs, which change nothing built', () => {
    const root = repo();
    for (const f of BUILD_OUTPUTS) write(root, f, 10);
    write(root, 'src/main/app.test.ts', 0);
    write(root, 'packages/sim/src/apps/README.md', 0);
    write(root, 'test/integration/x.test.ts', 0);
    expect(staleReason(root)).toBeUndefined();
  });
});
