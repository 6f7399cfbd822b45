/**
 * Turning drafts (what the agent records, what a person types, what a seed file holds) into
 * stored items: validation with paths, ids from content hashes, metadata defaults, and one
 * canonical key order so that equal items serialise to equal JSON (export round-trips are
 * byte-identical and "unchanged" is a string comparison).
 */
import { createHash, randomUUID } from 'node:crypto';
import { MobaError } from '../../shared/errors.ts';
import { KIND_FIELDS, MemoryDraft, MemoryItem } from '../../shared/schemas/memory.ts';
import type { MemoryDraftInput, MemoryKind, MemorySource } from '../../shared/schemas/memory.ts';

const META_ORDER = [
  'kind',
  'id',
  'source',
  'createdAt',
  'updatedAt',
  'runId',
  'nodeId',
  'model',
  'approvedAt',
  'quarantined',
] as const;
const META_KEYS: ReadonlySet<string> = new Set(META_ORDER);

/** The item with keys in schema order and no undefined values. */
export function canonical<T extends MemoryItem>(item: T): T {
  const src = item as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of [...META_ORDER, ...Object.keys(KIND_FIELDS[item.kind])]) {
    const v = src[k];
    if (v === undefined) continue;
    out[k] = item.kind === 'route' && k === 'steps' ? (v as Array<Record<string, unknown>>).map(canonicalStep) : v;
  }
  return out as T;
}

const STEP_ORDER = ['subGoal', 'action', 'element', 'app', 'activity', 'actionId'] as const;
function canonicalStep(step: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of STEP_ORDER) if (step[k] !== undefined) out[k] = step[k];
  return out;
}

/** The kind's own fields (no metadata), canonically ordered: what a content hash covers. */
export function contentOf(item: MemoryItem | MemoryDraft): Record<string, unknown> {
  const c = canonical({ ...item, id: 'x', source: 'run', createdAt: 0, updatedAt: 0 } as MemoryItem) as Record<
    string,
    unknown
  >;
  for (const k of META_KEYS) if (k !== 'kind' && k !== 'runId' && k !== 'nodeId') delete c[k];
  return c;
}

/** `<kind>:h<hash>`: the same content always gets the same id, so re-imports do not duplicate. */
export function contentId(draft: MemoryDraft): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(contentOf(draft)))
    .digest('hex')
    .slice(0, 24);
  return `${draft.kind}:h${hash}`;
}

/** `<kind>:<uuid>` for memories a run records (several identical actions in a run are distinct). */
export function newId(kind: MemoryKind): string {
  return `${kind}:${randomUUID()}`;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(root)';
}

/**
 * Validates one draft.
 * @throws MobaError INVALID_INPUT naming each bad field (`steps[2].action: …`).
 */
export function parseDraft(input: unknown, where = 'memory'): MemoryDraft {
  const r = MemoryDraft.safeParse(input);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
  throw new MobaError(
    'INVALID_INPUT',
    `Invalid ${where}: ${issues
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ')}`,
    { details: { issues } },
  );
}

export interface MaterializeOptions {
  /** Used when the draft names no source (and no stored item exists). */
  source: MemorySource;
  now: number;
  /** Stored item with the same id, if any: its metadata fills what the draft leaves out. */
  existing?: MemoryItem | undefined;
  /** Id for a draft without one; default: the content hash. */
  id?: string;
}

/**
 * A full item from a draft. Metadata the draft omits comes from the stored item with the same
 * id (so re-importing a seed without timestamps changes nothing), else from the defaults.
 */
export function materialize(draft: MemoryDraft, options: MaterializeOptions): MemoryItem {
  const id = draft.id ?? options.id ?? contentId(draft);
  const existing = options.existing;
  const sameContent =
    existing !== undefined &&
    existing.kind === draft.kind &&
    JSON.stringify(contentOf(existing)) === JSON.stringify(contentOf(draft));
  const item = {
    ...draft,
    id,
    source: draft.source ?? existing?.source ?? options.source,
    createdAt: draft.createdAt ?? existing?.createdAt ?? options.now,
    updatedAt: draft.updatedAt ?? (sameContent ? existing.updatedAt : options.now),
    // A person's approval holds for the content they saw, not for what a run writes over it; a
    // quarantine holds until a person releases it (a run rewriting the text must not lift it).
    approvedAt: draft.approvedAt ?? (sameContent ? existing.approvedAt : undefined),
    quarantined: draft.quarantined ?? existing?.quarantined,
  };
  // The draft was validated (parseDraft / parseMemoryFile) and the metadata filled here is valid.
  return canonical(item as MemoryItem);
}

/** JSON text of a canonical item: what the database stores and compares. */
export function serializeItem(item: MemoryItem): string {
  return JSON.stringify(canonical(item));
}

/**
 * Applies an editor patch to a stored item and validates the result against the kind.
 * @throws MobaError INVALID_INPUT for metadata keys, unknown fields or invalid values.
 */
export function applyPatch(item: MemoryItem, patch: Record<string, unknown>, now: number): MemoryItem {
  for (const key of Object.keys(patch)) {
    if (META_KEYS.has(key) && key !== 'runId' && key !== 'nodeId')
      throw new MobaError('INVALID_INPUT', `"${key}" cannot be changed; change the memory's fields instead.`);
  }
  const merged: Record<string, unknown> = { ...item, ...patch, updatedAt: now };
  // null in a patch clears an optional field.
  for (const [k, v] of Object.entries(patch)) if (v === null) delete merged[k];
  const r = MemoryItem.safeParse(merged);
  if (!r.success) {
    const issues = r.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
    throw new MobaError(
      'INVALID_INPUT',
      `Invalid change to ${item.id}: ${issues
        .slice(0, 5)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}`,
      { details: { issues } },
    );
  }
  return canonical(r.data);
}

export type { MemoryDraftInput };
