#!/usr/bin/env node
// Downloads scrcpy-server v3.3.3 (the server the live mirror speaks to) into
// resources/scrcpy-server and checks its SHA-256. Run it by hand — `node
// scripts/fetch-scrcpy-server.js` — when you want to mirror real phones; npm install never
// runs it, and the file is git-ignored (never commit it).
//
// URL and checksum as published for the v3.3.3 release in scrcpy's own repository
// (doc/build.md "Use prebuilt server" and install_release.sh at tag v3.3.3).
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '3.3.3';
const URL = `https://github.com/Genymobile/scrcpy/releases/download/v${VERSION}/scrcpy-server-v${VERSION}`;
const SHA256 = '7e70323ba7f259649dd4acce97ac4fefbae8102b2c6d91e2e7be613fd5354be0';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2] ? resolve(process.argv[2]) : join(root, 'resources', 'scrcpy-server');

async function main() {
  process.stdout.write(`Downloading scrcpy-server v${VERSION}\n  from ${URL}\n`);
  let response;
  try {
    response = await fetch(URL, { redirect: 'follow' });
  } catch (error) {
    throw new Error(
      `Cannot reach GitHub (${error instanceof Error ? error.message : String(error)}). Download ${URL} by hand, check its SHA-256 is ${SHA256}, and save it as ${target}.`,
      { cause: error },
    );
  }
  if (!response.ok) throw new Error(`GitHub answered ${response.status} ${response.statusText} for ${URL}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== SHA256)
    throw new Error(`Checksum mismatch: got ${digest}, expected ${SHA256}. The file was not saved.`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, target);
  process.stdout.write(`Saved ${bytes.length} bytes to ${target} (SHA-256 verified).\n`);
}

main().catch((error) => {
  rmSync(`${target}.partial`, { force: true });
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
