#!/usr/bin/env node
// `moba-sim`: the simulated Android phone on its own. Runs the package's TypeScript sources
// directly (Node ≥ 22.18 strips types).
import { dirname, join } from 'node:path';
import { realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`moba-sim needs Node.js 22.18 or newer (this is ${process.versions.node}).`);
  process.exit(1);
}
const root = dirname(dirname(realpathSync(fileURLToPath(import.meta.url))));
const { main } = await import(pathToFileURL(join(root, 'src', 'cli.ts')).href);
process.exitCode = await main(process.argv.slice(2));
