/**
 * Serves the in-page code (this package's src/phone/page and src/apps, and @moba/base's random
 * generator, key codes and disturbance kinds) into Chromium as ES modules: TypeScript is type-stripped on the fly (Node's own
 * stripper, no bundler), and nothing else is reachable — every other request is aborted, so
 * apps cannot touch the network.
 */
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join, normalize, sep } from 'node:path';
import { MobaError } from '@moba/base';
import { findPackageRoot } from '@moba/base/node';
import type { CdpSession } from './cdp.ts';

export const PAGE_ORIGIN = 'http://phone.moba.invalid';
export const PAGE_URL = `${PAGE_ORIGIN}/index.html`;

// From the package folders, not from this file: in the desktop app this code runs bundled in out/main.
const SIMULATOR_ROOT = normalize(join(findPackageRoot('@moba/sim', import.meta.url), 'src'));
const SERVED_DIRS = [join(SIMULATOR_ROOT, 'phone', 'page') + sep, join(SIMULATOR_ROOT, 'apps') + sep];
/** Browser-safe modules of @moba/base the page may import (they import nothing themselves). */
const BASE_FILES: Record<string, string> = {
  'random.ts': 'random.ts',
  'keycodes.ts': 'keycodes.ts',
  'disturbances.ts': 'disturbances.ts',
};

/** The page's bare imports are mapped to their served paths. */
const IMPORT_MAP = JSON.stringify({
  imports: {
    '@moba/base/random': '/base/random.ts',
    '@moba/base/keycodes': '/base/keycodes.ts',
    '@moba/base/disturbances': '/base/disturbances.ts',
  },
});
const HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>MobA phone</title>' +
  `<script type="importmap">${IMPORT_MAP}</script></head><body>` +
  '<script type="module" src="/sim/phone/page/main.ts"></script></body></html>';

const cache = new Map<string, string>();

/**
 * `stripTypeScriptTypes` announces itself as experimental once per process; the project
 * already runs on type stripping, so that one warning is noise for CLI users.
 */
function strip(source: string): string {
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (text.includes('stripTypeScriptTypes')) return;
    (original as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return stripTypeScriptTypes(source, { mode: 'strip' });
  } finally {
    process.emitWarning = original;
  }
}

function servedFile(urlPath: string): string | undefined {
  if (!urlPath.endsWith('.ts') || urlPath.endsWith('.test.ts')) return undefined;
  if (urlPath.startsWith('/base/')) {
    const name = BASE_FILES[decodeURIComponent(urlPath.slice('/base/'.length))];
    return name ? join(findPackageRoot('@moba/base', join(SIMULATOR_ROOT, 'index.ts')), 'src', name) : undefined;
  }
  if (!urlPath.startsWith('/sim/')) return undefined;
  const file = normalize(join(SIMULATOR_ROOT, decodeURIComponent(urlPath.slice('/sim/'.length))));
  return SERVED_DIRS.some((dir) => file.startsWith(dir)) ? file : undefined;
}

/** The JavaScript for `/sim/<path>.ts` (and the few shared modules), or undefined when not servable. */
export function pageModule(urlPath: string): string | undefined {
  const file = servedFile(urlPath);
  if (!file) return undefined;
  let code = cache.get(file);
  if (code === undefined) {
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      code = strip(source);
    } catch (error) {
      throw new MobaError(
        'SIMULATOR_FAILED',
        `Cannot load phone module ${file}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    cache.set(file, code);
  }
  return code;
}

interface Response {
  status: number;
  contentType: string;
  body: string;
}

/** What the phone's page gets for `url`; undefined = blocked (another origin). */
export function pageResponse(url: URL): Response | undefined {
  if (url.origin !== PAGE_ORIGIN) return undefined;
  if (url.pathname === '/index.html') return { status: 200, contentType: 'text/html; charset=utf-8', body: HTML };
  let code: string | undefined;
  try {
    code = pageModule(url.pathname);
  } catch (error) {
    return { status: 500, contentType: 'text/plain', body: error instanceof Error ? error.message : String(error) };
  }
  if (code === undefined) return { status: 404, contentType: 'text/plain', body: `not found: ${url.pathname}` };
  return { status: 200, contentType: 'text/javascript; charset=utf-8', body: code };
}

/** Intercepts every request of the page (CDP Fetch): the phone's modules are served, the rest blocked. */
export async function installPageRoutes(cdp: CdpSession): Promise<void> {
  cdp.on<{ requestId: string; request: { url: string } }>('Fetch.requestPaused', ({ requestId, request }) => {
    let url: URL | undefined;
    try {
      url = new URL(request.url);
    } catch {
      url = undefined;
    }
    const response = url ? pageResponse(url) : undefined;
    const done = response
      ? cdp.send('Fetch.fulfillRequest', {
          requestId,
          responseCode: response.status,
          responseHeaders: [
            { name: 'Content-Type', value: response.contentType },
            { name: 'Cache-Control', value: 'no-store' },
          ],
          body: Buffer.from(response.body, 'utf8').toString('base64'),
        })
      : cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
    done.catch(() => undefined); // the page went away meanwhile
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}
