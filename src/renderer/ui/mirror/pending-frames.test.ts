import { describe, expect, it } from 'vitest';
import type { MirrorFrame } from '../../../shared/mirror-frames.ts';
import { PendingFrames } from './pending-frames.ts';

const frame = (kind: MirrorFrame['kind'], n: number, keyframe = false): MirrorFrame => ({
  kind,
  keyframe,
  frameTime: n,
  pts: BigInt(n),
  data: new Uint8Array([n]),
});

describe('frames kept while a mirror is not shown', () => {
  it('keeps the configuration and the frames since the newest keyframe, nothing older', () => {
    const p = new PendingFrames();
    p.push(frame('configuration', 0));
    p.push(frame('data', 1, true));
    p.push(frame('data', 2));
    p.push(frame('data', 3, true));
    p.push(frame('data', 4));
    expect(p.drain().map((f) => f.frameTime)).toEqual([0, 3, 4]);
    // Drained: nothing until the next keyframe can be decoded on its own…
    p.push(frame('data', 5));
    expect(p.drain()).toEqual([{ ...frame('configuration', 0) }]);
  });

  it('drops frames that cannot be decoded without their keyframe, and a configuration resets the picture', () => {
    const p = new PendingFrames();
    p.push(frame('data', 1));
    expect(p.drain()).toEqual([]);
    p.push(frame('configuration', 2));
    p.push(frame('data', 3, true));
    p.push(frame('configuration', 4));
    expect(p.drain().map((f) => f.frameTime)).toEqual([4]);
  });

  it('keeps only the newest still of a screenshot mirror', () => {
    const p = new PendingFrames();
    p.push(frame('png', 1));
    p.push(frame('png', 2));
    expect(p.drain().map((f) => f.frameTime)).toEqual([2]);
  });
});
