/**
 * Benchmarks' integration setup: a private adb server, the real app service graph in a temp
 * data folder (optionally configured for the scripted model server), and the benchmark runner
 * users run — it starts its own simulated phones sharing one Chromium. `dispose()` stops all.
 */
import { createApp } from '../../src/main/app.ts';
import type { MobaApp } from '../../src/main/app.ts';
import type { BenchmarkRunner } from '../../src/main/bench/runner.ts';
import { startAdbServer, tempDir } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import type { ScriptInput, ScriptedServer } from '@moba/testkit';
import { scriptedModel } from './scripted-model.ts';

export interface BenchRig {
  app: MobaApp;
  runner: BenchmarkRunner;
  adb: PrivateAdbServer;
  dataDir: string;
  /** The environment a `moba` child process needs to use the same adb server and data folder. */
  env: NodeJS.ProcessEnv;
  dispose(): Promise<void>;
}

export interface BenchRigOptions {
  modelBaseUrl?: string;
  /** More of the default endpoint's settings (e.g. its prices), beside the model server's address. */
  model?: { inputCostPerMTok?: number; outputCostPerMTok?: number };
}

export async function startBenchRig(options: BenchRigOptions = {}): Promise<BenchRig> {
  const adb = await startAdbServer();
  const dir = tempDir('moba-bench-it-');
  const env = {
    ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`,
    MOBA_ADB_AUTOSTART: '0',
    HOME: adb.home,
    MOBA_HOME: dir.path,
  };
  const app = await createApp({ host: 'web', dataDir: dir.path, env });
  if (options.modelBaseUrl)
    app.settings.update({
      models: {
        default: {
          baseUrl: options.modelBaseUrl,
          model: 'scripted',
          timeoutMs: 20_000,
          maxRetries: 1,
          ...options.model,
        },
      },
      agent: { settleTimeoutMs: 2_000 },
    });
  const runner = app.benchmarks;
  return {
    app,
    runner,
    adb,
    dataDir: dir.path,
    env,
    async dispose() {
      await app.dispose();
      await adb.dispose();
      dir.dispose();
    },
  };
}

export type ScriptedBenchRig = BenchRig & { model: ScriptedServer };

/** A benchmark rig whose models are a scripted model server playing `script`; `dispose()` closes both. */
export async function startScriptedBenchRig(
  script: ScriptInput,
  options: Pick<BenchRigOptions, 'model'> = {},
): Promise<ScriptedBenchRig> {
  const model = await scriptedModel(script);
  const rig = await startBenchRig({ ...options, modelBaseUrl: model.baseUrl }).catch(async (e: unknown) => {
    await model.close();
    throw e;
  });
  return {
    ...rig,
    model,
    async dispose() {
      await rig.dispose();
      await model.close();
    },
  };
}
