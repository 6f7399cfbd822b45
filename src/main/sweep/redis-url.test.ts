import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import { explainRedisError, maskUrl, parseRedisUrl, redisOptions } from './redis-url.ts';

describe('Redis URLs', () => {
  it('reads host, port, db, ACL user and password, and rediss:// as TLS', () => {
    const t = parseRedisUrl('rediss://lab:s%40cret@redis.lab.example:6380/2', {});
    expect(t).toMatchObject({
      host: 'redis.lab.example',
      port: 6380,
      db: 2,
      username: 'lab',
      password: 's@cret',
      tls: true,
    });
    expect(t.display).toBe('rediss://lab:***@redis.lab.example:6380/2');
    expect(redisOptions(t)).toMatchObject({
      host: 'redis.lab.example',
      port: 6380,
      db: 2,
      username: 'lab',
      password: 's@cret',
      tls: { servername: 'redis.lab.example' },
      maxRetriesPerRequest: null,
    });
    const plain = parseRedisUrl('redis://127.0.0.1', {});
    expect(plain).toMatchObject({ port: 6379, db: 0, tls: false, username: undefined, password: undefined });
    expect(redisOptions(plain).tls).toBeUndefined();
  });

  it('takes the password from MOBA_REDIS_PASSWORD when the URL has none', () => {
    expect(parseRedisUrl('redis://10.0.0.5:6379', { MOBA_REDIS_PASSWORD: 'pw' }).password).toBe('pw');
    expect(parseRedisUrl('redis://:url@10.0.0.5:6379', { MOBA_REDIS_PASSWORD: 'pw' }).password).toBe('url');
  });

  it('names what is wrong with a bad URL, never showing the password', () => {
    expect(() => parseRedisUrl('http://u:topsecret@host', {})).toThrow(/redis:\/\/ or rediss:\/\//);
    expect(() => parseRedisUrl('redis://u:topsecret@host/x', {})).toThrow(/database "x"/);
    try {
      parseRedisUrl('redis://u:topsecret@host/x', {});
    } catch (e) {
      expect((e as Error).message).not.toContain('topsecret');
    }
    expect(maskUrl('redis://:pw@h:1')).toBe('redis://:***@h:1');
    expect(maskUrl('redis://h:1')).toBe('redis://h:1');
  });

  it('tells refused credentials from an unreachable server', () => {
    const t = parseRedisUrl('redis://:pw@10.1.2.3:6390', {});
    const auth = explainRedisError(t, new Error('WRONGPASS invalid username-password pair or user is disabled.'));
    expect(auth).toBeInstanceOf(MobaError);
    expect(auth.code).toBe('UNAUTHORIZED');
    expect(auth.message).toContain('redis://:***@10.1.2.3:6390');
    const down = explainRedisError(t, new Error('connect ECONNREFUSED 10.1.2.3:6390'));
    expect(down.code).toBe('DISCONNECTED');
    expect(down.message).toMatch(/Cannot reach Redis at redis:\/\/:\*\*\*@10\.1\.2\.3:6390/);
  });
});
