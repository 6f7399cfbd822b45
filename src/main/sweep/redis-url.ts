/**
 * The Redis a sweep runs on, from one URL: `redis://[user[:password]@]host[:port][/db]` or
 * `rediss://…` for TLS. The password may also come from `MOBA_REDIS_PASSWORD`, so it need not
 * appear on a command line. Every message shows the URL with its password masked.
 */
import type { RedisOptions as BullRedisOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { readFileSync } from 'node:fs';
import { MobaError, errorMessage } from '../../shared/errors.ts';

export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username: string | undefined;
  password: string | undefined;
  tls: boolean;
  /** With TLS: a PEM file of the certificate authority to trust (MOBA_REDIS_CA), for a lab's own CA. */
  caFile: string | undefined;
  /** The URL as it may be printed: no password. */
  display: string;
}

/**
 * Parses a Redis URL.
 * @throws MobaError INVALID_INPUT naming what is wrong with it
 */
export function parseRedisUrl(url: string, env: NodeJS.ProcessEnv = process.env): RedisTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new MobaError(
      'INVALID_INPUT',
      `Not a Redis URL: "${maskUrl(url)}" (expected redis://[user:password@]host[:port][/db] or rediss://… for TLS)`,
    );
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:')
    throw new MobaError(
      'INVALID_INPUT',
      `Not a Redis URL: "${maskUrl(url)}" (the scheme must be redis:// or rediss:// for TLS)`,
    );
  if (!u.hostname) throw new MobaError('INVALID_INPUT', `The Redis URL "${maskUrl(url)}" names no host`);
  const dbText = u.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0)
    throw new MobaError(
      'INVALID_INPUT',
      `The Redis URL "${maskUrl(url)}" names database "${dbText}"; expected a number like /0`,
    );
  const tls = u.protocol === 'rediss:';
  const password = u.password ? decodeURIComponent(u.password) : env.MOBA_REDIS_PASSWORD || undefined;
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port ? Number(u.port) : 6379,
    db,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password,
    tls,
    caFile: tls ? env.MOBA_REDIS_CA || undefined : undefined,
    display: maskUrl(url),
  };
}

/** The URL with its password replaced by `***` (also for strings that do not parse). */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}

function readCa(t: RedisTarget): string {
  try {
    return readFileSync(t.caFile!, 'utf8');
  } catch (error) {
    throw new MobaError(
      'INVALID_INPUT',
      `Cannot read the certificate authority for ${t.display} (MOBA_REDIS_CA=${t.caFile}): ${errorMessage(error)}`,
      { cause: error },
    );
  }
}

/** ioredis options for BullMQ (which needs `maxRetriesPerRequest: null` on its blocking connections). */
export function redisOptions(t: RedisTarget, extra: RedisOptions = {}): RedisOptions {
  return {
    host: t.host,
    port: t.port,
    db: t.db,
    ...(t.username ? { username: t.username } : {}),
    ...(t.password ? { password: t.password } : {}),
    ...(t.tls ? { tls: { servername: t.host, ...(t.caFile ? { ca: readCa(t) } : {}) } } : {}),
    maxRetriesPerRequest: null,
    ...extra,
  };
}

/** The connection BullMQ's queues, workers and event readers open (each its own). */
export function bullConnection(t: RedisTarget): BullRedisOptions {
  return redisOptions(t) as BullRedisOptions;
}

/** What a connection error means for a person: unreachable, refused auth, or TLS. */
export function explainRedisError(t: RedisTarget, error: unknown): MobaError {
  const text = errorMessage(error);
  if (/WRONGPASS|NOAUTH|invalid username-password|AUTH.*(failed|without any password)|NOPERM/i.test(text))
    return new MobaError(
      'UNAUTHORIZED',
      `Redis at ${t.display} refused the credentials: ${text} (check the user and password in the URL or MOBA_REDIS_PASSWORD)`,
      { cause: error },
    );
  if (/SSL|TLS|certificate|self.signed|wrong version number|EPROTO/i.test(text))
    return new MobaError(
      'DISCONNECTED',
      `The TLS handshake with Redis at ${t.display} failed: ${text} (rediss:// needs a Redis with TLS enabled, plain servers take redis://; a lab's own certificate authority goes in MOBA_REDIS_CA)`,
      { cause: error },
    );
  if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EAI_AGAIN|connect/i.test(text))
    return new MobaError(
      'DISCONNECTED',
      `Cannot reach Redis at ${t.display}: ${text} (is redis-server running there, and bound to an address this machine can reach?)`,
      { cause: error },
    );
  return new MobaError('DISCONNECTED', `Redis at ${t.display} did not answer: ${text}`, { cause: error });
}

/**
 * Connects once, without retries, and pings: a wrong host, port, password or TLS setting
 * fails here at once with a message that names the URL and the cause, instead of BullMQ
 * retrying in the background forever.
 * @throws MobaError DISCONNECTED (unreachable, TLS) or UNAUTHORIZED (credentials refused)
 */
export async function probeRedis(t: RedisTarget, timeoutMs = 5_000): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(
    redisOptions(t, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    }),
  );
  // The first error event carries the cause (ECONNREFUSED, WRONGPASS…); the rejected call only says the connection closed.
  let first: unknown = null;
  client.on('error', (e: unknown) => (first ??= e));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw explainRedisError(t, first ?? error);
  } finally {
    client.disconnect();
  }
}
