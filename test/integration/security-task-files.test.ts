/**
 * Security: task files someone else prepared cannot freeze or flood `moba bench validate`.
 * Before the fix a folder holding a symbolic link to /dev/zero made validation read 1.9 GB in
 * 60 s; a predicate nested 5,000 levels deep aborted the validation of the whole folder with a
 * bare "Maximum call stack size exceeded"; and parameters that double themselves validated and
 * then died at 2.1 GB when an episode filled them. `moba bench validate` as users run it, as a
 * child process.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@moba/testkit/rigs';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startBenchRig } from '../support/bench-rig.ts';
import { mobaCli } from '../support/moba-cli.ts';

const dir = tempDir('moba-sec-tasks-');
afterAll(() => dir.dispose());

/** A valid task (from docs/benchmark.md's shape), with an id and optional extra fields. */
const task = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  version: 1,
  category: 'easy',
  apps: ['settings'],
  goal: { en: 'Turn on airplane mode.', zh: '打开飞行模式。' },
  milestones: [{ id: 'on', check: { app: 'settings', path: 'airplaneMode', is: true } }],
  solution: [
    { action: 'Open_App', app: 'Settings' },
    { action: 'Click', target: { text: 'Airplane mode' }, milestone: 'on' },
  ],
  ...extra,
});

interface Validated {
  files: Array<{ file: string; ok: boolean; problems: Array<{ path: string; message: string }> }>;
  valid: number;
  invalid: number;
}

async function validate(args: string[]): Promise<{ code: number | null; out: Validated; stderr: string }> {
  const cli = mobaCli(['--data-dir', join(dir.path, 'data'), 'bench', 'validate', ...args, '--json'], {
    MOBA_ADB_AUTOSTART: '0',
  });
  const code = await Promise.race([
    cli.exit,
    new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000)).then((h) => {
      cli.child.kill('SIGKILL');
      return h;
    }),
  ]);
  expect(code, `moba bench validate ${args.join(' ')} did not finish within a minute`).not.toBe('hung');
  return { code: code as number | null, out: cli.lines[0] as unknown as Validated, stderr: cli.stderr };
}

const problemsOf = (out: Validated, name: string) => out.files.find((f) => f.file.endsWith(name))?.problems ?? [];

describe('security: task files are read bounded', () => {
  it('refuses a link to /dev/zero (and one leaving the folder) without reading it, and checks the rest', {
    timeout: 90_000,
  }, async () => {
    const folder = join(dir.path, 'links');
    mkdirSync(folder);
    writeFileSync(join(folder, 'good.json'), JSON.stringify(task('lab.good')));
    symlinkSync('/dev/zero', join(folder, 'zero.json'));
    const outsideFile = join(dir.path, 'outside.json');
    writeFileSync(outsideFile, JSON.stringify(task('lab.outside')));
    symlinkSync(outsideFile, join(folder, 'elsewhere.json'));
    mkdirSync(join(folder, 'sub'));
    writeFileSync(join(folder, 'sub', 'inner.json'), JSON.stringify(task('lab.inner')));
    symlinkSync(join(folder, 'sub', 'inner.json'), join(folder, 'inside-link.json'));

    const r = await validate([folder]);
    expect(r.code).toBe(1);
    expect(problemsOf(r.out, 'zero.json')).toEqual([
      { path: '', message: expect.stringMatching(/symbolic link to \/dev\/zero, outside .*links: not read/) },
    ]);
    expect(problemsOf(r.out, 'elsewhere.json')[0]?.message).toMatch(/outside .*--follow-links/);
    expect(r.out.files.find((f) => f.file.endsWith('good.json'))?.ok).toBe(true);
    // A link inside the folder is read (so the file it names shows its id twice).
    expect(r.out.files.find((f) => f.file.endsWith('inside-link.json'))?.ok).toBe(true);
    expect(problemsOf(r.out, 'inner.json')).toEqual([
      { path: 'id', message: expect.stringContaining('"lab.inner" is also the id of') },
    ]);

    // Asked to follow links, the file outside is read; /dev/zero still is not: only regular files are.
    const followed = await validate([folder, '--follow-links']);
    expect(followed.out.files.find((f) => f.file.endsWith('elsewhere.json'))?.ok).toBe(true);
    expect(problemsOf(followed.out, 'zero.json')[0]?.message).toMatch(/is not a regular file \(a device\)/);
    // Named directly, a device is refused the same way.
    const direct = await validate(['/dev/zero']);
    expect(problemsOf(direct.out, 'zero')[0]?.message).toMatch(/is not a regular file \(a device\)/);
  });

  it('answers a predicate nested 5,000 deep with the path, and validates the other files of the folder', {
    timeout: 90_000,
  }, async () => {
    const folder = join(dir.path, 'deep');
    mkdirSync(folder);
    // Written as text: building it as an object and stringifying it would overflow this process's stack too.
    const check = `${'{"not":'.repeat(5_000)}{"app":"settings","path":"airplaneMode","is":true}${'}'.repeat(5_000)}`;
    const text = JSON.stringify(task('lab.deep', { milestones: [{ id: 'x', check: 'CHECK' }] }));
    writeFileSync(join(folder, 'deep.json'), text.replace('"CHECK"', check));
    writeFileSync(join(folder, 'fine.json'), JSON.stringify(task('lab.fine')));
    const r = await validate([folder]);
    expect(r.stderr).not.toMatch(/Maximum call stack/);
    expect(problemsOf(r.out, 'deep.json')).toEqual([
      {
        path: 'milestones[0].check.not.not.not.not.not…',
        message: 'nested deeper than 64 levels (a task needs far fewer)',
      },
    ]);
    expect(r.out.files.find((f) => f.file.endsWith('fine.json'))?.ok).toBe(true);
  });

  it('refuses parameters that double themselves at validation, naming the first one too long', {
    timeout: 60_000,
  }, async () => {
    const params: Record<string, unknown> = { p0: { text: 'a'.repeat(1_000) } };
    for (let i = 1; i <= 21; i++) params[`p${i}`] = { text: `{p${i - 1}}{p${i - 1}}` };
    const file = join(dir.path, 'doubling.json');
    writeFileSync(file, JSON.stringify(task('lab.doubling', { goal: { en: 'Note {p21}', zh: '记下{p21}' }, params })));
    const r = await validate([file]);
    expect(r.code).toBe(1);
    const problems = problemsOf(r.out, 'doubling.json');
    expect(problems[0]).toEqual({
      path: 'params.p7',
      message: expect.stringMatching(/^can grow to about 128,000 characters \(at most 65,536\)/),
    });
    expect(problems.map((p) => p.path)).toContain('params.p21');
  });
});

describe('security: a regular expression in a milestone cannot stall a benchmark', () => {
  it('a local benchmark whose milestone is ^(a+)+$ against a long answer: the process keeps answering, the episode ends', {
    timeout: 300_000,
  }, async () => {
    const rig = await startBenchRig();
    try {
      const file = join(dir.path, 'regex-milestone.json');
      writeFileSync(
        file,
        JSON.stringify(
          task('lab.regex-answer', {
            milestones: [
              { id: 'on', check: { app: 'settings', path: 'airplaneMode', is: true } },
              { id: 'said', check: { answer: { $regex: '^(a+)+$' } } },
            ],
            solution: [
              { action: 'Open_App', app: 'Settings' },
              { action: 'Click', target: { text: 'Network & internet' } },
              { action: 'Click', target: { text: 'Airplane mode' }, milestone: 'on' },
              { action: 'Finish', message: `${'a'.repeat(28)}!` },
            ],
          }),
        ),
      );
      const tasks = loadTasks([file]).map((l) => l.task);
      const id = rig.runner.create(
        { tasks: [file], configurations: [{ id: 'ref', agent: 'reference' }], timeoutS: 60 },
        tasks,
      );
      // How late a 50 ms timer fires: the benchmark runs in this process, so a stalled event loop shows here.
      let worst = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last - 50);
        last = now;
      }, 50);
      const idleUntil = performance.now() + 1_000;
      while (performance.now() < idleUntil) await new Promise((r) => setTimeout(r, 50));
      const idle = worst;
      worst = 0;
      try {
        const summary = await rig.runner.run(id);
        expect(summary.counts).toMatchObject({ total: 1, done: 1, error: 0 });
      } finally {
        clearInterval(timer);
      }
      const [episode] = rig.runner.repo.episodes(id);
      expect(episode!.result).toMatchObject({ reached: 1, total: 2, answer: `${'a'.repeat(28)}!` });
      expect(worst - idle, `the event loop stalled ${Math.round(worst)} ms (idle ${Math.round(idle)} ms)`).toBeLessThan(
        1_000,
      );
    } finally {
      await rig.dispose();
    }
  });
});
