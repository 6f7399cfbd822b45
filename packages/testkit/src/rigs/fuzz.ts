import type { z } from 'zod';

/** Fuzz runs must be reproducible from their seed. */
export { mulberry32 as prng } from '@moba/base';

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  'a'.repeat(10_000),
  '💥',
  '工作',
  "'; DROP TABLE runs; --",
  '%s%s%n',
  '\ud800',
  'NaN',
  '-1',
  '1e309',
];
const NASTY_NUMBERS = [0, -1, 1, 0.5, -0.0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MIN_VALUE];

export function randomJson(rand: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const r = rand();
  if (depth > 3 || r < 0.15) return pick([null, true, false, undefined]);
  if (r < 0.35) return pick(NASTY_NUMBERS);
  if (r < 0.55) return pick(NASTY_STRINGS);
  if (r < 0.75) return Array.from({ length: Math.floor(rand() * 4) }, () => randomJson(rand, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = 0; i < Math.floor(rand() * 4); i++)
    o[pick(NASTY_STRINGS.slice(0, 8)) + (rand() < 0.5 ? '' : String(i))] = randomJson(rand, depth + 1);
  return o;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const s = schema as unknown as {
    shape?: Record<string, z.ZodType>;
    unwrap?: () => z.ZodType;
    def?: { innerType?: z.ZodType };
  };
  if (s.shape && typeof s.shape === 'object') return s.shape;
  const inner = s.def?.innerType;
  return inner ? shapeOf(inner) : undefined;
}

/** A payload that uses the schema's own keys (so validation goes deep) with random values. */
export function fuzzPayload(schema: z.ZodType, rand: () => number, depth = 0): unknown {
  const shape = shapeOf(schema);
  if (!shape || depth > 3 || rand() < 0.2) return randomJson(rand);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(shape)) {
    const r = rand();
    if (r < 0.25) continue;
    out[key] = r < 0.6 ? fuzzPayload(sub, rand, depth + 1) : randomJson(rand, 2);
  }
  if (rand() < 0.2) out[`extra${Math.floor(rand() * 10)}`] = randomJson(rand, 2);
  return out;
}
