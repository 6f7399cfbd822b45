#!/usr/bin/env node
// `npm run screenshots` — the README's images from the current UI: builds out/ when stale, runs
// the e2e specs that save them (SCREENSHOT_SPECS; each saves its panels into
// test-results/screenshots/), then writes every image the README shows into docs/screenshots/
// as a palette PNG and removes the ones it no longer shows. `--no-run` only copies the shots a
// previous e2e run saved. Exits with 1, naming the images, when a shot the README shows was not
// saved by this run (the committed one is kept) or a spec failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { prepare, ROOT } from './lib/launch.js';
import {
  DOCS_DIR,
  DOCS_PNG,
  readmeImages,
  SCREENSHOT_SPECS,
  SHOTS_DIR,
  screenshotProblems,
} from './lib/screenshots.js';

const runSpecs = !process.argv.includes('--no-run');
const started = Date.now();
let failed = false;

if (runSpecs) {
  await prepare();
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const r = spawnSync(npx, ['playwright', 'test', ...SCREENSHOT_SPECS], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write('Some e2e specs failed; their screenshots may be missing or show the failure.\n');
    failed = true;
  }
}

const names = readmeImages(readFileSync(join(ROOT, 'README.md'), 'utf8'));
const stale = [];
let bytes = 0;
for (const name of names) {
  const shot = join(ROOT, SHOTS_DIR, `${name}.png`);
  const target = join(ROOT, DOCS_DIR, `${name}.png`);
  if (!existsSync(shot) || (runSpecs && statSync(shot).mtimeMs < started)) {
    stale.push(name);
    if (existsSync(target)) bytes += statSync(target).size;
    continue;
  }
  const png = await sharp(readFileSync(shot)).png(DOCS_PNG).toBuffer();
  writeFileSync(target, png);
  bytes += png.length;
}
for (const name of screenshotProblems(ROOT).unshown) {
  rmSync(join(ROOT, DOCS_DIR, `${name}.png`));
  process.stdout.write(`removed ${DOCS_DIR}/${name}.png (the README does not show it)\n`);
}
process.stdout.write(
  `${names.length - stale.length} of ${names.length} README images written to ${DOCS_DIR}/ (${Math.round(bytes / 1024)} KB in all)\n`,
);
if (stale.length) {
  process.stderr.write(`Not saved by this run, kept as committed: ${stale.join(', ')}\n`);
  failed = true;
}
process.exit(failed ? 1 : 0);
