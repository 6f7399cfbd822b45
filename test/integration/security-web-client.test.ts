/**
 * Security: what a web client of `moba serve` (anyone with the token) could do to the host, each
 * with the request that showed it. Before the fix:
 *  - `startBenchmark` with a configuration whose `memorySeed` names a host file ran it, and the
 *    file's contents went into prompts sent to the model URL the client chose;
 *  - pointing the speaker role at an endpoint that answers a gigabyte took the host's memory
 *    from 287 MB to 3.27 GB, for good;
 *  - an approval rule `(a+)+$` matched against a model's `Type("a…a!")` in guarded mode froze
 *    the host for every client for a minute.
 * The real web host and service graph, real HTTP to local endpoints, the simulated phone.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedServer } from '@moba/testkit';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { scriptedModel } from '../support/scripted-model.ts';
import { REFLECT_GO_ON } from '../support/agent-harness.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';

const ACT = 'You are the Local Agent of MobA';
/** The single-level agent's act prompt (usePlan: false). */
const SINGLE = 'one action at a time, until the task is done';

interface Endpoint {
  baseUrl: string;
  requests: number;
  /** Bytes this server wrote before the client stopped reading. */
  sent: number;
  close(): Promise<void>;
}

/** An endpoint that answers every request with `bytes` of audio-looking data, without a Content-Length. */
async function flood(bytes: number): Promise<Endpoint> {
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  const state = { requests: 0, sent: 0 };
  const server: Server = createServer((req, res) => {
    state.requests++;
    req.resume();
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    let left = bytes;
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        left -= chunk.length;
        state.sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (left = 0));
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get requests() {
      return state.requests;
    },
    get sent() {
      return state.sent;
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let t: TestHost;
let web: WsTestClient;
beforeAll(async () => {
  t = await startTestHost();
  web = await WsTestClient.connect(t.host);
});
afterAll(async () => {
  web?.close();
  await t?.dispose();
});

describe('security: a web client and the host’s files', () => {
  it('cannot start a benchmark whose memory seed names a host file', async () => {
    const model = await scriptedModel({});
    try {
      const r = await web.call('startBenchmark', {
        taskIds: ['settings.wifi-off'],
        configurations: [
          {
            agent: 'moba',
            memory: 'seeded',
            memorySeed: '/etc/hostname',
            models: { planner: { baseUrl: model.baseUrl, model: 'm' }, actor: { baseUrl: model.baseUrl, model: 'm' } },
          },
        ],
      });
      expect(r).toMatchObject({
        ok: false,
        error: {
          code: 'UNAUTHORIZED',
          message: expect.stringMatching(/configurations\[0\]\.memorySeed names a file on the host/),
        },
      });
      expect((await web.call('listBenchmarks', {})).result).toEqual({ benchmarks: [] });
      expect(model.requests()).toHaveLength(0);
    } finally {
      await model.close();
    }
  });
});

describe('security: replies are read bounded', () => {
  it('a speaker endpoint answering a gigabyte is cut off at the cap; the host’s memory stays bounded', {
    timeout: 120_000,
  }, async () => {
    const big = await flood(1024 * 1024 * 1024);
    try {
      global.gc?.();
      const before = process.memoryUsage().rss;
      const r = await web.call(
        'testModel',
        { role: 'speaker', endpoint: { baseUrl: big.baseUrl, model: 'tts', timeoutMs: 60_000, maxRetries: 0 } },
        90_000,
      );
      const grown = process.memoryUsage().rss - before;
      expect(r).toMatchObject({
        ok: true,
        result: {
          ok: false,
          error: {
            code: 'MODEL_REPLY_INVALID',
            message: expect.stringMatching(/answered more than 32 MB; at most 32 MB of a reply is read/),
          },
        },
      });
      // Reading stopped at the cap: the server could not push the rest.
      expect(big.sent).toBeLessThan(256 * 1024 * 1024);
      expect(grown).toBeLessThan(256 * 1024 * 1024);
      // The host still answers.
      expect(await web.call('ping', { value: 'after' })).toMatchObject({ ok: true, result: { value: 'after' } });
    } finally {
      await big.close();
    }
  });
});

describe('security: approval rules cannot freeze the host', () => {
  let rig: PhoneRig;
  let model: ScriptedServer;
  beforeAll(async () => {
    rig = await startPhoneRig({ seed: 1 });
  });
  afterAll(async () => {
    await model?.close();
    await rig?.dispose();
  });

  it('a rule (a+)+$ against Type("a…a!") in guarded mode: the host answers pings meanwhile as when idle', {
    timeout: 240_000,
  }, async () => {
    // 25 a's: a backtracking engine needs seconds per test, and twice as long for each one more.
    const typed = `${'a'.repeat(25)}!`;
    const reply = { observation: 'home', thought: 'type', can_complete: 'true', action: `Type("${typed}")` };
    model = await scriptedModel({
      steps: [
        { match: { system: SINGLE }, reply, times: 100 },
        { match: { system: ACT }, reply, times: 100 },
        REFLECT_GO_ON,
      ],
    });
    const own = { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 20_000, maxRetries: 0 };
    const host = await startTestHost({
      env: { HOME: rig.adb.home, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}` },
    });
    try {
      host.app.settings.update({ models: { default: own } });
      const client = await WsTestClient.connect(host.host);
      const rules = [
        { id: 'evil', label: 'Evil', enabled: true, actions: [], pattern: '(a+)+$', passwordFieldsOnly: false },
      ];
      expect(await client.call('updateSettings', { patch: { agent: { approvalRules: rules } } })).toMatchObject({
        ok: true,
      });
      // A ping, then a 50 ms pause: the host runs in this process, so anything that blocks its
      // event loop stretches one of these rounds, whether the ping or the pause was under way.
      const ping = async () => {
        const t0 = performance.now();
        await client.call('ping', { value: 'p' }, 600_000);
        await new Promise((r) => setTimeout(r, 50));
        return performance.now() - t0 - 50;
      };
      const idle = Math.max(await ping(), await ping(), await ping());
      const started = await client.call('startRun', {
        serial: rig.serial,
        task: 'Type into the search box',
        mode: 'guarded',
        usePlan: false,
        useMemory: false,
        maxSteps: 3,
      });
      expect(started).toMatchObject({ ok: true });
      const runId = (started.result as { runId: string }).runId;
      let worst = 0;
      const deadline = Date.now() + 120_000;
      for (let status = ''; !['succeeded', 'failed', 'stopped'].includes(status); ) {
        worst = Math.max(worst, await ping());
        status = host.app.runs.get(runId).status;
        expect(Date.now(), `the run is still ${status}`).toBeLessThan(deadline);
      }
      // Every Type was checked against the rule (the text does not end in a's, so none waited).
      const events = host.app.runs.events(runId).events;
      expect(events.filter((e) => e.type === 'step_proposed').length).toBeGreaterThanOrEqual(2);
      expect(events.some((e) => e.type === 'human_wait')).toBe(false);
      expect(worst - idle, `a ping took ${Math.round(worst)} ms (idle ${Math.round(idle)} ms)`).toBeLessThan(1_000);
      // Saving a pattern RE2 cannot run is refused with the rule named.
      expect(
        await client.call('updateSettings', {
          patch: { agent: { approvalRules: [{ ...rules[0], label: 'Ahead', pattern: 'pay(?=now)' }] } },
        }),
      ).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.stringMatching(/agent\.approvalRules\[0\] \("Ahead"\)/) },
      });
      client.close();
    } finally {
      await host.dispose();
    }
  });
});
