import { describe, expect, it } from 'vitest';
import { decodeBinaryFrame, decodeClientFrame, encodeBinaryFrame } from './wire.ts';

describe('web host framing', () => {
  it('decodes calls and rejects malformed frames with a typed error', () => {
    expect(decodeClientFrame('{"t":"call","id":1,"method":"ping","input":{}}')).toMatchObject({
      ok: true,
      frame: { id: 1, method: 'ping' },
    });
    expect(decodeClientFrame('not json')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(decodeClientFrame('{"t":"call","id":-1,"method":"ping"}')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(decodeClientFrame('{"t":"bogus"}')).toMatchObject({ ok: false });
  });

  it('round-trips binary frames with their channel', () => {
    const data = new Uint8Array([1, 2, 3, 250]);
    const decoded = decodeBinaryFrame(encodeBinaryFrame(0xdeadbeef, data));
    expect(decoded?.channel).toBe(0xdeadbeef);
    expect([...decoded!.data]).toEqual([1, 2, 3, 250]);
    expect(decodeBinaryFrame(new Uint8Array([1, 2]))).toBeUndefined();
  });
});
