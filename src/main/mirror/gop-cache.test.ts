import { describe, expect, it } from 'vitest';
import { decodeMirrorFrame } from '../../shared/mirror-frames.ts';
import { GopCache, MAX_GOP_PACKETS } from './gop-cache.ts';

const au = (n: number) => Uint8Array.of(0, 0, 0, 1, n);

describe('GopCache', () => {
  it('replays configuration + the current GOP from its keyframe, for a viewer joining mid-stream', () => {
    const gop = new GopCache();
    expect(gop.replay()).toEqual([]);
    gop.setConfiguration(Uint8Array.of(0x67), 1);
    gop.add(au(1), false, 0n, 2); // before any keyframe: not decodable by a newcomer
    expect(gop.replay()).toEqual([]);
    gop.add(au(2), true, 10n, 3);
    gop.add(au(3), false, 20n, 4);
    const replay = gop.replay().map((b) => decodeMirrorFrame(b));
    expect(replay.map((f) => f?.kind)).toEqual(['configuration', 'data', 'data']);
    expect(replay.map((f) => f?.keyframe)).toEqual([false, true, false]);
    gop.add(au(4), true, 30n, 5);
    expect(gop.replay().map((b) => decodeMirrorFrame(b)?.data.at(-1))).toEqual([0x67, 4]);
  });

  it('gives the decodable Annex-B bytes, their frame count and the newest frame time', () => {
    const gop = new GopCache();
    gop.setConfiguration(Uint8Array.of(0x67, 0x68), 1);
    gop.add(au(5), true, 0n, 100);
    gop.add(au(6), false, 1n, 133);
    const d = gop.decodable();
    expect(d?.frames).toBe(2);
    expect(d?.frameTime).toBe(133);
    expect(Buffer.from(d!.annexB)).toEqual(Buffer.from([0x67, 0x68, 0, 0, 0, 1, 5, 0, 0, 0, 1, 6]));
  });

  it('a new configuration starts over; an endless GOP stops being cached until the next keyframe', () => {
    const gop = new GopCache();
    gop.setConfiguration(Uint8Array.of(0x67), 1);
    gop.add(au(1), true, 0n, 1);
    gop.setConfiguration(Uint8Array.of(0x67, 1), 2);
    expect(gop.needsKeyframe).toBe(true);
    gop.add(au(2), true, 0n, 3);
    for (let i = 0; i < MAX_GOP_PACKETS + 5; i++) gop.add(au(3), false, 0n, 4);
    expect(gop.needsKeyframe).toBe(true);
    expect(gop.decodable()).toBeUndefined();
    gop.add(au(4), true, 0n, 5);
    expect(gop.needsKeyframe).toBe(false);
    expect(gop.decodable()?.frames).toBe(1);
  });
});
