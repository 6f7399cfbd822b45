/**
 * The memory editor's fields, derived from the memory schemas themselves (`KIND_FIELDS`): text
 * fields, choices, lists of lines, and structured values (route steps) as JSON.
 */
import { KIND_FIELDS } from '../../../shared/schemas/memory.ts';
import type { MemoryItem, MemoryKind } from '../../../shared/schemas/memory.ts';

export type MemoryField =
  | { name: string; kind: 'text'; optional: boolean; multiline: boolean }
  | { name: string; kind: 'enum'; optional: boolean; options: string[] }
  | { name: string; kind: 'lines'; optional: boolean }
  | { name: string; kind: 'json'; optional: boolean };

interface ZodLike {
  def: {
    type: string;
    innerType?: ZodLike;
    element?: ZodLike;
    checks?: Array<{ _zod?: { def?: { check?: string; maximum?: number } } }>;
  };
  options?: readonly string[];
  maxLength?: number | null;
}

function unwrap(s: ZodLike): { inner: ZodLike; optional: boolean } {
  let optional = false;
  let cur = s;
  for (let i = 0; i < 5 && cur.def.innerType; i++) {
    if (cur.def.type === 'optional' || cur.def.type === 'default') optional = true;
    cur = cur.def.innerType;
  }
  return { inner: cur, optional };
}

/** The editable fields of a kind, in schema order. */
export function memoryFields(kind: MemoryKind): MemoryField[] {
  const shape = KIND_FIELDS[kind] as unknown as Record<string, ZodLike>;
  return Object.entries(shape).map(([name, schema]): MemoryField => {
    const { inner, optional } = unwrap(schema);
    if (inner.def.type === 'enum') return { name, kind: 'enum', optional, options: [...(inner.options ?? [])] };
    if (inner.def.type === 'array') {
      const el = inner.def.element ? unwrap(inner.def.element).inner : undefined;
      return el?.def.type === 'string' ? { name, kind: 'lines', optional } : { name, kind: 'json', optional };
    }
    if (inner.def.type === 'string') {
      const max = inner.maxLength ?? 0;
      return { name, kind: 'text', optional, multiline: max > 1_000 };
    }
    return { name, kind: 'json', optional };
  });
}

/** Form text for each field of an item. */
export function formValues(item: MemoryItem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of memoryFields(item.kind)) {
    const v = (item as Record<string, unknown>)[f.name];
    if (v === undefined || v === null) out[f.name] = '';
    else if (f.kind === 'lines') out[f.name] = (v as string[]).join('\n');
    else if (f.kind === 'json') out[f.name] = JSON.stringify(v, null, 2);
    else out[f.name] = String(v);
  }
  return out;
}

/**
 * The patch for `updateMemory` from form text: changed fields only, empty optional fields
 * removed (null), lists split into lines, JSON parsed.
 * @returns the patch, or an error naming the field
 */
export function patchFrom(
  kind: MemoryKind,
  before: Record<string, string>,
  values: Record<string, string>,
): { ok: true; patch: Record<string, unknown> } | { ok: false; error: string } {
  const patch: Record<string, unknown> = {};
  for (const f of memoryFields(kind)) {
    const v = values[f.name] ?? '';
    if (v === (before[f.name] ?? '')) continue;
    if (v.trim() === '') {
      if (!f.optional) return { ok: false, error: `${f.name} cannot be empty` };
      patch[f.name] = null;
      continue;
    }
    if (f.kind === 'lines')
      patch[f.name] = v
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else if (f.kind === 'json') {
      try {
        patch[f.name] = JSON.parse(v);
      } catch (e) {
        return { ok: false, error: `${f.name}: not valid JSON (${(e as Error).message})` };
      }
    } else patch[f.name] = v;
  }
  return { ok: true, patch };
}

/** One line that says what a memory is, for lists. */
export function memoryTitle(item: MemoryItem): string {
  switch (item.kind) {
    case 'user':
      return item.text;
    case 'app':
      return `${item.name} — ${item.description}`;
    case 'page':
      return `${item.activity}: ${item.description}`;
    case 'action':
      return `${item.action} for “${item.goal}” (${item.outcome})`;
    case 'route':
      return `${item.goal} — ${item.steps.length} step${item.steps.length === 1 ? '' : 's'}`;
    case 'answer':
    case 'thought':
    case 'reflection':
      return `${item.goal}: ${item.text}`;
    case 'task':
      return item.goal;
    case 'tips':
      return `${item.tips.length} tip${item.tips.length === 1 ? '' : 's'}: ${item.tips[0] ?? ''}`;
    case 'shortcut':
      return `${item.name}(${item.arguments.join(', ')}) — ${item.description}`;
  }
}

export const KIND_LABEL: Record<MemoryKind, string> = {
  task: 'Task nodes',
  action: 'Actions',
  route: 'Routes',
  answer: 'Answers',
  thought: 'Thoughts',
  reflection: 'Reflections',
  user: 'User',
  app: 'Apps',
  page: 'App pages',
  tips: 'Tips',
  shortcut: 'Shortcuts',
};
