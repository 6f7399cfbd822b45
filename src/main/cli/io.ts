import type { Readable } from 'node:stream';
import { untilStopSignal } from '@moba/base/node';

/** Where a command writes; tests capture it. `exitCode` lets a command fail without throwing. */
export interface CliIo {
  /** Lines a person types (decisions in step mode). */
  input: Readable;
  out(text: string): void;
  err(text: string): void;
  exitCode?: number;
  /** Resolves when the user asks a long-running command to stop (Ctrl-C, SIGTERM). */
  untilStopped(): Promise<string>;
}

export function processIo(): CliIo {
  return {
    input: process.stdin,
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    untilStopped: () => untilStopSignal(),
  };
}
