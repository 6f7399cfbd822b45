/**
 * Binds the strategies' memory port (`StrategyMemory`) to the memory service: demonstrations
 * are expert routes (what the demo recorder saves), Mobile-Agent-E's Tips are one `tips` memory
 * (`tips:mobile-agent-e`, rewritten after each task, editable in the memory editor), and each
 * Shortcut is a `shortcut` memory whose id is its name.
 */
import type { Shortcut } from '../../shared/schemas/strategy.ts';
import type { StrategyMemory } from '../agent/ports.ts';
import type { MemoryService } from './memory-service.ts';
import type { MemoryItem } from '../../shared/schemas/memory.ts';
import { isApproved, provenanceOf } from '../../shared/memory-provenance.ts';

export const TIPS_ID = 'tips:mobile-agent-e';

/**
 * `approvedOnly` (the run option `approvedMemoriesOnly`): only Tips, Shortcuts and
 * demonstrations a person vouched for. Quarantined ones never reach a strategy.
 */
export function strategyMemory(memory: MemoryService, options: { approvedOnly?: boolean } = {}): StrategyMemory {
  const usable = (m: MemoryItem) => !m.quarantined && (!options.approvedOnly || isApproved(m));
  return {
    async demonstrations() {
      const page = memory.list({ kind: 'route', source: 'expert', limit: 200 });
      return page.items.flatMap((m) =>
        m.kind === 'route' && usable(m)
          ? [{ id: m.id, goal: m.goal, app: m.app ?? null, steps: m.steps, from: provenanceOf(m) }]
          : [],
      );
    },
    async tips() {
      const page = memory.list({ kind: 'tips', limit: 1 });
      const item = page.items.find((m) => m.id === TIPS_ID) ?? page.items[0];
      return item && item.kind === 'tips' && usable(item)
        ? { id: item.id, tips: item.tips, from: provenanceOf(item) }
        : null;
    },
    async saveTips(tips, runId) {
      const existing = memory.list({ kind: 'tips', limit: 50 }).items.some((m) => m.id === TIPS_ID);
      // A run rewriting the Tips withdraws a person's approval of the old ones (a quarantine stays).
      if (existing) return memory.update(TIPS_ID, { tips, runId }, { byRun: true }).id;
      return memory.create({ kind: 'tips', id: TIPS_ID, tips, runId }, 'run').id;
    },
    async shortcuts() {
      const page = memory.list({ kind: 'shortcut', limit: 500, order: 'oldest' });
      return page.items.flatMap((m) => {
        if (m.kind !== 'shortcut' || !usable(m)) return [];
        const shortcut: Shortcut = {
          name: m.name,
          arguments: m.arguments,
          description: m.description,
          precondition: m.precondition,
          steps: m.steps,
        };
        return [{ id: m.id, shortcut, from: provenanceOf(m) }];
      });
    },
    async addShortcut(shortcut, runId) {
      return memory.create({ kind: 'shortcut', id: `shortcut:${shortcut.name}`, ...shortcut, runId }, 'run').id;
    },
  };
}
