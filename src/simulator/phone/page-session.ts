/**
 * Opening a phone's page: a browser context at the phone's size and time zone, the module
 * routes, the change-notification binding, and the boot call. One context per phone keeps
 * phones that share a Chromium apart (storage, timers, crashes).
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { PAGE_URL, installPageRoutes } from './page-assets.ts';
import type { PageBootConfig } from './page/main.ts';

export interface PageSession {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

export interface OpenPageOptions {
  config: PageBootConfig;
  timezone: string;
  /** Screen changes the page reports (its version counter). */
  onChanged(version: number): void;
  onError(text: string): void;
  onCrash(): void;
}

/** @throws whatever Playwright throws; the context is closed again on failure. */
export async function openPhonePage(browser: Browser, options: OpenPageOptions): Promise<PageSession> {
  const { config } = options;
  const context = await browser.newContext({
    viewport: { width: config.width, height: config.height },
    deviceScaleFactor: 1,
    timezoneId: options.timezone,
    locale: 'en-US',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  try {
    await installPageRoutes(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => options.onError(`pageerror: ${error.stack ?? error.message}`));
    page.on('crash', () => options.onCrash());
    const cdp = await context.newCDPSession(page);
    await page.exposeBinding('__mobaNotify', (_source, version: number) => options.onChanged(version));
    await page.goto(PAGE_URL, { waitUntil: 'load' });
    await page.waitForFunction(() => typeof window.__mobaBoot === 'function', undefined, { timeout: 30_000 });
    await page.evaluate((cfg) => window.__mobaBoot?.(cfg), config);
    return { context, page, cdp };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}
