import { describe, expect, it } from 'vitest';
import { resolveDisturbances } from './disturbance-spec.ts';

const context = {
  seed: 7,
  timeZone: 'Asia/Shanghai',
  now: Date.UTC(2025, 5, 2, 1, 0),
  installed: ['com.moba.shop', 'com.android.messaging'],
};

describe('disturbance specs', () => {
  it('resolves triggers: a seeded draw from a range, a device time from HH:MM, at once by default', () => {
    let n = 0;
    const [rating, note, wall] = resolveDisturbances(
      [
        { id: 'r', kind: 'rating', app: 'com.moba.shop', after: [3, 8] },
        { kind: 'notification', app: 'com.android.messaging', at: '09:05', message: { from: '10086', text: 'Hi' } },
        { kind: 'interstitial' },
      ],
      context,
      () => ++n,
    );
    expect(rating).toMatchObject({ id: 'r', kind: 'rating', app: 'com.moba.shop', at: null, params: {} });
    expect(rating!.after).toBeGreaterThanOrEqual(3);
    expect(rating!.after).toBeLessThanOrEqual(8);
    expect(
      resolveDisturbances({ id: 'r', kind: 'rating', app: 'com.moba.shop', after: [3, 8] }, context, () => 0)[0]!.after,
    ).toBe(rating!.after);
    expect(note).toMatchObject({ id: 'notification-1', after: null, at: Date.UTC(2025, 5, 2, 1, 5) });
    expect(note!.params).toEqual({ message: { from: '10086', text: 'Hi' } });
    expect(wall).toMatchObject({ id: 'interstitial-2', app: null, after: 0, params: { closeAfter: 0 } });
    expect([0, 1, 2]).toContain(wall!.params.ad);
  });

  it('names the wrong field, the index in a list, and an app that is not installed', () => {
    const error = (specs: unknown) => {
      try {
        resolveDisturbances(specs, context, () => 1);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(error({ kind: 'slow-load', seconds: 120 })).toMatch(/^Bad disturbance: seconds: /);
    expect(
      error([
        { kind: 'rating', app: 'com.moba.shop' },
        { kind: 'rating', app: 'com.moba.shop', after: [5, 2] },
      ]),
    ).toMatch(/^Bad disturbance: \[1\]\.after: /);
    expect(error({ kind: 'login', app: 'com.moba.shop', extra: 1 })).toBe('Bad disturbance: extra: unknown field');
    expect(error({ kind: 'consent', app: 'com.example.gone' })).toBe(
      'Bad disturbance: app: com.example.gone is not installed',
    );
    expect(error([])).toMatch(/expected at least one disturbance/);
  });
});
