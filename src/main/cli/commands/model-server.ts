import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { startScriptedServer } from '@moba/testkit';
import type { ScriptedRequest } from '@moba/testkit';
import { packageRoot } from '../../package-root.ts';
import type { CliIo } from '../io.ts';
import { parsePort } from '../options.ts';

/** The script used when none is given: a tiny plan / act / reflect cycle. */
export function exampleScriptPath(): string {
  return join(packageRoot(), 'resources', 'scripts', 'example-cycle.json');
}

function describe(r: ScriptedRequest): string {
  const time = new Date(r.receivedAt).toISOString().slice(11, 19);
  const model =
    r.body && typeof r.body === 'object' && typeof (r.body as { model?: unknown }).model === 'string'
      ? ` model=${(r.body as { model: string }).model}`
      : '';
  const by = r.answeredBy ? ` → ${r.answeredBy}` : '';
  return `  ${time} ${r.method} ${r.path}${model}${by} (${r.status})\n`;
}

export function registerModelServer(program: Command, io: CliIo): void {
  program
    .command('model-server')
    .description(
      'run a scripted OpenAI-compatible model server (for tests and for trying MobA Studio without a key); prints the base URL for Settings → Models',
    )
    .option(
      '-s, --script <file>',
      'the script (JSON): ordered steps with match / reply / error / delay; default: the bundled plan-act-reflect example',
    )
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 8741)
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('-q, --quiet', 'do not log each request')
    .action(async (opts: { script?: string; port: number; host: string; quiet?: boolean }) => {
      const scriptPath = opts.script ? resolve(opts.script) : exampleScriptPath();
      let server;
      try {
        server = await startScriptedServer({
          scriptPath,
          port: opts.port,
          host: opts.host,
          ...(opts.quiet ? {} : { onRequest: (r: ScriptedRequest) => io.out(describe(r)) }),
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new Error(`Port ${opts.port} is in use; pick another with --port (0 = any free port).`, {
            cause: error,
          });
        throw error;
      }
      io.out('MobA Studio — scripted model server\n');
      io.out(`  script:   ${scriptPath}\n`);
      io.out(`  base URL: ${server.baseUrl}\n`);
      io.out('Use it as the base URL of a model endpoint (any model name; no key needed on this machine).\n');
      io.out(
        'The script starts over by itself once a run has used all of it (Test connection is answered any time);\n',
      );
      io.out(
        `after a run stopped half-way, start it over with: curl -X POST ${server.baseUrl.replace(/\/v1$/, '')}/__scripted/reset\n`,
      );
      io.out('Press Ctrl-C to stop.\n');
      const signal = await io.untilStopped();
      io.out(`\nStopping (${signal})…\n`);
      await server.close();
    });
}
