/**
 * The embedding path end to end: settings name an embedder endpoint (the scripted
 * OpenAI-compatible server, real HTTP, deterministic `/v1/embeddings`), the model gateway calls
 * it, memory stores the vectors in SQLite and ranks with them; turning the embedder off or
 * losing the server falls back to BM25.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelGateway } from '../../src/main/llm/model-gateway.ts';
import type { ScriptedServer } from '@moba/testkit';
import { MemoryService } from '../../src/main/memory/memory-service.ts';
import { settingsEmbedder } from '../../src/main/memory/embeddings.ts';
import { EnvSecretStore } from '../../src/main/settings/secrets.ts';
import { SettingsService } from '../../src/main/settings/settings-service.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { scriptedModel } from '../support/scripted-model.ts';
import { tempDir } from '@moba/testkit/rigs';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const server: ScriptedServer = await scriptedModel({ embeddingDims: 256 });
  const dir = tempDir('moba-memory-emb-');
  const db = openDatabase({ path: join(dir.path, 'moba.sqlite') });
  const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
  settings.update({
    models: { embedder: { baseUrl: server.baseUrl, model: 'hash-embed-256', timeoutMs: 5_000, maxRetries: 0 } },
  });
  const gateway = new ModelGateway({ settings });
  const memory = new MemoryService({ db, embedder: settingsEmbedder(settings, gateway) });
  cleanups.push(async () => {
    memory.dispose();
    gateway.dispose();
    settings.dispose();
    db.close();
    await server.close();
    dir.dispose();
  });
  return { server, settings, memory };
}

const embedCalls = (server: ScriptedServer) => server.requests().filter((r) => r.path === '/v1/embeddings');

describe('memory with an OpenAI-compatible embedder', () => {
  it('embeds memories and queries through the gateway and ranks by cosine', async () => {
    const { server, memory } = await setup();
    const goals = [
      'Send a message to Alice',
      'Turn on Wi-Fi',
      'Set an alarm for 6:30 labeled Work',
      'Create a calendar event',
      'Check the weather in Shanghai',
    ];
    for (const goal of goals)
      memory.recordRoute({
        runId: 'seed',
        nodeId: goal,
        goal,
        steps: [{ subGoal: 'Open the app', action: 'Open_App()' }],
      });
    const r = await memory.retrieve({ purpose: 'plan', query: 'an alarm labeled Gym', k: 3 });
    expect(r.contentMode).toBe('embedding');
    expect(r.embedderModel).toBe('hash-embed-256');
    expect(r.warnings).toEqual([]);
    expect(r.items[0]!.memory).toMatchObject({ goal: 'Set an alarm for 6:30 labeled Work' });
    expect(r.items[0]!.signals.semantic).toBeGreaterThan(0.3);
    // One request embedded the five memories, one the query.
    const calls = embedCalls(server);
    expect(calls).toHaveLength(2);
    expect((calls[0]!.body as { input: string[]; model: string }).input.sort()).toEqual([...goals].sort());
    expect((calls[0]!.body as { model: string }).model).toBe('hash-embed-256');
    expect((calls[1]!.body as { input: string[] }).input).toEqual(['an alarm labeled Gym']);
    // Nothing is embedded twice; a new memory is embedded on the next retrieval.
    memory.recordRoute({
      runId: 'seed',
      nodeId: 'x',
      goal: 'Buy running shoes',
      steps: [{ subGoal: 'Open Shop', action: 'Open_App("Shop")' }],
    });
    await memory.retrieve({ purpose: 'plan', query: 'shoes', k: 1 });
    const after = embedCalls(server);
    expect(after).toHaveLength(4);
    expect((after[2]!.body as { input: string[] }).input).toEqual(['Buy running shoes']);
    expect(memory.stats().embedder).toEqual({ model: 'hash-embed-256', embedded: 6, pending: 0 });
  });

  it('uses BM25 at once when the embedder is turned off, and says so when the server is gone', async () => {
    const { server, settings, memory } = await setup();
    memory.recordRoute({
      runId: 'seed',
      nodeId: '1',
      goal: 'Turn on Wi-Fi',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    settings.update({ models: { embedder: null } });
    const off = await memory.retrieve({ purpose: 'plan', query: 'turn on wi-fi' });
    expect(off).toMatchObject({ contentMode: 'bm25', embedderModel: null, warnings: [] });
    expect(embedCalls(server)).toHaveLength(0);
    settings.update({
      models: { embedder: { baseUrl: 'http://127.0.0.1:9/v1', model: 'gone', timeoutMs: 2_000, maxRetries: 0 } },
    });
    const down = await memory.retrieve({ purpose: 'plan', query: 'turn on wi-fi' });
    expect(down.contentMode).toBe('bm25');
    expect(down.warnings.join(' ')).toMatch(/embedder gone failed/);
    expect(down.items[0]!.memory).toMatchObject({ goal: 'Turn on Wi-Fi' });
    await expect(memory.embedPending()).rejects.toMatchObject({
      code: expect.stringMatching(/MODEL_HTTP_ERROR|TIMEOUT/),
    });
  });
});
