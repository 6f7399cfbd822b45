import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * e2e: the built renderer in Chromium against the real web host (`moba serve`), which carries
 * the very same contract as the desktop app. Electron's binary cannot be downloaded on our
 * machines; the system Chromium (or MOBA_CHROMIUM) is used.
 */
const chromium =
  process.env.MOBA_CHROMIUM ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
  },
});
