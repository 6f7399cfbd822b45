import { describe, expect, it } from 'vitest';
import type { InstalledApp } from '../../shared/contract/devices.ts';
import { matchApp } from './app-resolver.ts';

const apps: InstalledApp[] = [
  'android',
  'com.android.adbkeyboard',
  'com.android.calendar',
  'com.android.deskclock',
  'com.android.messaging',
  'com.android.settings',
  'com.android.systemui',
  'com.moba.railway',
  'com.moba.shop',
  'com.tencent.mm',
].map((packageName) => ({
  packageName,
  label: packageName === 'com.tencent.mm' ? 'WeChat' : null,
  launchActivity: packageName === 'com.android.settings' ? 'com.android.settings.Settings' : null,
}));

describe('matchApp', () => {
  it('matches names against package names and labels', () => {
    expect(matchApp('Clock', apps).packageName).toBe('com.android.deskclock');
    expect(matchApp('Messages', apps).packageName).toBe('com.android.messaging');
    expect(matchApp('railway', apps).packageName).toBe('com.moba.railway');
    expect(matchApp('WeChat', apps).packageName).toBe('com.tencent.mm');
    expect(matchApp('com.moba.shop', apps).packageName).toBe('com.moba.shop');
  });
  it('passes the launch activity on when known', () => {
    expect(matchApp('Settings', apps)).toMatchObject({
      packageName: 'com.android.settings',
      activity: 'com.android.settings.Settings',
    });
  });
  it('never picks system plumbing and says what is installed when nothing matches', () => {
    expect(() => matchApp('keyboard', apps)).toThrow(/No installed app matches/);
    expect(() => matchApp('Spotify', apps)).toThrow(/Installed: .*com\.android\.calendar/);
  });
});
