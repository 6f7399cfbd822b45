/**
 * How `moba bench validate` prints a file's verdict (light: `bench.ts` loads it for every
 * validation; the deep check in `bench-run.ts` prints the same way).
 */
import type { CliIo } from '../io.ts';

export interface ValidateOpts {
  json: boolean;
  followLinks: boolean;
  deep: boolean;
  seeds: number;
  suiteSeed?: number;
  phones: number;
  strict: boolean;
}

/** One file's verdict: `ok`, `FAIL` with its problems, then its warnings (`WARN`). */
export function printValidation(
  io: CliIo,
  r: {
    file: string;
    ok: boolean;
    task?: { id: string; version: number; category: string } | undefined;
    problems: ReadonlyArray<{ path: string; message: string }>;
  },
  warnings: ReadonlyArray<{ path: string; message: string }> = [],
): void {
  const line = (p: { path: string; message: string }) => io.out(`      ${p.path || '(file)'}: ${p.message}\n`);
  if (r.ok) io.out(`ok    ${r.file}${r.task ? ` (${r.task.id} v${r.task.version}, ${r.task.category})` : ''}\n`);
  else {
    io.out(`FAIL  ${r.file}${r.task ? ` (${r.task.id})` : ''}\n`);
    r.problems.forEach(line);
  }
  if (warnings.length) {
    io.out(`WARN  ${r.file}${r.task ? ` (${r.task.id})` : ''}\n`);
    warnings.forEach(line);
  }
}
