import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { SettingsService } from './settings-service.ts';
import { EnvSecretStore } from './secrets.ts';
import type { SecretStore } from './secrets.ts';
import { originOf } from './key-bindings.ts';
import { patchFromPath } from '../cli/commands/settings.ts';

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
const endpoint = (baseUrl: string, extra: Record<string, unknown> = {}) => ({
  baseUrl,
  model: 'm',
  timeoutMs: 60_000,
  maxRetries: 2,
  ...extra,
});

describe('API keys bound to the origin they were saved for', () => {
  it('sends the key to its own origin only: not to a draft or an override elsewhere', () => {
    db = openDatabase({ path: ':memory:' });
    const s = new SettingsService({ db, secrets: new EnvSecretStore(), env: { OPENAI_API_KEY: 'sk-1' } });
    expect(s.apiKeyFor('planner')).toBe('sk-1');
    expect(s.apiKeyFor('planner', 'https://api.openai.com/v2/other')).toBe('sk-1');
    expect(s.apiKeyFor('planner', 'https://evil.example/v1')).toBeUndefined();
    expect(s.apiKeyFor('planner', 'https://api.openai.com:444/v1')).toBeUndefined();
    expect(s.apiKeyFor('planner', 'http://api.openai.com/v1')).toBeUndefined();
    expect(s.keyOriginFor('planner')).toBe('https://api.openai.com');
  });

  it('a remote writer neither moves a key nor gets one bound at the next start; a local writer does', () => {
    db = openDatabase({ path: ':memory:' });
    const env = { OPENAI_API_KEY: 'sk-1' };
    const s = new SettingsService({ db, secrets: new EnvSecretStore(), env });
    s.update({ models: { default: endpoint('https://evil.example/v1') } }, 'remote');
    expect(s.apiKeyFor('planner')).toBeUndefined();
    expect(s.keyStatus()[0]).toMatchObject({
      role: 'planner',
      keptFor: 'https://api.openai.com',
      sentToEndpoint: false,
    });
    // The embedder had no endpoint (so no binding); a web client gives it one, the host restarts.
    s.update({ models: { embedder: endpoint('https://evil.example/v1') } }, 'remote');
    const restarted = new SettingsService({ db, secrets: new EnvSecretStore(), env });
    expect(restarted.apiKeyFor('embedder')).toBeUndefined();
    expect(restarted.apiKeyFor('planner')).toBeUndefined();
    restarted.bindKeys();
    expect(restarted.apiKeyFor('embedder')).toBe('sk-1');
    expect(restarted.apiKeyFor('planner')).toBe('sk-1');
    s.update({ models: { default: endpoint('https://llm.lab.example/v1') } }, 'local');
    expect(s.apiKeyFor('planner')).toBe('sk-1');
    expect(s.apiKeyFor('planner', 'https://evil.example/v1')).toBeUndefined();
  });

  it('saving one role binds that role only: never a role a web client re-pointed, nor another role', () => {
    db = openDatabase({ path: ':memory:' });
    const env = { OPENAI_API_KEY: 'sk-1' };
    const s = new SettingsService({ db, secrets: new EnvSecretStore(), env });
    s.update({ models: { actor: endpoint('https://evil.example/v1') } }, 'remote');
    s.update({ models: { reflector: endpoint('https://llm.lab.example/v1') } }, 'local');
    expect(s.apiKeyFor('reflector')).toBe('sk-1');
    expect(s.apiKeyFor('actor')).toBeUndefined();
    expect(s.apiKeyFor('planner')).toBe('sk-1');
    // A default saved locally binds the roles that fall back to it, and only those.
    s.update({ models: { default: endpoint('https://llm2.lab.example/v1') } }, 'local');
    expect(s.apiKeyFor('planner')).toBe('sk-1');
    expect(s.keyOriginFor('planner')).toBe('https://llm2.lab.example');
    expect(s.keyOriginFor('reflector')).toBe('https://llm.lab.example');
    expect(s.apiKeyFor('actor')).toBeUndefined();
    // Storing a key (desktop app) binds the roles that use it, but not to what a web client saved.
    const secrets = new MemorySecrets();
    const app = new SettingsService({ db, secrets, env });
    app.setApiKey('actor', 'sk-actor');
    expect(app.apiKeyFor('actor')).toBeUndefined();
    // Saving the actor's endpoint on this machine is the owner's confirmation.
    app.update({ models: { actor: endpoint('https://evil.example/v1') } }, 'local');
    expect(app.apiKeyFor('actor')).toBe('sk-actor');
  });

  it('a key from another source than the bound one is not sent (an apiKeyEnv changed behind its back)', () => {
    db = openDatabase({ path: ':memory:' });
    const env = { OPENAI_API_KEY: 'sk-1', AWS_SECRET_ACCESS_KEY: 'aws' };
    const s = new SettingsService({ db, secrets: new EnvSecretStore(), env });
    expect(s.apiKeyFor('planner')).toBe('sk-1');
    // The stored endpoint now names another variable (written by something that skipped the checks).
    db.prepare(
      "INSERT INTO settings (section, value, updated_at) VALUES ('models', json_object('default', json_object('baseUrl', 'https://api.openai.com/v1', 'model', 'gpt-4o', 'apiKeyEnv', 'AWS_SECRET_ACCESS_KEY')), 0)",
    ).run();
    const fresh = new SettingsService({ db, secrets: new EnvSecretStore(), env });
    expect(fresh.get().models.default.apiKeyEnv).toBe('AWS_SECRET_ACCESS_KEY');
    expect(fresh.apiKeyFor('planner')).toBeUndefined();
  });

  it('refuses host-only fields from a remote writer, and a stored key is bound when it is stored', () => {
    db = openDatabase({ path: ':memory:' });
    const secrets = new MemorySecrets();
    const s = new SettingsService({ db, secrets, env: {} });
    expect(() => s.update({ adb: { binary: '/bin/sh' } }, 'remote')).toThrow(/adb\.binary names a program/);
    expect(() => s.update({ mirror: { scrcpyServerPath: '/etc/passwd' } }, 'remote')).toThrow(
      /mirror\.scrcpyServerPath/,
    );
    expect(() =>
      s.update({ models: { actor: endpoint('https://api.openai.com/v1', { apiKeyEnv: 'HOME' }) } }, 'remote'),
    ).toThrow(/models\.actor\.apiKeyEnv/);
    s.update({ adb: { binary: 'adb', port: 5038 } }, 'remote');
    s.update({ adb: { binary: '/opt/adb' } });
    expect(s.get().adb.binary).toBe('/opt/adb');
    s.setApiKey('default', 'sk-stored');
    expect(s.apiKeyFor('actor')).toBe('sk-stored');
    expect(s.apiKeyFor('actor', 'https://evil.example')).toBeUndefined();
    expect(JSON.stringify(db.prepare('SELECT * FROM settings').all())).not.toContain('sk-stored');
  });

  it('keeps the sweep queue host-only and its password out of the store', () => {
    db = openDatabase({ path: ':memory:' });
    const s = new SettingsService({ db, secrets: new MemorySecrets(), env: {} });
    expect(s.get().sweep.redisUrl).toBe('');
    expect(() => s.update({ sweep: { redisUrl: 'redis://attacker.example:6379' } }, 'remote')).toThrow(
      /sweep\.redisUrl names a program, file or secret/,
    );
    expect(() => s.update({ sweep: { redisUrl: 'redis://:hunter2@lab:6379' } })).toThrow(/MOBA_REDIS_PASSWORD/);
    expect(() => s.update({ sweep: { redisUrl: 'http://lab:6379' } })).toThrow(/sweep\.redisUrl: expected redis:\/\//);
    s.update({ sweep: { redisUrl: 'redis://lab.example:6380/2' } });
    expect(s.get().sweep.redisUrl).toBe('redis://lab.example:6380/2');
    s.update({ adb: { port: 5038 } }, 'remote');
    expect(s.get().sweep.redisUrl).toBe('redis://lab.example:6380/2');
  });

  it('parses origins and CLI paths', () => {
    expect(originOf('https://a.example:8443/v1/x')).toBe('https://a.example:8443');
    expect(originOf('not a url')).toBeNull();
    expect(patchFromPath('adb.binary', '/opt/adb')).toEqual({ adb: { binary: '/opt/adb' } });
    expect(patchFromPath('agent.maxSteps', '40')).toEqual({ agent: { maxSteps: 40 } });
    expect(() => patchFromPath('adb', 'x')).toThrow(/SECTION\.FIELD/);
  });
});
