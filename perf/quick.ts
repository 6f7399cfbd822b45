/**
 * `MOBA_PERF_QUICK=1`: a script's smoke run, which `npm test` does for every `perf:*` script —
 * the same steps on the smallest inputs, so a script that no longer runs is noticed. Its
 * figures are not meant to be read; it ends with its JSON line like a full run.
 */
export const QUICK = process.env.MOBA_PERF_QUICK === '1';

/** Every option is a `MOBA_PERF_*` variable, so a variable of the same name set for something else is never read. */
function read(name: string): string | undefined {
  if (!name.startsWith('MOBA_PERF_')) throw new Error(`a perf option must be named MOBA_PERF_…, not ${name}`);
  return process.env[name];
}

/** A numeric option: the environment variable when set, else the full or the quick default. */
export function option(name: string, full: number, quick: number): number {
  const v = read(name);
  return v !== undefined && v !== '' ? Number(v) : QUICK ? quick : full;
}

/** A list option (comma-separated numbers), likewise. */
export function listOption(name: string, full: string, quick: string): number[] {
  const v = read(name);
  return (v !== undefined && v !== '' ? v : QUICK ? quick : full).split(',').map(Number);
}
