/**
 * Security, the smaller findings, each with the request or sequence that showed it:
 * the token exchange redirecting `GET /.//evil.example?token=…` to `//evil.example`; `--token a`
 * accepted with `--host 0.0.0.0`; a world-readable data folder and exports under umask 022; no
 * back-pressure on results to a client that never reads; simulated phones started through the
 * contract without a cap; a deeply nested settings field answered INTERNAL.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { tempDir } from '@moba/testkit/rigs';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { MOBA_BIN, get, rawRequest } from '../support/serve-process.ts';
import { killProcess, mobaProcess } from '../support/cli-process.ts';
import type { CliProcess } from '../support/cli-process.ts';
import { writeSyntheticRun } from '../support/synthetic-run.ts';
import { BenchRepo } from '../../src/main/bench/bench-repo.ts';
import { planBenchmark } from '../../src/main/bench/plan.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { BenchSpec } from '../../src/shared/bench/config.ts';
import { plainEpisodeResult } from '../support/episode-result.ts';

let t: TestHost;
beforeAll(async () => {
  // Small limits, so a client that never reads crosses them quickly.
  t = await startTestHost({
    env: { MOBA_MAX_SIMULATORS: '0' },
    clientBuffer: { pauseAt: 256 * 1024, resumeBelow: 64 * 1024, maxLag: 2 * 1024 * 1024 },
  });
});
afterAll(async () => {
  await t?.dispose();
});

describe('security: smaller findings', () => {
  it('the token exchange redirects only to a path on this host', async () => {
    for (const path of ['/.//evil.example', '//evil.example/', '/\\evil.example', '/./\\/evil.example/x']) {
      const res = await rawRequest(t.host.port, get(`${path}?token=${t.host.token}&a=1`));
      expect(res.status, path).toBe(302);
      // A path on this host: never `//host` or `/\host`, which browsers read as another host.
      expect(res.headers.location, path).toMatch(/^\/(?![/\\])/);
      expect(res.headers.location).toContain('a=1');
    }
  });

  it('refuses a weak --token when binding beyond loopback, and names what is needed', async () => {
    const data = tempDir('moba-sec-token-');
    const started: CliProcess[] = [];
    try {
      // The last two once passed as 128 bits and more: one character repeated with one other, and keyboard rows.
      const weak = [
        'a',
        'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'c0ffee'.repeat(4),
        `${'a'.repeat(127)}b`,
        'qwertyuiopasdfghjklzxcvbnmqwertyuiop1234567890',
      ].map((token) => {
        const p = mobaProcess(
          ['--data-dir', data.path, 'serve', '--host', '0.0.0.0', '--port', '0', '--token', token],
          { MOBA_ADB_AUTOSTART: '0' },
        );
        started.push(p);
        return { token, p };
      });
      for (const { token, p } of weak) {
        const exited = await Promise.race([p.exit, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
        expect(exited?.code, token).toBe(1);
        expect(p.stderr).toMatch(/too weak to guard 0\.0\.0\.0: about \d+ bits.*, at least 128/);
        expect(p.stdout).not.toMatch(/open: http/);
      }
      // What the message recommends is accepted.
      const strong = mobaProcess(
        [
          '--data-dir',
          data.path,
          'serve',
          '--no-sim',
          '--host',
          '0.0.0.0',
          '--port',
          '0',
          '--token',
          randomBytes(32).toString('hex'),
        ],
        { MOBA_ADB_AUTOSTART: '0' },
      );
      started.push(strong);
      await vi.waitUntil(() => /open: http/.test(strong.stdout) || strong.child.exitCode !== null, { timeout: 60_000 });
      expect(strong.stdout, strong.stderr).toMatch(/open: http/);
    } finally {
      for (const p of started) await killProcess(p);
      data.dispose();
    }
  });

  it('keeps the data folder 0700 and its files and exports 0600 under umask 022', { timeout: 120_000 }, async () => {
    const data = tempDir('moba-sec-perm-');
    try {
      const home = join(data.path, 'home');
      // An older version left the folder open to everyone.
      mkdirSync(home, { mode: 0o755 });
      const { runId } = await writeSyntheticRun({ dataDir: home, steps: 2 });
      const sh = (args: string) =>
        execFileSync('sh', ['-c', `umask 022; exec "${process.execPath}" "${MOBA_BIN}" --data-dir "${home}" ${args}`], {
          env: { ...process.env, MOBA_ADB_AUTOSTART: '0' },
        });
      sh('runs list');
      sh(`export ${runId} --out "${join(data.path, 'export')}" --html`);
      sh(`memory export "${join(data.path, 'memories.json')}"`);
      const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
      expect(mode(home)).toBe('700');
      for (const f of readdirSync(home).filter((f) => f.startsWith('moba.sqlite')))
        expect(mode(join(home, f)), f).toBe('600');
      const artifactDir = readdirSync(join(home, 'artifacts'))[0]!;
      expect(mode(join(home, 'artifacts'))).toBe('700');
      expect(mode(join(home, 'artifacts', artifactDir))).toBe('700');
      for (const f of readdirSync(join(home, 'artifacts', artifactDir)))
        expect(mode(join(home, 'artifacts', artifactDir, f)), f).toBe('600');
      const out = join(data.path, 'export');
      expect(mode(out)).toBe('700');
      expect(mode(join(out, 'assets'))).toBe('700');
      for (const f of ['run.json', 'report.html', ...readdirSync(join(out, 'assets')).map((a) => join('assets', a))])
        expect(mode(join(out, f)), f).toBe('600');
      expect(mode(join(data.path, 'memories.json'))).toBe('600');
    } finally {
      data.dispose();
    }
  });

  it('moba settings narrows an open data folder to 0700, and a dataset export is 0700/0600 under umask 022', {
    timeout: 120_000,
  }, async () => {
    const data = tempDir('moba-sec-perm2-');
    try {
      const home = join(data.path, 'home');
      const sh = (args: string) =>
        execFileSync('sh', ['-c', `umask 022; exec "${process.execPath}" "${MOBA_BIN}" --data-dir "${home}" ${args}`], {
          env: { ...process.env, MOBA_ADB_AUTOSTART: '0' },
        });
      const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
      // An older version (or a hand-made folder) left it open; `moba settings` alone fixes it.
      mkdirSync(home, { mode: 0o755 });
      sh('settings set agent.maxSteps 40');
      expect(mode(home)).toBe('700');
      await writeSyntheticRun({ dataDir: home, steps: 2 });
      const out = join(data.path, 'dataset');
      sh(`dataset export --out "${out}"`);
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? [join(dir, e.name), ...walk(join(dir, e.name))] : [join(dir, e.name)],
        );
      const all = walk(out);
      expect(all.some((p) => p.endsWith('.jsonl'))).toBe(true);
      expect(all.some((p) => p.includes('model-inputs'))).toBe(true);
      expect(mode(out)).toBe('700');
      for (const p of all) expect(mode(p), p).toBe(statSync(p).isDirectory() ? '700' : '600');
    } finally {
      data.dispose();
    }
  });

  it('moba dataset export --benchmark ID exports the runs of that benchmark’s episodes', {
    timeout: 120_000,
  }, async () => {
    const data = tempDir('moba-sec-dsbench-');
    try {
      const home = join(data.path, 'home');
      const { runId } = await writeSyntheticRun({ dataDir: home, steps: 2 });
      await writeSyntheticRun({ dataDir: home, steps: 1 });
      const db = openDatabase({ path: join(home, 'moba.sqlite') });
      try {
        const spec = BenchSpec.parse({
          configurations: [{ agent: 'reference' }],
          only: { ids: ['settings.wifi-off'] },
        });
        const plan = planBenchmark(
          spec,
          loadTasks(['builtin']).map((t) => t.task),
        );
        const repo = new BenchRepo(db);
        repo.create({ id: 'b-data', name: 'data', spec, ...plan, now: Date.now() });
        const episode = plan.episodes[0]!;
        const attempt = repo.claim('b-data', episode.id, Date.now())!;
        repo.attachRun('b-data', episode.id, attempt, runId);
        const result = plainEpisodeResult(runId, {
          total: 0,
          complete: true,
          completeStrict: true,
          seed: episode.seed,
        });
        repo.complete('b-data', episode.id, attempt, result, Date.now());
      } finally {
        db.close();
      }
      const out = join(data.path, 'dataset');
      const cli = mobaProcess(
        ['--data-dir', home, 'dataset', 'export', '--benchmark', 'b-data', '--out', out, '--json'],
        {
          MOBA_ADB_AUTOSTART: '0',
        },
      );
      expect((await cli.exit).code, cli.stderr).toBe(0);
      expect(cli.stderr).not.toMatch(/needs the benchmark store/);
      expect(cli.lines[0]).toMatchObject({ runs: 1, steps: 2 });
      const unknown = mobaProcess(
        ['--data-dir', home, 'dataset', 'export', '--benchmark', 'nope', '--out', `${out}-2`],
        {
          MOBA_ADB_AUTOSTART: '0',
        },
      );
      expect((await unknown.exit).code).not.toBe(0);
      expect(unknown.stderr).toMatch(/No benchmark nope/);
    } finally {
      data.dispose();
    }
  });

  it('stops reading from a client that never reads its results, and disconnects it once it falls too far behind; others are served', {
    timeout: 60_000,
  }, async () => {
    const lazy = new WebSocket(`ws://127.0.0.1:${t.host.port}/ws?token=${t.host.token}`);
    await new Promise((r) => lazy.once('open', r));
    const before = t.host.connections;
    let pings = 0;
    const router = t.app.router;
    const call = router.call.bind(router);
    router.call = (method, input, ctx) => {
      if (method === 'ping') pings++;
      return call(method, input, ctx);
    };
    lazy.pause();
    // Calls whose results it never reads…
    const value = 'x'.repeat(1_000);
    for (let i = 0; i < 20_000; i++) lazy.send(JSON.stringify({ t: 'call', id: i, method: 'ping', input: { value } }));
    // …and the events every connection gets, while another client keeps working.
    const other = await WsTestClient.connect(t.host);
    const deadline = Date.now() + 30_000;
    for (let i = 0; t.host.connections >= before + 1 && Date.now() < deadline; i++) {
      expect(await other.call('updateSettings', { patch: { agent: { maxSteps: 1 + (i % 400) } } })).toMatchObject({
        ok: true,
      });
    }
    expect(t.host.connections, 'the lazy client is disconnected').toBe(before);
    // It stopped reading the lazy client's calls once its results piled up.
    expect(pings).toBeLessThan(20_000);
    router.call = call;
    expect(await other.call('ping', { value: 'still served' })).toMatchObject({
      ok: true,
      result: { value: 'still served' },
    });
    other.close();
    lazy.terminate();
  });

  it('caps the simulated phones started through the contract (here MOBA_MAX_SIMULATORS=0)', async () => {
    const c = await WsTestClient.connect(t.host);
    expect(await c.call('startSimulator', {})).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: expect.stringMatching(/At most 0 simulated phones may run at once/) },
    });
    expect(await c.call('listSimulators', {})).toMatchObject({ ok: true, result: { simulators: [] } });
    c.close();
  });

  it('answers a deeply nested settings field with INVALID_INPUT, and keeps the settings', async () => {
    const c = await WsTestClient.connect(t.host);
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const frame = `{"t":"call","id":1,"method":"updateSettings","input":{"patch":{"models":{"default":{"baseUrl":"https://api.openai.com/v1","model":"m","extraBody":{"x":${deep}}}}}}}`;
    const reply = new Promise<{ ok: boolean; error?: { code: string; message: string } }>((resolve) =>
      c.ws.on('message', (d) => {
        const f = JSON.parse(String(d)) as { t: string; id?: number };
        if (f.t === 'result' && f.id === 1) resolve(f as never);
      }),
    );
    c.ws.send(frame);
    expect(await reply).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/nested deeper than 64 levels at patch\.models\.default\.extraBody/),
      },
    });
    expect(t.app.settings.get().models.default.model).toBe('gpt-4o');
    c.close();
  });
});
