import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NODE_RELEASE,
  envWithNode,
  fetchedNodeBin,
  fetchedNodeDir,
  nodeVersionOk,
  oldNodeAdvice,
} from './node-runtime.js';

describe('the Node the project runs on', () => {
  it('needs 22.18 or newer', () => {
    for (const v of ['22.18.0', '22.23.3', '23.0.0', '24.1.2']) expect(nodeVersionOk(v), v).toBe(true);
    for (const v of ['22.17.9', '22.12.0', '20.20.2', '18.19.0']) expect(nodeVersionOk(v), v).toBe(false);
  });

  it('fetches the release .nvmrc pins into the cache folder CI shares', () => {
    expect(NODE_RELEASE).toBe(readFileSync(join(import.meta.dirname, '..', '..', '.nvmrc'), 'utf8').trim());
    expect(nodeVersionOk(NODE_RELEASE)).toBe(true);
    expect(fetchedNodeDir({ XDG_CACHE_HOME: '/c' })).toBe(join('/c', 'moba-studio', `node-${NODE_RELEASE}`));
    expect(fetchedNodeBin({ XDG_CACHE_HOME: '/c' })).toBe(
      join(
        '/c',
        'moba-studio',
        `node-${NODE_RELEASE}`,
        'node_modules',
        'node',
        'bin',
        process.platform === 'win32' ? 'node.exe' : 'node',
      ),
    );
  });

  it('puts the fetched Node first on PATH for what it starts, and marks the re-run', () => {
    const env = envWithNode('/c/moba-studio/node/bin/node', { PATH: '/usr/bin', HOME: '/h' });
    expect(env.PATH?.split(/[:;]/)[0]).toBe('/c/moba-studio/node/bin');
    expect(env).toMatchObject({ HOME: '/h', MOBA_NODE_REEXEC: '1' });
  });

  it('tells a person with an old Node what to run', () => {
    expect(oldNodeAdvice('20.20.2')).toMatch(
      /^Node\.js 20\.20\.2 is too old: MobA Studio needs 22\.18 or newer\. Run `npm run setup`/,
    );
  });
});
