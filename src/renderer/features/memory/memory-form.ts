/**
 * The memory editor's fields, derived from the memory schemas themselves (`KIND_FIELDS`): text
 * fields, choices, lists of lines, tables for lists of flat records (a route's steps), and any
 * other structured value as JSON — plus the whole memory as JSON for the advanced view.
 */
import { KIND_FIELDS } from '../../../shared/schemas/memory.ts';
import type { MemoryItem, MemoryKind } from '../../../shared/schemas/memory.ts';
import { plural } from '../../../shared/plural.ts';
import { fieldInfo } from './memory-labels.ts';

interface FieldBase {
  name: string;
  label: string;
  hint?: string;
  optional: boolean;
}

/** A column of a table field: a text cell (or a choice). */
export type RowColumn = FieldBase & { options?: string[] };

export type MemoryField =
  | (FieldBase & { kind: 'text'; multiline: boolean })
  | (FieldBase & { kind: 'enum'; options: string[] })
  | (FieldBase & { kind: 'lines' })
  | (FieldBase & { kind: 'rows'; columns: RowColumn[] })
  | (FieldBase & { kind: 'json' });

interface ZodLike {
  def: { type: string; innerType?: ZodLike; element?: ZodLike; shape?: Record<string, ZodLike> };
  options?: readonly string[];
  maxLength?: number | null;
  shape?: Record<string, ZodLike>;
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

/** The columns of a list of objects whose every field is text or a choice; null otherwise. */
function flatColumns(kind: MemoryKind, element: ZodLike): RowColumn[] | null {
  const shape = element.shape ?? element.def.shape;
  if (element.def.type !== 'object' || !shape) return null;
  const cols: RowColumn[] = [];
  for (const [name, s] of Object.entries(shape)) {
    const { inner, optional } = unwrap(s);
    const info = fieldInfo(kind, name);
    if (inner.def.type === 'string') cols.push({ name, ...info, optional });
    else if (inner.def.type === 'enum') cols.push({ name, ...info, optional, options: [...(inner.options ?? [])] });
    else return null;
  }
  return cols;
}

/** The editable fields of a kind, in schema order, with their labels. */
export function memoryFields(kind: MemoryKind): MemoryField[] {
  const shape = KIND_FIELDS[kind] as unknown as Record<string, ZodLike>;
  return Object.entries(shape).map(([name, schema]): MemoryField => {
    const { inner, optional } = unwrap(schema);
    const base = { name, ...fieldInfo(kind, name), optional };
    if (inner.def.type === 'enum') return { ...base, kind: 'enum', options: [...(inner.options ?? [])] };
    if (inner.def.type === 'array') {
      const el = inner.def.element ? unwrap(inner.def.element).inner : undefined;
      if (el?.def.type === 'string') return { ...base, kind: 'lines' };
      const columns = el ? flatColumns(kind, el) : null;
      return columns ? { ...base, kind: 'rows', columns } : { ...base, kind: 'json' };
    }
    if (inner.def.type === 'string') return { ...base, kind: 'text', multiline: (inner.maxLength ?? 0) > 1_000 };
    return { ...base, kind: 'json' };
  });
}

/** Form text for each field of an item (tables and JSON fields as JSON text). */
export function formValues(item: MemoryItem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of memoryFields(item.kind)) {
    const v = (item as Record<string, unknown>)[f.name];
    if (v === undefined || v === null) out[f.name] = '';
    else if (f.kind === 'lines') out[f.name] = (v as string[]).join('\n');
    else if (f.kind === 'json' || f.kind === 'rows') out[f.name] = JSON.stringify(v, null, 2);
    else out[f.name] = String(v);
  }
  return out;
}

export type PatchResult = { ok: true; patch: Record<string, unknown> } | { ok: false; error: string };

/**
 * The patch for `updateMemory` from form text: changed fields only, empty optional fields
 * removed (null), lists split into lines, JSON parsed.
 * @returns the patch, or an error naming the field by its label
 */
export function patchFrom(
  kind: MemoryKind,
  before: Record<string, string>,
  values: Record<string, string>,
): PatchResult {
  const patch: Record<string, unknown> = {};
  for (const f of memoryFields(kind)) {
    const v = values[f.name] ?? '';
    if (v === (before[f.name] ?? '')) continue;
    if (v.trim() === '') {
      if (!f.optional) return { ok: false, error: `${f.label} cannot be empty` };
      patch[f.name] = null;
      continue;
    }
    if (f.kind === 'lines')
      patch[f.name] = v
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else if (f.kind === 'json' || f.kind === 'rows') {
      try {
        patch[f.name] = JSON.parse(v);
      } catch (e) {
        return { ok: false, error: `${f.label}: not valid JSON (${(e as Error).message})` };
      }
    } else patch[f.name] = v;
  }
  return { ok: true, patch };
}

/** The editable fields of an item as one JSON object (the editor's advanced view). */
export function itemJson(item: MemoryItem): string {
  const out: Record<string, unknown> = {};
  for (const f of memoryFields(item.kind)) {
    const v = (item as Record<string, unknown>)[f.name];
    if (v !== undefined) out[f.name] = v;
  }
  return JSON.stringify(out, null, 2);
}

/** The patch from the advanced view's JSON: fields that differ, a left-out optional field removed. */
export function patchFromJson(item: MemoryItem, text: string): PatchResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${(e as Error).message}` };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, error: 'The memory must be one JSON object of its fields' };
  const next = parsed as Record<string, unknown>;
  const fields = memoryFields(item.kind);
  const unknownField = Object.keys(next).find((k) => !fields.some((f) => f.name === k));
  if (unknownField) return { ok: false, error: `${unknownField} is not a field of this kind of memory` };
  const patch: Record<string, unknown> = {};
  for (const f of fields) {
    const old = (item as Record<string, unknown>)[f.name];
    if (!(f.name in next)) {
      if (old === undefined) continue;
      if (!f.optional) return { ok: false, error: `${f.label} (${f.name}) is required` };
      patch[f.name] = null;
    } else if (JSON.stringify(next[f.name]) !== JSON.stringify(old)) patch[f.name] = next[f.name];
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
      return `${item.goal} — ${plural(item.steps.length, 'step')}`;
    case 'answer':
    case 'thought':
    case 'reflection':
      return `${item.goal}: ${item.text}`;
    case 'task':
      return item.goal;
    case 'tips':
      return `${plural(item.tips.length, 'tip')}: ${item.tips[0] ?? ''}`;
    case 'shortcut':
      return `${item.name}(${item.arguments.join(', ')}) — ${item.description}`;
    case 'element':
      return `${item.element} — ${item.tap ?? item.longPress ?? item.swipe ?? item.typing ?? ''}`;
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
  element: 'Element docs',
};
