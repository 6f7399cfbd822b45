import { describe, expect, it } from 'vitest';
import { scriptedEmbedding, toBase64Floats } from './embeddings.ts';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('scripted embeddings', () => {
  it('are deterministic unit vectors of the asked size', () => {
    const v = scriptedEmbedding('set an alarm for 6:30', 128);
    expect(v).toHaveLength(128);
    expect(scriptedEmbedding('set an alarm for 6:30', 128)).toEqual(v);
    expect(cosine(v, v)).toBeCloseTo(1, 10);
    expect(cosine(scriptedEmbedding('', 16), scriptedEmbedding('', 16))).toBeCloseTo(1, 10);
  });

  it('give texts that share words a higher similarity', () => {
    const a = scriptedEmbedding('set an alarm in the clock app', 256);
    const b = scriptedEmbedding('set an alarm for tomorrow', 256);
    const c = scriptedEmbedding('send a message to Alice', 256);
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
    expect(cosine(scriptedEmbedding('设置闹钟', 256), scriptedEmbedding('设置一个闹钟', 256))).toBeGreaterThan(0.5);
  });

  it('encode as little-endian float32 base64', () => {
    const buf = Buffer.from(toBase64Floats([1, -0.5]), 'base64');
    expect([buf.readFloatLE(0), buf.readFloatLE(4)]).toEqual([1, -0.5]);
  });
});
