/**
 * The contract's nesting bound, at its edge: 64 levels pass, 65 are refused with the path, any
 * depth (and a cycle, which an in-process caller could pass) is walked without recursion, and
 * the router answers INVALID_INPUT, not INTERNAL.
 */
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, tooDeepAt } from '../../shared/input-depth.ts';
import { createApp } from '../app.ts';
import type { Connection } from './router.ts';
import { tempDir } from '@moba/testkit/rigs';

function nested(levels: number, leaf: unknown = 1, key = 'a'): unknown {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = { [key]: v };
  return v;
}

describe('tooDeepAt', () => {
  it('lets exactly the bound through and refuses one level more, naming where', () => {
    expect(tooDeepAt(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(tooDeepAt(nested(MAX_INPUT_DEPTH + 1))).toMatch(/^a\.a\.a\.a\.a\.a\.….a$/);
    // Leaves do not count as a level; arrays do.
    expect(tooDeepAt(nested(MAX_INPUT_DEPTH, 'text'))).toBeNull();
    let list: unknown = [1];
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) list = [list];
    expect(tooDeepAt(list)).toBe('0.0.0.0.0.0.….0');
  });

  it('walks any depth, and a cycle, without overflowing the stack', () => {
    expect(tooDeepAt({ patch: nested(1_000_000) })).toMatch(/^patch\.a/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(tooDeepAt(cyclic)).toMatch(/^self\.self/);
  });

  it('finds the deep branch beside shallow ones', () => {
    expect(tooDeepAt({ a: 1, b: [1, 2, { c: 'x' }], d: { e: nested(MAX_INPUT_DEPTH + 5, 1, 'z') } })).toMatch(
      /^d\.e\.z/,
    );
    expect(tooDeepAt({ patch: { agent: { approvalRules: [{ id: 'x', actions: ['Click'] }] } } })).toBeNull();
  });
});

describe('the router', () => {
  it('answers a deeply nested settings field with INVALID_INPUT naming where, and changes nothing', async () => {
    const dir = tempDir();
    const app = await createApp({ host: 'web', dataDir: dir.path, env: {} });
    const connection: Connection = {
      id: 't',
      kind: 'local',
      sendBinary: () => false,
      onDidClose: () => ({ dispose() {} }),
    };
    try {
      const ctx = { connection, signal: new AbortController().signal };
      const before = app.settings.get();
      const r = await app.router.call(
        'updateSettings',
        { patch: { models: { default: { ...before.models.default, extraBody: nested(100_000) } } } },
        ctx,
      );
      expect(r).toMatchObject({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: expect.stringMatching(/nested deeper than 64 levels at patch\.models\.default\.extraBody\.a/),
        },
      });
      expect(app.settings.get()).toEqual(before);
    } finally {
      await app.dispose();
      dir.dispose();
    }
  });
});
