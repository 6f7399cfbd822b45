import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { BenchConfiguration } from '../../shared/bench/config.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { BenchMemories, userFactText } from './bench-memory.ts';

const user = {
  facts: [
    { id: 'minutes', about: ['minutes', 'how long'], answer: { en: '3 minutes', zh: '3分钟' } },
    { id: 'sound', about: ['sound'], answer: 'The bell.' },
  ],
  known: [{ about: ['note'], answer: 'Yes, the note.' }],
};
const GOAL = 'Start my usual timer.';
const dirs: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.dispose();
});

function memories(): BenchMemories {
  const dir = tempDir('moba-bench-memory-');
  dirs.push(dir);
  // No embedder: retrieval is lexical (BM25), as without one in the settings.
  const settings = { endpointFor: () => null } as unknown as SettingsService;
  return new BenchMemories({ dir: dir.path, settings, gateway: { embed: async () => [] } });
}

describe("a task's user facts in an episode's memory", () => {
  it('are written as user facts of the benchmark, found for the goal, and gone after the episode — even from a carried memory', async () => {
    const config = { ...BenchConfiguration.parse({ agent: 'moba', memory: 'carried', userMemory: 'seeded' }), id: 'm' };
    const m = (await memories().forEpisode(config, { id: 'e1', repetition: 0 }, 1))!;
    try {
      const ids = m.userFacts.seed(user, 'zh', GOAL);
      expect(ids).toHaveLength(2);
      // Seeding again (a retried attempt) leaves no duplicates; `known` is never written.
      m.userFacts.seed(user, 'zh', GOAL);
      const found = await m.memory.retrieve(
        { purpose: 'plan', query: GOAL, runId: 'r1' },
        new AbortController().signal,
      );
      expect(found.map((f) => [f.kind, f.text, f.provenance])).toEqual(
        expect.arrayContaining([
          ['user', `About the user: ${userFactText(user.facts[0]!, 'zh', GOAL)}`, 'benchmark task user facts'],
        ]),
      );
      expect(userFactText(user.facts[0]!, 'zh', GOAL)).toBe(`3分钟 (minutes, how long; for the request "${GOAL}")`);
      expect(found.filter((f) => f.kind === 'user')).toHaveLength(2);
      m.userFacts.clear();
      expect(
        await m.memory.retrieve({ purpose: 'plan', query: GOAL, runId: 'r2' }, new AbortController().signal),
      ).toEqual([]);
    } finally {
      m.close();
    }
  });
});
