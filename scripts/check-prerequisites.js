#!/usr/bin/env node
// `npm run check:prerequisites` (and the first step of `npm test`): whether this machine has
// what the tests need besides npm packages — Node ≥ 22.18, adb, Chromium, ffmpeg with libx264,
// redis-server, espeak-ng, pocketsphinx — each missing one named with the command that installs
// it. Exit status 0 when all are there, 1 otherwise.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMissing, installer, machineProbe, missingPrerequisites } from './lib/prerequisites.js';

/**
 * Prints what `npm test` still needs.
 * @returns {boolean} whether everything is there
 */
export function checkTestPrerequisites() {
  const probe = machineProbe();
  const missing = missingPrerequisites({ forTests: true, probe });
  if (missing.length === 0) return true;
  process.stderr.write(
    `The tests need ${missing.length === 1 ? 'one more thing' : `${missing.length} more things`} on this machine:\n${formatMissing(missing, installer(probe))}`,
  );
  return false;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const ok = checkTestPrerequisites();
  if (ok) process.stdout.write('Everything the tests need is installed.\n');
  process.exitCode = ok ? 0 : 1;
}
