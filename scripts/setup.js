#!/usr/bin/env node
// `npm run setup`: everything MobA Studio needs on this machine, in one command.
//  1. Node ≥ 22.18 — when this Node is older, Node (the release in .nvmrc) is fetched from the
//     npm registry into ~/.cache/moba-studio, and the rest of the set-up, the npm scripts and
//     `moba` run on it;
//  2. the system packages (scripts/lib/prerequisites.js): apt-get on Debian and Ubuntu (as root,
//     or through sudo), Homebrew on macOS where it has them; anything else is listed with
//     exactly what to install;
//  3. `npm ci` (exact, locked dependencies);
//  4. Playwright's Chromium where no Chromium or Chrome is installed and apt could not add one.
// Ends with what is still missing (exit status 1 then) and the command that starts the product.
// CI runs it too (.ci/run). Plain JavaScript that Node 16 parses: it runs on the machine's Node.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_RELEASE, fetchNode, fetchedNodeBin, nodeVersionOk, runOnSupportedNode } from './lib/node-runtime.js';
import { PREREQUISITES, formatMissing, installer, machineProbe, missingPrerequisites } from './lib/prerequisites.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const win = process.platform === 'win32';
const say = (text) => process.stdout.write(`${text}\n`);
const step = (text) => say(`\n━━ ${text} ━━`);

function run(command, args, options = {}) {
  say(`$ ${[command, ...args].join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, shell: win, ...options });
  return r.status === 0;
}

function quiet(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

// 1. Node.
step('Node.js');
if (!nodeVersionOk()) {
  say(`This is Node ${process.versions.node}; MobA Studio runs on Node ≥ 22.18.`);
  try {
    fetchNode();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // Everything below runs on the fetched Node.
  await runOnSupportedNode();
}
say(`node ${process.versions.node} (${process.execPath})`);

// 2. System packages.
const probe = machineProbe();
const how = installer(probe);
const unavailable = [];
if (how.kind === 'apt') {
  step('System packages (apt-get)');
  const sudo = how.sudo ? ['sudo'] : [];
  if (how.sudo && !probe.which('sudo')) say('Not root and no sudo: the packages below are listed, not installed.');
  const installed = (pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status === 0 && /install ok installed/.test(r.stdout);
  };
  const groups = PREREQUISITES.flatMap((p) => p.apt).filter((alternatives) => !alternatives.some(installed));
  if (groups.length === 0) say('All installed.');
  else if (!how.sudo || probe.which('sudo')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const asRoot = (args) =>
      run(sudo[0] ?? 'env', [...(sudo.length ? ['env'] : []), 'DEBIAN_FRONTEND=noninteractive', ...args], { env });
    if (!asRoot(['apt-get', 'update'])) say('apt-get update failed; trying with the package lists there are.');
    // Each group's first package the archive knows (Ubuntu calls Chromium chromium-browser; some releases lack the headless shell).
    const known = (pkg) =>
      /^Package:/m.test(spawnSync('apt-cache', ['show', '--no-all-versions', pkg], { encoding: 'utf8' }).stdout ?? '');
    const picks = [];
    for (const alternatives of groups) {
      const pick = alternatives.find(known);
      if (pick) picks.push(pick);
      else unavailable.push(alternatives.join(' or '));
    }
    if (picks.length && !asRoot(['apt-get', 'install', '-y', '-o', 'DPkg::Lock::Timeout=900', ...picks]))
      say('apt-get install failed; see above.');
    if (unavailable.length) say(`Not in this system's package archive: ${unavailable.join(', ')}.`);
  } else {
    say(`Install as root: apt-get install ${groups.map((g) => g[0]).join(' ')}`);
  }
} else if (how.kind === 'brew') {
  step('System packages (Homebrew)');
  const formulas = PREREQUISITES.flatMap((p) => p.brew?.formula ?? []).filter(
    (f) => !quiet('brew', ['list', '--formula', f]),
  );
  const casks = PREREQUISITES.flatMap((p) => p.brew?.cask ?? []).filter((c) => !quiet('brew', ['list', '--cask', c]));
  if (formulas.length) run('brew', ['install', ...formulas]);
  if (casks.length) run('brew', ['install', '--cask', ...casks]);
  if (!formulas.length && !casks.length) say('All installed.');
} else {
  step('System packages');
  say(`No apt-get or Homebrew here: install what the list at the end names by hand.`);
}

// 3. npm packages, on the Node this runs on.
step('npm ci');
const npm = win ? 'npm.cmd' : 'npm';
// After a fetch this process runs on the fetched Node, with its folder first on PATH: npm's scripts use it too.
if (!run(npm, ['ci', '--no-audit', '--no-fund'])) {
  process.stderr.write('npm ci failed; see above.\n');
  process.exit(1);
}

// 4. A browser when the system has none.
if (!PREREQUISITES.find((p) => p.id === 'chromium').found(machineProbe())) {
  step("Playwright's Chromium");
  run(win ? 'npx.cmd' : 'npx', ['playwright', 'install', 'chromium']);
}

// What is left, and what to run next.
step('Result');
const missing = missingPrerequisites();
if (missing.length) {
  say('Still missing:');
  process.stdout.write(formatMissing(missing, how).replace(/Or install everything at once: npm run setup\n$/, ''));
}
if (process.env.MOBA_NODE_REEXEC)
  say(`The npm scripts and \`moba\` run on Node ${NODE_RELEASE} from ${dirname(fetchedNodeBin())} by themselves.`);
say(missing.length ? '\nThe rest is ready. Then:' : '\nReady. Start MobA Studio with:');
say('  npm run serve     # the UI in your browser, with a simulated phone (prints the URL to open)');
say('  npm start         # the desktop app');
process.exitCode = missing.length ? 1 : 0;
