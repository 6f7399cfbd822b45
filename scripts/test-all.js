#!/usr/bin/env node
// `npm test`: the machine's prerequisites first (stopping early, with the command that installs
// each missing one), then lint, both type checks, the build, unit and integration tests (Vitest),
// every `perf:*` script in its quick mode and the e2e tests (Playwright against the web host). Every step runs even if an earlier one failed,
// so one run shows everything; the last line is `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { checkTestPrerequisites } from './check-prerequisites.js';
import { jsonLineProblem, perfScripts } from './lib/perf-smoke.js';
import { runOnSupportedNode } from './lib/node-runtime.js';

// On the set-up's Node when the machine's is older (else the check below names Node as missing);
// then stop at once, with the install commands, when something the tests need is not installed.
await runOnSupportedNode();
if (!checkTestPrerequisites()) {
  process.stderr.write('npm test stopped before running anything.\n');
  process.exit(1);
}

const results = 'test-results';
mkdirSync(results, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(label, args, env = {}) {
  const started = Date.now();
  process.stdout.write(`\n━━ ${label} ━━\n`);
  const r = spawnSync(npx, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { label, ok: r.status === 0, seconds };
}

/** Runs `work` on every item, at most `width` at once. */
async function inPool(items, width, work) {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** Runs a command with its output captured: { status, signal, stdout, stderr, seconds }. */
function captured(command, args, env = {}) {
  const t = Date.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d) => (out.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (out.stderr += d));
  return new Promise((resolve) => {
    const done = (status, signal) => resolve({ status, signal, ...out, seconds: ((Date.now() - t) / 1000).toFixed(1) });
    child.on('error', (e) => {
      out.stderr += String(e);
      done(null, 'error');
    });
    child.on('close', done);
  });
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, names: [] };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const names = (j.testResults ?? []).flatMap((f) => {
    const where = relative(process.cwd(), f.name ?? '');
    const failedTests = (f.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${where} › ${t.fullName ?? t.title}`);
    // A file that failed to load has no failed assertions but a message.
    return failedTests.length === 0 && f.status === 'failed'
      ? [`${where} › ${(f.message ?? 'failed').split('\n')[0]}`]
      : failedTests;
  });
  return { passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0, names };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, names: [] };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky')
          names.push(`${spec.file ?? file} › ${spec.title} (${t.status})`);
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), names };
}

const steps = [];
const counts = { passed: 0, failed: 0 };
const check = (step) => {
  steps.push(step);
  if (step.ok) counts.passed++;
  else counts.failed++;
};

// The static checks are independent: two at a time, each printed when it ends.
const staticChecks = [
  ['lint', ['eslint', '--max-warnings=0', '.']],
  ['formatting (Biome; `npm run format` applies it)', ['biome', 'format', '.']],
  [
    'import boundaries and cycles',
    [
      'depcruise',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
      'src',
      'packages',
      'test',
      'perf',
      'e2e',
      'scripts',
    ],
  ],
  ['type check (Node side)', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ['type check (web side)', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
  ["type check (the simulated phone's page)", ['tsc', '-p', 'tsconfig.sim-page.json', '--noEmit']],
];
const staticResults = new Map();
await inPool(staticChecks, 2, async ([label, args]) => {
  const r = await captured(npx, args);
  process.stdout.write(`\n━━ ${label} ━━\n${r.stdout}${r.stderr}`);
  staticResults.set(label, { label, ok: r.status === 0, seconds: r.seconds });
});
for (const [label] of staticChecks) check(staticResults.get(label));
check(run('build', ['electron-vite', 'build']));

for (const project of ['unit', 'integration']) {
  const out = `${results}/vitest-${project}.json`;
  rmSync(out, { force: true });
  const step = run(`${project} tests`, [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const c = vitestCounts(out);
  steps.push({ ...step, tests: c });
  counts.passed += c.passed;
  counts.failed += c.failed || (step.ok ? 0 : 1);
}

// Every performance script once on its smallest inputs: it must finish and print its JSON line.
// Two at a time: a quick run mostly waits on the phones, servers and processes it starts.
{
  const started = Date.now();
  process.stdout.write(
    '\n━━ performance scripts, quick (MOBA_PERF_QUICK=1, two at a time: each must end with its JSON line) ━━\n',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const c = { passed: 0, failed: 0, names: [] };
  await inPool(perfScripts(pkg), 2, async (name) => {
    const r = await captured(npm, ['run', '--silent', name], { MOBA_PERF_QUICK: '1' });
    const problem = r.status !== 0 ? `exited with ${r.status ?? r.signal}` : jsonLineProblem(r.stdout);
    process.stdout.write(`${problem ? 'FAIL' : 'ok  '}  ${name}  ${r.seconds}s\n`);
    if (problem) {
      c.failed++;
      c.names.push(`${name}: ${problem}`);
      process.stdout.write(
        `${r.stdout.split('\n').slice(-15).join('\n')}\n${r.stderr.split('\n').slice(-25).join('\n')}\n`,
      );
    } else c.passed++;
  });
  steps.push({
    label: 'performance scripts, quick',
    ok: c.failed === 0,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    tests: c,
  });
  counts.passed += c.passed;
  counts.failed += c.failed;
}

const pwOut = `${results}/playwright.json`;
rmSync(pwOut, { force: true });
const e2e = run('e2e tests (Chromium against the web host)', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut,
});
const pc = playwrightCounts(pwOut);
steps.push({ ...e2e, tests: pc });
counts.passed += pc.passed;
counts.failed += pc.failed || (e2e.ok ? 0 : 1);

process.stdout.write('\n━━ summary ━━\n');
for (const s of steps) {
  const detail = s.tests ? ` (${s.tests.passed} passed, ${s.tests.failed} failed)` : '';
  process.stdout.write(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.label}${detail}  ${s.seconds}s\n`);
  for (const name of s.tests?.names ?? []) process.stdout.write(`        ✗ ${name}\n`);
}
process.stdout.write(`${counts.passed} passed, ${counts.failed} failed\n`);
process.exitCode = counts.failed === 0 && steps.every((s) => s.ok) ? 0 : 1;
