import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { main } from '../main.ts';
import type { CliIo } from '../io.ts';

const data = tempDir('moba-explore-');
afterAll(() => data.dispose());

async function explore(args: string[], env: Record<string, string> = {}): Promise<{ code: number; err: string }> {
  let err = '';
  const io = { out: () => undefined, err: (t: string) => void (err += t) } as unknown as CliIo;
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  try {
    return { code: await main(['--data-dir', data.path, 'explore', ...args], io), err };
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('moba explore', () => {
  it('takes --api-key-env as moba run does: an unset variable is named before anything opens', async () => {
    const { code, err } = await explore(['--from-run', 'r1', '--api-key-env', 'MOBA_EXPLORE_TEST_UNSET_KEY']);
    expect(code).toBe(1);
    expect(err).toBe(
      'moba: --api-key-env MOBA_EXPLORE_TEST_UNSET_KEY: that environment variable is not set [INVALID_INPUT]\n',
    );
    expect(existsSync(join(data.path, 'moba.sqlite'))).toBe(false);
  });

  it('goes on with the key of a set variable (here to the run it is to learn from)', async () => {
    const { code, err } = await explore(['--from-run', 'r1', '--api-key-env', 'MOBA_EXPLORE_TEST_KEY'], {
      MOBA_EXPLORE_TEST_KEY: 'sk-test',
    });
    expect(code).toBe(1);
    expect(err).toMatch(/^moba: No run r1 \[RUN_NOT_FOUND\]\n$/);
  });
});
