/**
 * The agent's integration setup: a real simulated phone on a private adb server, the scripted
 * OpenAI-compatible model server, and the real app service graph in a temp data folder,
 * configured to use both. `dispose()` stops everything it started.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../../src/main/app.ts';
import type { MobaApp } from '../../src/main/app.ts';
import type { ScriptedServer } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';
import { TERMINAL_STATUSES } from '../../src/shared/schemas/run.ts';
import { scriptedModel } from './scripted-model.ts';
import { startPhoneRig } from './sim-phone-rig.ts';
import type { PhoneRig } from './sim-phone-rig.ts';
import { tempDir } from '@moba/testkit/rigs';

export interface AgentRig {
  app: MobaApp;
  rig: PhoneRig;
  model: ScriptedServer;
  dataDir: string;
  /** Opens a second app on the same data folder (a restart). */
  reopen(): Promise<MobaApp>;
  /** Resolves when the run has ended or waits for a person. */
  waitFor(runId: string, statuses?: string[], timeoutMs?: number): Promise<void>;
  dispose(): Promise<void>;
}

export function loadScript(name: string): ScriptInput {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'scripts', name), 'utf8'),
  ) as ScriptInput;
}

export async function startAgentRig(options: { script: ScriptInput; seed?: number }): Promise<AgentRig> {
  const dir = tempDir('moba-agent-it-');
  const rig = await startPhoneRig({ seed: options.seed ?? 1 });
  const model = await scriptedModel(options.script);
  const env = { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`, MOBA_ADB_AUTOSTART: '0', HOME: rig.adb.home };
  const apps: MobaApp[] = [];
  const open = async () => {
    const app = await createApp({ host: 'web', dataDir: dir.path, env });
    apps.push(app);
    return app;
  };
  const app = await open();
  app.settings.update({
    models: { default: { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 20_000, maxRetries: 1 } },
    agent: { settleTimeoutMs: 2_000 },
  });
  return {
    app,
    rig,
    model,
    dataDir: dir.path,
    reopen: open,
    async waitFor(runId, statuses = [...TERMINAL_STATUSES], timeoutMs = 240_000) {
      const start = Date.now();
      for (;;) {
        const a = apps.at(-1)!;
        const status = a.runs.get(runId).status;
        if (statuses.includes(status)) return;
        if (Date.now() - start > timeoutMs) throw new Error(`run ${runId} is still ${status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async dispose() {
      for (const a of apps.reverse()) await a.dispose();
      await model.close();
      await rig.dispose();
      dir.dispose();
    },
  };
}
