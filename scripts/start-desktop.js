#!/usr/bin/env node
// `npm start [-- ELECTRON ARGS…]`: the desktop app with a simulated phone. Builds out/ when it is
// missing or stale, fetches Electron's binary on the first start (the electron package no longer
// downloads it at install time, and electron-vite only looks for a downloaded one), then runs
// `electron-vite preview` on the build.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, fail, prepare, runAndExit } from './lib/launch.js';

await prepare();
let electron;
try {
  // Resolving the package downloads the binary when it is missing (from GitHub, once).
  electron = createRequire(join(ROOT, 'package.json'))('electron');
} catch (error) {
  const version = createRequire(join(ROOT, 'package.json'))('electron/package.json').version;
  fail(
    `Electron ${version}'s binary is not installed and could not be downloaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). ` +
      'It comes from GitHub on the first start; on a machine without that access, `npm run serve` runs the same UI in a browser.',
  );
}
runAndExit(
  join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite'),
  ['preview', '--skipBuild', '--', '--sim', ...process.argv.slice(2)],
  { ...process.env, ELECTRON_EXEC_PATH: electron },
);
