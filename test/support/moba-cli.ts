/**
 * The `moba` command as a child process, for integration tests: JSON lines parsed as they
 * arrive, stderr kept, the exit code, and `waitFor` on a line.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { mobaProcess } from './cli-process.ts';

export { MOBA_BIN } from './serve-process.ts';

export interface MobaCli {
  child: ChildProcessWithoutNullStreams;
  lines: Array<Record<string, unknown>>;
  readonly stderr: string;
  readonly stdout: string;
  waitFor(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exit: Promise<number | null>;
}

/** Starts `moba ARGS`; `closeStdin` ends its stdin at once, as a script, CI or `< /dev/null` would. */
export function mobaCli(args: string[], env: NodeJS.ProcessEnv, options: { closeStdin?: boolean } = {}): MobaCli {
  const p = mobaProcess(args, env);
  if (options.closeStdin) p.child.stdin.end();
  return {
    child: p.child,
    lines: p.lines,
    get stderr() {
      return p.stderr;
    },
    get stdout() {
      return p.stdout;
    },
    waitFor: (predicate, timeoutMs) => p.waitFor(predicate, timeoutMs),
    exit: p.exit.then((e) => e.code),
  };
}

/** A predicate on `--json` event lines: `{ runId, event }` whose event has `type`. */
export const eventLine =
  (type: RunEvent['type'], extra: (e: RunEvent) => boolean = () => true) =>
  (l: Record<string, unknown>) => {
    const e = l.event as RunEvent | undefined;
    return e?.type === type && extra(e);
  };
