/**
 * Finding and launching the Chromium that renders simulated phones. One browser can host
 * several phones (one browser context each): the browser and GPU processes are paid once.
 * The phone prefers Chromium's headless shell (Debian's `chromium-headless-shell`), which
 * renders the same pages with about a third less memory than the full browser.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { raceDeadline } from '@moba/base';
import { MobaError } from '@moba/base';
import { CdpConnection, CdpSession } from './cdp.ts';

/**
 * The binary before Debian's `/usr/bin/chromium-headless-shell`: that wrapper runs the shell as
 * its child instead of exec'ing it, so the pid we hold would be the wrapper's — killing it
 * would leave Chromium running with the phone's pipe, and a crash of Chromium would go unseen.
 */
const HEADLESS_SHELLS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];
const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const HEADLESS_SHELL_NAMES = ['chromium-headless-shell', 'chrome-headless-shell'];
const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Playwright's own Chromium download (`npx playwright install chromium`), if there is one. */
function playwrightChromium(): string | undefined {
  try {
    // Loaded only here: playwright-core costs the host about 90 MB once imported.
    const { chromium } = createRequire(import.meta.url)('playwright-core') as {
      chromium: { executablePath(): string };
    };
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined; // not installed, or no registry entry for this platform
  }
}

/**
 * The Chromium executable to use: `MOBA_CHROMIUM`, else (for phones) a headless shell, else a
 * system Chromium/Chrome, else Playwright's own download when one is installed.
 * @param options.headlessShell false to skip headless shells (a viewer needs the full browser).
 * @throws MobaError BROWSER_MISSING naming the ways to fix it.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env, options: { headlessShell?: boolean } = {}): string {
  const explicit = env.MOBA_CHROMIUM;
  if (explicit) {
    if (!existsSync(explicit))
      throw new MobaError('BROWSER_MISSING', `MOBA_CHROMIUM points to ${explicit}, which does not exist.`);
    return explicit;
  }
  const shells = options.headlessShell === false ? [] : HEADLESS_SHELLS;
  const shellNames = options.headlessShell === false ? [] : HEADLESS_SHELL_NAMES;
  for (const candidate of [...shells, ...SYSTEM_BROWSERS]) if (existsSync(candidate)) return candidate;
  for (const name of [...shellNames, ...BROWSER_NAMES]) {
    const found = onPath(name, env);
    if (found) return found;
  }
  const bundled = playwrightChromium();
  if (bundled) return bundled;
  throw new MobaError(
    'BROWSER_MISSING',
    'The simulated phone needs Chromium and none was found. Install it (Debian/Ubuntu: `apt-get install chromium-headless-shell` or `chromium`; ' +
      'macOS/Windows: `npx playwright install chromium`) or set MOBA_CHROMIUM to a Chromium or Chrome executable.',
  );
}

/**
 * Browser services a phone never uses: network time, hints, HTTPS upgrades and casting (all
 * would try the network, which the phone's pages cannot reach), paint holding (it delays the
 * first picture after a navigation), the address bar's WebUI popups (a renderer of about
 * 70 MB) and the spare renderer kept warm for the next tab (about 20 MB).
 */
export const DISABLED_FEATURES = [
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'MediaRouter',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'PaintHolding',
  'Translate',
  'LensOverlay',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
];

export function chromiumArgs(): string[] {
  const args = [
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
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

/** How long Chromium may take to answer its first command. */
const LAUNCH_TIMEOUT_MS = 30_000;
/** How long a closing Chromium may take before it is killed. */
const CLOSE_TIMEOUT_MS = 5_000;

/** Every Chromium this process started and has not closed: killed if the process exits first. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** A browser context with one page, at the phone's size, attached through a flat session. */
export interface PageTarget {
  contextId: string;
  session: CdpSession;
}

/** One Chromium process driven over its debugging pipe. */
export class ChromiumBrowser {
  private readonly child: ChildProcess;
  readonly connection: CdpConnection;
  /** The temporary profile; removed when the browser exits. */
  readonly userDataDir: string;

  private constructor(child: ChildProcess, connection: CdpConnection, userDataDir: string) {
    this.child = child;
    this.connection = connection;
    this.userDataDir = userDataDir;
  }

  /** The browser process id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** @throws MobaError SIMULATOR_FAILED with Chromium's last words when it does not start. */
  static async launch(executablePath: string): Promise<ChromiumBrowser> {
    const userDataDir = mkdtempSync(join(tmpdir(), 'moba-chromium-'));
    const args = [
      ...chromiumArgs(),
      '--headless',
      '--remote-debugging-pipe',
      '--no-startup-window',
      `--user-data-dir=${userDataDir}`,
    ];
    const child = spawn(executablePath, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    installExitHook();
    running.add(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    const connection = new CdpConnection(child.stdio[3] as Writable, child.stdio[4] as Readable);
    const browser = new ChromiumBrowser(child, connection, userDataDir);
    // However it ends (closed, crashed, killed), the pipe is done and the profile goes.
    child.on('exit', () => {
      running.delete(child);
      connection.dispose();
      rmSync(userDataDir, { recursive: true, force: true });
    });
    const failed = (why: string): MobaError =>
      new MobaError(
        'SIMULATOR_FAILED',
        `Could not start Chromium (${executablePath}): ${why}${stderr.trim() ? `\n${stderr.trim().split('\n').slice(-8).join('\n')}` : ''}`,
      );
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
    try {
      await Promise.race([
        raceDeadline(connection.send('Browser.getVersion'), { ms: LAUNCH_TIMEOUT_MS, what: 'Chromium' }),
        spawnError,
      ]);
    } catch (error) {
      // Closing waits for the exit, so everything Chromium printed is in `stderr` by then.
      await browser.close();
      throw failed(error instanceof Error ? error.message : String(error));
    }
    return browser;
  }

  /** Opens a page of `width`×`height` CSS pixels in a new browser context. */
  async newPage(size: { width: number; height: number }): Promise<PageTarget> {
    const { browserContextId } = await this.connection.send<{ browserContextId: string }>(
      'Target.createBrowserContext',
      { disposeOnDetach: true },
    );
    try {
      const { targetId } = await this.connection.send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
        width: size.width,
        height: size.height,
      });
      const { sessionId } = await this.connection.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      return { contextId: browserContextId, session: new CdpSession(this.connection, sessionId) };
    } catch (error) {
      await this.closeContext(browserContextId);
      throw error;
    }
  }

  /** Closes a context and its pages (nothing when the browser is gone already). */
  async closeContext(contextId: string): Promise<void> {
    if (this.connection.isClosed) return;
    await this.connection.send('Target.disposeBrowserContext', { browserContextId: contextId }).catch(() => undefined);
  }

  /** Asks Chromium to quit and kills it after a grace period; its exit handler removes the profile. */
  async close(): Promise<void> {
    const child = this.child;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      void this.connection.send('Browser.close').catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, CLOSE_TIMEOUT_MS);
      });
      await Promise.race([exited, late]);
      clearTimeout(timer);
      await exited;
    }
  }
}

/**
 * A Chromium process shared by phones. Each phone takes a reference; the browser closes when
 * the last reference is released (or on `close()`).
 */
export class SharedBrowser {
  readonly executablePath: string;
  private browser: ChromiumBrowser | undefined;
  private launching: Promise<ChromiumBrowser> | undefined;
  private refs = 0;
  private closed = false;
  private readonly keepAlive: boolean;

  /** @param options.keepAlive keep the browser running when its last phone closes (default false). */
  constructor(options: { executablePath?: string; keepAlive?: boolean } = {}) {
    this.executablePath = options.executablePath ?? findChromium();
    this.keepAlive = options.keepAlive ?? false;
  }

  /** The running browser's process id (undefined before the first phone or after closing). */
  get pid(): number | undefined {
    return this.browser?.pid;
  }

  /** The profile directory of the running browser. */
  get userDataDir(): string | undefined {
    return this.browser?.userDataDir;
  }

  /** Launches on first use. @throws MobaError BROWSER_MISSING / SIMULATOR_FAILED. */
  async acquire(): Promise<ChromiumBrowser> {
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

  private async get(): Promise<ChromiumBrowser> {
    if (this.browser && !this.browser.connection.isClosed) return this.browser;
    this.browser = undefined;
    if (!this.launching) {
      this.launching = ChromiumBrowser.launch(this.executablePath).catch((error: unknown) => {
        this.launching = undefined;
        throw error;
      });
    }
    this.browser = await this.launching;
    this.launching = undefined;
    return this.browser;
  }
}
