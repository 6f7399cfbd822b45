// The Node.js MobA Studio runs on, and how a machine gets it. The project runs its TypeScript
// sources directly, which needs Node ≥ 22.18 (type stripping on by default). When the machine's
// Node is older, `npm run setup` fetches the release in .nvmrc from the npm registry (the `node`
// package ships the binary) into a cache folder; the npm scripts and `moba` then re-run
// themselves with it, so nobody has to change their PATH.
// Plain JavaScript that Node 16 parses: an old Node is what runs it first.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { constants, homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The oldest Node that runs the project, as [major, minor]. */
export const MIN_NODE = [22, 18];
/** The release `npm run setup` fetches (the one .nvmrc pins). */
export const NODE_RELEASE = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();

/**
 * @param {string} [version] e.g. process.versions.node
 * @returns {boolean} whether that Node runs the project
 */
export function nodeVersionOk(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/** The folder `npm run setup` installs Node into (also what CI caches). */
export function fetchedNodeDir(env = process.env) {
  const cache =
    env.XDG_CACHE_HOME ||
    (process.platform === 'win32'
      ? env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local')
      : join(homedir(), '.cache'));
  return join(cache, 'moba-studio', `node-${NODE_RELEASE}`);
}

/** The fetched Node's executable (present once `npm run setup` fetched it). */
export function fetchedNodeBin(env = process.env) {
  return join(fetchedNodeDir(env), 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
}

/** What to tell a person whose Node is too old. */
export function oldNodeAdvice(version = process.versions.node) {
  return (
    `Node.js ${version} is too old: MobA Studio needs ${MIN_NODE.join('.')} or newer. ` +
    `Run \`npm run setup\` (it fetches Node ${NODE_RELEASE} from the npm registry, and the npm scripts and \`moba\` use it), ` +
    'or install Node 22 yourself (https://nodejs.org, or `nvm install 22`).'
  );
}

/**
 * Fetches Node NODE_RELEASE from the npm registry into fetchedNodeDir(), unless it is there.
 * @returns {string} the Node executable
 * @throws Error naming what failed
 */
export function fetchNode(env = process.env) {
  const bin = fetchedNodeBin(env);
  if (existsSync(bin)) return bin;
  const dir = fetchedNodeDir(env);
  mkdirSync(dir, { recursive: true });
  process.stdout.write(`Fetching Node ${NODE_RELEASE} from the npm registry into ${dir}\n`);
  // The `node` package puts the binary in place from its install script: run it even where scripts are off by default.
  const args = [
    'install',
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts=false',
    '--prefix',
    dir,
    `node@${NODE_RELEASE}`,
  ];
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  if (r.status !== 0)
    throw new Error(
      `npm could not install node@${NODE_RELEASE} (exit ${r.status ?? r.signal}); see its messages above.`,
    );
  if (!existsSync(bin))
    throw new Error(
      `npm installed node@${NODE_RELEASE} but ${bin} is missing: its install script did not run (is \`ignore-scripts\` set in your npm config?).`,
    );
  return bin;
}

/** The environment for running under `bin`: its folder leads PATH, so what this starts uses it too. */
export function envWithNode(bin, env = process.env) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') || 'PATH';
  return { ...env, [key]: `${dirname(bin)}${delimiter}${env[key] || ''}`, MOBA_NODE_REEXEC: '1' };
}

/**
 * Makes sure this script runs on a Node that runs the project. Returns true when this one does;
 * when it is too old and the fetched Node is there, runs this same script with it and exits with
 * its status (never returns); returns false when there is nothing to run it with.
 * @returns {Promise<boolean>}
 */
export async function runOnSupportedNode() {
  if (nodeVersionOk()) return true;
  const bin = fetchedNodeBin();
  if (process.env.MOBA_NODE_REEXEC || !existsSync(bin)) return false;
  const child = spawn(bin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: envWithNode(bin),
  });
  // Ctrl-C reaches the child from the terminal by itself; a TERM sent to this process is passed on.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (status, signal) => resolve(status ?? 128 + (constants.signals[signal] || 0)));
  });
  process.exit(code);
}
