/**
 * Processes on Linux, read from /proc: the tree below a process, command lines and CPU time,
 * for tests and benchmarks that check what a phone started and what it costs.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (state, ppid, …), or undefined once it has exited. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Every process's children, from one pass over /proc. */
export function processTree(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(name);
    if (!fields) continue; // exited while we listed /proc
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  return children;
}

/** Children of `root` (recursively), from `tree` (read now when not given). */
export function descendants(root: number, tree: Map<number, number[]> = processTree()): number[] {
  const out: number[] = [];
  const walk = (pid: number): void => {
    for (const child of tree.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** The command line of `pid` as its arguments, or undefined once it has exited. */
export function commandLine(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) `pid` has used so far, in seconds; 0 once it has exited. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  // utime and stime (fields 14 and 15 of stat), in clock ticks of 1/100 s on Linux.
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/** Whether a process with this pid exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
