#!/usr/bin/env node
// `node scripts/with-build.js COMMAND [ARGS…]` — what `npm run serve` runs: on a Node that runs
// the project, build out/ when it is missing or older than its sources, then run COMMAND (`node`
// = this Node) and exit with its status. A fresh clone needs no separate `npm run build`.
import { prepare, runAndExit } from './lib/launch.js';

await prepare();
const [command, ...args] = process.argv.slice(2);
if (command) runAndExit(command, args);
