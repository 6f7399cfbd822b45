import { describe, expect, it } from 'vitest';
import { MobaError, deserializeError, isSerializedError, serializeError } from './errors.ts';

describe('errors across boundaries', () => {
  it('keeps name, code and message through a round trip', () => {
    const wire = JSON.parse(JSON.stringify(serializeError(new MobaError('DEVICE_OFFLINE', 'phone gone'))));
    expect(wire).toEqual({ name: 'MobaError', code: 'DEVICE_OFFLINE', message: 'phone gone' });
    const back = deserializeError(wire);
    expect(back).toBeInstanceOf(MobaError);
    expect(back.code).toBe('DEVICE_OFFLINE');
  });

  it('turns unknown throwables into INTERNAL and aborts into CANCELLED', () => {
    expect(serializeError(new TypeError('boom'))).toEqual({ name: 'TypeError', code: 'INTERNAL', message: 'boom' });
    expect(serializeError('plain')).toMatchObject({ code: 'INTERNAL', message: 'plain' });
    const abort = new Error('stopped');
    abort.name = 'AbortError';
    expect(serializeError(abort).code).toBe('CANCELLED');
  });

  it('recognises only well-formed serialized errors', () => {
    expect(isSerializedError({ name: 'x', code: 'NOT_FOUND', message: 'm' })).toBe(true);
    expect(isSerializedError({ name: 'x', code: 'NOPE', message: 'm' })).toBe(false);
    expect(isSerializedError(null)).toBe(false);
  });
});
