/**
 * Opening a phone's page: a browser context at the phone's size, time zone and locale, the
 * module routes, the change-notification binding, and the boot call. One context per phone
 * keeps phones that share a Chromium apart (storage, timers, crashes).
 */
import { raceDeadline } from '@moba/base';
import type { ChromiumBrowser } from './browser.ts';
import type { CdpSession } from './cdp.ts';
import { PAGE_URL, installPageRoutes } from './page-assets.ts';
import type { PageBootConfig } from './page/main.ts';

/** How long the page may take to load its modules and boot. */
const BOOT_TIMEOUT_MS = 30_000;

export interface OpenPageOptions {
  config: PageBootConfig;
  timezone: string;
  /** Screen changes the page reports (its version counter). */
  onChanged(version: number): void;
  onError(text: string): void;
  /** The page's renderer or the whole browser died. */
  onCrash(): void;
}

interface RemoteObject {
  type: string;
  value?: unknown;
  description?: string;
}

interface EvaluateResult {
  result: RemoteObject;
  exceptionDetails?: { text?: string; exception?: RemoteObject };
}

/** A phone's page in its own browser context. */
export class PhonePage {
  private readonly browser: ChromiumBrowser;
  private readonly contextId: string;
  readonly cdp: CdpSession;

  constructor(browser: ChromiumBrowser, contextId: string, cdp: CdpSession) {
    this.browser = browser;
    this.contextId = contextId;
    this.cdp = cdp;
  }

  /**
   * Runs `fn(arg)` in the page and returns its (awaited) result as JSON data. `fn` must be
   * self-contained: it is sent as source text.
   * @throws Error with the page's exception when `fn` throws.
   */
  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const expression = `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`;
    const { result, exceptionDetails } = await this.cdp.send<EvaluateResult>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails)
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'the page threw');
    return result.value as R;
  }

  /** Called on close (before the context goes). */
  readonly onClose: Array<() => void> = [];

  async close(): Promise<void> {
    for (const dispose of this.onClose.splice(0)) dispose();
    await this.browser.closeContext(this.contextId);
    this.cdp.connection.dropSession(this.cdp.sessionId);
  }
}

/** @throws Error from Chromium when a step fails; the context is closed again on failure. */
export async function openPhonePage(browser: ChromiumBrowser, options: OpenPageOptions): Promise<PhonePage> {
  const { config } = options;
  const { contextId, session: cdp } = await browser.newPage({ width: config.width, height: config.height });
  const page = new PhonePage(browser, contextId, cdp);
  try {
    cdp.on<{ exceptionDetails: { text?: string; exception?: RemoteObject } }>(
      'Runtime.exceptionThrown',
      ({ exceptionDetails }) =>
        options.onError(
          `pageerror: ${exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'unknown error'}`,
        ),
    );
    cdp.on('Inspector.targetCrashed', () => options.onCrash());
    page.onClose.push(cdp.connection.onClose(() => options.onCrash()));
    cdp.on<{ name: string; payload: string }>('Runtime.bindingCalled', ({ name, payload }) => {
      if (name === '__mobaNotify') options.onChanged(Number(payload));
    });
    const loaded = new Promise<void>((resolve) => {
      const off = cdp.on('Page.loadEventFired', () => {
        off();
        resolve();
      });
    });
    await Promise.all([
      cdp.send('Runtime.enable'),
      cdp.send('Page.enable'),
      cdp.send('Inspector.enable'),
      cdp.send('Emulation.setDeviceMetricsOverride', {
        width: config.width,
        height: config.height,
        deviceScaleFactor: 1,
        mobile: false,
        screenWidth: config.width,
        screenHeight: config.height,
      }),
      cdp.send('Emulation.setTimezoneOverride', { timezoneId: options.timezone }),
      cdp.send('Emulation.setLocaleOverride', { locale: 'en-US' }),
      cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] }),
      // A headless page has no window focus of its own; text fields need it to take the caret.
      cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true }),
      cdp.send('Runtime.addBinding', { name: '__mobaNotify' }),
      installPageRoutes(cdp),
    ]);
    await cdp.send('Page.navigate', { url: PAGE_URL });
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    await raceDeadline(loaded, { ms: BOOT_TIMEOUT_MS, what: 'Loading the phone page' });
    // The page's modules load after the load event; boot once they have defined the entry.
    while (!(await page.evaluate(() => typeof window.__mobaBoot === 'function'))) {
      if (Date.now() > deadline) throw new Error(`the phone page did not boot within ${BOOT_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await page.evaluate((cfg) => window.__mobaBoot?.(cfg), config);
    return page;
  } catch (error) {
    await page.close().catch(() => undefined);
    throw error;
  }
}
