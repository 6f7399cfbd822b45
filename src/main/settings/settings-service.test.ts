import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { SettingsService, roleKeyVariable } from './settings-service.ts';
import { EnvSecretStore } from './secrets.ts';
import type { SecretStore } from './secrets.ts';
import { methods } from '../../shared/contract.ts';
import { MobaError } from '../../shared/errors.ts';
import { SettingsPatch, defaultSettings } from '../../shared/schemas/settings.ts';

class MemorySecrets implements SecretStore {
  readonly kind = 'safeStorage' as const;
  readonly canStore = true;
  readonly values = new Map<string, string>();
  get(name: string) {
    return this.values.get(name);
  }
  set(name: string, value: string) {
    this.values.set(name, value);
  }
  delete(name: string) {
    this.values.delete(name);
  }
}

let db: Db;
afterEach(() => db?.close());

function service(env: NodeJS.ProcessEnv = {}, secrets: SecretStore = new EnvSecretStore()) {
  db = openDatabase({ path: ':memory:' });
  return new SettingsService({ db, secrets, env });
}

describe('SettingsService', () => {
  it('starts from defaults and persists a partial update without resetting other fields', () => {
    const s = service();
    expect(s.get().agent.maxSteps).toBe(30);
    s.update({ agent: { maxSteps: 42 } });
    expect(s.get().agent.maxSteps).toBe(42);
    expect(s.get().agent.mode).toBe('step');
    const fresh = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
    expect(fresh.get().agent.maxSteps).toBe(42);
    expect(fresh.get().agent.usePlan).toBe(true);
  });

  it('rejects invalid values with INVALID_INPUT and keeps the old ones', () => {
    const s = service();
    expect(() => s.update({ agent: { maxSteps: 0 } })).toThrow(MobaError);
    expect(() => s.update({ models: { default: { baseUrl: 'ftp://x', model: 'm' } } })).toThrow(
      /models\.default\.baseUrl/,
    );
    expect(() => s.update({ bogus: {} })).toThrow(/Invalid settings/);
    expect(s.get().agent.maxSteps).toBe(30);
  });

  it('falls back to defaults for a stored section that no longer validates, and says so', () => {
    const s = service();
    db.prepare(
      'INSERT INTO settings (section, value, updated_at) VALUES (\'adb\', \'{"port": "not a number"}\', 0)',
    ).run();
    db.prepare("INSERT INTO settings (section, value, updated_at) VALUES ('ui', 'not json', 0)").run();
    expect(s.get().adb.port).toBe(5037);
    expect(s.problems.join(' ')).toMatch(/adb.*invalid/);
    expect(s.problems.join(' ')).toMatch(/ui.*not JSON/);
  });

  it('resolves keys from the role variable, the endpoint variable, then OPENAI_API_KEY — never from the database', () => {
    const s = service({ OPENAI_API_KEY: 'sk-default', MOBA_PLANNER_API_KEY: 'sk-planner', LOCAL_KEY: 'sk-local' });
    expect(s.apiKeyFor('planner')).toBe('sk-planner');
    expect(s.apiKeyFor('actor')).toBe('sk-default');
    s.update({
      models: {
        actor: {
          baseUrl: 'http://127.0.0.1:9/v1',
          model: 'm',
          apiKeyEnv: 'LOCAL_KEY',
          timeoutMs: 60_000,
          maxRetries: 2,
        },
      },
    });
    expect(s.apiKeyFor('actor')).toBe('sk-local');
    expect(s.keyStatus().find((k) => k.role === 'actor')).toEqual({
      role: 'actor',
      source: 'env',
      variable: 'LOCAL_KEY',
      keptFor: 'http://127.0.0.1:9',
      sentToEndpoint: true,
    });
    const dump = JSON.stringify(db.prepare('SELECT * FROM settings').all());
    expect(dump).not.toMatch(/sk-/);
    expect(roleKeyVariable('appSelector')).toBe('MOBA_APP_SELECTOR_API_KEY');
  });

  it('stores keys only through a secret store that can, and reports the source', () => {
    const secrets = new MemorySecrets();
    const s = service({}, secrets);
    s.setApiKey('default', 'sk-stored');
    expect(s.apiKeyFor('reflector')).toBe('sk-stored');
    expect(s.keyStatus().every((k) => k.source === 'safeStorage')).toBe(true);
    expect(JSON.stringify(db.prepare('SELECT * FROM settings').all())).not.toMatch(/sk-stored/);
    const envOnly = service();
    expect(() => envOnly.setApiKey('default', 'x')).toThrow(/desktop app/);
  });

  it('sees a change another process made (moba settings set beside moba serve) and tells its listeners', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moba-settings-'));
    const a = openDatabase({ path: join(dir, 'moba.sqlite') });
    const b = openDatabase({ path: join(dir, 'moba.sqlite') });
    try {
      const host = new SettingsService({ db: a, secrets: new EnvSecretStore(), env: {} });
      const seen: string[] = [];
      host.onDidChange((v) => seen.push(v.settings.adb.binary));
      expect(host.get().adb.binary).toBe('adb');
      new SettingsService({ db: b, secrets: new EnvSecretStore(), env: {} }).update({ adb: { binary: '/opt/adb' } });
      expect(host.get().adb.binary).toBe('/opt/adb');
      await Promise.resolve();
      expect(seen).toEqual(['/opt/adb']);
    } finally {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fires onDidChange with the new view', () => {
    const s = service();
    const seen: number[] = [];
    s.onDidChange((v) => seen.push(v.settings.agent.maxSteps));
    s.update({ agent: { maxSteps: 7 } });
    s.reset('agent');
    expect(seen).toEqual([7, 30]);
  });

  it('patches and resets every section the settings have, the sweep queue included', () => {
    const s = service();
    for (const section of Object.keys(defaultSettings())) {
      expect(SettingsPatch.safeParse({ [section]: {} }).success, section).toBe(true);
      expect(methods.resetSettings.input.safeParse({ section }).success, section).toBe(true);
    }
    s.update({ sweep: { redisUrl: 'redis://queue.lab:6379' } });
    expect(s.get().sweep.redisUrl).toBe('redis://queue.lab:6379');
    s.reset('sweep');
    expect(s.get().sweep.redisUrl).toBe('');
  });
});
