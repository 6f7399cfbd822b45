import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, findChromium } from './browser.ts';

describe('findChromium', () => {
  it('uses MOBA_CHROMIUM when it exists and fails with BROWSER_MISSING when it does not', () => {
    expect(findChromium({ MOBA_CHROMIUM: process.execPath })).toBe(process.execPath);
    expect(() => findChromium({ MOBA_CHROMIUM: '/nonexistent/chromium' })).toThrow(
      expect.objectContaining({ code: 'BROWSER_MISSING' }),
    );
  });

  it.runIf(existsSync('/usr/bin/chromium-headless-shell') && existsSync('/usr/bin/chromium'))(
    'prefers the headless shell for phones and the full browser for viewers',
    () => {
      expect(findChromium({ PATH: '' })).toBe('/usr/lib/chromium/chromium-headless-shell');
      expect(findChromium({ PATH: '' }, { headlessShell: false })).toBe('/usr/bin/chromium');
    },
  );

  it('passes the headless flags and MOBA_CHROMIUM_ARGS extras', () => {
    const saved = process.env.MOBA_CHROMIUM_ARGS;
    process.env.MOBA_CHROMIUM_ARGS = '--foo --bar=1';
    try {
      const args = chromiumArgs();
      expect(args).toEqual(
        expect.arrayContaining(['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--foo', '--bar=1']),
      );
    } finally {
      if (saved === undefined) delete process.env.MOBA_CHROMIUM_ARGS;
      else process.env.MOBA_CHROMIUM_ARGS = saved;
    }
  });
});

describe('chromiumArgs features', () => {
  it('disables the desktop-only WebUI popups, the spare renderer and paint holding in one switch', () => {
    const switches = chromiumArgs().filter((a) => a.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const disabled = (switches[0] as string).slice('--disable-features='.length).split(',');
    expect(disabled).toEqual(
      expect.arrayContaining(['WebUIOmniboxPopup', 'SpareRendererForSitePerProcess', 'PaintHolding', 'MediaRouter']),
    );
  });
});
