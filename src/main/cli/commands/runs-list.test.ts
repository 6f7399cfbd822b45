import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { openDatabase } from '../../store/database.ts';
import { RunsRepo } from '../../store/runs-repo.ts';
import type { CliIo } from '../io.ts';
import { runsList } from './runs-list.ts';

const data = tempDir('moba-runs-list-');
afterAll(() => data.dispose());

async function listed(status?: 'running' | 'paused'): Promise<Array<{ id: string; status: string }>> {
  const command = new Command().option('--data-dir <dir>');
  command.parse(['--data-dir', data.path], { from: 'user' });
  let out = '';
  const io = { out: (t: string) => void (out += t), err: () => undefined } as unknown as CliIo;
  await runsList(io, command, { limit: 20, json: true, ...(status ? { status } : {}) });
  return (JSON.parse(out) as { runs: Array<{ id: string; status: string }> }).runs;
}

describe('moba runs list', () => {
  it('shows a running run whose process is gone as paused, without writing to the store', async () => {
    const db = openDatabase({ path: join(data.path, 'moba.sqlite') });
    const repo = new RunsRepo(db);
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (const [id, owner] of [
      ['orphan', `${hostname()}:${gone}`],
      ['driven', `${hostname()}:${process.ppid}`],
    ] as const) {
      repo.create({ id, task: 't', serial: 's', mode: 'auto', now: 1 });
      repo.heartbeat(id, owner, Date.now());
    }
    db.close();

    const runs = await listed();
    expect(Object.fromEntries(runs.map((r) => [r.id, r.status]))).toEqual({ orphan: 'paused', driven: 'running' });
    expect((await listed('running')).map((r) => r.id)).toEqual(['driven']);
    const after = openDatabase({ path: join(data.path, 'moba.sqlite') });
    expect(new RunsRepo(after).get('orphan')?.status).toBe('running');
    after.close();
  });
});
