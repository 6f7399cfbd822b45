/**
 * Memory per benchmark configuration (MobA's and the other strategies' alike), so that task order is not a hidden variable: every
 * episode of a `cold` configuration starts from an empty memory, of a `seeded` one from the
 * configuration's memory file, and a `carried` configuration keeps one memory per repetition
 * that grows from task to task (its episodes then run one after another, in task order). Each
 * memory is its own SQLite file under the benchmark's folder, never the app's memory. With
 * `userMemory: 'seeded'` an episode's memory also holds its task's user facts while it runs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { BenchTask, UserSpec } from '../../shared/bench/task-schema.ts';
import type { Locale } from '../../shared/bench/task-values.ts';
import type { StoredEpisode } from './bench-repo.ts';
import { MobaError } from '../../shared/errors.ts';
import { readRegularFile } from '../bounded-read.ts';
import type { AgentMemory } from '../agent/ports.ts';
import type { LlmGateway } from '../llm/types.ts';
import { MemoryService, agentMemory, settingsEmbedder, strategyMemory } from '../memory/index.ts';
import type { StrategyMemory } from '../agent/ports.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { openDatabase } from '../store/database.ts';
import { isPseudoAgent } from './agents/pseudo-agents.ts';

export interface EpisodeMemory {
  memory: AgentMemory;
  /** The same memory for the other strategies (demonstrations, Mobile-Agent-E's Tips and Shortcuts). */
  strategyMemory: StrategyMemory;
  /** The SQLite file the memory lives in. */
  path: string;
  /** MobA's user memory seeded with a task's user facts for one episode (`userMemory: 'seeded'`). */
  userFacts: EpisodeUserFacts;
  close(): void;
}

/** A task's user facts in an episode's memory: written before the run, removed after it. */
export interface EpisodeUserFacts {
  /**
   * Writes each fact as a user memory (category `fact`, source `benchmark`: "benchmark task
   * user facts"), after removing any an earlier episode left. @returns the memory ids
   */
  seed(user: UserSpec, locale: Locale, goal: string): string[];
  /** Removes every task user fact from the memory (a carried memory keeps nothing of them). */
  clear(): void;
}

/**
 * A fact as MobA's user memory says it: the answer, the words a question about it would use,
 * and the request it belongs to (so retrieval for that goal finds it).
 */
export function userFactText(fact: UserSpec['facts'][number], locale: Locale, goal: string): string {
  const answer = typeof fact.answer === 'string' ? fact.answer : fact.answer[locale];
  return `${answer} (${fact.about.join(', ')}; for the request "${goal}")`;
}

function userFacts(service: MemoryService): EpisodeUserFacts {
  const clear = () => {
    const ids = service.list({ kind: 'user', source: 'benchmark', limit: 500 }).items.map((m) => m.id);
    if (ids.length) service.delete(ids);
  };
  return {
    seed(user, locale, goal) {
      clear();
      return user.facts.map(
        (f) => service.addUserMemory({ text: userFactText(f, locale, goal), category: 'fact', source: 'benchmark' }).id,
      );
    },
    clear,
  };
}

function fileName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_');
}

/** Whether episodes of this configuration must run one after another (memory carried across tasks). */
export function carriesMemory(c: BenchConfiguration): boolean {
  return c.memory === 'carried' && c.useMemory && !isPseudoAgent(c.agent);
}

/**
 * The goals still to come after `episode` in its carried-memory sequence (same configuration and
 * repetition, in episode order), as the task files write them: a `{param}` is drawn only when its
 * episode starts, so it stays a placeholder here. Empty for configurations that do not carry memory.
 */
export function futureGoals<E extends Pick<StoredEpisode, 'id' | 'configId' | 'repetition'>>(
  episode: E,
  episodes: readonly E[],
  config: BenchConfiguration,
  taskOf: (e: E) => BenchTask | undefined,
): string[] {
  if (!carriesMemory(config)) return [];
  const lane = episodes.filter((e) => e.configId === episode.configId && e.repetition === episode.repetition);
  return lane.slice(lane.findIndex((e) => e.id === episode.id) + 1).flatMap((e) => {
    const task = taskOf(e);
    if (!task) return [];
    const goal = task.goal;
    return [typeof goal === 'string' ? goal : goal[task.device?.locale ?? config.locale]];
  });
}

/** Larger than any memory export a benchmark seeds from. */
export const MAX_MEMORY_SEED_BYTES = 64 * 1024 * 1024;

/**
 * A seed file on this machine (`memorySeed` of a local benchmark): a regular file of at most
 * MAX_MEMORY_SEED_BYTES.
 * @throws MobaError NOT_FOUND (missing), INVALID_INPUT (not a regular file, too large)
 */
export function readMemorySeedFile(path: string): string {
  return readRegularFile(path, MAX_MEMORY_SEED_BYTES, 'memory seed file').toString('utf8');
}

export class BenchMemories {
  private readonly dir: string;
  private readonly settings: SettingsService;
  private readonly gateway: Pick<LlmGateway, 'embed'>;
  private readonly seed: (c: BenchConfiguration) => string | Promise<string>;

  /**
   * @param options.seed the seed's content for a `seeded` configuration (default: its `memorySeed`
   *   file on this machine; a sweep worker gets the content from the coordinator instead)
   */
  constructor(options: {
    dir: string;
    settings: SettingsService;
    gateway: Pick<LlmGateway, 'embed'>;
    seed?: (c: BenchConfiguration) => string | Promise<string>;
  }) {
    this.dir = options.dir;
    this.settings = options.settings;
    this.gateway = options.gateway;
    this.seed = options.seed ?? ((c) => readMemorySeedFile(c.memorySeed ?? ''));
  }

  /**
   * The memory of one episode attempt, or null when the configuration uses none.
   * @throws MobaError MEMORY_IMPORT_INVALID (a bad seed), NOT_FOUND / INVALID_INPUT (a seed that cannot be read)
   */
  async forEpisode(
    c: BenchConfiguration,
    episode: { id: string; repetition: number },
    attempt: number,
  ): Promise<EpisodeMemory | null> {
    if (!c.useMemory || isPseudoAgent(c.agent)) return null;
    mkdirSync(this.dir, { recursive: true });
    const carried = c.memory === 'carried';
    const path = join(
      this.dir,
      carried ? `${fileName(c.id!)}-r${episode.repetition}.sqlite` : `${fileName(episode.id)}-a${attempt}.sqlite`,
    );
    // A fresh memory for every attempt of a cold or seeded episode (an interrupted one may have written).
    if (!carried) for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    const db = openDatabase({ path });
    const service = new MemoryService({ db, embedder: settingsEmbedder(this.settings, this.gateway) });
    const close = () => {
      service.dispose();
      db.close();
    };
    try {
      if (c.memory === 'seeded') {
        if (!c.memorySeed)
          throw new MobaError('INVALID_INPUT', `Configuration ${c.id} is seeded but names no memorySeed`);
        service.importJson(await this.seed(c));
      }
    } catch (error) {
      close();
      throw error;
    }
    return {
      memory: agentMemory(service),
      strategyMemory: strategyMemory(service),
      path,
      userFacts: userFacts(service),
      close,
    };
  }
}
