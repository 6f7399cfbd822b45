import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
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
import { collectArtifactRefs } from './asset-files.ts';
import { writeRunExport } from './run-export.ts';
import type { RunExport, RunSource } from './run-export.ts';
import type { ReportData } from '../../shared/report/report-data.ts';

const run = promisify(execFile);

/** A stand-in viewer: the built one (out/report/) is checked by the command-line test and the e2e tests. */
const BUNDLE = { js: 'document.body.dataset.viewer = "stand-in";', css: 'body{margin:0}' };

/** The data a report file carries. */
function reportData(html: string): ReportData {
  const m = /<script type="application\/json" id="moba-report">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the report data element').not.toBeNull();
  return JSON.parse(m![1]!) as ReportData;
}

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

  it('writes run.json with events, the folded state and a trajectory, and every referenced image in assets/', async () => {
    const out = join(dir.path, 'out1');
    const r = await writeRunExport({
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

  it('writes report.html as one self-contained file: the run, its screenshots and the viewer, loading nothing', async () => {
    const out = join(dir.path, 'out2');
    const r = await writeRunExport({
      runs,
      artifacts,
      runId,
      outDir: out,
      html: true,
      app: { name: 'MobA Studio', version: 'test' },
      reportBundle: BUNDLE,
    });
    const html = readFileSync(r.html!, 'utf8');
    const data = reportData(html);
    expect(data).toMatchObject({
      format: 'moba-report',
      version: 1,
      kind: 'run',
      title: expect.stringContaining('alarm'),
    });
    expect(data.runs).toHaveLength(1);
    expect(data.runs[0]!.events).toEqual(runs.events(runId).events);
    // Every screenshot the events name is inside, as a JPEG; nothing refers outside the file.
    const refs = [...collectArtifactRefs(runs.events(runId).events).keys()];
    expect(Object.keys(data.images).sort()).toEqual(refs.sort());
    for (const image of Object.values(data.images)) {
      expect(image.mime).toBe('image/jpeg');
      expect(Buffer.from(image.base64, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    expect(html).not.toMatch(/\ssrc=|<link|href="http/i);
    // Only the viewer's own script runs: the policy names it by its hash.
    const hash = createHash('sha256').update(BUNDLE.js).digest('base64');
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain(`<script>${BUNDLE.js}</script>`);
  });

  it('keeps what the model or a person wrote as data: it cannot end the data or run as script', async () => {
    const evil = await writeSyntheticRun({
      dataDir: dir.path,
      steps: 1,
      screens: 1,
      runId: 'evil',
      task: '<img src=x onerror=alert(1)> & "quotes" </script><script>alert(2)</script>',
    });
    const r = await writeRunExport({
      runs,
      artifacts,
      runId: evil.runId,
      outDir: join(dir.path, 'out3'),
      html: true,
      app: { name: 'MobA Studio', version: 'test' },
      reportBundle: BUNDLE,
    });
    const html = readFileSync(r.html!, 'utf8');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<title>MobA Studio report: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(reportData(html).runs[0]!.summary.task).toBe(
      '<img src=x onerror=alert(1)> & "quotes" </script><script>alert(2)</script>',
    );
  });

  it('fails with RUN_NOT_FOUND for an unknown run', async () => {
    const repo = new RunsRepo(db);
    const strict: RunSource = {
      get: (id) => {
        const s = repo.get(id);
        if (!s) throw Object.assign(new Error(`No run ${id}`), { code: 'RUN_NOT_FOUND' });
        return s;
      },
      events: (id) => repo.events(id),
    };
    await expect(
      writeRunExport({
        runs: strict,
        artifacts,
        runId: 'nope',
        outDir: join(dir.path, 'x'),
        html: false,
        app: { name: 'm', version: 't' },
      }),
    ).rejects.toThrow(/No run nope/);
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
    // The built viewer is inside: the report shows the run with the app's own replay.
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(reportData(html).runs[0]!.summary.id).toBe(runId);
    expect(html.length).toBeGreaterThan(100_000);
  }, 60_000);
});
