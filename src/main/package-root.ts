import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The folder holding this package's package.json, from source (src/main) or a bundle (out/main). */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'moba-studio') return (cached = dir);
      } catch {
        // not ours; keep climbing
      }
    }
    dir = dirname(dir);
  }
  throw new Error('Cannot find the moba-studio package folder');
}
