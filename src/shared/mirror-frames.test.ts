import { describe, expect, it } from 'vitest';
import { MIRROR_FRAME_HEADER_SIZE, decodeMirrorFrame, encodeMirrorFrame } from './mirror-frames.ts';

describe('mirror frames', () => {
  it('round-trips every kind with keyframe flag, frame time and a 64-bit pts', () => {
    const data = Uint8Array.of(0, 0, 0, 1, 0x65, 0xff);
    for (const kind of ['configuration', 'data', 'png', 'jpeg'] as const) {
      const frame = { kind, keyframe: kind === 'data', frameTime: 1_750_000_000_123.5, pts: (1n << 40n) + 7n, data };
      const bytes = encodeMirrorFrame(frame);
      expect(bytes).toHaveLength(MIRROR_FRAME_HEADER_SIZE + data.length);
      expect(decodeMirrorFrame(bytes)).toEqual(frame);
    }
  });

  it('decodes from a view into a larger buffer (a WebSocket frame after its channel prefix)', () => {
    const inner = encodeMirrorFrame({
      kind: 'data',
      keyframe: false,
      frameTime: 5,
      pts: 9n,
      data: Uint8Array.of(7, 8),
    });
    const outer = new Uint8Array(4 + inner.length);
    outer.set(inner, 4);
    expect(decodeMirrorFrame(outer.subarray(4))).toMatchObject({ kind: 'data', pts: 9n, data: Uint8Array.of(7, 8) });
  });

  it('drops short messages and unknown kinds', () => {
    expect(decodeMirrorFrame(new Uint8Array(10))).toBeUndefined();
    const bad = encodeMirrorFrame({ kind: 'png', keyframe: true, frameTime: 0, pts: 0n, data: new Uint8Array(0) });
    bad[0] = 9;
    expect(decodeMirrorFrame(bad)).toBeUndefined();
  });
});
