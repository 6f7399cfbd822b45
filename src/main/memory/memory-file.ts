/**
 * The import/export file (`moba-memory`, version 1): parsing with errors that name the bad
 * item's path, and the exported document. Export is deterministic — items in insertion order,
 * canonical key order, no timestamp of the export itself — so export → import → export gives
 * the same bytes.
 */
import { MobaError } from '../../shared/errors.ts';
import { MEMORY_FORMAT, MEMORY_FORMAT_VERSION, MemoryFile } from '../../shared/schemas/memory.ts';
import type { MemoryItem } from '../../shared/schemas/memory.ts';
import { formatPath } from './items.ts';

const MAX_LISTED_ISSUES = 50;

function invalid(message: string, issues: Array<{ path: string; message: string }> = []): MobaError {
  return new MobaError('MEMORY_IMPORT_INVALID', message, { details: { issues: issues.slice(0, MAX_LISTED_ISSUES) } });
}

/**
 * Parses and validates a memory file (its text, or already parsed JSON).
 * @throws MobaError MEMORY_IMPORT_INVALID with `details.issues: [{ path, message }]`; the
 *   message names the first bad paths, e.g. `memories[3].steps[0].action: Required`.
 */
export function parseMemoryFile(input: unknown): MemoryFile {
  let data = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } catch (error) {
      throw invalid(`The memory file is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid(
      `A memory file is a JSON object {"format": "${MEMORY_FORMAT}", "version": ${MEMORY_FORMAT_VERSION}, "memories": [...]}.`,
    );
  }
  const head = data as Record<string, unknown>;
  if (head.format !== MEMORY_FORMAT) {
    throw invalid(
      `Not a MobA memory file: "format" is ${JSON.stringify(head.format) ?? 'missing'}, expected "${MEMORY_FORMAT}".`,
      [{ path: 'format', message: `expected "${MEMORY_FORMAT}"` }],
    );
  }
  if (typeof head.version === 'number' && head.version > MEMORY_FORMAT_VERSION) {
    throw invalid(
      `The memory file is version ${head.version}, written by a newer MobA Studio; this one reads version ${MEMORY_FORMAT_VERSION}.`,
      [{ path: 'version', message: 'unsupported version' }],
    );
  }
  const r = MemoryFile.safeParse(data);
  if (!r.success) {
    const issues = r.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
    const shown = issues
      .slice(0, 3)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    throw invalid(
      `The memory file is invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}); nothing was imported. ${shown}`,
      issues,
    );
  }
  const seen = new Map<string, number>();
  r.data.memories.forEach((m, i) => {
    if (m.id === undefined) return;
    const first = seen.get(m.id);
    if (first !== undefined)
      throw invalid(`memories[${i}].id: "${m.id}" is also the id of memories[${first}]; nothing was imported.`, [
        { path: `memories[${i}].id`, message: `duplicate of memories[${first}]` },
      ]);
    seen.set(m.id, i);
  });
  return r.data;
}

export function memoryFileOf(items: Iterable<MemoryItem>, description?: string): MemoryFile {
  const doc: MemoryFile = {
    format: MEMORY_FORMAT,
    version: MEMORY_FORMAT_VERSION,
    ...(description !== undefined ? { description } : {}),
    memories: [],
  };
  for (const item of items) doc.memories.push(item);
  return doc;
}

/** The file's text: two-space indented JSON and a final newline. */
export function memoryFileText(doc: MemoryFile): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
