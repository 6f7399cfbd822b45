/**
 * Binds the strategies' memory port (`StrategyMemory`) to the memory service: demonstrations
 * are expert routes (what the demo recorder saves), Mobile-Agent-E's Tips are one `tips` memory
 * (`tips:mobile-agent-e`, rewritten after each task, editable in the memory editor), and each
 * Shortcut is a `shortcut` memory whose id is its name.
 */
import type { Shortcut } from '../../shared/schemas/strategy.ts';
import type { StrategyMemory } from '../agent/strategies/common/kit.ts';
import type { MemoryService } from './memory-service.ts';

export const TIPS_ID = 'tips:mobile-agent-e';

export function strategyMemory(memory: MemoryService): StrategyMemory {
  return {
    async demonstrations() {
      const page = memory.list({ kind: 'route', source: 'expert', limit: 200 });
      return page.items.flatMap((m) => (m.kind === 'route' ? [{ id: m.id, goal: m.goal, app: m.app ?? null, steps: m.steps }] : []));
    },
    async tips() {
      const page = memory.list({ kind: 'tips', limit: 1 });
      const item = page.items.find((m) => m.id === TIPS_ID) ?? page.items[0];
      return item && item.kind === 'tips' ? { id: item.id, tips: item.tips } : null;
    },
    async saveTips(tips, runId) {
      const existing = memory.list({ kind: 'tips', limit: 50 }).items.some((m) => m.id === TIPS_ID);
      if (existing) return memory.update(TIPS_ID, { tips }).id;
      return memory.create({ kind: 'tips', id: TIPS_ID, tips, runId }, 'run').id;
    },
    async shortcuts() {
      const page = memory.list({ kind: 'shortcut', limit: 500, order: 'oldest' });
      return page.items.flatMap((m) => {
        if (m.kind !== 'shortcut') return [];
        const shortcut: Shortcut = { name: m.name, arguments: m.arguments, description: m.description, precondition: m.precondition, steps: m.steps };
        return [{ id: m.id, shortcut }];
      });
    },
    async addShortcut(shortcut, runId) {
      return memory.create({ kind: 'shortcut', id: `shortcut:${shortcut.name}`, ...shortcut, runId }, 'run').id;
    },
  };
}
