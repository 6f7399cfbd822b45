/**
 * `MOBA_PERF_QUICK=1`: a script's smoke run, which `npm test` does for every `perf:*` script —
 * the same steps on the smallest inputs, so a script that no longer runs is noticed. Its
 * figures are not meant to be read; it ends with its JSON line like a full run.
 */
export const QUICK = process.env.MOBA_PERF_QUICK === '1';

/**
 * Every option is a `MOBA_PERF_*` variable (the type refuses any other name before a script
 * runs), so a variable of the same name set for something else is never read.
 */
type PerfVariable = `MOBA_PERF_${string}`;

/** A numeric option: the environment variable when set, else the full or the quick default. */
export function option(name: PerfVariable, full: number, quick: number): number {
  const v = process.env[name];
  return v !== undefined && v !== '' ? Number(v) : QUICK ? quick : full;
}

/** A list option (comma-separated numbers), likewise. */
export function listOption(name: PerfVariable, full: string, quick: string): number[] {
  const v = process.env[name];
  return (v !== undefined && v !== '' ? v : QUICK ? quick : full).split(',').map(Number);
}
