/**
 * The web host's token-strength check and redirect target, at their edges: what a lab server
 * binding beyond loopback accepts as a token, and that no request path can redirect a browser
 * to another host.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIN_REMOTE_TOKEN_BITS, isLoopbackBind, sameOriginLocation, tokenBits } from './request-parsing.ts';

describe('tokenBits (the ≥ 128-bit rule beyond loopback)', () => {
  it('accepts 32 random hex characters and the host’s own random token, refuses one character less', () => {
    const hex32 = randomBytes(16).toString('hex');
    expect(tokenBits('3f9c0a7be21d4568c0ffee17ab39d2e4')).toBe(128);
    expect(tokenBits('3f9c0a7be21d4568c0ffee17ab39d2e')).toBeLessThan(MIN_REMOTE_TOKEN_BITS);
    // 16 random bytes can, very rarely, use fewer than 8 distinct hex digits.
    if (new Set(hex32).size >= 8) expect(tokenBits(hex32)).toBe(128);
    expect(tokenBits(randomBytes(24).toString('hex'))).toBeGreaterThanOrEqual(MIN_REMOTE_TOKEN_BITS);
    expect(tokenBits(randomBytes(16).toString('base64url'))).toBeGreaterThanOrEqual(MIN_REMOTE_TOKEN_BITS);
    // 16 random bytes in base64url that happen to use no 0, 1, 8, 9, - or _ (about one in nine):
    // mixed case, so not base32 — it carries its 128 bits.
    expect(tokenBits('Qk3xZb7aTyWmPcRs2dEfGh')).toBeGreaterThanOrEqual(MIN_REMOTE_TOKEN_BITS);
    expect(tokenBits('MFRGGZDFMZTWQ2LKNNWG23TP')).toBe(120);
  });

  it('counts a repeated pattern once, however long the token', () => {
    expect(tokenBits('abcdefgh'.repeat(16))).toBe(tokenBits('abcdefgh'));
    expect(tokenBits('abcdefgh'.repeat(16))).toBeLessThan(MIN_REMOTE_TOKEN_BITS);
    expect(tokenBits(`${'Zx8_q-Lr'.repeat(8)}Zx8`)).toBeLessThan(MIN_REMOTE_TOKEN_BITS);
    expect(tokenBits('a'.repeat(1_000))).toBe(1);
    expect(tokenBits('abcabcab')).toBe(3);
    expect(tokenBits('password'.repeat(4))).toBeLessThan(MIN_REMOTE_TOKEN_BITS);
  });

  it('gives few distinct characters one bit each', () => {
    expect(tokenBits('0101010110010110')).toBe(16);
    expect(tokenBits('')).toBe(0);
  });

  it('knows which binds reach only this machine', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]'])
      expect(isLoopbackBind(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'lab.example', '127.0.0.1.example'])
      expect(isLoopbackBind(h), h).toBe(false);
  });
});

describe('sameOriginLocation (the token exchange’s redirect)', () => {
  it('never yields a scheme-relative or backslash target, whatever the path', () => {
    for (const path of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/./evil',
      '',
    ]) {
      const location = sameOriginLocation(path, '');
      expect(location, path).toMatch(/^\/(?![/\\])/);
      // Browsers resolve it against this host.
      expect(new URL(location, 'http://lab.local:5173/').host, path).toBe('lab.local:5173');
    }
  });

  it('keeps a path on this host and its query as they are', () => {
    expect(sameOriginLocation('/history/20250602-091500-3fa2', '?tab=replay')).toBe(
      '/history/20250602-091500-3fa2?tab=replay',
    );
    expect(sameOriginLocation('/', '')).toBe('/');
  });
});
