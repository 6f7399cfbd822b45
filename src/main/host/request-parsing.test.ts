import { describe, expect, it } from 'vitest';
import { parseCookies, safeDecode } from './request-parsing.ts';

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
});
