/**
 * Security: the host's API key stays with the endpoint it was saved for, and a web client cannot
 * make the host run programs. Before the fix `testModel` with a draft endpoint and `startRun` with
 * model overrides sent the key from the host's environment to whatever base URL the client named,
 * so anyone with the token on a lab server could collect it; and `updateSettings` could point
 * `adb.binary` at any program. Real web host, real HTTP to two endpoints (the saved one and a
 * collector that records the Authorization header), the simulated phone for the run.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import { mobaProcess } from '../support/cli-process.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';

const SECRET = 'sk-host-secret-do-not-leak';

interface Collector {
  baseUrl: string;
  authorizations: string[];
  close(): Promise<void>;
}

/** An OpenAI-compatible endpoint that answers "OK" and remembers every Authorization header it got. */
async function collector(): Promise<Collector> {
  const authorizations: string[] = [];
  const server: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? '');
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    authorizations,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let rig: PhoneRig;
let t: TestHost;
let saved: Collector;
let evil: Collector;
let web: WsTestClient;

beforeAll(async () => {
  rig = await startPhoneRig({ seed: 1 });
  saved = await collector();
  evil = await collector();
  t = await startTestHost({
    env: { OPENAI_API_KEY: SECRET, HOME: rig.adb.home, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}` },
  });
  // The machine's user saves the endpoint the key is for (the desktop app or the local CLI would).
  t.app.settings.update({
    models: { default: { baseUrl: saved.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 } },
  });
  web = await WsTestClient.connect(t.host);
});
afterAll(async () => {
  web?.close();
  await t?.dispose();
  await saved?.close();
  await evil?.close();
  await rig?.dispose();
});

describe('security: keys stay with their endpoints', () => {
  it('testModel: the saved endpoint gets the key, a draft elsewhere does not, unless the client gives one', async () => {
    expect(await web.call('testModel', { role: 'default' })).toMatchObject({ ok: true, result: { ok: true } });
    expect(saved.authorizations.at(-1)).toBe(`Bearer ${SECRET}`);

    const draft = { baseUrl: evil.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 };
    expect(await web.call('testModel', { role: 'default', endpoint: draft })).toMatchObject({
      ok: true,
      result: { ok: true },
    });
    expect(
      await web.call('testModel', { role: 'planner', endpoint: { ...draft, apiKeyEnv: 'OPENAI_API_KEY' } }),
    ).toMatchObject({ ok: true });
    expect(evil.authorizations.length).toBe(2);
    expect(evil.authorizations.join(' ')).not.toContain(SECRET);

    expect(
      await web.call('testModel', { role: 'default', endpoint: draft, apiKey: 'sk-the-clients-own' }),
    ).toMatchObject({ ok: true, result: { ok: true } });
    expect(evil.authorizations.at(-1)).toBe('Bearer sk-the-clients-own');
  });

  it('testModel for the voice roles: a draft elsewhere gets no saved key either', async () => {
    // The machine's user saved voice endpoints where the key belongs.
    const own = { baseUrl: saved.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 };
    t.app.settings.update({ models: { speaker: own, transcriber: own } });
    const before = evil.authorizations.length;
    const draft = { baseUrl: evil.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 };
    for (const role of ['speaker', 'transcriber']) await web.call('testModel', { role, endpoint: draft });
    expect(evil.authorizations.length).toBe(before + 2);
    expect(evil.authorizations.slice(before).join(' ')).not.toContain(SECRET);
    await web.call('testModel', { role: 'speaker', endpoint: draft, apiKey: 'sk-the-clients-own' });
    expect(evil.authorizations.at(-1)).toBe('Bearer sk-the-clients-own');
    t.app.settings.update({ models: { speaker: null, transcriber: null } });
  });

  it('startRun with model overrides: the run calls the override without the host key', async () => {
    const before = evil.authorizations.length;
    const r = await web.call('startRun', {
      serial: rig.serial,
      task: 'Open the Clock app',
      mode: 'auto',
      models: { planner: { baseUrl: evil.baseUrl, model: 'm' }, actor: { baseUrl: evil.baseUrl, model: 'm' } },
    });
    expect(r).toMatchObject({ ok: true });
    const runId = (r.result as { runId: string }).runId;
    await t.app.runs.settled(runId);
    expect(evil.authorizations.length).toBeGreaterThan(before);
    expect(evil.authorizations.join(' ')).not.toContain(SECRET);
    // Nor is the key anywhere in the run's log.
    expect(JSON.stringify(t.app.runs.events(runId).events)).not.toContain(SECRET);
  });

  it('a web client that re-points the saved endpoint does not move the key; the machine user can', async () => {
    const moved = await web.call('updateSettings', {
      patch: { models: { default: { baseUrl: evil.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 } } },
    });
    expect(moved).toMatchObject({
      ok: true,
      result: {
        keys: expect.arrayContaining([
          expect.objectContaining({ role: 'planner', keptFor: new URL(saved.baseUrl).origin, sentToEndpoint: false }),
        ]),
      },
    });
    await web.call('testModel', { role: 'default' });
    expect(evil.authorizations.at(-1)).not.toContain(SECRET);
    // A restart does not bind the key to what a web client saved.
    t.app.settings.bindKeys({ onlyUnbound: true });
    await web.call('testModel', { role: 'default' });
    expect(evil.authorizations.at(-1)).not.toContain(SECRET);
    // The machine's own user confirms it on the host.
    const show = mobaProcess(['--data-dir', t.dataDir, 'settings', 'show'], { OPENAI_API_KEY: SECRET });
    await show.exit;
    expect(show.stdout).toMatch(/planner\s+env \(\$OPENAI_API_KEY\) — kept for http:\/\/127\.0\.0\.1:\d+ \(NOT sent/);
    const bind = mobaProcess(['--data-dir', t.dataDir, 'settings', 'bind-keys'], { OPENAI_API_KEY: SECRET });
    expect((await bind.exit).code, bind.stderr).toBe(0);
    await web.call('testModel', { role: 'default' });
    expect(evil.authorizations.at(-1)).toBe(`Bearer ${SECRET}`);
  });
});

describe('security: a web client cannot make the host run programs', () => {
  it('refuses adb.binary, mirror.scrcpyServerPath and apiKeyEnv changes from the web, accepts them locally', async () => {
    for (const patch of [
      { adb: { binary: '/bin/sh' } },
      { mirror: { scrcpyServerPath: '/etc/shadow' } },
      {
        models: {
          planner: {
            baseUrl: 'https://api.openai.com/v1',
            model: 'm',
            apiKeyEnv: 'AWS_SECRET_ACCESS_KEY',
            timeoutMs: 5_000,
            maxRetries: 0,
          },
        },
      },
    ]) {
      const r = await web.call('updateSettings', { patch });
      expect(r, JSON.stringify(patch)).toMatchObject({
        ok: false,
        error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/only in the desktop app or on the host/) },
      });
    }
    expect(t.app.settings.get().adb.binary).toBe('adb');
    // The same section with the host-only field unchanged is fine (the Settings page saves whole sections).
    expect(await web.call('updateSettings', { patch: { adb: { binary: 'adb', port: 5038 } } })).toMatchObject({
      ok: true,
    });
    expect(await web.call('resetSettings', { section: 'adb' })).toMatchObject({ ok: true });
    const set = mobaProcess(['--data-dir', t.dataDir, 'settings', 'set', 'adb.binary', '/usr/bin/adb'], {});
    expect((await set.exit).code, set.stderr).toBe(0);
    expect(set.stdout).toBe('adb.binary = "/usr/bin/adb"\n');
    t.app.settings.update({ adb: { binary: '/usr/bin/adb' } });
    expect(await web.call('resetSettings', { section: 'adb' })).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHORIZED' },
    });
  });
});

describe('security: saving one role never rebinds another', () => {
  it('a web client saves the actor endpoint; the owner sets the reflector with OPENAI_API_KEY exported; the actor still gets no key', async () => {
    // The machine's user puts every role back on the endpoint the key is for.
    const own = { baseUrl: saved.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 };
    t.app.settings.update({ models: { default: own } });
    t.app.settings.bindKeys();
    const draft = { baseUrl: evil.baseUrl, model: 'm', timeoutMs: 5_000, maxRetries: 0 };
    expect(await web.call('updateSettings', { patch: { models: { actor: draft } } })).toMatchObject({ ok: true });
    // Later, on the host, the owner changes another role, with the key in the environment.
    const set = mobaProcess(
      ['--data-dir', t.dataDir, 'settings', 'set', 'models.reflector', JSON.stringify({ ...own, model: 'm2' })],
      { OPENAI_API_KEY: SECRET },
    );
    expect((await set.exit).code, set.stderr).toBe(0);
    const before = evil.authorizations.length;
    await web.call('testModel', { role: 'actor' });
    expect(evil.authorizations.length).toBe(before + 1);
    expect(evil.authorizations.at(-1)).not.toContain(SECRET);
    // The role the owner saved is bound where it was saved, and the others keep their bindings.
    await web.call('testModel', { role: 'reflector' });
    expect(saved.authorizations.at(-1)).toBe(`Bearer ${SECRET}`);
    const show = mobaProcess(['--data-dir', t.dataDir, 'settings', 'show'], { OPENAI_API_KEY: SECRET });
    await show.exit;
    expect(show.stdout).toMatch(/actor\s+env \(\$OPENAI_API_KEY\) — kept for http:\/\/127\.0\.0\.1:\d+ \(NOT sent/);
  });
});
