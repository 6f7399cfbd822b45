// What `npm run serve` and `npm start` do before the product starts, and how they start it:
// on a Node that runs the project (the set-up's when the machine's is older), with out/ built
// when it is missing or older than its sources, the command run with Ctrl-C and TERM reaching
// it and its exit status passed on.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build.js';
import { oldNodeAdvice, runOnSupportedNode } from './node-runtime.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Prints `message` and exits with status 1. */
export function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Right Node, fresh build; exits with a message when either cannot be had. */
export async function prepare() {
  if (!(await runOnSupportedNode())) fail(oldNodeAdvice());
  try {
    buildIfStale(ROOT);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Runs `command` (`node` = this Node) in the repository folder and exits with its status.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
export function runAndExit(command, args, env = process.env) {
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32' && command !== 'node',
  });
  process.on('SIGINT', () => undefined); // the terminal sends it to the child too
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('error', (error) => fail(`${command}: ${error.message}`));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
