#!/usr/bin/env node
// The `moba` command. Runs the TypeScript sources directly (Node ≥ 22.18 strips types) when they
// are present outside node_modules, else the bundled build.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(realpathSync(fileURLToPath(import.meta.url))));
// On an older Node, run again on the Node `npm run setup` fetched, or say how to get one.
const runtime = join(root, 'scripts', 'lib', 'node-runtime.js');
if (existsSync(runtime)) {
  const { oldNodeAdvice, runOnSupportedNode } = await import(pathToFileURL(runtime).href);
  if (!(await runOnSupportedNode())) {
    console.error(`moba: ${oldNodeAdvice()}`);
    process.exit(1);
  }
} else {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 18)) {
    console.error(`moba needs Node.js 22.18 or newer (this is ${process.versions.node}).`);
    process.exit(1);
  }
}
const source = join(root, 'src', 'main', 'cli', 'main.ts');
const bundle = join(root, 'out', 'main', 'cli.js');
const entry = existsSync(source) && !root.split(/[\\/]/).includes('node_modules') ? source : bundle;
if (!existsSync(entry)) {
  console.error('moba is not built. Run `npm run build` in the MobA Studio folder first.');
  process.exit(1);
}
// `moba … | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
// The sources' stripped JavaScript is cached, so a short command does not pay for stripping types.
const cache = join(root, 'scripts', 'lib', 'ts-cache.js');
if (entry === source && existsSync(cache)) (await import(pathToFileURL(cache).href)).cacheTypeScript(root);
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
