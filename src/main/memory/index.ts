/** MobA's memory: task / user / app memory in SQLite, retrieval (relation + content), import/export. */
export { MemoryService } from './memory-service.ts';
export type { MemoryServiceOptions } from './memory-service.ts';
export { settingsEmbedder } from './embeddings.ts';
export type { Embedder } from './embeddings.ts';
export { agentMemory } from './agent-memory.ts';
export { strategyMemory } from './strategy-memory.ts';
export { parseMemoryFile, memoryFileText } from './memory-file.ts';
export { PROFILES, RELATION_SCORES } from './profiles.ts';
export { effectiveWeights } from './retriever.ts';
export type * from './writers.ts';
