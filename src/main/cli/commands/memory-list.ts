/**
 * `moba memory list`: memories from the store alone — no model SDK, embedder or retrieval
 * indexes are loaded, so it answers about as fast as `moba --help`.
 */
import type { Command } from 'commander';
import type { MemoryKind, MemorySource } from '../../../shared/schemas/memory.ts';
import { provenanceOf } from '../../../shared/memory-provenance.ts';
import { MemoryStore } from '../../memory/memory-store.ts';
import { summaryOf } from '../../memory/memory-text.ts';
import type { CliIo } from '../io.ts';
import { withStore } from '../read-store.ts';
import { oneLine } from '../terminal-text.ts';

export interface MemoryListOpts {
  kind?: MemoryKind;
  search?: string;
  app?: string;
  source?: MemorySource;
  run?: string;
  limit: number;
  offset: number;
  json: boolean;
}

export async function memoryList(io: CliIo, command: Command, opts: MemoryListOpts): Promise<void> {
  await withStore(command, (db) => {
    // The options are checked as they are parsed (choices, whole numbers); the values reach SQL as parameters.
    const page = new MemoryStore(db).list({
      ...(opts.kind ? { kind: opts.kind } : {}),
      ...(opts.search ? { search: opts.search } : {}),
      ...(opts.app ? { app: opts.app } : {}),
      ...(opts.source ? { source: opts.source } : {}),
      ...(opts.run ? { runId: opts.run } : {}),
      order: opts.search ? 'relevance' : 'newest',
      limit: Math.min(opts.limit, 1_000),
      offset: opts.offset,
    });
    if (opts.json) return void io.out(`${JSON.stringify(page)}\n`);
    if (!page.items.length)
      return void io.out(
        page.total
          ? 'No memories on this page.\n'
          : 'No memories. Import a seed with `moba memory import FILE` or let the agent run.\n',
      );
    // Each memory says where it came from (run, model, person) and whether it is kept out of prompts.
    for (const item of page.items)
      io.out(
        `${item.id}  ${item.source.padEnd(6)} ${oneLine(summaryOf(item))}\n      from ${oneLine(provenanceOf(item))}${item.quarantined ? ' · QUARANTINED (never in a prompt)' : ''}\n`,
      );
    if (page.total > opts.offset + page.items.length)
      io.out(`(${page.total - opts.offset - page.items.length} more; use --limit/--offset)\n`);
  });
}
