/**
 * Which origin each role's API key may be sent to. A key belongs to the endpoint it was saved
 * for: it is bound to that endpoint's origin (scheme, host and port) and to where the key comes
 * from (a stored key, or the environment variable it is read from). A request to any other
 * origin — an unsaved draft, a run's override, an endpoint a web client saved — goes without it.
 *
 * Bindings live in the `settings` table under the `key_bindings` row (not a settings section:
 * no client reads or writes it through the contract). They are made when a key is first seen,
 * and moved only by the machine's own user, one role at a time: saving a role's endpoint in the
 * desktop app or with `moba settings set` binds that role (never another), storing a key binds
 * the roles that use it, and `moba settings bind-keys` binds every role.
 */
import type { Db } from '../store/database.ts';
import { MODEL_ROLES } from '../../shared/schemas/settings.ts';
import type { ModelRole } from '../../shared/schemas/settings.ts';

const ROW = 'key_bindings';
/** Endpoints a web client saved, per role: never bound to a key without a local confirmation. */
const REMOTE_ROW = 'key_remote_endpoints';

export interface KeyBinding {
  /** `https://api.openai.com`, as `URL.origin` gives it. */
  origin: string;
  /** `stored:<name>` or `env:<VARIABLE>`. */
  source: string;
}

/** The origin of a base URL, or null when it is not a URL. */
export function originOf(baseUrl: string | undefined | null): string | null {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/**
 * Read from the database on every call (a row lookup): another process on the data folder —
 * `moba settings bind-keys` beside a running `moba serve` — may have moved a binding.
 */
export class KeyBindings {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  private read(row: string): Record<string, unknown> {
    const r = this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE section = ?').get(row);
    try {
      const v: unknown = r ? JSON.parse(r.value) : {};
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  private write(row: string, value: unknown): void {
    this.db
      .prepare(
        'INSERT INTO settings (section, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(section) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      )
      .run(row, JSON.stringify(value), Date.now());
  }

  all(): Partial<Record<ModelRole, KeyBinding>> {
    const parsed = this.read(ROW);
    const out: Partial<Record<ModelRole, KeyBinding>> = {};
    for (const role of MODEL_ROLES) {
      const b = parsed[role] as Partial<KeyBinding> | undefined;
      if (b && typeof b.origin === 'string' && typeof b.source === 'string')
        out[role] = { origin: b.origin, source: b.source };
    }
    return out;
  }

  /** The origin a web client last saved for a role's endpoint, until the machine's user confirms it. */
  remoteOrigin(role: ModelRole): string | undefined {
    const v = this.read(REMOTE_ROW)[role];
    return typeof v === 'string' ? v : undefined;
  }

  markRemote(changes: Partial<Record<ModelRole, string>>): void {
    this.write(REMOTE_ROW, { ...this.read(REMOTE_ROW), ...changes });
  }

  /** Forgets the marks of these roles (every role's when none are given): the machine's user confirmed them. */
  clearRemote(roles?: readonly ModelRole[]): void {
    if (!roles) return this.write(REMOTE_ROW, {});
    const next = this.read(REMOTE_ROW);
    for (const role of roles) delete next[role];
    this.write(REMOTE_ROW, next);
  }

  get(role: ModelRole): KeyBinding | undefined {
    return this.all()[role];
  }

  /** Sets (or, with `undefined`, removes) the bindings given; others are kept. */
  set(changes: Partial<Record<ModelRole, KeyBinding | undefined>>): void {
    const next = { ...this.all() };
    for (const [role, b] of Object.entries(changes) as Array<[ModelRole, KeyBinding | undefined]>) {
      if (b) next[role] = b;
      else delete next[role];
    }
    this.write(ROW, next);
  }
}
