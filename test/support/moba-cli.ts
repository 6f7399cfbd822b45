/**
 * The `moba` command as a child process, for integration tests: JSON lines parsed as they
 * arrive, stderr kept, the exit code, and `waitFor` on a line.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import type { RunEvent } from '../../src/shared/schemas/run.ts';

export const MOBA_BIN = join(import.meta.dirname, '..', '..', 'bin', 'moba.js');

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
  const child = spawn(process.execPath, [MOBA_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  if (options.closeStdin) child.stdin.end();
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ predicate: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }> = [];
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    buffer += c.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const p of parts) {
      if (!p.trim().startsWith('{')) continue;
      const line = JSON.parse(p) as Record<string, unknown>;
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.predicate(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    get stderr() {
      return stderr;
    },
    get stdout() {
      return stdout;
    },
    waitFor(predicate, timeoutMs = 120_000) {
      const found = lines.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out; stderr: ${stderr.slice(-500)}`)), timeoutMs);
        waiters.push({ predicate, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    },
    exit,
  };
}

/** A predicate on `--json` event lines: `{ runId, event }` whose event has `type`. */
export const eventLine = (type: RunEvent['type'], extra: (e: RunEvent) => boolean = () => true) => (l: Record<string, unknown>) => {
  const e = l.event as RunEvent | undefined;
  return e?.type === type && extra(e);
};
