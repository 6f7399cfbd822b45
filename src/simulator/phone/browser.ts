/**
 * Finding and launching the Chromium that renders simulated phones. One browser can host
 * several phones (one context each): the browser and GPU processes are paid once.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { MobaError } from '../../shared/errors.ts';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The Chromium executable to use: `MOBA_CHROMIUM`, else a system Chromium/Chrome, else
 * Playwright's own download when one is installed.
 * @throws MobaError BROWSER_MISSING naming the ways to fix it.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.MOBA_CHROMIUM;
  if (explicit) {
    if (!existsSync(explicit)) throw new MobaError('BROWSER_MISSING', `MOBA_CHROMIUM points to ${explicit}, which does not exist.`);
    return explicit;
  }
  for (const candidate of SYSTEM_CANDIDATES) if (existsSync(candidate)) return candidate;
  for (const name of PATH_NAMES) {
    const found = onPath(name, env);
    if (found) return found;
  }
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined; // playwright-core without a registry entry: fall through to the error
  }
  if (bundled && existsSync(bundled)) return bundled;
  throw new MobaError(
    'BROWSER_MISSING',
    'The simulated phone needs Chromium and none was found. Install it (Debian/Ubuntu: `apt-get install chromium`; ' +
      'macOS/Windows: `npx playwright install chromium`) or set MOBA_CHROMIUM to a Chromium or Chrome executable.',
  );
}

/**
 * Features Playwright disables at launch (its own `--disable-features`). Chromium keeps only
 * the last `--disable-features` switch, so ours must repeat them; an integration test checks
 * that this list still covers what the installed Playwright passes.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Parts of a desktop browser a headless phone never uses, each costing a process: the
 * address bar's WebUI popups (a renderer of about 70 MB) and the spare renderer kept warm for
 * the next tab (about 20 MB).
 */
const PHONE_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'SpareRendererForSitePerProcess'];

export function chromiumArgs(): string[] {
  const args = [
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...PHONE_DISABLED_FEATURES].join(',')}`,
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-default-apps',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--mute-audio',
    '--disable-breakpad',
    '--disable-crash-reporter',
    '--hide-scrollbars',
    '--font-render-hinting=none',
    // Throttled timers in a "background" page would stall long presses and clocks.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ];
  // Chromium refuses to start its sandbox as root (CI containers, this machine).
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  // Extra flags for experiments and odd machines, space-separated.
  const extra = process.env.MOBA_CHROMIUM_ARGS?.trim();
  if (extra) args.push(...extra.split(/\s+/));
  return args;
}

/**
 * A Chromium process shared by phones. Each phone takes a reference; the browser closes when
 * the last reference is released (or on `close()`).
 */
export class SharedBrowser {
  readonly executablePath: string;
  private browser: Browser | undefined;
  private launching: Promise<Browser> | undefined;
  private refs = 0;
  private closed = false;
  private readonly keepAlive: boolean;

  /** @param options.keepAlive keep the browser running when its last phone closes (default false). */
  constructor(options: { executablePath?: string; keepAlive?: boolean } = {}) {
    this.executablePath = options.executablePath ?? findChromium();
    this.keepAlive = options.keepAlive ?? false;
  }

  /** Launches on first use. @throws MobaError BROWSER_MISSING / SIMULATOR_FAILED. */
  async acquire(): Promise<Browser> {
    if (this.closed) throw new MobaError('SIMULATOR_FAILED', 'This shared browser is closed.');
    this.refs++;
    try {
      return await this.get();
    } catch (error) {
      this.refs--;
      throw error;
    }
  }

  async release(): Promise<void> {
    this.refs = Math.max(0, this.refs - 1);
    if (this.refs === 0 && !this.keepAlive) await this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser ?? (this.launching ? await this.launching.catch(() => undefined) : undefined);
    this.browser = undefined;
    this.launching = undefined;
    if (browser) await browser.close();
  }

  private async get(): Promise<Browser> {
    if (this.browser) return this.browser;
    if (!this.launching) {
      this.launching = chromium
        .launch({ executablePath: this.executablePath, headless: true, args: chromiumArgs(), handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false })
        .catch((error: unknown) => {
          this.launching = undefined;
          throw new MobaError('SIMULATOR_FAILED', `Could not start Chromium (${this.executablePath}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        });
    }
    this.browser = await this.launching;
    return this.browser;
  }
}
