import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { writeSyntheticRun } from '../../../test/support/synthetic-run.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import { dataPaths } from '../paths.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import { collectArtifactRefs, writeRunExport } from './run-export.ts';
import type { RunExport, RunSource } from './run-export.ts';

const run = promisify(execFile);

describe('run export', () => {
  const dir = tempDir('moba-export-');
  let db: Db;
  let runs: RunSource;
  let artifacts: ArtifactStore;
  let runId: string;

  beforeAll(async () => {
    ({ runId } = await writeSyntheticRun({ dataDir: dir.path, steps: 12, screens: 3, runId: 'export-me' }));
    const paths = dataPaths(dir.path);
    db = openDatabase({ path: paths.databasePath });
    const repo = new RunsRepo(db);
    runs = { get: (id) => repo.get(id)!, events: (id, from) => repo.events(id, { from: from ?? 0 }) };
    artifacts = new ArtifactStore(db, paths.artifactsDir);
  }, 60_000);
  afterAll(() => {
    db?.close();
    dir.dispose();
  });

  it('writes run.json with events, the folded state and a trajectory, and every referenced image in assets/', () => {
    const out = join(dir.path, 'out1');
    const r = writeRunExport({
      runs,
      artifacts,
      runId,
      outDir: out,
      html: false,
      app: { name: 'MobA Studio', version: 'test' },
    });
    expect(r).toMatchObject({ runId, dir: out, html: null, missingAssets: 0 });
    const data = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunExport;
    const { events } = runs.events(runId);
    expect(data.format).toBe('moba-run-export');
    expect(data.events).toEqual(events);
    expect(data.state).toEqual(JSON.parse(JSON.stringify(foldRun(runId, events))));
    expect(data.trajectory).toHaveLength(12);
    expect(data.trajectory[0]).toMatchObject({
      stepId: 's1',
      proposed: 'Click(2)',
      decision: { kind: 'approve', by: 'person' },
      executed: { by: 'agent', ok: true },
      corrected: false,
      reflection: { status: 'success' },
    });
    // Three distinct screens: each image stored once, and each reference resolves to a file.
    const refs = collectArtifactRefs(events);
    expect(refs.size).toBe(3);
    expect(r.assets).toBe(3);
    expect(readdirSync(join(out, 'assets')).sort()).toEqual([...refs.values()].map((x) => `${x.sha256}.png`).sort());
    for (const step of data.trajectory) {
      expect(step.before && existsSync(join(out, step.before))).toBe(true);
      expect(step.after && existsSync(join(out, step.after))).toBe(true);
    }
  });

  it('writes an HTML report whose images are relative files in assets/, never inlined', () => {
    const out = join(dir.path, 'out2');
    const r = writeRunExport({
      runs,
      artifacts,
      runId,
      outDir: out,
      html: true,
      app: { name: 'MobA Studio', version: 'test' },
    });
    const html = readFileSync(r.html!, 'utf8');
    expect(html).not.toMatch(/data:image/);
    expect(html).not.toMatch(/<script/i);
    const srcs = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBeGreaterThan(12);
    for (const src of srcs) {
      expect(src).toMatch(/^assets\/[0-9a-f]{64}\.png$/);
      expect(existsSync(join(out, src))).toBe(true);
    }
    expect(html).toContain('Create an alarm at 6:30 PM titled Work');
    expect(html).toContain('Sub-goal 12: tap the next control');
    // Model I/O: the act and reflect calls of the step, with the memories they were given.
    expect(html).toMatch(/act call c\d+ — scripted/);
    expect(html).toContain('memories: action action:demo-0 (0.61)');
  });

  it('escapes what the model or a person wrote', async () => {
    const evil = await writeSyntheticRun({
      dataDir: dir.path,
      steps: 1,
      screens: 1,
      runId: 'evil',
      task: '<img src=x onerror=alert(1)> & "quotes"',
    });
    const r = writeRunExport({
      runs,
      artifacts,
      runId: evil.runId,
      outDir: join(dir.path, 'out3'),
      html: true,
      app: { name: 'MobA Studio', version: 'test' },
    });
    const html = readFileSync(r.html!, 'utf8');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
  });

  it('fails with RUN_NOT_FOUND for an unknown run', () => {
    const repo = new RunsRepo(db);
    const strict: RunSource = {
      get: (id) => {
        const s = repo.get(id);
        if (!s) throw Object.assign(new Error(`No run ${id}`), { code: 'RUN_NOT_FOUND' });
        return s;
      },
      events: (id) => repo.events(id),
    };
    expect(() =>
      writeRunExport({
        runs: strict,
        artifacts,
        runId: 'nope',
        outDir: join(dir.path, 'x'),
        html: false,
        app: { name: 'm', version: 't' },
      }),
    ).toThrow(/No run nope/);
  });

  it('moba export RUN_ID --out DIR --html writes the same folder from the command line', async () => {
    const out = join(dir.path, 'cli');
    const { stdout } = await run(
      process.execPath,
      ['bin/moba.js', '--data-dir', dir.path, 'export', runId, '--out', out, '--html', '--json'],
      { timeout: 60_000 },
    );
    const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as { dir: string; assets: number; html: string };
    expect(r).toMatchObject({ dir: out, assets: 3, html: join(out, 'report.html') });
    expect(existsSync(join(out, 'run.json'))).toBe(true);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  }, 60_000);
});
