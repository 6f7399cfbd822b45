import { describe, expect, it } from 'vitest';
import { mergePatch } from './merge-patch.ts';

describe('JSON merge patch (RFC 7386)', () => {
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('%j + %j → %j (the RFC examples)', (target, patch, result) => {
    expect(mergePatch(target, patch)).toEqual(result);
  });

  it('does not change its inputs', () => {
    const target = { a: { b: 1 } };
    const patch = { a: { c: [1] } };
    const out = mergePatch(target, patch) as { a: { c: number[] } };
    out.a.c.push(2);
    expect(target).toEqual({ a: { b: 1 } });
    expect(patch).toEqual({ a: { c: [1] } });
  });
});
