import { MobaError } from '../../shared/errors.ts';
import type { SettingsView } from '../../shared/contract/app.ts';
import {
  AdbSettings, AgentSettings, MirrorSettings, ModelSettings, MODEL_ROLES, SimulatorSettings, UiSettings, defaultSettings,
  SettingsPatch,
} from '../../shared/schemas/settings.ts';
import { VoiceSettings } from '../../shared/schemas/voice.ts';
import type { KeyStatus, ModelEndpoint, ModelRole, Settings, SettingsSection } from '../../shared/schemas/settings.ts';
import type { Db } from '../store/database.ts';
import { Emitter } from '@moba/base';
import type { SecretStore } from './secrets.ts';

const SECTION_SCHEMAS = {
  models: ModelSettings,
  agent: AgentSettings,
  adb: AdbSettings,
  mirror: MirrorSettings,
  simulator: SimulatorSettings,
  ui: UiSettings,
  voice: VoiceSettings,
} as const;

const SECTIONS = Object.keys(SECTION_SCHEMAS) as SettingsSection[];

export type KeyName = 'default' | ModelRole;

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

  constructor(options: SettingsServiceOptions) {
    this.db = options.db;
    this.secrets = options.secrets;
    this.env = options.env ?? process.env;
  }

  get(): Settings {
    if (this.cache) return this.cache;
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
        this.problems.push(`Stored settings section "${section}" is not JSON; using defaults.`);
        continue;
      }
      const merged = section === 'models' ? { ...defaults.models, ...(value as object) } : { ...(defaults[section] as object), ...(value as object) };
      const parsed = SECTION_SCHEMAS[section].safeParse(merged);
      if (parsed.success) out[section] = parsed.data;
      else this.problems.push(`Stored settings section "${section}" is invalid (${parsed.error.issues[0]?.message ?? 'unknown'}); using defaults.`);
    }
    this.cache = out as Settings;
    return this.cache;
  }

  view(): SettingsView {
    return { settings: this.get(), keys: this.keyStatus(), canStoreKeys: this.secrets.canStore };
  }

  /** @throws MobaError INVALID_INPUT when the merged result does not validate. */
  update(patchInput: unknown): SettingsView {
    const parsedPatch = SettingsPatch.safeParse(patchInput);
    if (!parsedPatch.success) throw new MobaError('INVALID_INPUT', `Invalid settings: ${parsedPatch.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const patch = parsedPatch.data;
    const current = this.get();
    const next = { ...current } as Record<SettingsSection, unknown>;
    const changed: SettingsSection[] = [];
    for (const section of SECTIONS) {
      const part = patch[section];
      if (part === undefined) continue;
      const merged = { ...(current[section] as object), ...part };
      const parsed = SECTION_SCHEMAS[section].safeParse(merged);
      if (!parsed.success) {
        throw new MobaError('INVALID_INPUT', `Invalid ${section} settings: ${parsed.error.issues.map((i) => `${[section, ...i.path].join('.')}: ${i.message}`).join('; ')}`);
      }
      next[section] = parsed.data;
      changed.push(section);
    }
    this.write(next as Settings, changed);
    return this.view();
  }

  reset(section?: SettingsSection): SettingsView {
    const defaults = defaultSettings();
    const next = { ...this.get() } as Record<SettingsSection, unknown>;
    const sections = section ? [section] : SECTIONS;
    for (const s of sections) next[s] = defaults[s];
    this.write(next as Settings, sections);
    return this.view();
  }

  private write(next: Settings, sections: SettingsSection[]): void {
    const stmt = this.db.prepare('INSERT INTO settings (section, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(section) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at');
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
   * own `apiKeyEnv`, the stored default key, then `OPENAI_API_KEY`.
   */
  apiKeyFor(role: ModelRole): string | undefined {
    return this.resolveKey(role).value;
  }

  keyStatus(): KeyStatus[] {
    return MODEL_ROLES.map((role) => {
      const r = this.resolveKey(role);
      const status: KeyStatus = { role, source: r.source };
      if (r.variable) status.variable = r.variable;
      return status;
    });
  }

  setApiKey(name: KeyName, key: string): SettingsView {
    if (!this.secrets.canStore) throw new MobaError('CONFLICT', 'Keys can only be stored in the desktop app. Set an environment variable (e.g. OPENAI_API_KEY or ' + roleKeyVariable(name) + ') before starting the host.');
    if (key.trim() === '') this.secrets.delete(`apiKey.${name}`);
    else this.secrets.set(`apiKey.${name}`, key.trim());
    const view = this.view();
    this.onDidChangeEmitter.fire(view);
    return view;
  }

  private resolveKey(role: ModelRole): { value?: string; source: KeyStatus['source']; variable?: string } {
    const stored = this.secrets.get(`apiKey.${role}`);
    if (stored) return { value: stored, source: 'safeStorage' };
    const candidates: string[] = [roleKeyVariable(role)];
    const endpoint = this.endpointFor(role);
    if (endpoint?.apiKeyEnv) candidates.push(endpoint.apiKeyEnv);
    for (const variable of candidates) {
      const v = this.env[variable];
      if (v) return { value: v, source: 'env', variable };
    }
    const storedDefault = this.secrets.get('apiKey.default');
    if (storedDefault) return { value: storedDefault, source: 'safeStorage' };
    const v = this.env.OPENAI_API_KEY;
    if (v) return { value: v, source: 'env', variable: 'OPENAI_API_KEY' };
    return { source: 'none' };
  }

  dispose(): void {
    this.onDidChangeEmitter.dispose();
  }
}
