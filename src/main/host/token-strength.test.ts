/**
 * The token-strength estimate beyond loopback: what people type (one character repeated,
 * keyboard rows, common passwords) is found and refused however long it is; a token of 24 or
 * more random bytes always passes, whatever chance structure it happens to hold.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIN_REMOTE_TOKEN_BITS } from './request-parsing.ts';
import { tokenStrength } from './token-strength.ts';

describe('tokenStrength', () => {
  it('refuses typed patterns the alphabet estimate alone counted as 128 bits or more', async () => {
    for (const token of [
      `${'a'.repeat(127)}b`,
      'qwertyuiopasdfghjklzxcvbnmqwertyuiop1234567890',
      '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
      'qazwsxedcrfvtgbyhnujmikolp'.repeat(2),
      'correcthorsebatterystaple'.repeat(2),
    ]) {
      const s = await tokenStrength(token);
      expect(s.bits, token).toBeLessThan(MIN_REMOTE_TOKEN_BITS);
      expect(s.weakness, token).toMatch(/^a (repeat|keyboard pattern|common password or word|sequence) "/);
    }
    expect((await tokenStrength(`${'a'.repeat(127)}b`)).weakness).toBe('a repeat "aaaaaaaaaaaa…"');
  }, 60_000);

  it('passes every token of 24 or 32 random bytes, in hex or base64', async () => {
    for (let i = 0; i < 8; i++) {
      for (const token of [
        randomBytes(24).toString('hex'),
        randomBytes(32).toString('hex'),
        randomBytes(24).toString('base64url'),
        randomBytes(32).toString('base64'),
      ])
        expect((await tokenStrength(token)).bits, token).toBeGreaterThanOrEqual(MIN_REMOTE_TOKEN_BITS);
    }
  }, 60_000);

  it('never counts more than the alphabet estimate', async () => {
    // 32 hex characters carry at most 128 bits; digits that happen to read as a date count as one.
    expect((await tokenStrength('3f9c0a7be21d4568c0ffee17ab39d2e4')).bits).toBeLessThanOrEqual(128);
    expect((await tokenStrength('d350f3f1cd1bd537f913e3a67a639611')).bits).toBeLessThan(128);
    expect((await tokenStrength('')).bits).toBe(0);
  });
});
