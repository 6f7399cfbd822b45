#!/usr/bin/env node
// `npm test`: lint, both type checks, the build, unit and integration tests (Vitest) and the
// e2e tests (Playwright against the web host). Every step runs even if an earlier one failed,
// so one run shows everything; the last line is `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0 };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) };
}

const steps = [];
const counts = { passed: 0, failed: 0 };
const check = (step) => {
  steps.push(step);
  if (step.ok) counts.passed++;
  else counts.failed++;
};

check(run('lint', ['eslint', '--max-warnings=0', '.']));
check(run('type check (Node side)', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']));
check(run('type check (web side)', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']));
check(run('build', ['electron-vite', 'build']));

for (const project of ['unit', 'integration']) {
  const out = `${results}/vitest-${project}.json`;
  rmSync(out, { force: true });
  const step = run(`${project} tests`, ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const c = vitestCounts(out);
  steps.push({ ...step, tests: c });
  counts.passed += c.passed;
  counts.failed += c.failed || (step.ok ? 0 : 1);
}

const pwOut = `${results}/playwright.json`;
rmSync(pwOut, { force: true });
const e2e = run('e2e tests (Chromium against the web host)', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut });
const pc = playwrightCounts(pwOut);
steps.push({ ...e2e, tests: pc });
counts.passed += pc.passed;
counts.failed += pc.failed || (e2e.ok ? 0 : 1);

process.stdout.write('\n━━ summary ━━\n');
for (const s of steps) {
  const detail = s.tests ? ` (${s.tests.passed} passed, ${s.tests.failed} failed)` : '';
  process.stdout.write(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.label}${detail}  ${s.seconds}s\n`);
}
process.stdout.write(`${counts.passed} passed, ${counts.failed} failed\n`);
process.exitCode = counts.failed === 0 && steps.every((s) => s.ok) ? 0 : 1;
