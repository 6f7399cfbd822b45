import { z } from 'zod';
import { defineMethod } from './define.ts';
import {
  ImportSummary,
  MemoryChange,
  MemoryDraft,
  MemoryId,
  MemoryItem,
  MemoryKind,
  MemoryListQuery,
  MemoryPage,
  MemoryPatch,
  MemoryStats,
  PackageName,
  RetrievalPurpose,
  RetrievalResult,
  RetrievalWeights,
} from '../schemas/memory.ts';

/** The memory editor: list/search, read, create, edit, delete, import/export, preview retrieval. */
export const memoryMethods = {
  listMemories: defineMethod({
    summary: 'A page of memories, newest first, filtered by kind/outcome/app/source/run and full-text search.',
    input: MemoryListQuery,
    output: MemoryPage,
  }),
  getMemory: defineMethod({
    summary: 'One memory by id.',
    input: z.object({ id: MemoryId }).strict(),
    output: MemoryItem,
  }),
  createMemory: defineMethod({
    summary: 'Create a memory of any kind (source "manual"); an id is generated when none is given.',
    input: z.object({ memory: MemoryDraft }).strict(),
    output: MemoryItem,
  }),
  updateMemory: defineMethod({
    summary: "Change a memory's fields (not its kind, id, source or creation time); null clears an optional field.",
    input: z.object({ id: MemoryId, patch: MemoryPatch }).strict(),
    output: MemoryItem,
  }),
  deleteMemories: defineMethod({
    summary: 'Delete memories (and their embeddings); returns how many existed.',
    input: z.object({ ids: z.array(MemoryId).min(1).max(10_000) }).strict(),
    output: z.object({ deleted: z.number().int().min(0) }),
  }),
  importMemories: defineMethod({
    summary: 'Import a memory file (its JSON text) in one transaction: all or nothing; re-importing adds nothing.',
    input: z.object({ text: z.string().max(512 * 1024 * 1024) }).strict(),
    output: ImportSummary,
  }),
  exportMemories: defineMethod({
    summary: 'All memories (or some kinds) as the text of a memory file.',
    input: z
      .object({ kinds: z.array(MemoryKind).min(1).max(20).optional(), description: z.string().max(4_000).optional() })
      .strict(),
    output: z.object({ text: z.string(), count: z.number().int().min(0) }),
  }),
  setMemoryTrust: defineMethod({
    summary:
      "A person's verdict on memories, by id or on everything one run wrote: quarantined keeps them out of every prompt (false releases them); approved marks them person-approved (false withdraws it). Returns how many changed.",
    input: z
      .object({
        ids: z.array(MemoryId).min(1).max(10_000).optional(),
        runId: z.string().min(1).max(128).optional(),
        quarantined: z.boolean().optional(),
        approved: z.boolean().optional(),
      })
      .strict(),
    output: z.object({ changed: z.number().int().min(0) }),
  }),
  previewMemoryRetrieval: defineMethod({
    summary: 'What retrieval would give for a task (purpose plan by default), with scores and reasons.',
    input: z
      .object({
        task: z.string().max(8_000),
        purpose: RetrievalPurpose.optional(),
        app: PackageName.optional(),
        k: z.number().int().min(1).max(50).optional(),
        weights: RetrievalWeights.partial().optional(),
      })
      .strict(),
    output: RetrievalResult,
  }),
  getMemoryStats: defineMethod({
    summary: 'Counts by kind and source, and how many memories the configured embedder has embedded.',
    input: z.object({}).strict(),
    output: MemoryStats,
  }),
  embedMemories: defineMethod({
    summary: 'Embed memories that have no vector for the configured embedder yet (newest first).',
    input: z.object({ max: z.number().int().min(1).max(1_000_000).optional() }).strict(),
    output: z.object({ embedded: z.number().int().min(0), remaining: z.number().int().min(0), model: z.string() }),
  }),
};

export const memoryEvents = {
  didChangeMemory: MemoryChange,
};
