import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';

export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new InvalidArgumentError('expected a port number 0–65535');
  return n;
}

export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

/** The global `--data-dir`, as seen from a subcommand. */
export function dataDirOf(command: Command): string | undefined {
  let c: Command | null = command;
  while (c) {
    const v = c.opts<{ dataDir?: string }>().dataDir;
    if (v) return v;
    c = c.parent;
  }
  return undefined;
}
