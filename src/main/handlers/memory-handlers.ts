import type { Handlers } from '../contract/router.ts';
import { memoryFileText } from '../memory/memory-file.ts';
import type { MemoryService } from '../memory/memory-service.ts';

type MemoryHandlerNames =
  | 'listMemories'
  | 'getMemory'
  | 'createMemory'
  | 'updateMemory'
  | 'deleteMemories'
  | 'importMemories'
  | 'exportMemories'
  | 'previewMemoryRetrieval'
  | 'getMemoryStats'
  | 'embedMemories'
  | 'setMemoryTrust';

export function memoryHandlers(memory: MemoryService): Pick<Handlers, MemoryHandlerNames> {
  return {
    listMemories: (q) => memory.list(q),
    getMemory: ({ id }) => memory.get(id),
    createMemory: ({ memory: draft }) => memory.create(draft, 'manual'),
    updateMemory: ({ id, patch }) => memory.update(id, patch),
    deleteMemories: ({ ids }) => ({ deleted: memory.delete(ids) }),
    importMemories: ({ text }) => memory.importJson(text),
    exportMemories: ({ kinds, description }) => {
      const file = memory.exportJson({
        ...(kinds ? { kinds } : {}),
        ...(description !== undefined ? { description } : {}),
      });
      return { text: memoryFileText(file), count: file.memories.length };
    },
    setMemoryTrust: (input) => ({ changed: memory.setTrust(input) }),
    previewMemoryRetrieval: (input, ctx) => memory.previewRetrieval(input, ctx.signal),
    getMemoryStats: () => memory.stats(),
    embedMemories: ({ max }, ctx) => memory.embedPending({ ...(max ? { max } : {}), signal: ctx.signal }),
  };
}
