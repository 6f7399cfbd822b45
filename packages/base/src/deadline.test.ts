import { describe, expect, it } from 'vitest';
import { pollUntil } from './deadline.ts';

describe('pollUntil', () => {
  it('returns the first reading that meets the condition', async () => {
    let n = 0;
    expect(
      await pollUntil(
        async () => ++n,
        (v) => v === 3,
        { withinMs: 60_000, everyMs: 1 },
      ),
    ).toBe(3);
    expect(n).toBe(3);
  });

  it('reads once with no time to wait, and returns the last reading past the bound', async () => {
    let n = 0;
    expect(
      await pollUntil(
        async () => ++n,
        () => false,
        { withinMs: 0, everyMs: 1 },
      ),
    ).toBe(1);
    n = 0;
    const last = await pollUntil(
      async () => ++n,
      () => false,
      { withinMs: 30, everyMs: 5 },
    );
    expect(last).toBe(n);
    expect(n).toBeGreaterThan(1);
  });

  it('ends with CANCELLED when its signal aborts while it waits', async () => {
    const controller = new AbortController();
    const waiting = pollUntil(
      async () => 0,
      () => false,
      { withinMs: 60_000, everyMs: 10, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
