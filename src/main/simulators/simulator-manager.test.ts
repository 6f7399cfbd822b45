import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import type { SimulatedDevice } from '@moba/sim';
import type { SimulatorServer } from '@moba/sim';
import { SimulatorManager } from './simulator-manager.ts';
import type { SimulatorAdb, SimulatorFactory } from './simulator-manager.ts';

function fakes(options: { failConnect?: boolean } = {}) {
  const log: string[] = [];
  let port = 7000;
  const factory: SimulatorFactory = {
    async start({ seed }) {
      const address = `127.0.0.1:${port++}`;
      log.push(`start seed=${seed} ${address}`);
      const server = {
        address,
        close: async () => void log.push(`server closed ${address}`),
      } as unknown as SimulatorServer;
      const device = { close: async () => void log.push(`phone closed ${address}`) } as unknown as SimulatedDevice;
      return { server, device, extras: [{ close: () => void log.push(`scrcpy closed ${address}`) }] };
    },
  };
  const adb: SimulatorAdb = {
    async connect(address) {
      log.push(`connect ${address}`);
      if (options.failConnect) throw new MobaError('CONNECT_FAILED', `adb could not connect to ${address}`);
      return { serial: address };
    },
    async disconnect(address) {
      log.push(`disconnect ${address}`);
      return address;
    },
  };
  return { log, factory, adb };
}

describe('SimulatorManager', () => {
  it('starts a phone, connects it to adb, lists it, and stops it in order (disconnect first)', async () => {
    const f = fakes();
    const m = new SimulatorManager({ adb: f.adb, factory: f.factory, now: () => 5 });
    const changes: string[][] = [];
    m.onDidChange((list) => changes.push(list.map((s) => s.state)));
    const info = await m.start({ seed: 3 });
    expect(info).toEqual({
      id: 'sim-1',
      address: '127.0.0.1:7000',
      serial: '127.0.0.1:7000',
      seed: 3,
      state: 'running',
      startedAt: 5,
      error: null,
    });
    expect(m.list()).toEqual([info]);
    expect(await m.stop('127.0.0.1:7000')).toBe(true);
    expect(await m.stop('sim-1')).toBe(false);
    expect(m.list()).toEqual([]);
    expect(f.log).toEqual([
      'start seed=3 127.0.0.1:7000',
      'connect 127.0.0.1:7000',
      'disconnect 127.0.0.1:7000',
      'scrcpy closed 127.0.0.1:7000',
      'server closed 127.0.0.1:7000',
      'phone closed 127.0.0.1:7000',
    ]);
    expect(changes).toEqual([['starting'], ['running'], ['stopping'], []]);
  });

  it('tears a phone down again when adb cannot connect to it, and says why', async () => {
    const f = fakes({ failConnect: true });
    const m = new SimulatorManager({ adb: f.adb, factory: f.factory });
    await expect(m.start()).rejects.toMatchObject({ code: 'CONNECT_FAILED' });
    expect(m.list()).toEqual([]);
    expect(f.log).toEqual([
      'start seed=1 127.0.0.1:7000',
      'connect 127.0.0.1:7000',
      'scrcpy closed 127.0.0.1:7000',
      'server closed 127.0.0.1:7000',
      'phone closed 127.0.0.1:7000',
    ]);
  });

  it('wraps an unexpected start failure as SIMULATOR_FAILED', async () => {
    const f = fakes();
    const m = new SimulatorManager({
      adb: f.adb,
      factory: {
        start: async () => {
          throw new Error('chromium crashed');
        },
      },
    });
    await expect(m.start()).rejects.toMatchObject({
      code: 'SIMULATOR_FAILED',
      message: 'The simulated phone did not start: chromium crashed',
    });
  });

  it('close() stops every phone', async () => {
    const f = fakes();
    const m = new SimulatorManager({ adb: f.adb, factory: f.factory });
    await m.start();
    await m.start();
    await m.close();
    expect(m.list()).toEqual([]);
    expect(f.log.filter((l) => l.startsWith('phone closed'))).toHaveLength(2);
  });

  it('caps the phones starting or running at once; a stopped one frees its place', async () => {
    const f = fakes();
    const m = new SimulatorManager({ adb: f.adb, factory: f.factory, maxPhones: 2 });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((seed) => m.start({ seed })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/At most 2 simulated phones/),
      });
    expect(f.log.filter((l) => l.startsWith('start'))).toHaveLength(2);
    await m.stop(m.list()[0]!.id);
    await expect(m.start({ seed: 6 })).resolves.toMatchObject({ state: 'running' });
    await m.close();
  });
});
