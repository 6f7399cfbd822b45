import type { CreateAppOptions, MobaApp } from '../app.ts';

/**
 * The service graph, loaded only when a command runs: `moba --help`, `--version` and the
 * light commands do not pay for importing adbkit, sharp, the model SDK and the rest.
 */
export async function createApp(options: CreateAppOptions): Promise<MobaApp> {
  const app = await import('../app.ts');
  return app.createApp(options);
}
