/**
 * A private Redis for sweep tests: Debian's redis-server on a free loopback port, nothing
 * persisted, optionally with a password; stopped by its pid.
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, tempDir, waitUntil } from '@moba/testkit/rigs';
import { connect } from 'node:net';

export interface PrivateRedis {
  port: number;
  pid: number;
  url: string;
  dispose(): Promise<void>;
}

function answers(port: number, password?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let buf = '';
    s.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('PONG') || buf.includes('NOAUTH') || buf.includes('-')) {
        s.destroy();
        resolve(buf.includes('PONG'));
      }
    });
    s.on('error', () => resolve(false));
    s.on('connect', () => s.write(password ? `AUTH ${password}\r\nPING\r\n` : 'PING\r\n'));
  });
}

/** With `tls`, the port speaks only TLS, with a self-signed certificate for 127.0.0.1 (`tlsCa` is its file). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}

export async function startRedis(
  options: { password?: string; tls?: boolean } = {},
): Promise<PrivateRedis & { tlsCa?: string }> {
  const port = await freePort();
  const dir = tempDir('moba-redis-');
  let tlsArgs: string[] = [];
  if (options.tls) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir.path, 'key.pem'),
        '-out',
        join(dir.path, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    tlsArgs = [
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--tls-cert-file',
      join(dir.path, 'cert.pem'),
      '--tls-key-file',
      join(dir.path, 'key.pem'),
      '--tls-ca-cert-file',
      join(dir.path, 'cert.pem'),
      '--tls-auth-clients',
      'no',
    ];
  }
  const args = [
    ...(options.tls ? tlsArgs : ['--port', String(port)]),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir.path,
    ...(options.password ? ['--requirepass', options.password] : []),
  ];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let exited = false;
  child.on('exit', () => (exited = true));
  // A TLS port answers no plain PING: wait for it to listen.
  await waitUntil(
    async () => exited || (options.tls ? await listening(port) : await answers(port, options.password)),
    `redis-server on ${port}`,
    15_000,
  );
  if (exited) throw new Error('redis-server exited at start (is it installed? apt-get install redis-server)');
  return {
    port,
    pid: child.pid!,
    url: `${options.tls ? 'rediss' : 'redis'}://${options.password ? `:${encodeURIComponent(options.password)}@` : ''}127.0.0.1:${port}`,
    ...(options.tls ? { tlsCa: join(dir.path, 'cert.pem') } : {}),
    async dispose() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        process.kill(child.pid!, 'SIGTERM');
        await gone;
      }
      dir.dispose();
    },
  };
}
