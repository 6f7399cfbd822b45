import { join } from 'node:path';
import type { Command } from 'commander';
import { createApp } from '../lazy-app.ts';
import { startWebHost } from '../../host/web-host.ts';
import { packageRoot } from '../../package-root.ts';
import { APP_NAME, APP_VERSION } from '../../version.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf, parsePort } from '../options.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('serve the MobA Studio UI in a browser (e.g. on a lab server); prints the URL with its access token')
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 8740)
    .option('--host <addr>', 'address to bind; anything but loopback exposes the UI to your network (the token is still required)', '127.0.0.1')
    .option('--token <token>', 'use this access token instead of a random one (default: $MOBA_TOKEN or random)')
    .action(async (opts: { port: number; host: string; token?: string }, command: Command) => {
      const dataDir = dataDirOf(command);
      const app = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
      const token = opts.token ?? (process.env.MOBA_TOKEN || undefined);
      let host;
      try {
        host = await startWebHost({ app, rendererDir: join(packageRoot(), 'out', 'renderer'), port: opts.port, host: opts.host, ...(token ? { token } : {}) });
      } catch (error) {
        await app.dispose();
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') throw new Error(`Port ${opts.port} is in use; pick another with --port (0 = any free port).`, { cause: error });
        throw error;
      }
      io.out(`${APP_NAME} ${APP_VERSION} — web host\n`);
      io.out(`  data: ${app.paths.dataDir}\n`);
      if (!LOOPBACK.has(opts.host)) io.out(`  warning: listening on ${opts.host}; anyone who can reach it and has the token controls your devices\n`);
      io.out(`  open: ${host.url}\n`);
      io.out('Press Ctrl-C to stop.\n');
      const signal = await io.untilStopped();
      io.out(`\nStopping (${signal})…\n`);
      await host.close();
      await app.dispose();
    });
}
