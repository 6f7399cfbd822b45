/**
 * Random and malformed payloads to every contract method through the real web host: no
 * crash, every reply a typed error or a result that matches the method's output schema, and
 * the host keeps answering. A method added to the contract is fuzzed automatically.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES, methods } from '../../src/shared/contract.ts';
import { isSerializedError } from '../../src/shared/errors.ts';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { fuzzPayload, prng, randomJson } from '@moba/testkit/rigs';

const PER_METHOD = Number(process.env.MOBA_FUZZ_N ?? 120);
const SEED = Number(process.env.MOBA_FUZZ_SEED ?? 20261122);

let t: TestHost;
let client: WsTestClient;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  // Point everything external at closed ports so a payload that happens to be valid fails fast instead of reaching out.
  t = await startTestHost({ env: { MOBA_FUZZ: '1' } });
  t.app.settings.update({
    adb: { host: '127.0.0.1', port: 9 },
    models: { default: { baseUrl: 'http://127.0.0.1:9/v1', model: 'none', timeoutMs: 1_000, maxRetries: 0 } },
  });
  client = await WsTestClient.connect(t.host);
});
afterAll(async () => {
  client?.close();
  await t?.dispose();
  process.off('unhandledRejection', onUnhandled);
});

describe('contract fuzz', () => {
  it.each(METHOD_NAMES)('%s: every reply is a typed error or a valid result', async (name) => {
    const rand = prng(SEED + name.length * 7919 + name.charCodeAt(0));
    const def = methods[name];
    for (let i = 0; i < PER_METHOD; i++) {
      const input = i % 3 === 0 ? randomJson(rand) : fuzzPayload(def.input, rand);
      const reply = await client.call(name, input);
      if (reply.ok) {
        const check = def.output.safeParse(reply.result);
        expect(check.success, `${name} returned an invalid result for ${JSON.stringify(input)?.slice(0, 200)}`).toBe(
          true,
        );
      } else {
        expect(isSerializedError(reply.error), `${name} replied ${JSON.stringify(reply.error)}`).toBe(true);
        expect(['INTERNAL', 'INVALID_OUTPUT']).not.toContain(reply.error!.code);
      }
    }
    expect(await client.call('ping', { value: 'alive' })).toMatchObject({ ok: true, result: { value: 'alive' } });
  });

  it('left no unhandled rejections behind', () => {
    expect(unhandled).toEqual([]);
  });
});
