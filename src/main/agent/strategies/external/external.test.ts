import { describe, expect, it } from 'vitest';
import { BenchConfiguration } from '../../../../shared/bench/config.ts';
import { terminationOf } from '../../../../shared/bench/results.ts';
import { assertRemoteMayRunConfigurations } from '../../../settings/remote-policy.ts';
import { ProtocolError, actionOf } from './agent-session.ts';
import { splitCommand } from './external-loop.ts';

describe('splitCommand', () => {
  it('splits words and keeps quoted strings together, without a shell', () => {
    expect(splitCommand('python3 my_agent.py')).toEqual(['python3', 'my_agent.py']);
    expect(splitCommand(`python3 "my agent.py" --name 'a b' --x="1"`)).toEqual([
      'python3',
      'my agent.py',
      '--name',
      'a b',
      '--x=1',
    ]);
    expect(splitCommand('echo $HOME; rm -rf /')).toEqual(['echo', '$HOME;', 'rm', '-rf', '/']);
    expect(splitCommand('   ')).toEqual([]);
    expect(() => splitCommand('python3 "my agent.py')).toThrow(/unclosed " quote/);
  });
});

describe('actionOf', () => {
  const code = (f: () => unknown) => {
    try {
      f();
      return 'ok';
    } catch (error) {
      return error instanceof ProtocolError ? `${error.code} ${error.status}` : String(error);
    }
  };

  it('reads the action language as text or as data', () => {
    expect(actionOf('Click(3)')).toEqual({ name: 'Click', params: { index: 3 } });
    expect(actionOf({ name: 'Box_Input', params: { index: 5, text: 'Work' } })).toEqual({
      name: 'Box_Input',
      params: { index: 5, text: 'Work' },
    });
    expect(actionOf('Click_by_Coordinate(540, 1875, px)')).toMatchObject({ params: { x: 540, y: 1875, unit: 'px' } });
  });

  it('refuses unknown actions and bad parameters with their own codes', () => {
    expect(code(() => actionOf('Fly(3)'))).toBe('unknown_action 400');
    expect(code(() => actionOf({ name: 'Fly', params: {} }))).toBe('unknown_action 400');
    expect(code(() => actionOf('Click("three")'))).toBe('malformed 400');
    expect(code(() => actionOf({ name: 'Click', params: { index: 0 } }))).toBe('malformed 400');
    expect(code(() => actionOf('not an action at all!'))).toBe('malformed 400');
  });
});

describe('external agents in benchmark configurations', () => {
  it('the external agent needs its program, and only it takes one', () => {
    expect(BenchConfiguration.safeParse({ agent: 'external', externalCommand: ['python3', 'a.py'] }).success).toBe(
      true,
    );
    expect(BenchConfiguration.safeParse({ agent: 'external' }).success).toBe(false);
    expect(BenchConfiguration.safeParse({ agent: 'moba', externalCommand: ['python3', 'a.py'] }).success).toBe(false);
  });

  it('a web client may not name the program the host starts', () => {
    expect(() => assertRemoteMayRunConfigurations([{}, { externalCommand: ['python3', 'a.py'] }])).toThrow(
      /configurations\[1\]\.externalCommand names a program/,
    );
    expect(() => assertRemoteMayRunConfigurations([{}])).not.toThrow();
  });

  it("a program that fails is the agent's error, not a finish or a stop", () => {
    expect(terminationOf('agent_failed')).toBe('error');
  });
});
