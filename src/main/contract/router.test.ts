import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Connection } from './router.ts';
import { tempDir } from '@moba/testkit/rigs';

const connection: Connection = {
  id: 't',
  kind: 'local',
  sendBinary: () => false,
  onDidClose: () => ({ dispose() {} }),
};

describe('ContractRouter', () => {
  it('validates input, answers unknown methods and malformed input with typed errors', async () => {
    const dir = tempDir();
    const app = await createApp({ host: 'web', dataDir: dir.path, env: {} });
    try {
      const ctx = { connection, signal: new AbortController().signal };
      expect(await app.router.call('ping', { value: 'hi' }, ctx)).toMatchObject({ ok: true, result: { value: 'hi' } });
      expect(await app.router.call('nope', {}, ctx)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
      expect(await app.router.call('ping', { value: 5 }, ctx)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
      expect(await app.router.call('ping', { extra: 1 }, ctx)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
      expect(await app.router.call('__proto__', {}, ctx)).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_METHOD' },
      });
      expect(await app.router.call('updateSettings', { patch: { agent: { maxSteps: 'x' } } }, ctx)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
      const r = await app.router.call('updateSettings', { patch: { agent: { maxSteps: 9 } } }, ctx);
      expect(r.ok && (r.result as { settings: { agent: { maxSteps: number } } }).settings.agent.maxSteps).toBe(9);
    } finally {
      await app.dispose();
      dir.dispose();
    }
  });
});
