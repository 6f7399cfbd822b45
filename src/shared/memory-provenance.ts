/**
 * Where a memory came from and whether a person vouched for it — one wording for the prompts,
 * the CLI and the memory editor. Shared (main and renderer) and dependency-free.
 */
import type { MemoryItem } from './schemas/memory.ts';

/** Written or vouched for by a person: their own memories, expert seeds, a benchmark task's user facts, run memories they approved. */
export function isApproved(item: Pick<MemoryItem, 'source' | 'approvedAt'>): boolean {
  return item.source !== 'run' || item.approvedAt !== undefined;
}

/**
 * `run 20250101-120000-ab12, gpt-4o, unreviewed` · `run …, gpt-4o, approved by a person` ·
 * `a person` · `an expert seed` · `benchmark task user facts` — what a prompt line ("from …") and the editor show beside a memory.
 */
export function provenanceOf(item: Pick<MemoryItem, 'source' | 'runId' | 'model' | 'approvedAt'>): string {
  if (item.source === 'manual') return 'a person';
  if (item.source === 'expert') return 'an expert seed';
  if (item.source === 'benchmark') return 'benchmark task user facts';
  const parts = [item.runId ? `run ${item.runId}` : 'a run'];
  if (item.model) parts.push(item.model);
  parts.push(item.approvedAt !== undefined ? 'approved by a person' : 'unreviewed');
  return parts.join(', ');
}
