import { describe, expect, it } from 'vitest';
import { isLoopbackBind, parseCookies, safeDecode, sameOriginLocation, tokenBits } from './request-parsing.ts';
import { tooDeepAt } from '../../shared/input-depth.ts';

describe('request parsing', () => {
  it('decodes percent-encoding and answers undefined where it is malformed', () => {
    expect(safeDecode('/a%20b')).toBe('/a b');
    expect(safeDecode('/%zz')).toBeUndefined();
    expect(safeDecode('100%')).toBeUndefined();
    expect(safeDecode('%E0%A4%A')).toBeUndefined();
  });

  it('skips cookies it cannot decode and keeps the others', () => {
    const c = parseCookies('theme=100%; moba_token=abc%3D; =x; broken; a=%zz');
    expect(c.get('moba_token')).toBe('abc=');
    expect(c.has('theme')).toBe(false);
    expect(c.has('a')).toBe(false);
    expect(c.size).toBe(1);
    expect(parseCookies(undefined).size).toBe(0);
  });

  it('redirects only to paths on this host', () => {
    expect(sameOriginLocation('//evil.example', '?a=1')).toBe('/evil.example?a=1');
    expect(sameOriginLocation('/\\evil.example/x', '')).toBe('/evil.example/x');
    expect(sameOriginLocation('/runs/1', '')).toBe('/runs/1');
  });

  it('estimates token strength conservatively and knows loopback binds', () => {
    expect(tokenBits('a')).toBe(1);
    // One character repeated is one character, however long (200 of them once counted as 200 bits).
    expect(tokenBits('a'.repeat(200))).toBe(1);
    expect(tokenBits('3f9c0a7be21d4568c0ffee17ab39d2e4')).toBe(128);
    expect(tokenBits('0123456789abcdef0123456789abcdef')).toBe(64);
    expect(tokenBits('c0ffee'.repeat(4))).toBeLessThan(128);
    expect(tokenBits('Zx8_q-Lr3Tm9Vb2Nw7Kc4H')).toBeGreaterThanOrEqual(128);
    expect(isLoopbackBind('127.0.0.1') && isLoopbackBind('::1') && isLoopbackBind('localhost')).toBe(true);
    expect(isLoopbackBind('0.0.0.0') || isLoopbackBind('192.168.1.5') || isLoopbackBind('::')).toBe(false);
  });

  it('finds input nested deeper than the contract allows, without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(tooDeepAt({ patch: { x: deep } })).toMatch(/^patch\.x\.a\.a/);
    expect(tooDeepAt({ patch: { agent: { approvalRules: [{ actions: ['Click'] }] } } })).toBeNull();
  });
});
