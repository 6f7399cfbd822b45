import { describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium } from './browser.ts';

describe('findChromium', () => {
  it('uses MOBA_CHROMIUM when it exists and fails with BROWSER_MISSING when it does not', () => {
    expect(findChromium({ MOBA_CHROMIUM: process.execPath })).toBe(process.execPath);
    expect(() => findChromium({ MOBA_CHROMIUM: '/nonexistent/chromium' })).toThrow(expect.objectContaining({ code: 'BROWSER_MISSING' }));
  });

  it('passes the headless flags and MOBA_CHROMIUM_ARGS extras', () => {
    const saved = process.env.MOBA_CHROMIUM_ARGS;
    process.env.MOBA_CHROMIUM_ARGS = '--foo --bar=1';
    try {
      const args = chromiumArgs();
      expect(args).toEqual(expect.arrayContaining(['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--foo', '--bar=1']));
    } finally {
      if (saved === undefined) delete process.env.MOBA_CHROMIUM_ARGS;
      else process.env.MOBA_CHROMIUM_ARGS = saved;
    }
  });
});
