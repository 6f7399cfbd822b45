import { describe, expect, it } from 'vitest';
import { downsample, microphoneError, toBase64 } from './microphone.ts';

describe('microphone', () => {
  it('downsamples 48 kHz to 16 kHz by averaging, keeping the duration', () => {
    const input = Float32Array.from({ length: 48_000 }, (_, i) => (i % 3 === 0 ? 0.3 : 0));
    const out = downsample(input, 48_000);
    expect(out.length).toBe(16_000);
    expect(out[0]).toBeCloseTo(0.1, 6);
    expect(downsample(input, 16_000)).toBe(input);
  });

  it('explains each getUserMedia failure in words a person can act on', () => {
    expect(microphoneError(new DOMException('x', 'NotAllowedError'), 'web')).toMatchObject({
      kind: 'denied',
      message: expect.stringMatching(/site settings/),
    });
    expect(microphoneError(new DOMException('x', 'NotAllowedError'), 'electron')).toMatchObject({
      kind: 'denied',
      message: expect.stringMatching(/privacy settings/),
    });
    expect(microphoneError(new DOMException('x', 'NotFoundError'), 'web')).toMatchObject({
      kind: 'absent',
      message: expect.stringMatching(/No microphone was found/),
    });
    expect(microphoneError(new DOMException('x', 'NotReadableError'), 'web')).toMatchObject({ kind: 'busy' });
  });

  it('encodes base64 in chunks that larger recordings need', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => i % 256);
    const back = Uint8Array.from(atob(toBase64(bytes)), (c) => c.charCodeAt(0));
    expect(back).toEqual(bytes);
  });
});
