import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonLineProblem, perfScripts } from './perf-smoke.js';

describe("npm test's smoke run of the performance scripts", () => {
  it('runs every perf:* script of package.json, each a file in perf/', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const names = perfScripts(pkg);
    expect(names.length).toBeGreaterThanOrEqual(12);
    for (const name of names) expect(pkg.scripts[name], name).toMatch(/^node (--[a-z-]+ )*perf\/[a-z-]+\.ts$/);
    expect(perfScripts({ scripts: { test: 'x', 'perf:b': 'y', 'perf:a': 'z', 'bench:c': 'w' } })).toEqual([
      'perf:a',
      'perf:b',
    ]);
  });

  it('passes a script whose last line is one JSON object, and says why otherwise', () => {
    expect(jsonLineProblem('figures\n{"perf":"cli","helpMs":90}\n')).toBeNull();
    expect(jsonLineProblem('')).toBe('it printed nothing');
    expect(jsonLineProblem('{"a":1}\nthen a crash message\n')).toMatch(/^its last line is not JSON: then a crash/);
    expect(jsonLineProblem('[1,2]\n')).toBe('its last line is JSON but not an object');
  });
});
