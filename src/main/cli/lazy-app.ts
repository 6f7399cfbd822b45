import type { Command } from 'commander';
import type { CreateAppOptions, MobaApp } from '../app.ts';
import { dataDirOf } from './options.ts';

/**
 * The service graph, loaded only when a command runs: `moba --help`, `--version` and the
 * light commands do not pay for importing adbkit, sharp, the model SDK and the rest.
 */
export async function createApp(options: CreateAppOptions): Promise<MobaApp> {
  const app = await import('../app.ts');
  return app.createApp(options);
}

/**
 * Runs `fn` with the service graph on the data folder the command names (`--data-dir` or the
 * default), and disposes of it afterwards whatever `fn` does.
 */
export async function withApp<T>(command: Command, fn: (app: MobaApp) => Promise<T>): Promise<T> {
  const dataDir = dataDirOf(command);
  const app = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
  try {
    return await fn(app);
  } finally {
    await app.dispose();
  }
}
