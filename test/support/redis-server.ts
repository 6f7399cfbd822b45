/**
 * A private Redis for sweep tests: Debian's redis-server on a free loopback port, nothing
 * persisted, optionally with a password; stopped by its pid.
 */
import { spawn } from 'node:child_process';
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

export async function startRedis(options: { password?: string } = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = tempDir('moba-redis-');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir.path, ...(options.password ? ['--requirepass', options.password] : [])];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let exited = false;
  child.on('exit', () => (exited = true));
  await waitUntil(async () => exited || (await answers(port, options.password)), `redis-server on ${port}`, 15_000);
  if (exited) throw new Error('redis-server exited at start (is it installed? apt-get install redis-server)');
  return {
    port,
    pid: child.pid!,
    url: options.password ? `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}` : `redis://127.0.0.1:${port}`,
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
