import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import { DEFAULT_RETRY_POLICY, backoffDelay, isRetryableStatus, parseRetryAfter, sleep } from './retry.ts';

const headers = (h: Record<string, string>) => new Headers(h);

describe('retry helpers', () => {
  it('retries 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 502, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After in seconds, as a date, and retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(headers({ 'retry-after': '0.5' }))).toBe(500);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '750', 'retry-after': '9' }))).toBe(750);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }), now)).toBe(3000);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('backs off exponentially within ±25 % jitter, capped', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(1, policy, () => 0.5)).toBe(100);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(200);
    expect(backoffDelay(3, policy, () => 0)).toBe(300);
    expect(backoffDelay(3, policy, () => 1)).toBe(500);
    expect(backoffDelay(10, policy, () => 0.5)).toBe(1000);
  });

  it('sleep rejects with CANCELLED as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const t0 = performance.now();
    const p = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(p).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(performance.now() - t0).toBeLessThan(5_000); // not the 10 s sleep
    await expect(sleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(MobaError);
  });
});
