/**
 * Finding a package's folder at run time, from source (`packages/x/src`, `src/main`) or from a
 * bundle (`out/main`, inside an app archive): files a package reads at run time (page sources,
 * resources) are found from its package.json, never from the calling file's own location.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cache = new Map<string, string>();

function nameAt(dir: string): string | undefined {
  const pkg = join(dir, 'package.json');
  if (!existsSync(pkg)) return undefined;
  try {
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/**
 * The folder holding the package.json of package `name`: the first folder above `from` (a
 * module URL or path) that is that package, else the package as Node resolves it from the
 * folders above `from` (a bundled app reaches its workspace packages through node_modules).
 *
 * @throws Error naming the package when neither finds it
 */
export function findPackageRoot(name: string, from: string | URL): string {
  const key = `${name}\0${String(from)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const start = typeof from === 'string' && !from.startsWith('file:') ? from : fileURLToPath(from);
  let dir = dirname(start);
  for (let i = 0; i < 8; i++) {
    if (nameAt(dir) === name) {
      cache.set(key, dir);
      return dir;
    }
    try {
      const found = dirname(realpathSync(createRequire(join(dir, 'noop.js')).resolve(`${name}/package.json`)));
      cache.set(key, found);
      return found;
    } catch {
      // not resolvable from here; keep climbing
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error(`Cannot find the ${name} package folder from ${start}`);
}
