import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createApp } from '../lazy-app.ts';
import { writeRunExport } from '../../export/run-export.ts';
import { APP_NAME, APP_VERSION } from '../../version.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf } from '../options.ts';

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function registerExport(program: Command, io: CliIo): void {
  program
    .command('export <runId>')
    .description(
      'export a run: run.json (events, final state, trajectory) + assets/ with its screenshots, and with --html a report.html (one self-contained file: the replay, offline)',
    )
    .requiredOption('-o, --out <dir>', 'folder to write (created; an earlier export there is overwritten)')
    .option('--html', 'also write report.html: the run in the app’s replay view, images and all, in one file', false)
    .option('--json', 'print the result as JSON', false)
    .action(async (runId: string, opts: { out: string; html: boolean; json: boolean }, command: Command) => {
      const dataDir = dataDirOf(command);
      const app = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
      try {
        const r = await writeRunExport({
          runs: app.runs,
          artifacts: app.artifacts,
          runId,
          outDir: resolve(opts.out),
          html: opts.html,
          app: { name: APP_NAME, version: APP_VERSION },
        });
        if (opts.json) {
          io.out(`${JSON.stringify(r)}\n`);
          return;
        }
        io.out(`Exported run ${r.runId} to ${r.dir} in ${r.ms} ms (${size(r.bytes)})\n`);
        io.out(
          `  ${r.json}\n  ${r.assets} asset file${r.assets === 1 ? '' : 's'} in ${resolve(r.dir, 'assets')}${r.missingAssets ? ` (${r.missingAssets} missing from the data folder)` : ''}\n`,
        );
        if (r.html) io.out(`  ${r.html}\n`);
      } finally {
        await app.dispose();
      }
    });
}
