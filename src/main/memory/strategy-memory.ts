/**
 * Binds the strategies' memory port (`StrategyMemory`) to the memory service: demonstrations
 * are expert routes (what the demo recorder saves), Mobile-Agent-E's Tips are one `tips` memory
 * (`tips:mobile-agent-e`, rewritten after each task, editable in the memory editor), and each
 * Shortcut is a `shortcut` memory whose id is its name. AppAgent's element docs are `element`
 * memories, one per app and element identity (`element:<package>:<hash of the identity>`).
 */
import { createHash } from 'node:crypto';
import type { Shortcut } from '../../shared/schemas/strategy.ts';
import type { ElementDocFields, StrategyMemory } from '../agent/ports.ts';
import type { MemoryService } from './memory-service.ts';
import type { MemoryItem } from '../../shared/schemas/memory.ts';
import { isApproved, provenanceOf } from '../../shared/memory-provenance.ts';

export const TIPS_ID = 'tips:mobile-agent-e';

/** The memory id of an element's documentation: one per app and element identity. */
export function elementDocId(app: string, element: string): string {
  return `element:${app}:${createHash('sha256').update(element).digest('hex').slice(0, 20)}`;
}

function findItem(memory: MemoryService, id: string): MemoryItem | null {
  try {
    return memory.get(id);
  } catch {
    return null;
  }
}

function docFields(docs: ElementDocFields): ElementDocFields {
  const out: ElementDocFields = {};
  for (const k of ['tap', 'longPress', 'swipe', 'typing'] as const) {
    const v = docs[k]?.trim();
    if (v) out[k] = v.slice(0, 2_000);
  }
  return out;
}

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
    async elementDocs(app) {
      const page = memory.list({ kind: 'element', app, limit: 1_000, order: 'oldest' });
      return page.items.flatMap((m) =>
        m.kind === 'element' && usable(m)
          ? [
              {
                id: m.id,
                app: m.app,
                element: m.element,
                docs: docFields(m),
                from: provenanceOf(m),
              },
            ]
          : [],
      );
    },
    async saveElementDoc(doc, runId) {
      const id = elementDocId(doc.app, doc.element);
      const fields = docFields(doc.docs);
      const existing = findItem(memory, id);
      if (!existing)
        return memory.create({ kind: 'element', id, app: doc.app, element: doc.element, ...fields, runId }, 'run').id;
      // A person's own doc and a quarantined one are kept as they are; a model's is refined.
      if (existing.source !== 'run' || existing.quarantined) return id;
      return memory.update(id, { ...fields, runId }, { byRun: true }).id;
    },
  };
}
