/**
 * `npm run perf:perception` — view-hierarchy processing time against node count (synthetic
 * screens with realistic nesting), per 1,000 nodes, growth against linear, the general XML
 * parser (saxes) as the in-process baseline, and the 14 real dumps. Ends with one JSON line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dumpFixtureNames, fixturesDir } from '../test/support/fixtures.ts';
import { parseDumpGeneral } from '../src/main/perception/dump-parse.ts';
import { dumpXml, syntheticScreen } from '@moba/testkit';
import { processViewHierarchy } from '../src/main/perception/view-hierarchy.ts';
import { QUICK } from './quick.ts';

const SIZES = QUICK ? [100, 1_000] : [100, 500, 1_000, 2_000, 5_000, 10_000];

/** Median of `runs` timings after `warmup` untimed runs: robust on a shared, busy machine. */
function time(fn: () => void, runs: number, warmup = 3): number {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

const runsFor = (n: number) => (QUICK ? 3 : n <= 1_000 ? 41 : n <= 2_000 ? 21 : 9);
const round = (v: number, d = 2) => Number(v.toFixed(d));

console.log('MobA view-hierarchy processing (median of several runs)\n');
console.log('nodes   KB     process ms  ms/1000  growth×linear  saxes-only parse ms  saxes÷process');
const synthetic: Array<{
  nodes: number;
  kb: number;
  ms: number;
  msPer1000: number;
  growthVsLinear: number;
  saxesMs: number;
}> = [];
let base: number | undefined;
for (const n of SIZES) {
  const xml = dumpXml([syntheticScreen(n, { seed: 42 })]);
  const ms = time(() => processViewHierarchy(xml), runsFor(n));
  const saxesMs = time(() => parseDumpGeneral(xml), runsFor(n));
  if (n === 1_000) base = ms;
  const row = {
    nodes: n,
    kb: round(xml.length / 1024, 0),
    ms: round(ms),
    msPer1000: round((ms / n) * 1000),
    growthVsLinear: 0,
    saxesMs: round(saxesMs),
  };
  synthetic.push(row);
}
const at1000 = base ?? 1;
for (const row of synthetic) {
  row.growthVsLinear = round(row.ms / at1000 / (row.nodes / 1_000));
  console.log(
    `${String(row.nodes).padEnd(7)} ${String(row.kb).padEnd(6)} ${row.ms.toFixed(2).padStart(10)}  ${row.msPer1000.toFixed(2).padStart(7)}  ${row.growthVsLinear.toFixed(2).padStart(13)}  ${row.saxesMs.toFixed(2).padStart(19)}  ${(row.saxesMs / row.ms).toFixed(2).padStart(13)}`,
  );
}

console.log('\nreal dumps');
const fixtures: Record<string, { nodes: number; elements: number; ms: number; msPer1000: number }> = {};
let totalNodes = 0;
let totalMs = 0;
for (const name of dumpFixtureNames()) {
  const xml = readFileSync(join(fixturesDir(), name), 'utf8');
  const r = processViewHierarchy(xml);
  const ms = time(() => processViewHierarchy(xml), 41);
  fixtures[name.slice(0, 2)] = {
    nodes: r.stats.rawNodes,
    elements: r.elements.length,
    ms: round(ms, 3),
    msPer1000: round((ms / r.stats.rawNodes) * 1000),
  };
  totalNodes += r.stats.rawNodes;
  totalMs += ms;
  console.log(
    `${name.padEnd(46)} ${String(r.stats.rawNodes).padStart(4)} nodes → ${String(r.elements.length).padStart(3)} elements  ${ms.toFixed(3).padStart(7)} ms`,
  );
}
console.log(
  `all 14: ${totalNodes} nodes in ${totalMs.toFixed(2)} ms (${((totalMs / totalNodes) * 1000).toFixed(2)} ms per 1,000 nodes)`,
);

const row = (n: number) => synthetic.find((r) => r.nodes === n);
console.log(
  JSON.stringify({
    perf: 'perception',
    msAt1000: row(1_000)?.ms,
    msPer1000At10000: row(10_000)?.msPer1000,
    growthVsLinearAt10000: row(10_000)?.growthVsLinear,
    saxesParseOverProcessAt1000: round((row(1_000)?.saxesMs ?? 0) / (row(1_000)?.ms ?? 1)),
    synthetic,
    realMsPer1000: round((totalMs / totalNodes) * 1000),
    fixtures,
  }),
);
