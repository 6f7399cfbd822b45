import { describe, expect, it } from 'vitest';
import { CATALOG } from '../apps/catalog.ts';
import { intentShortString, resolveIntent } from './intents.ts';

describe('resolveIntent', () => {
  it('resolves components in short and qualified form', () => {
    expect(resolveIntent({ component: 'com.android.deskclock/.DeskClock' }, CATALOG)).toEqual({
      pkg: 'com.android.deskclock',
      request: { activity: '.DeskClock' },
    });
    expect(resolveIntent({ component: 'com.android.settings/com.android.settings.Settings' }, CATALOG).pkg).toBe(
      'com.android.settings',
    );
  });

  it("words unknown activities and unresolvable intents as Android's am does", () => {
    expect(() => resolveIntent({ component: 'com.android.deskclock/.Nope' }, CATALOG)).toThrow(
      'Error: Activity class {com.android.deskclock/com.android.deskclock.Nope} does not exist.',
    );
    expect(() => resolveIntent({ component: 'com.android.systemui/.Foo' }, CATALOG)).toThrow('does not exist');
    expect(() => resolveIntent({ action: 'x.Y', data: 'http://a' }, CATALOG)).toThrow(
      'Error: Activity not started, unable to resolve Intent { act=x.Y dat=http://a flg=0x10000000 }',
    );
  });

  it('routes actions by intent filter, including data prefixes and HOME', () => {
    expect(resolveIntent({ action: 'android.settings.WIFI_SETTINGS' }, CATALOG).pkg).toBe('com.android.settings');
    expect(
      resolveIntent({ action: 'android.intent.action.SET_ALARM', extras: { a: 1 } }, CATALOG).request.extras,
    ).toEqual({ a: 1 });
    expect(
      resolveIntent({ action: 'android.intent.action.VIEW', data: 'content://com.android.calendar/time/0' }, CATALOG)
        .pkg,
    ).toBe('com.android.calendar');
    expect(
      resolveIntent({ action: 'android.intent.action.MAIN', categories: ['android.intent.category.HOME'] }, CATALOG)
        .pkg,
    ).toBe('com.android.launcher3');
    expect(
      resolveIntent({ action: 'android.intent.action.MAIN', packageName: 'com.moba.shop' }, CATALOG).request.activity,
    ).toBe('.MainActivity');
  });

  it('only finds installed packages', () => {
    const without = CATALOG.filter((e) => e.packageName !== 'com.android.settings');
    expect(() => resolveIntent({ action: 'android.settings.SETTINGS' }, without)).toThrow('unable to resolve');
  });

  it('abbreviates intents', () => {
    expect(intentShortString({ action: 'A', categories: ['B', 'C'], component: 'p/.X', extras: { k: 1 } })).toBe(
      'Intent { act=A cat=[B,C] flg=0x10000000 cmp=p/.X (has extras) }',
    );
  });
});
