// Whether out/ (the main, preload and renderer bundles) is missing or older than what it is
// built from, and building it when it is: `npm start`, `npm run serve` and the packaging test
// run from a fresh clone or after `git pull` without a separate `npm run build`.
// Plain JavaScript on purpose: it runs before anything else, on whatever Node started it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the app starts from; the oldest of them is the build's age. */
export const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/main/cli.js',
  'out/preload/index.cjs',
  'out/report/report.js',
  'out/renderer/index.html',
];

/** Folders and files the bundles are made from (tests and docs excluded: they change nothing built). */
const SOURCE_DIRS = ['src', 'packages/base/src', 'packages/sim/src', 'packages/testkit/src'];
const SOURCE_FILES = [
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
  'packages/base/package.json',
  'packages/sim/package.json',
  'packages/testkit/package.json',
];
const NOT_BUILT = /(\.test\.tsx?|\.md)$/;

function newestUnder(dir, newest) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestUnder(path, newest);
    else if (!NOT_BUILT.test(entry.name)) {
      const mtime = statSync(path).mtimeMs;
      if (!newest || mtime > newest.mtime) newest = { path, mtime };
    }
  }
  return newest;
}

/**
 * Why out/ needs building, or undefined when it is up to date.
 * @param {string} root the repository folder
 * @returns {string | undefined}
 */
export function staleReason(root) {
  let oldest = Infinity;
  for (const output of BUILD_OUTPUTS) {
    const path = join(root, output);
    if (!existsSync(path)) return `${output} is missing`;
    oldest = Math.min(oldest, statSync(path).mtimeMs);
  }
  let newest;
  for (const dir of SOURCE_DIRS) newest = newestUnder(join(root, dir), newest);
  for (const file of SOURCE_FILES) {
    const path = join(root, file);
    if (existsSync(path)) {
      const mtime = statSync(path).mtimeMs;
      if (!newest || mtime > newest.mtime) newest = { path, mtime };
    }
  }
  return newest && newest.mtime > oldest ? `${relative(root, newest.path)} changed since the last build` : undefined;
}

/**
 * Builds out/ with electron-vite when it is missing or stale.
 * @param {string} root the repository folder
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {boolean} whether a build ran
 * @throws Error when the build fails
 */
export function buildIfStale(root, options = {}) {
  const reason = staleReason(root);
  if (!reason) return false;
  const log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  log(`Building MobA Studio (${reason})…`);
  const bin = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  if (!existsSync(bin))
    throw new Error(
      'electron-vite is not installed: run `npm ci` (or `npm run setup`) in the MobA Studio folder first.',
    );
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(
      `The build failed (electron-vite build exited with ${result.status ?? result.signal}); run \`npm run build\` to see why.`,
    );
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
