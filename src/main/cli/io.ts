import type { Readable } from 'node:stream';
import { neutralizeControls } from './terminal-text.ts';
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

/** The terminal: everything written goes through `neutralizeControls` (text from models, phones and memories reaches it). */
export function processIo(): CliIo {
  return {
    input: process.stdin,
    out: (t) => void process.stdout.write(neutralizeControls(t)),
    err: (t) => void process.stderr.write(neutralizeControls(t)),
    untilStopped: () => untilStopSignal(),
  };
}
