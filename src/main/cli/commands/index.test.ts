import { describe, expect, it } from 'vitest';
import { buildProgram } from '../main.ts';
import type { CliIo } from '../io.ts';
import { COMMANDS, commandName, planFor } from './index.ts';

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
    expect((await buildProgram(io, ['disconnect', '127.0.0.1:5555'])).commands.map((c) => c.name())).toEqual([
      'connect',
      'disconnect',
    ]);
    const all = COMMANDS.flatMap((c) => c.names);
    expect((await buildProgram(io, ['--help'])).commands.map((c) => c.name())).toEqual(all);
    expect((await buildProgram(io, ['simm', 'start'])).commands.map((c) => c.name())).toEqual(all);
    expect((await buildProgram(io)).commands.map((c) => c.name())).toEqual(all);
  });

  it('answers --help, --version, no command and typos from the summaries, loading no command module', () => {
    for (const argv of [['--help'], ['-V'], ['--version'], [], ['simm', 'start'], ['help']]) {
      expect(
        planFor(argv).filter((step) => 'load' in step),
        argv.join(' '),
      ).toEqual([]);
    }
  });

  it('loads the command that `moba help X` asks about, and only that one', async () => {
    expect(planFor(['help', 'memory'])).toHaveLength(1);
    expect((await buildProgram(io, ['help', 'memory'])).commands.map((c) => c.name())).toEqual(['memory']);
  });

  it('prints the same `moba --help` from the summaries as with every command loaded', async () => {
    const fromSummaries = (await buildProgram(io, ['--help'])).helpInformation();
    const fromModules = (await buildProgram(io)).helpInformation();
    expect(fromSummaries).toBe(fromModules);
    for (const c of COMMANDS)
      for (const name of c.names)
        expect(fromSummaries, `moba --help lists ${name}`).toContain(`  ${c.summaries?.[name]?.term ?? name}`);
  });
});
