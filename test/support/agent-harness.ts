/**
 * The agent's loop on a real run service, real SQLite, the scripted model server over real HTTP
 * and the tiny in-memory ToyPhone (or any AgentDevice): fast enough for unit tests of the loop's
 * logic. Integration tests run the agent on the simulated phone instead (agent-rig.ts).
 */
import type { ScriptInput, ScriptedServer } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { openDatabase } from '../../src/main/store/database.ts';
import type { Db } from '../../src/main/store/database.ts';
import { ArtifactStore } from '../../src/main/store/artifacts.ts';
import { RunsRepo } from '../../src/main/store/runs-repo.ts';
import { SettingsService } from '../../src/main/settings/settings-service.ts';
import { EnvSecretStore } from '../../src/main/settings/secrets.ts';
import { RunService } from '../../src/main/agent/run-service.ts';
import { NO_MEMORY } from '../../src/main/agent/ports.ts';
import type { AgentDevice, AgentMemory } from '../../src/main/agent/ports.ts';
import { agentMemory } from '../../src/main/memory/agent-memory.ts';
import { MemoryService } from '../../src/main/memory/memory-service.ts';
import type { RetrievalResult } from '../../src/shared/schemas/memory.ts';
import { scriptedModel } from './scripted-model.ts';
import { ToyPhone } from './toy-phone.ts';

export const ACT = 'You are the Local Agent of MobA';
export const SINGLE = 'one action at a time, until the task is done';
export const PLAN = 'Your Plan module';
export const REFLECT = 'Your Reflection module';
/**
 * The Reflection module's reply that lets MobA without its Plan module go on (it keeps the
 * Reflection module, §4.3): the action did its part, the task is not done yet.
 */
export const REFLECT_GO_ON = {
  name: 'reflect: go on',
  match: { system: REFLECT },
  reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: 'not_done', reflection: '' },
  times: 'always' as const,
};

/** A scripted act reply for one sub-goal (matched by the prompt's "Current sub-goal" section). */
export const act = (goal: string, reply: Record<string, unknown>, times: number | 'always' = 1) => ({
  name: `act: ${goal}`,
  match: { system: ACT, user: `## Current sub-goal\n${goal}` },
  reply,
  times,
});
export const plan = (goal: string, subgoals: string[]) => ({
  name: `plan: ${goal}`,
  match: { system: PLAN, user: `## Goal to split\n${goal}` },
  reply: { observation: 'o', thought: 't', subgoals },
  times: 1,
});
export const reflect = (goal: string, status: 'success' | 'failure', goalStatus = 'not_done', reflection = '') => ({
  name: `reflect: ${goal}`,
  match: { system: REFLECT, user: `## Sub-goal of the action\n${goal}` },
  reply: { observation: 'o', thought: 't', subgoal_status: status, goal_status: goalStatus, reflection },
  times: 1,
});

export interface Harness {
  db: Db;
  runs: RunService;
  phone: ToyPhone;
  model: ScriptedServer;
  settings: SettingsService;
  dispose(): Promise<void>;
}

/** @param options.memory the memory port runs get when memory is on (default: none) */
export async function loopHarness(
  script: ScriptInput,
  options: { device?: AgentDevice; memory?: (db: Db) => AgentMemory } = {},
): Promise<Harness> {
  const dir = tempDir('moba-loop-');
  const db = openDatabase({ path: `${dir.path}/moba.sqlite` });
  const model = await scriptedModel(script);
  const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
  settings.update({
    models: { default: { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 10_000, maxRetries: 0 } },
  });
  const phone = new ToyPhone();
  const memory = options.memory?.(db) ?? NO_MEMORY;
  const runs = new RunService({
    repo: new RunsRepo(db),
    artifacts: new ArtifactStore(db, `${dir.path}/artifacts`),
    settings,
    appVersion: 'test',
    device: () => options.device ?? phone,
    memory: () => memory,
  });
  return {
    db,
    runs,
    phone,
    model,
    settings,
    async dispose() {
      await runs.dispose();
      await model.close();
      db.close();
      dir.dispose();
    },
  };
}

/**
 * A harness whose runs use the real memory service on its database; `retrieved` collects what
 * each retrieval returned. `h.dispose()` closes the memory service too.
 */
export async function memoryHarness(
  script: ScriptInput,
): Promise<{ h: Harness; memory: MemoryService; retrieved: RetrievalResult[] }> {
  const retrieved: RetrievalResult[] = [];
  let service: MemoryService | undefined;
  const h = await loopHarness(script, {
    memory: (db) => {
      service = new MemoryService({ db });
      return agentMemory(service, { onRetrieved: (r) => retrieved.push(r) });
    },
  });
  const memory = service!;
  const dispose = h.dispose;
  h.dispose = async () => {
    memory.dispose();
    await dispose();
  };
  return { h, memory, retrieved };
}

export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The texts of the requests whose system prompt contains `system`. */
export function prompts(model: ScriptedServer, system: string): string[] {
  return model
    .requests()
    .map((r) => JSON.stringify(r.body))
    .filter((b) => b.includes(system));
}
