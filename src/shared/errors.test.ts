import { describe, expect, it } from 'vitest';
import { MobaError, isCancelled, isDeviceGone, serializeError, toMobaError } from './errors.ts';

describe('shared error questions', () => {
  it('a device is gone when it is not found, offline, unauthorised or adb is unreachable — as an error or its wire form', () => {
    for (const code of ['DEVICE_NOT_FOUND', 'DEVICE_OFFLINE', 'DEVICE_UNAUTHORIZED', 'ADB_UNAVAILABLE'] as const) {
      expect(isDeviceGone(new MobaError(code, 'x'))).toBe(true);
      expect(isDeviceGone(serializeError(new MobaError(code, 'x')))).toBe(true);
    }
    for (const other of [
      new MobaError('CANCELLED', 'x'),
      new MobaError('ACTION_FAILED', 'x'),
      new Error('DEVICE_NOT_FOUND'),
      { code: 'DEVICE_OFFLINE' },
      'DEVICE_OFFLINE',
      null,
    ])
      expect(isDeviceGone(other)).toBe(false);
    expect(isCancelled(new MobaError('CANCELLED', 'x'))).toBe(true);
    expect(isCancelled(new MobaError('TIMEOUT', 'x'))).toBe(false);
  });

  it('toMobaError keeps a MobaError, rebuilds the wire form and wraps anything else with its message', () => {
    const e = new MobaError('RUN_STATE', 'paused');
    expect(toMobaError(e)).toBe(e);
    expect(toMobaError({ name: 'MobaError', code: 'CONFLICT', message: 'busy' })).toMatchObject({
      code: 'CONFLICT',
      message: 'busy',
    });
    expect(toMobaError(new TypeError('bad'))).toMatchObject({ code: 'INTERNAL', message: 'bad' });
    expect(toMobaError('plain')).toMatchObject({ code: 'INTERNAL', message: 'plain' });
    expect(toMobaError(new DOMException('gave up', 'AbortError'))).toMatchObject({
      code: 'CANCELLED',
      message: 'gave up',
    });
    expect(toMobaError(new TypeError('bad'))).toBeInstanceOf(MobaError);
  });
});
