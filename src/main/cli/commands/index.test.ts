import { describe, expect, it } from 'vitest';
import { buildProgram } from '../main.ts';
import type { CliIo } from '../io.ts';
import { COMMANDS, commandName } from './index.ts';

const io = { out: () => undefined, err: () => undefined } as unknown as CliIo;

describe('loading only the command that runs', () => {
  it('finds the command name past program options and their values', () => {
    expect(commandName(['sim', 'start', '--port', '0'])).toBe('sim');
    expect(commandName(['--data-dir', 'sim', 'runs', 'list'])).toBe('runs');
    expect(commandName(['--data-dir=/tmp/x', 'memory', 'stats'])).toBe('memory');
    expect(commandName(['--help'])).toBeUndefined();
    expect(commandName(['--', 'sim'])).toBeUndefined();
  });

  it('registers the named command alone, and every command for help or an unknown name', async () => {
    expect((await buildProgram(io, ['sim', 'start'])).commands.map((c) => c.name())).toEqual(['sim']);
    expect((await buildProgram(io, ['disconnect', '127.0.0.1:5555'])).commands.map((c) => c.name())).toEqual(['connect', 'disconnect']);
    const all = COMMANDS.flatMap((c) => c.names);
    expect((await buildProgram(io, ['--help'])).commands.map((c) => c.name())).toEqual(all);
    expect((await buildProgram(io, ['simm', 'start'])).commands.map((c) => c.name())).toEqual(all);
    expect((await buildProgram(io)).commands.map((c) => c.name())).toEqual(all);
  });
});
