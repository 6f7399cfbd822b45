import { MobaError } from '../../shared/errors.ts';
import type { SettingsView } from '../../shared/contract/app.ts';
import {
  MODEL_ROLES,
  SETTINGS_SECTIONS as SECTIONS,
  Settings,
  SettingsPatch,
  defaultSettings,
} from '../../shared/schemas/settings.ts';
import type { KeyStatus, ModelEndpoint, ModelRole, SettingsSection } from '../../shared/schemas/settings.ts';
import type { Db } from '../store/database.ts';
import { assertApprovalRules } from './approval-rules.ts';
import { Emitter } from '@moba/base';
import type { SecretStore } from './secrets.ts';
import { KeyBindings, originOf } from './key-bindings.ts';
import type { KeyBinding } from './key-bindings.ts';
import { assertRemoteMayWrite } from './remote-policy.ts';
import type { SettingsWriter } from './remote-policy.ts';

export type KeyName = 'default' | ModelRole;

/** Roles with no fallback to the default endpoint (the embedder too). */
const VOICE_ROLES: ReadonlySet<ModelRole> = new Set(['transcriber', 'speaker']);

/** `MOBA_PLANNER_API_KEY`, `MOBA_APP_SELECTOR_API_KEY`, … */
export function roleKeyVariable(role: KeyName): string {
  return `MOBA_${role.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_API_KEY`;
}

export interface SettingsServiceOptions {
  db: Db;
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
}

/**
 * Settings in SQLite, one JSON row per section, validated on read and write. A stored section
 * that no longer validates (hand-edited, older version) falls back to its defaults and the
 * problem is reported once, instead of breaking start-up.
 */
export class SettingsService {
  private readonly db: Db;
  private readonly secrets: SecretStore;
  private readonly env: NodeJS.ProcessEnv;
  private readonly onDidChangeEmitter = new Emitter<SettingsView>();
  readonly onDidChange = this.onDidChangeEmitter.event;
  readonly problems: string[] = [];
  private cache: Settings | undefined;
  private readonly bindings: KeyBindings;
  private dataVersion = -1;

  constructor(options: SettingsServiceOptions) {
    this.db = options.db;
    this.secrets = options.secrets;
    this.env = options.env ?? process.env;
    this.bindings = new KeyBindings(options.db);
    // Keys seen for the first time belong to the endpoints saved now, before any client connects.
    this.bindKeys({ onlyUnbound: true });
    // Read again on first use: a caller may still change the rows before then (and problems are reported once).
    this.cache = undefined;
    this.problems.length = 0;
  }

  get(): Settings {
    if (this.cache && !this.changedElsewhere()) return this.cache;
    const before = this.cache;
    const next = this.read();
    // Another process on the data folder (`moba settings set` beside `moba serve`) changed them: tell listeners.
    if (before && JSON.stringify(before) !== JSON.stringify(next))
      queueMicrotask(() => this.onDidChangeEmitter.fire(this.view()));
    return next;
  }

  /** SQLite's data_version moves when another connection commits (a cheap check, no query of the rows). */
  private changedElsewhere(): boolean {
    const version = this.db.pragma('data_version', { simple: true }) as number;
    if (version === this.dataVersion) return false;
    this.dataVersion = version;
    return true;
  }

  private problem(message: string): void {
    if (!this.problems.includes(message)) this.problems.push(message);
  }

  private read(): Settings {
    this.dataVersion = this.db.pragma('data_version', { simple: true }) as number;
    const defaults = defaultSettings();
    const rows = this.db.prepare<[], { section: string; value: string }>('SELECT section, value FROM settings').all();
    const stored = new Map(rows.map((r) => [r.section, r.value]));
    const out = { ...defaults } as Record<SettingsSection, unknown>;
    for (const section of SECTIONS) {
      const raw = stored.get(section);
      if (raw === undefined) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        this.problem(`Stored settings section "${section}" is not JSON; using defaults.`);
        continue;
      }
      const merged =
        section === 'models'
          ? { ...defaults.models, ...(value as object) }
          : { ...(defaults[section] as object), ...(value as object) };
      const parsed = Settings.shape[section].safeParse(merged);
      if (parsed.success) out[section] = parsed.data;
      else
        this.problem(
          `Stored settings section "${section}" is invalid (${parsed.error.issues[0]?.message ?? 'unknown'}); using defaults.`,
        );
    }
    this.cache = out as Settings;
    return this.cache;
  }

  view(): SettingsView {
    return { settings: this.get(), keys: this.keyStatus(), canStoreKeys: this.secrets.canStore };
  }

  /**
   * @param writer `remote` (a web client) may not change host-only fields (remote-policy.ts) and
   *   does not move keys: an endpoint it saves on another origin gets no key.
   * @throws MobaError INVALID_INPUT when the merged result does not validate; UNAUTHORIZED when
   *   a remote writer changes a host-only field
   */
  update(patchInput: unknown, writer: SettingsWriter = 'local'): SettingsView {
    const parsedPatch = SettingsPatch.safeParse(patchInput);
    if (!parsedPatch.success)
      throw new MobaError(
        'INVALID_INPUT',
        `Invalid settings: ${parsedPatch.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const patch = parsedPatch.data;
    const current = this.get();
    const next = { ...current } as Record<SettingsSection, unknown>;
    const changed: SettingsSection[] = [];
    for (const section of SECTIONS) {
      const part = patch[section];
      if (part === undefined) continue;
      const merged = { ...(current[section] as object), ...part };
      const parsed = Settings.shape[section].safeParse(merged);
      if (!parsed.success) {
        throw new MobaError(
          'INVALID_INPUT',
          `Invalid ${section} settings: ${parsed.error.issues.map((i) => `${[section, ...i.path].join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      next[section] = parsed.data;
      changed.push(section);
    }
    if (patch.agent?.approvalRules) assertApprovalRules((next as Settings).agent.approvalRules, 'agent.approvalRules');
    if (writer === 'remote') assertRemoteMayWrite(current, next as Settings);
    this.write(next as Settings, changed);
    if (changed.includes('models'))
      this.afterModelsWritten(current, writer, Object.keys(patch.models ?? {}) as Array<'default' | ModelRole>);
    return this.view();
  }

  /**
   * A local writer binds the keys of the roles it saved (and of the roles falling back to a
   * default it saved), never another role's; a remote one's new origins are marked as such.
   * @param saved the endpoints the write named (`default` and roles)
   */
  private afterModelsWritten(
    before: Settings,
    writer: SettingsWriter,
    saved: ReadonlyArray<'default' | ModelRole>,
  ): void {
    if (writer === 'local') {
      const own = (role: ModelRole) => this.get().models[role] != null || role === 'embedder' || VOICE_ROLES.has(role);
      const roles = MODEL_ROLES.filter((role) => saved.includes(role) || (saved.includes('default') && !own(role)));
      if (roles.length) this.bindKeys({ roles });
      return;
    }
    const marks: Partial<Record<ModelRole, string>> = {};
    for (const role of MODEL_ROLES) {
      const was = originOf(this.endpointIn(before, role)?.baseUrl);
      const now = originOf(this.endpointFor(role)?.baseUrl);
      if (now && now !== was) marks[role] = now;
    }
    if (Object.keys(marks).length) this.bindings.markRemote(marks);
  }

  private endpointIn(settings: Settings, role: ModelRole): ModelEndpoint | null {
    return role === 'embedder' ? settings.models.embedder : (settings.models[role] ?? settings.models.default);
  }

  /** @throws MobaError UNAUTHORIZED when a remote writer's reset would change a host-only field */
  reset(section?: SettingsSection, writer: SettingsWriter = 'local'): SettingsView {
    const defaults = defaultSettings();
    const current = this.get();
    const next = { ...current } as Record<SettingsSection, unknown>;
    const sections = section ? [section] : SECTIONS;
    for (const s of sections) next[s] = defaults[s];
    if (writer === 'remote') assertRemoteMayWrite(current, next as Settings);
    this.write(next as Settings, sections);
    if (sections.includes('models')) this.afterModelsWritten(current, writer, ['default', ...MODEL_ROLES]);
    return this.view();
  }

  private write(next: Settings, sections: SettingsSection[]): void {
    const stmt = this.db.prepare(
      'INSERT INTO settings (section, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(section) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    );
    const now = Date.now();
    this.db.transaction(() => {
      for (const s of sections) stmt.run(s, JSON.stringify(next[s]), now);
    })();
    this.cache = next;
    if (sections.length > 0) this.onDidChangeEmitter.fire(this.view());
  }

  /** The endpoint a role uses: its own, else the default (the embedder and the voice roles have no fallback). */
  endpointFor(role: ModelRole): ModelEndpoint | null {
    const models = this.get().models;
    if (role === 'embedder' || role === 'transcriber' || role === 'speaker') return models[role];
    return models[role] ?? models.default;
  }

  /**
   * The key for a role: a stored (encrypted) role key, `MOBA_<ROLE>_API_KEY`, the endpoint's
   * own `apiKeyEnv`, the stored default key, then `OPENAI_API_KEY` — only when the request goes
   * to the origin the key is bound to (see key-bindings.ts).
   * @param baseUrl where the request goes; default the role's saved endpoint
   */
  apiKeyFor(role: ModelRole, baseUrl?: string): string | undefined {
    const r = this.resolveKey(role);
    if (!r.value) return undefined;
    const binding = this.bindings.get(role);
    const target = originOf(baseUrl ?? this.endpointFor(role)?.baseUrl);
    return binding && target === binding.origin && binding.source === r.ref ? r.value : undefined;
  }

  /** The origin a role's key is kept for, when it has a key (for messages: "kept for …"). */
  keyOriginFor(role: ModelRole): string | null {
    return this.resolveKey(role).value ? (this.bindings.get(role)?.origin ?? null) : null;
  }

  /**
   * Binds each role's key to the origin of its saved endpoint: what the desktop app, the local
   * CLI (`moba settings bind-keys`) and storing a key do. `onlyUnbound` (every start) binds keys
   * seen for the first time, but never to an endpoint a web client saved. A role whose key this
   * process cannot see (stored by the desktop app, seen from the CLI) keeps its binding.
   */
  bindKeys(options: { onlyUnbound?: boolean; roles?: readonly ModelRole[]; keepRemote?: boolean } = {}): void {
    const roles = options.roles ?? MODEL_ROLES;
    const changes: Partial<Record<ModelRole, KeyBinding>> = {};
    for (const role of roles) {
      const current = this.bindings.get(role);
      if (options.onlyUnbound && current) continue;
      const r = this.resolveKey(role);
      const origin = originOf(this.endpointFor(role)?.baseUrl);
      if (!r.value || !r.ref || !origin) continue;
      if ((options.onlyUnbound || options.keepRemote) && this.bindings.remoteOrigin(role) === origin) continue;
      if (origin !== current?.origin || r.ref !== current?.source) changes[role] = { origin, source: r.ref };
    }
    if (Object.keys(changes).length) this.bindings.set(changes);
    if (!options.onlyUnbound && !options.keepRemote) this.bindings.clearRemote(options.roles);
  }

  keyStatus(): KeyStatus[] {
    return MODEL_ROLES.map((role) => {
      const r = this.resolveKey(role);
      const status: KeyStatus = { role, source: r.source };
      if (r.variable) status.variable = r.variable;
      const binding = r.value ? this.bindings.get(role) : undefined;
      if (binding) {
        status.keptFor = binding.origin;
        status.sentToEndpoint =
          binding.source === r.ref && binding.origin === originOf(this.endpointFor(role)?.baseUrl);
      }
      return status;
    });
  }

  /** Stores (or, with an empty key, deletes) a key; it is bound to the endpoints saved now. */
  setApiKey(name: KeyName, key: string): SettingsView {
    if (!this.secrets.canStore)
      throw new MobaError(
        'CONFLICT',
        'Keys can only be stored in the desktop app. Set an environment variable (e.g. OPENAI_API_KEY or ' +
          roleKeyVariable(name) +
          ') before starting the host.',
      );
    const ref = `stored:${name}`;
    const had = MODEL_ROLES.filter((role) => this.bindings.get(role)?.source === ref);
    if (key.trim() === '') this.secrets.delete(`apiKey.${name}`);
    else this.secrets.set(`apiKey.${name}`, key.trim());
    // The roles that used or now use this key; an endpoint a web client saved waits for `moba settings bind-keys`.
    const roles = MODEL_ROLES.filter((role) => had.includes(role) || this.resolveKey(role).ref === ref);
    this.bindKeys({ roles, keepRemote: true });
    const view = this.view();
    this.onDidChangeEmitter.fire(view);
    return view;
  }

  /** The key, where it comes from, and `ref`, the identity a binding records (`stored:planner`, `env:OPENAI_API_KEY`). */
  private resolveKey(role: ModelRole): {
    value?: string;
    source: KeyStatus['source'];
    variable?: string;
    ref?: string;
  } {
    const stored = this.secrets.get(`apiKey.${role}`);
    if (stored) return { value: stored, source: 'safeStorage', ref: `stored:${role}` };
    const candidates: string[] = [roleKeyVariable(role)];
    const endpoint = this.endpointFor(role);
    if (endpoint?.apiKeyEnv) candidates.push(endpoint.apiKeyEnv);
    for (const variable of candidates) {
      const v = this.env[variable];
      if (v) return { value: v, source: 'env', variable, ref: `env:${variable}` };
    }
    const storedDefault = this.secrets.get('apiKey.default');
    if (storedDefault) return { value: storedDefault, source: 'safeStorage', ref: 'stored:default' };
    const v = this.env.OPENAI_API_KEY;
    if (v) return { value: v, source: 'env', variable: 'OPENAI_API_KEY', ref: 'env:OPENAI_API_KEY' };
    return { source: 'none' };
  }

  dispose(): void {
    this.onDidChangeEmitter.dispose();
  }
}
