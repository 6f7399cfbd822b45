/**
 * `moba bench` as users run it, as child processes against a private adb server and data folder:
 *  - a task file written from docs/benchmark.md alone (not copied from the built-in suite)
 *    validates and runs: the reference reaches every milestone, doing nothing none;
 *  - malformed task files get errors naming the file, the field and the reason, and change
 *    nothing (no benchmark is stored, the files are left as they were);
 *  - a benchmark killed with SIGKILL mid-run, `moba bench resume` finishes with every episode
 *    done exactly once: the ones finished before the kill are kept (same run), the ones it
 *    left running are run again, and their interrupted runs are ended.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants, isRunning, tempDir } from '@moba/testkit/rigs';
import { mobaCli } from '../support/moba-cli.ts';
import { startBenchRig } from '../support/bench-rig.ts';
import type { BenchRig } from '../support/bench-rig.ts';

// Written from docs/benchmark.md (Tasks, Device set-up, Predicates, Conditions, The reference
// solution) and the Settings state shape in packages/sim/src/apps/README.md.
const FROM_DOCS = {
  id: 'lab.airplane-and-saver',
  version: 1,
  category: 'medium',
  apps: ['settings'],
  goal: { en: 'Turn on airplane mode and Battery Saver.', zh: '打开飞行模式和省电模式。' },
  setup: [{ patch: 'settings', merge: { batterySaver: false } }],
  preconditions: [{ app: 'settings', path: 'airplaneMode', is: false }],
  milestones: [
    { id: 'airplane', check: { app: 'settings', path: 'airplaneMode', is: true } },
    { id: 'saver', check: { app: 'settings', path: 'batterySaver', is: true } },
  ],
  invariants: [{ id: 'theme-kept', check: { app: 'settings', path: 'darkMode', unchanged: true } }],
  solution: [
    { action: 'Open_App', app: 'Settings' },
    { action: 'Click', target: { text: 'Network & internet' } },
    { action: 'Click', target: { text: 'Airplane mode' }, milestone: 'airplane' },
    { action: 'Back' },
    { action: 'Click', target: { text: 'Battery' } },
    { action: 'Click', target: { text: 'Battery Saver' }, milestone: 'saver' },
  ],
};

function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return '';
  }
}

let t: BenchRig;
const dir = tempDir('moba-bench-cli-');
beforeAll(async () => {
  t = await startBenchRig();
});
afterAll(async () => {
  await t?.dispose();
  dir.dispose();
});

async function moba(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; lines: Array<Record<string, unknown>> }> {
  const cli = mobaCli(args, t.env, { closeStdin: true });
  const code = await cli.exit;
  return { code, stdout: cli.stdout, stderr: cli.stderr, lines: cli.lines };
}

describe('task files', () => {
  it('a task written from the docs alone validates, and runs: the reference reaches both milestones, doing nothing neither', {
    timeout: 180_000,
  }, async () => {
    const file = join(dir.path, 'airplane-and-saver.json');
    writeFileSync(file, JSON.stringify(FROM_DOCS, null, 2));
    const valid = await moba(['bench', 'validate', file, '--json']);
    expect(valid.code, valid.stdout + valid.stderr).toBe(0);
    expect(valid.lines[0]).toMatchObject({ valid: 1, invalid: 0 });

    const run = await moba([
      'bench',
      'run',
      '--tasks',
      file,
      '--agent',
      'reference,noop',
      '--seeds',
      '2',
      '--phones',
      '2',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const last = run.lines.at(-1) as {
      status: string;
      report: {
        configurations: Array<{
          agent: string;
          overall: { msPercent: { value: number }; completeRate: { value: number }; msPoints: number };
        }>;
      };
    };
    expect(last.status).toBe('done');
    const by = (agent: string) => last.report.configurations.find((c) => c.agent === agent)!.overall;
    expect(by('reference').msPercent.value).toBe(100);
    expect(by('reference').completeRate.value).toBe(100);
    expect(by('noop').msPoints).toBe(0);
  });

  it('malformed files get the file, field and reason of each problem, and change nothing', {
    timeout: 120_000,
  }, async () => {
    const before: unknown = JSON.parse((await moba(['bench', 'list', '--json'])).stdout);
    const files = {
      syntax: join(dir.path, 'syntax.json'),
      operator: join(dir.path, 'operator.json'),
      reference: join(dir.path, 'reference.json'),
      missing: join(dir.path, 'missing.json'),
    };
    writeFileSync(files.syntax, '{ "id": "lab.broken", "version": 1, ');
    writeFileSync(
      files.operator,
      JSON.stringify({
        ...FROM_DOCS,
        id: 'lab.operator',
        milestones: [{ id: 'airplane', check: { app: 'settings', path: 'airplaneMode', is: { $gtt: 1 } } }],
        solution: [FROM_DOCS.solution[0]],
      }),
    );
    writeFileSync(
      files.reference,
      JSON.stringify({
        ...FROM_DOCS,
        id: 'lab.reference',
        solution: [{ action: 'Click', target: { text: 'Airplane mode' }, milestone: 'airplain' }],
      }),
    );
    const { goal: _goal, ...noGoal } = FROM_DOCS;
    writeFileSync(files.missing, JSON.stringify({ ...noGoal, id: 'lab.missing' }));
    const contents = Object.fromEntries(Object.values(files).map((f) => [f, readFileSync(f, 'utf8')]));

    const r = await moba(['bench', 'validate', ...Object.values(files)]);
    expect(r.code).toBe(1);
    const out = r.stdout + r.stderr;
    expect(out).toContain('4 invalid');
    expect(out).toMatch(/syntax\.json[\s\S]*JSON/);
    expect(out).toMatch(/operator\.json[\s\S]*milestones\[0\]\.check[\s\S]*\$gtt/);
    expect(out).toMatch(/reference\.json[\s\S]*solution\[0\]\.milestone[\s\S]*"airplain" is not a milestone id/);
    expect(out).toMatch(/missing\.json[\s\S]*goal/);

    // Running them refuses before anything is stored.
    const run = await moba(['bench', 'run', '--tasks', files.operator, '--agent', 'reference']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/operator\.json[\s\S]*\$gtt/);
    expect(JSON.parse((await moba(['bench', 'list', '--json'])).stdout)).toEqual(before);
    for (const [f, text] of Object.entries(contents)) expect(readFileSync(f, 'utf8')).toBe(text);
  });
});

describe('honest calibration', () => {
  it('validate --deep names a wrong state path, a missing element and a typo on a seeded phone; run exits 1 on a failing reference', {
    timeout: 240_000,
  }, async () => {
    const files = {
      path: join(dir.path, 'deep-path.json'),
      element: join(dir.path, 'deep-element.json'),
      typo: join(dir.path, 'deep-typo.json'),
    };
    const milestones = FROM_DOCS.milestones;
    writeFileSync(
      files.path,
      JSON.stringify({
        ...FROM_DOCS,
        id: 'lab.deep-path',
        milestones: [{ id: 'airplane', check: { app: 'settings', path: 'airplane', is: true } }, milestones[1]],
      }),
    );
    const solution = [...FROM_DOCS.solution];
    solution[1] = { action: 'Click', target: { text: 'Network and internet' } };
    writeFileSync(files.element, JSON.stringify({ ...FROM_DOCS, id: 'lab.deep-element', solution }));
    writeFileSync(
      files.typo,
      JSON.stringify({
        ...FROM_DOCS,
        id: 'lab.deep-typo',
        invariants: [{ id: 'theme-kept', check: { app: 'settings', path: 'darkMod', unchanged: true } }],
      }),
    );
    // Each is a valid file: only the phone can tell.
    expect((await moba(['bench', 'validate', ...Object.values(files)])).code).toBe(0);

    const deep = await moba(['bench', 'validate', '--deep', ...Object.values(files)]);
    expect(deep.code, deep.stderr).toBe(1);
    const out = deep.stdout;
    expect(out).toContain('3 invalid');
    expect(out).toMatch(
      /FAIL {2}\S*deep-path\.json \(lab\.deep-path\)\n[\s\S]*milestones\[0\]\.check\.path: "airplane" is not in settings's state/,
    );
    expect(out).toMatch(
      /FAIL {2}\S*deep-element\.json \(lab\.deep-element\)\n\s+solution\[1\]\.target: no element matches text="Network and internet"; on screen: .*Network & internet/,
    );
    expect(out).toMatch(
      /FAIL {2}\S*deep-typo\.json \(lab\.deep-typo\)\n[\s\S]*invariants\[0\]\.check\.path: "darkMod" is not in settings's state/,
    );

    const run = await moba(['bench', 'run', '--tasks', files.element, '--agent', 'reference']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /REFERENCE lab\.deep-element .*missed airplane, saver — Reference step 2 \(Click text="Network and internet"\): no element matches text="Network and internet"; on screen: .*Network & internet/,
    );
  });
});

describe('resume after SIGKILL', () => {
  it('finishes every episode exactly once: finished ones kept, interrupted ones run again', {
    timeout: 300_000,
  }, async () => {
    const ids = [
      'clock.weekday-alarm-off',
      'settings.bluetooth-on',
      'settings.dark-theme',
      'weather.tomorrow-high',
      'launcher.open-app',
      'messages.reply-alice',
      'notes.pin-note',
      'settings.wifi-off',
    ];
    const cli = mobaCli(
      ['bench', 'run', '--ids', ids.join(','), '--agent', 'reference', '--phones', '2', '--json'],
      t.env,
      { closeStdin: true },
    );
    const { benchmark: id } = (await cli.waitFor((l) => typeof l.benchmark === 'string', 60_000)) as {
      benchmark: string;
    };
    // Three episodes finished, others running: kill the process and everything it started, at once.
    await cli.waitFor(
      () => cli.lines.filter((l) => typeof l.episode === 'string' && l.status === 'done').length >= 3,
      180_000,
    );
    const pids = [cli.child.pid!, ...descendants(cli.child.pid!)];
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await cli.exit;
    // Gone (or a zombie waiting to be reaped) within a few seconds.
    const alive = () => pids.filter((pid) => isRunning(pid) && !/\) Z /.test(readStat(pid)));
    for (let i = 0; i < 50 && alive().length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toEqual([]);
    const finishedBefore = new Map(
      t.runner.repo
        .episodes(id)
        .filter((e) => e.status === 'done')
        .map((e) => [e.id, e.runId] as const),
    );
    const leftRunning = t.runner.repo
      .episodes(id)
      .filter((e) => e.status === 'running')
      .map((e) => e.id);
    expect(finishedBefore.size).toBeGreaterThanOrEqual(3);
    expect(finishedBefore.size).toBeLessThan(ids.length);
    expect(leftRunning.length).toBeGreaterThan(0);

    const resumed = await moba(['bench', 'resume', id, '--json']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const episodes = t.runner.repo.episodes(id);
    expect(episodes.map((e) => e.status)).toEqual(ids.map(() => 'done'));
    expect(new Set(episodes.map((e) => e.taskId))).toEqual(new Set(ids));
    // Finished before the kill: kept as they were, not run again.
    for (const [episodeId, runId] of finishedBefore)
      expect(episodes.find((e) => e.id === episodeId)!.runId).toBe(runId);
    const attempts = t.runner.repo.attempts(id);
    for (const e of episodes) {
      const mine = attempts.filter((a) => a.episodeId === e.id);
      expect(
        mine.filter((a) => a.outcome === 'done'),
        e.id,
      ).toHaveLength(1);
      expect(mine.find((a) => a.outcome === 'done')!.runId).toBe(e.runId);
      if (finishedBefore.has(e.id)) expect(mine).toHaveLength(1);
    }
    // The ones the kill left running were given back with the reason, and their runs ended.
    for (const episodeId of leftRunning) {
      const interrupted = attempts.filter((a) => a.episodeId === episodeId && a.outcome === 'interrupted');
      expect(interrupted.length, episodeId).toBeGreaterThanOrEqual(1);
      for (const a of interrupted) if (a.runId) expect(t.app.runs.get(a.runId).status).not.toBe('running');
    }
    // The resumed process printed exactly the episodes that were left.
    expect(
      resumed.lines
        .filter((l) => typeof l.episode === 'string' && l.status === 'done')
        .map((l) => l.episode)
        .sort(),
    ).toEqual(
      episodes
        .filter((e) => !finishedBefore.has(e.id))
        .map((e) => e.id)
        .sort(),
    );
    expect(episodes.every((e) => e.result!.complete)).toBe(true);
  });
});
