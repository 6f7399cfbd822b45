import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import type { SimulatorInfo } from '../../shared/contract/simulators.ts';
import { startDefaultPhone, wantsDefaultPhone } from './default-phone.ts';

const info = (port: number): SimulatorInfo => ({
  id: 'sim-1',
  address: `127.0.0.1:${port}`,
  serial: `127.0.0.1:${port}`,
  seed: 4,
  state: 'running',
  startedAt: 0,
  error: null,
});
const inUse = () =>
  new MobaError('SIMULATOR_FAILED', 'Cannot listen on 127.0.0.1:6520: port 6520 is in use', {
    cause: Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }),
  });

describe('the default simulated phone', () => {
  it("starts with the settings' seed and port", async () => {
    const calls: unknown[] = [];
    const started = await startDefaultPhone(
      { start: async (o) => (calls.push(o), info(o?.port ?? 0)) },
      { autoStart: false, seed: 4, port: 6520 },
    );
    expect(calls).toEqual([{ seed: 4, port: 6520 }]);
    expect(started.address).toBe('127.0.0.1:6520');
  });

  it('takes any free port when the configured one is in use', async () => {
    const calls: unknown[] = [];
    const start = async (o?: { seed?: number; port?: number }) => {
      calls.push(o);
      if (o?.port === 6520) throw inUse();
      return info(41234);
    };
    expect((await startDefaultPhone({ start }, { autoStart: true, seed: 4, port: 6520 })).address).toBe(
      '127.0.0.1:41234',
    );
    expect(calls).toEqual([
      { seed: 4, port: 6520 },
      { seed: 4, port: 0 },
    ]);
  });

  it('passes every other failure on, without a second attempt', async () => {
    let attempts = 0;
    const start = async () => {
      attempts++;
      throw new MobaError('BROWSER_MISSING', 'The simulated phone needs Chromium and none was found.');
    };
    await expect(startDefaultPhone({ start }, { autoStart: true, seed: 1, port: 6520 })).rejects.toMatchObject({
      code: 'BROWSER_MISSING',
    });
    expect(attempts).toBe(1);
  });

  it('follows the flag when one is given, else the setting', () => {
    expect(wantsDefaultPhone(undefined, { autoStart: true, seed: 1, port: 6520 })).toBe(true);
    expect(wantsDefaultPhone(undefined, { autoStart: false, seed: 1, port: 6520 })).toBe(false);
    expect(wantsDefaultPhone(false, { autoStart: true, seed: 1, port: 6520 })).toBe(false);
    expect(wantsDefaultPhone(true, { autoStart: false, seed: 1, port: 6520 })).toBe(true);
  });
});
