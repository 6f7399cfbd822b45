/**
 * Read-only commands open the store and load nothing else: the modules a `moba` process
 * resolves, recorded by a resolve hook, stay within the CLI, the store and the few modules that
 * read it — no simulator, Chromium, model SDK, strategies, OCR, queue or schema library.
 * (How fast they answer, against `moba --help`, is `npm run perf:cli`'s figure.)
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { BenchSpec } from '../../src/shared/bench/config.ts';
import { BenchRepo } from '../../src/main/bench/bench-repo.ts';
import { keepSettledReport } from '../../src/main/bench/report/benchmark-report.ts';
import { openDatabase } from '../../src/main/store/database.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const data = tempDir('moba-read-only-');
const trace = join(data.path, 'modules.txt');

// Appends every URL the process resolves to $MOBA_TRACE_MODULES.
const HOOK = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({ resolve(specifier, context, next) {
  const r = next(specifier, context);
  appendFileSync(process.env.MOBA_TRACE_MODULES, r.url + '\\n');
  return r;
} });`)}`;

/** The project files and packages `moba ARGS` loaded (package names for node_modules). */
function loaded(args: string[]): { files: string[]; packages: string[] } {
  rmSync(trace, { force: true });
  const r = spawnSync(
    process.execPath,
    ['--import', HOOK, join(ROOT, 'bin', 'moba.js'), '--data-dir', data.path, ...args],
    {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, MOBA_TRACE_MODULES: trace },
    },
  );
  expect(r.status, r.stderr).toBe(0);
  const urls = [...new Set(readFileSync(trace, 'utf8').trim().split('\n'))].filter((u) => u.startsWith('file:'));
  const paths = urls.map((u) => relative(ROOT, fileURLToPath(u)).replaceAll('\\', '/'));
  return {
    files: paths.filter((p) => !p.includes('node_modules/')).sort(),
    packages: [
      ...new Set(
        paths.filter((p) => p.includes('node_modules/')).map((p) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(p)![1]!),
      ),
    ].sort(),
  };
}

// What a read-only command may load: the CLI itself, the store, and what reads its tables.
const ALLOWED_FILES = [
  /^bin\/moba\.js$/,
  /^package\.json$/,
  /^scripts\/lib\/(node-runtime|ts-cache)\.js$/,
  /^src\/main\/cli\//,
  /^src\/main\/store\//,
  /^src\/main\/(paths|private-files|version)\.ts$/,
  /^src\/main\/agent\/ownership\.ts$/,
  /^src\/main\/llm\/override-options\.ts$/, // the --model/--base-url options of `bench run`
  /^src\/main\/bench\/(bench-repo\.ts|report\/)/,
  /^src\/main\/memory\/(memory-store|memory-text|text)\.ts$/,
  /^src\/shared\/(choices|errors|memory-provenance)\.ts$/,
  /^src\/shared\/bench\/(labels|report-questions)\.ts$/,
  /^packages\/base\/src\//,
];
const ALLOWED_PACKAGES = ['better-sqlite3', 'bindings', 'commander', 'file-uri-to-path'];

let benchmarkId = '';
const keptId = 'b20250101-000000-0002';
beforeAll(() => {
  // Benchmarks for `moba bench report` to read (no episodes ran: the report is empty but whole):
  // one as a store from before reports were kept has it, one ended as the runner ends one.
  const db = openDatabase({ path: join(data.path, 'moba.sqlite') });
  const spec = BenchSpec.parse({ configurations: [{ agent: 'noop' }] });
  benchmarkId = 'b20250101-000000-0001';
  const repo = new BenchRepo(db);
  for (const id of [benchmarkId, keptId])
    repo.create({
      id,
      name: 'read-only',
      spec,
      configurations: [{ ...spec.configurations[0]!, id: 'no-op' }],
      tasks: [],
      episodes: [],
      now: 1,
    });
  keepSettledReport(repo, keptId, 2, (line) => expect.fail(line));
  db.close();
});
afterAll(() => data.dispose());

describe('read-only commands load the store and nothing else', () => {
  it.each(['runs list', 'memory list', 'bench list', 'bench report ID', 'bench report ID --format csv'])(
    'moba %s',
    (line) => {
      const args = line.split(' ').map((a) => (a === 'ID' ? benchmarkId : a));
      const { files, packages } = loaded(args);
      const name = `moba ${args.join(' ')}`;
      expect(packages, name).toEqual(ALLOWED_PACKAGES.filter((p) => packages.includes(p)));
      expect(packages, name).toContain('better-sqlite3');
      expect(
        files.filter((f) => !ALLOWED_FILES.some((re) => re.test(f))),
        `${name} loads only the CLI and the store`,
      ).toEqual([]);
      expect(files, name).toContain('src/main/store/database.ts');
    },
  );

  it('moba bench report --format html loads the report file path only for that format', () => {
    // The HTML report embeds the episodes' runs, their screenshots (re-encoded) and the viewer.
    const html = loaded(['bench', 'report', benchmarkId, '--format', 'html', '--out', join(data.path, 'r.html')]);
    expect(html.files).toContain('src/main/cli/commands/bench-report-html.ts');
    expect(html.files).toContain('src/main/export/report-html.ts');
    expect(readFileSync(join(data.path, 'r.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    const table = loaded(['bench', 'report', benchmarkId]);
    expect(table.files).not.toContain('src/main/cli/commands/bench-report-html.ts');
  });

  it('moba bench report of a finished benchmark reads its kept report and loads no statistics', () => {
    const kept = loaded(['bench', 'report', keptId]);
    expect(kept.files).toContain('src/main/bench/report/stored-report.ts');
    expect(kept.files).not.toContain('src/main/bench/report/metrics.ts');
    expect(kept.files).not.toContain('src/main/bench/report/stats.ts');
    // Without a kept report (a store from before they were kept) it computes one, writing nothing.
    expect(loaded(['bench', 'report', benchmarkId]).files).toContain('src/main/bench/report/stats.ts');
  });

  it('sees what a heavier command loads: the check is not vacuous', () => {
    // `memory stats` reports the embedder's progress: it opens the model gateway and the schemas.
    const { files, packages } = loaded(['memory', 'stats']);
    expect(packages).toEqual(expect.arrayContaining(['openai', 'zod']));
    expect(files).toContain('src/main/llm/model-gateway.ts');
    expect(files.filter((f) => !ALLOWED_FILES.some((re) => re.test(f))).length).toBeGreaterThan(10);
  });
});
