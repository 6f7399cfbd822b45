// Node strips the types from every TypeScript file it loads, on every start: for a short
// command that is most of its time. `moba` keeps the stripped JavaScript of each of its own
// source files in node_modules/.cache/moba-studio/ts/ — one file per source, stamped with the
// source's size and modification time, so an edited file is stripped again — and serves it from
// there. Stripping keeps every position (a type becomes spaces), so stack traces point at the
// same lines and columns. When the folder cannot be written, Node strips as usual.
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the stripped files of the project at `root` are kept. */
export function typeScriptCacheDir(root) {
  return join(root, 'node_modules', '.cache', 'moba-studio', 'ts');
}

/** Node's own stripper, without its one-time "experimental" notice on the user's terminal. */
function strip(source) {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => undefined;
  try {
    return stripTypeScriptTypes(source);
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * Serves the project's own `.ts` files (those under `root`, outside node_modules) from the cache,
 * stripping and storing the ones that are missing or stale. Call it before importing them.
 * @param {string} root the project folder
 * @returns {boolean} whether the cache is in use
 */
export function cacheTypeScript(root) {
  const dir = typeScriptCacheDir(root);
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return false;
  }
  const prefix = pathToFileURL(join(root, '/')).href;
  registerHooks({
    load(url, context, next) {
      if (!url.startsWith(prefix) || !url.endsWith('.ts') || url.includes('/node_modules/')) return next(url, context);
      const path = fileURLToPath(url);
      const stat = statSync(path);
      const stamp = `// ${stat.size} ${stat.mtimeMs}\n`;
      const file = join(dir, `${path.slice(root.length + 1).replaceAll(/[\\/]/g, '%')}.js`);
      try {
        const cached = readFileSync(file, 'utf8');
        if (cached.startsWith(stamp))
          return { format: 'module', source: cached.slice(stamp.length), shortCircuit: true };
      } catch {
        // Not cached yet.
      }
      const loaded = next(url, context);
      if (loaded.format !== 'module-typescript') return loaded;
      const source = strip(String(loaded.source));
      try {
        // Written aside and renamed: a concurrent `moba` reads either the old file or the whole new one.
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, stamp + source);
        renameSync(partial, file);
      } catch {
        // A read-only checkout still runs; it strips again next time.
      }
      return { format: 'module', source, shortCircuit: true };
    },
  });
  return true;
}
