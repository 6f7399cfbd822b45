import { describe, expect, it } from 'vitest';
import { waitForSettle } from './settle.ts';

/** A screen that changes `changes` times, then stays the same. */
function screen(changes: number) {
  let reads = 0;
  return async () => String(Math.min(reads++, changes));
}

describe('waitForSettle', () => {
  it('ends at the first two equal readings', async () => {
    const r = await waitForSettle({ probe: screen(3), timeoutMs: 5_000, firstDelayMs: 0 });
    expect(r).toMatchObject({ settled: true, readings: 5 });
  });
  it('gives up at the timeout on a screen that keeps changing', async () => {
    let n = 0;
    const r = await waitForSettle({ probe: async () => String(n++), timeoutMs: 150, firstDelayMs: 0, intervalMs: 10 });
    expect(r.settled).toBe(false);
    expect(r.ms).toBeGreaterThanOrEqual(150);
    expect(r.ms).toBeLessThan(1_000);
  });
  it('skips waiting when the timeout is 0', async () => {
    expect(await waitForSettle({ probe: screen(1), timeoutMs: 0 })).toEqual({ settled: true, ms: 0, readings: 0 });
  });
  it('stops when cancelled', async () => {
    const controller = new AbortController();
    let n = 0;
    const run = waitForSettle({
      probe: async () => String(n++),
      timeoutMs: 10_000,
      firstDelayMs: 0,
      intervalMs: 20,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
