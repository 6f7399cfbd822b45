/** `moba …` as a real child process: its JSON lines as they come, its stderr, its exit. */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { MOBA_BIN } from './serve-process.ts';

export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  readonly lines: Array<Record<string, unknown>>;
  readonly stdout: string;
  readonly stderr: string;
  waitFor(predicate: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function mobaProcess(args: string[], env: NodeJS.ProcessEnv): CliProcess {
  const child = spawn(process.execPath, [MOBA_BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffer = '';
  let stdout = '';
  let stderr = '';
  const waiters: Array<{
    predicate: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }> = [];
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    buffer += c.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const p of parts) {
      if (!p.trim().startsWith('{')) continue;
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(p) as Record<string, unknown>;
      } catch {
        continue; // text output that happens to start with a brace
      }
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
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    lines,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    waitFor(predicate, timeoutMs = 120_000) {
      const found = lines.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out; stderr: ${stderr.slice(-800)}`)), timeoutMs);
        waiters.push({ predicate, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    },
    exit,
  };
}

/** Kills a child process (by its pid) if it is still running, and waits for it. */
export async function killProcess(p: CliProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exit;
}
