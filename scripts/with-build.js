#!/usr/bin/env node
// `node scripts/with-build.js COMMAND [ARGS…]` — what `npm start` and `npm run serve` run:
// on a Node that runs the project (the set-up's when the machine's is older), build out/ when it
// is missing or older than its sources, then run COMMAND with Ctrl-C and TERM reaching it, and
// exit with its status. A fresh clone needs no separate `npm run build`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './lib/build.js';
import { oldNodeAdvice, runOnSupportedNode } from './lib/node-runtime.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!(await runOnSupportedNode())) {
  process.stderr.write(`${oldNodeAdvice()}\n`);
  process.exit(1);
}
try {
  buildIfStale(ROOT);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
if (command) {
  // `node` means this Node, whatever PATH says.
  const child = spawn(command === 'node' ? process.execPath : command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' && command !== 'node' });
  process.on('SIGINT', () => undefined); // the terminal sends it to the child too
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('error', (error) => {
    process.stderr.write(`${command}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
