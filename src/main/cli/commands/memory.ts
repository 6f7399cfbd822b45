import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import { MEMORY_KINDS, MEMORY_SOURCES, RETRIEVAL_PURPOSES } from '../../../shared/choices.ts';
import type { MemoryKind, RetrievalPurpose, RetrievalResult } from '../../../shared/schemas/memory.ts';
import type { MemoryService } from '../../memory/memory-service.ts';
import { oneLine } from '../terminal-text.ts';
import { provenanceOf } from '../../../shared/memory-provenance.ts';
import { registerMemoryTrust } from './memory-trust.ts';
import { ensurePrivateDataDir } from '../../private-files.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf, parsePositiveInt } from '../options.ts';
import type { MemoryListOpts } from './memory-list.ts';

/**
 * Opens only what memory needs (the database, settings for the embedder, the model gateway),
 * not the whole app: importing a seed file must not start device tracking.
 */
async function withMemory<T>(command: Command, fn: (memory: MemoryService) => Promise<T> | T): Promise<T> {
  const [
    { ModelGateway },
    { MemoryService },
    { settingsEmbedder },
    { dataPaths, resolveDataDir },
    { EnvSecretStore },
    { SettingsService },
    { openDatabase },
  ] = await Promise.all([
    import('../../llm/model-gateway.ts'),
    import('../../memory/memory-service.ts'),
    import('../../memory/embeddings.ts'),
    import('../../paths.ts'),
    import('../../settings/secrets.ts'),
    import('../../settings/settings-service.ts'),
    import('../../store/database.ts'),
  ]);
  const paths = dataPaths(dataDirOf(command) ?? resolveDataDir());
  ensurePrivateDataDir(paths.dataDir);
  const db = openDatabase({ path: paths.databasePath });
  const settings = new SettingsService({ db, secrets: new EnvSecretStore() });
  const gateway = new ModelGateway({ settings });
  const memory = new MemoryService({ db, embedder: settingsEmbedder(settings, gateway) });
  try {
    return await fn(memory);
  } finally {
    memory.dispose();
    gateway.dispose();
    settings.dispose();
    db.close();
  }
}

function parseNonNegative(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

function collectKinds(value: string, previous: MemoryKind[] = []): MemoryKind[] {
  const out = [...previous];
  for (const k of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(MEMORY_KINDS as readonly string[]).includes(k))
      throw new InvalidArgumentError(`unknown kind "${k}" (${MEMORY_KINDS.join(', ')})`);
    out.push(k as MemoryKind);
  }
  return out;
}

function printRetrieval(io: CliIo, r: RetrievalResult): void {
  io.out(
    `${r.items.length} memories for ${r.purpose} (${r.contentMode}${r.embedderModel ? `: ${r.embedderModel}` : ''}; ${r.candidates} candidates; ${r.tookMs} ms)\n`,
  );
  for (const w of r.warnings) io.out(`warning: ${w}\n`);
  r.items.forEach((m, i) => {
    io.out(
      `${String(i + 1).padStart(2)}. ${m.score.toFixed(3)}  [${m.kind}] ${oneLine(m.summary)}\n      ${m.id} — ${oneLine(m.why)} — from ${oneLine(provenanceOf(m.memory))}\n`,
    );
  });
}

export function registerMemory(program: Command, io: CliIo): void {
  const memory = program
    .command('memory')
    .description('task, user and app memory: import/export seeds, list, search as the agent would');
  registerFiles(memory, io);
  registerList(memory, io);
  registerRetrieval(memory, io);
  registerMemoryTrust(memory, io, withMemory);
  registerDelete(memory, io);
}

/** `moba memory import|export`: memory files (format moba-memory). */
function registerFiles(memory: Command, io: CliIo): void {
  memory
    .command('import <file>')
    .description('import a memory file (format moba-memory); all or nothing, re-importing adds nothing')
    .option('--json', 'print the summary as JSON', false)
    .action(async (file: string, opts: { json: boolean }, command: Command) => {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new MobaError(
          'NOT_FOUND',
          `Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
        );
      });
      await withMemory(command, (m) => {
        const r = m.importJson(text);
        io.out(
          opts.json
            ? `${JSON.stringify(r)}\n`
            : `Imported ${file}: ${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged (${r.total} in the file).\n`,
        );
      });
    });

  memory
    .command('export <file>')
    .description('write all memories (or some kinds) to a memory file; "-" writes to stdout')
    .option('-k, --kind <kinds>', `only these kinds, comma-separated (${MEMORY_KINDS.join(', ')})`, collectKinds)
    .option('--description <text>', 'a note for people, stored in the file')
    .action(async (file: string, opts: { kind?: MemoryKind[]; description?: string }, command: Command) => {
      await withMemory(command, async (m) => {
        const doc = m.exportJson({
          ...(opts.kind ? { kinds: opts.kind } : {}),
          ...(opts.description !== undefined ? { description: opts.description } : {}),
        });
        const { memoryFileText } = await import('../../memory/memory-file.ts');
        const text = memoryFileText(doc);
        if (file === '-') io.out(text);
        else {
          await writeFile(file, text, { mode: 0o600 });
          io.out(`Exported ${doc.memories.length} memories to ${file}.\n`);
        }
      });
    });
}

/** `moba memory list`: the store alone (`memory-list.ts`). */
function registerList(memory: Command, io: CliIo): void {
  memory
    .command('list')
    .description('memories, newest first')
    .addOption(new Option('-k, --kind <kind>', 'only this kind').choices([...MEMORY_KINDS]))
    .option('-s, --search <text>', 'full-text search (words match as prefixes), ranked by BM25')
    .option('--app <package>', 'only memories about this app')
    .addOption(new Option('--source <source>', 'only this source').choices([...MEMORY_SOURCES]))
    .option('--run <runId>', 'only memories of this run')
    .option('-n, --limit <n>', 'at most this many', parsePositiveInt, 20)
    .option('--offset <n>', 'skip this many', parseNonNegative, 0)
    .option('--json', 'print JSON ({ items, total })', false)
    .action(async (opts: MemoryListOpts, command: Command) =>
      (await import('./memory-list.ts')).memoryList(io, command, opts),
    );
}

/** `moba memory search|stats|embed`: retrieval as the agent does it, and the embedder's progress. */
function registerRetrieval(memory: Command, io: CliIo): void {
  memory
    .command('search <text>')
    .description('retrieve memories for a goal as the agent would (relations need a run, so only content is used)')
    .addOption(
      new Option('-p, --purpose <purpose>', 'which model call the memories are for')
        .choices([...RETRIEVAL_PURPOSES])
        .default('plan'),
    )
    .option('--app <package>', 'the foreground app (scopes page observations)')
    .option('--k <n>', 'how many', parsePositiveInt, 8)
    .option('--approved-only', 'only person-approved memories, as a run with "approved memories only" sees them', false)
    .option('--json', 'print the retrieval result as JSON', false)
    .action(
      async (
        text: string,
        opts: { purpose: RetrievalPurpose; app?: string; k: number; approvedOnly: boolean; json: boolean },
        command: Command,
      ) => {
        await withMemory(command, async (m) => {
          const r = await m.retrieve({
            purpose: opts.purpose,
            query: text,
            k: Math.min(opts.k, 50),
            ...(opts.app ? { app: opts.app } : {}),
            ...(opts.approvedOnly ? { approvedOnly: true } : {}),
          });
          if (opts.json) io.out(`${JSON.stringify(r)}\n`);
          else printRetrieval(io, r);
        });
      },
    );

  memory
    .command('stats')
    .description('counts by kind and source; embedding progress')
    .option('--json', 'print JSON', false)
    .action(async (opts: { json: boolean }, command: Command) => {
      await withMemory(command, (m) => {
        const s = m.stats();
        if (opts.json) {
          io.out(`${JSON.stringify(s)}\n`);
          return;
        }
        io.out(`${s.total} memories\n`);
        for (const k of MEMORY_KINDS) if (s.byKind[k]) io.out(`  ${k.padEnd(11)} ${s.byKind[k]}\n`);
        io.out(`sources: ${MEMORY_SOURCES.map((x) => `${x} ${s.bySource[x]}`).join(', ')}\n`);
        io.out(
          s.embedder.model
            ? `embedder ${s.embedder.model}: ${s.embedder.embedded} embedded, ${s.embedder.pending} pending\n`
            : 'no embedder configured: retrieval uses BM25\n',
        );
      });
    });

  memory
    .command('embed')
    .description('embed memories that have no vector for the configured embedder yet')
    .option('--max <n>', 'at most this many', parsePositiveInt)
    .action(async (opts: { max?: number }, command: Command) => {
      await withMemory(command, async (m) => {
        const r = await m.embedPending(opts.max ? { max: opts.max } : {});
        io.out(`Embedded ${r.embedded} memories with ${r.model}; ${r.remaining} remain.\n`);
      });
    });
}

function registerDelete(memory: Command, io: CliIo): void {
  memory
    .command('delete <ids...>')
    .description('delete memories by id')
    .action(async (ids: string[], _opts: unknown, command: Command) => {
      await withMemory(command, (m) => {
        const n = m.delete(ids);
        io.out(`Deleted ${n} of ${ids.length}.\n`);
        if (n < ids.length) io.exitCode = 1;
      });
    });
}
