/**
 * Every registered strategy through the contract, as the UI and other clients reach it (the
 * real web host over its WebSocket, a simulated phone): startRun with the strategy against a
 * hostile model ends each run cleanly (failed, with the reason, every event valid), and random
 * startRun payloads — strategies and their options included — get a typed error or a valid
 * result, with no unhandled rejection and the host still answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '../../src/shared/contract.ts';
import { isSerializedError } from '../../src/shared/errors.ts';
import { RunEventSchema, TERMINAL_STATUSES } from '../../src/shared/schemas/run.ts';
import type { RunEvent, RunSummary } from '../../src/shared/schemas/run.ts';
import { CHAT_ROLES } from '../../src/shared/schemas/settings.ts';
import { STRATEGY_NAMES } from '../../src/shared/schemas/strategy.ts';
import type { ScriptedServer } from '@moba/testkit';
import { fuzzPayload, prng } from '@moba/testkit/rigs';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { scriptedModel } from '../support/scripted-model.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { HOSTILE_SCRIPT } from '../support/strategy-checks.ts';

let rig: PhoneRig;
let model: ScriptedServer;
let t: TestHost;
let client: WsTestClient;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  rig = await startPhoneRig({ seed: 1 });
  model = await scriptedModel(HOSTILE_SCRIPT);
  t = await startTestHost({ env: { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`, HOME: rig.adb.home } });
  t.app.settings.update({
    models: { default: { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 10_000, maxRetries: 0 } },
  });
  client = await WsTestClient.connect(t.host);
});
afterAll(async () => {
  client?.close();
  await t?.dispose();
  await model?.close();
  await rig?.dispose();
  process.off('unhandledRejection', onUnhandled);
});

async function ended(runId: string): Promise<{ summary: RunSummary; events: RunEvent[] }> {
  const start = Date.now();
  for (;;) {
    const r = await client.call('getRun', { runId });
    const got = r.result as { summary: RunSummary; events: RunEvent[] };
    if (TERMINAL_STATUSES.includes(got.summary.status) || got.summary.status === 'paused') return got;
    if (Date.now() - start > 120_000)
      throw new Error(
        `run ${runId} is still ${got.summary.status}: ${got.events
          .slice(-6)
          .map((e) => e.type + (e.type === 'run_error' ? ` ${e.error.message}` : ''))
          .join(' | ')}`,
      );
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('strategies through the contract', () => {
  // `external` is driven by its own program, not a model (agent-external.test.ts).
  it.each(STRATEGY_NAMES.filter((s) => s !== 'external'))(
    '%s: a hostile model ends a run started through the contract cleanly',
    { timeout: 180_000 },
    async (strategy) => {
      model.setScript(HOSTILE_SCRIPT);
      const r = await client.call('startRun', {
        serial: rig.serial,
        task: 'Create an alarm at 6:30 PM',
        strategy,
        mode: 'auto',
        maxSteps: 3,
        evolution: false,
      });
      expect(r.ok, JSON.stringify(r.error)).toBe(true);
      const { summary, events } = await ended((r.result as { runId: string }).runId);
      expect(summary.status, summary.outcomeReason ?? '').toBe('failed');
      expect(summary.outcomeReason).toMatch(/replies could not be used/);
      expect(events[0]).toMatchObject({ type: 'run_started', options: { strategy } });
      for (const e of events) expect(RunEventSchema.safeParse(e).success, `${e.type} is valid`).toBe(true);
    },
  );

  it('random startRun payloads (strategies and their options included) get a typed error or a valid result', {
    timeout: 300_000,
  }, async () => {
    const rand = prng(20261126);
    const def = methods.startRun;
    const started: string[] = [];
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    for (let i = 0; i < 60; i++) {
      // Every other payload is random; the rest are valid runs on the real phone with random
      // strategy options (valid or not), so valid ones really start. The model stays hostile.
      const input =
        i % 2 === 1
          ? fuzzPayload(def.input, rand)
          : {
              serial: rig.serial,
              task: 'Fuzz the strategy options',
              mode: 'auto',
              maxSteps: 2,
              models: Object.fromEntries(
                CHAT_ROLES.map((role) => [role, { baseUrl: model.baseUrl, model: 'scripted' }]),
              ),
              strategy: pick([...STRATEGY_NAMES, 'mobile-agent-v3', 42, null]),
              actionSpace: pick(['full', 'candidates', 'everything', undefined]),
              planning: pick(['subgoals', 'pages', 'chapters', undefined]),
              evolution: pick([true, false, 'yes', undefined]),
            };
      const reply = await client.call('startRun', input);
      if (reply.ok) {
        expect(def.output.safeParse(reply.result).success).toBe(true);
        started.push((reply.result as { runId: string }).runId);
        await ended(started.at(-1)!);
      } else {
        expect(isSerializedError(reply.error), JSON.stringify(reply.error)).toBe(true);
        expect(['INTERNAL', 'INVALID_OUTPUT']).not.toContain(reply.error!.code);
      }
    }
    expect(started.length).toBeGreaterThan(0);
    for (const id of started) {
      const { summary } = await ended(id);
      expect(['failed', 'succeeded', 'stopped', 'paused']).toContain(summary.status);
    }
    expect(await client.call('ping', { value: 'alive' })).toMatchObject({ ok: true, result: { value: 'alive' } });
    expect(unhandled).toEqual([]);
  });
});
