import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { createApp } from '../lazy-app.ts';
import { startWebHost } from '../../host/web-host.ts';
import { packageRoot } from '../../package-root.ts';
import { APP_NAME, APP_VERSION } from '../../version.ts';
import { startDefaultPhone, wantsDefaultPhone } from '../../simulators/default-phone.ts';
import type { CliIo } from '../io.ts';
import type { MobaApp } from '../../app.ts';
import { errorMessage } from '../../../shared/errors.ts';
import { dataDirOf, parsePort } from '../options.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('serve the MobA Studio UI in a browser (e.g. on a lab server); prints the URL with its access token')
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 8740)
    .option(
      '--host <addr>',
      'address to bind; anything but loopback exposes the UI to your network (the token is still required)',
      '127.0.0.1',
    )
    .option('--token <token>', 'use this access token instead of a random one (default: $MOBA_TOKEN or random)')
    .option(
      '--sim',
      'start a simulated phone with the host (seed and port from Settings → Simulated phone); default: that setting',
    )
    .option('--no-sim', 'start no simulated phone, whatever the setting says')
    .action(async (opts: { port: number; host: string; token?: string; sim?: boolean }, command: Command) => {
      const dataDir = dataDirOf(command);
      const app = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
      const token = opts.token ?? (process.env.MOBA_TOKEN || undefined);
      const rendererDir = join(packageRoot(), 'out', 'renderer');
      let host;
      try {
        host = await startWebHost({ app, rendererDir, port: opts.port, host: opts.host, ...(token ? { token } : {}) });
      } catch (error) {
        await app.dispose();
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE')
          throw new Error(`Port ${opts.port} is in use; pick another with --port (0 = any free port).`, {
            cause: error,
          });
        throw error;
      }
      io.out(`${APP_NAME} ${APP_VERSION} — web host\n`);
      io.out(`  data: ${app.paths.dataDir}\n`);
      if (!LOOPBACK.has(opts.host))
        io.out(
          `  warning: listening on ${opts.host}; anyone who can reach it and has the token controls your devices\n`,
        );
      io.out(`  open: ${host.url}\n`);
      if (!existsSync(join(rendererDir, 'index.html')))
        io.err('  warning: the UI is not built: run `npm run build` (`npm run serve` builds it by itself)\n');
      const phone = startPhoneIfWanted(app, opts.sim, io);
      io.out('Press Ctrl-C to stop.\n');
      const signal = await io.untilStopped();
      phone.stopping = true;
      io.out(`\nStopping (${signal})…\n`);
      await host.close();
      await app.dispose();
    });
}

/** Starts the default simulated phone in the background and says how it went; the host serves meanwhile. */
function startPhoneIfWanted(app: MobaApp, flag: boolean | undefined, io: CliIo): { stopping: boolean } {
  const state = { stopping: false };
  const settings = app.settings.get().simulator;
  if (!wantsDefaultPhone(flag, settings)) return state;
  io.out(`  phone: starting a simulated phone (seed ${settings.seed})…\n`);
  startDefaultPhone(app.simulators, settings).then(
    (info) => {
      if (!state.stopping)
        io.out(`  phone: ${info.serial} is ready (simulated, seed ${info.seed}) — pick it on the Run page\n`);
    },
    (error: unknown) => {
      if (!state.stopping) io.err(`  phone: the simulated phone did not start: ${errorMessage(error)}\n`);
    },
  );
  return state;
}
