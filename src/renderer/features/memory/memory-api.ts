/**
 * The memory editor's calls on the contract's memory methods, in the shapes the editor uses
 * (files as parsed JSON, export as a file object).
 */
import type { MobaClient } from '../../../shared/contract.ts';
import type {
  ImportSummary,
  MemoryChange,
  MemoryDraftInput,
  MemoryItem,
  MemoryListQuery,
  MemoryPage,
  MemoryStats,
  RetrievalPurpose,
  RetrievalResult,
} from '../../../shared/schemas/memory.ts';

export interface MemoryApi {
  list(query: MemoryListQuery): Promise<MemoryPage>;
  get(id: string): Promise<MemoryItem>;
  create(draft: MemoryDraftInput): Promise<MemoryItem>;
  update(id: string, patch: Record<string, unknown>): Promise<MemoryItem>;
  remove(ids: string[]): Promise<number>;
  /** Imports the text of a memory file (validated by main: all or nothing). */
  importText(text: string): Promise<ImportSummary>;
  /** The text of a memory file with every memory. */
  exportText(): Promise<{ text: string; count: number }>;
  preview(task: string, purpose: RetrievalPurpose): Promise<RetrievalResult>;
  stats(): Promise<MemoryStats>;
  /** Quarantine/release, approve/withdraw — the memories `ids`, or everything run `runId` wrote. @returns how many changed */
  setTrust(
    target: { ids?: string[]; runId?: string },
    change: { quarantined?: boolean; approved?: boolean },
  ): Promise<number>;
  onDidChange(listener: (change: MemoryChange) => void): () => void;
}

export function memoryApi(client: MobaClient): MemoryApi {
  return {
    list: (query) => client.listMemories(query),
    get: (id) => client.getMemory({ id }),
    create: (draft) => client.createMemory({ memory: draft }),
    update: (id, patch) => client.updateMemory({ id, patch }),
    remove: async (ids) => (await client.deleteMemories({ ids })).deleted,
    importText: (text) => client.importMemories({ text }),
    exportText: () => client.exportMemories({}),
    preview: (task, purpose) => client.previewMemoryRetrieval({ task, purpose }),
    stats: () => client.getMemoryStats(),
    setTrust: async (target, change) => (await client.setMemoryTrust({ ...target, ...change })).changed,
    onDidChange: (listener) => client.on('didChangeMemory', listener),
  };
}
