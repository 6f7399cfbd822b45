/**
 * Simulated phones over time, with the real adb server: several phones at once, adb server
 * restarts, reboot, and hostile connections that must only ever hurt themselves.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_VERSION, A_WRTE, encodePacket } from '../src/adb/packet.ts';
import type { SimulatedDevice } from '../src/index.ts';
import { startSimulatorServer } from '../src/index.ts';
import type { SimulatorServer } from '../src/index.ts';
import { Adb, startAdbServer, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { prng } from '@moba/testkit/rigs';
import { createTestDevice } from './support/sim-device.ts';

interface Phone {
  device: SimulatedDevice;
  sim: SimulatorServer;
  logs: string[];
}

let adb: PrivateAdbServer;
const phones: Phone[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

async function startPhone(serial: string): Promise<Phone> {
  const device = await createTestDevice({ serial });
  const logs: string[] = [];
  const sim = await startSimulatorServer({ device, port: 0, log: (message) => logs.push(message) });
  const phone = { device, sim, logs };
  phones.push(phone);
  return phone;
}

const shell = async (server: PrivateAdbServer, serial: string, command: string) => {
  const result = await server.adb(['-s', serial, 'shell', command]);
  return { ...result, out: result.stdout.toString() };
};

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  adb = await startAdbServer();
});

afterAll(async () => {
  await adb?.dispose();
  for (const phone of phones) {
    await phone.sim.close();
    await phone.device.close();
  }
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  expect(unhandled).toEqual([]);
});

describe('several phones', () => {
  it('serves two phones on two ports at once, each with its own serial and files', async () => {
    const [a, b] = [await startPhone('SIMLIFE0001'), await startPhone('SIMLIFE0002')];
    expect(a.sim.port).not.toBe(b.sim.port);
    await adb.connectDevice(a.sim.address);
    await adb.connectDevice(b.sim.address);
    const listed = await adb.devices();
    expect(
      listed
        .filter((d) => d.state === 'device')
        .map((d) => d.serial)
        .sort(),
    ).toEqual([a.sim.address, b.sim.address].sort());
    expect((await shell(adb, a.sim.address, 'getprop ro.serialno')).out).toBe('SIMLIFE0001\n');
    expect((await shell(adb, b.sim.address, 'getprop ro.serialno')).out).toBe('SIMLIFE0002\n');
    await shell(adb, a.sim.address, 'echo only-a > /sdcard/mine.txt');
    expect((await shell(adb, b.sim.address, 'cat /sdcard/mine.txt')).code).toBe(1);
    const client = adb.client();
    const outputs = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const phone = i % 2 === 0 ? a : b;
        const stream = await client.getDevice(phone.sim.address).shell(`sleep 0.1; getprop ro.serialno; echo ${i}`);
        return Buffer.from(await Adb.util.readAll(stream)).toString();
      }),
    );
    outputs.forEach((out, i) => expect(out).toBe(`${i % 2 === 0 ? 'SIMLIFE0001' : 'SIMLIFE0002'}\n${i}\n`));
  });
});

describe('adb server restarts', () => {
  it('notices `adb kill-server`, then serves a restarted server after reconnecting', async () => {
    const phone = phones[0] ?? (await startPhone('SIMLIFE0001'));
    expect(phone.sim.connections).toBe(1);
    const killed = await adb.adb(['kill-server']);
    expect(killed.code).toBe(0);
    await waitUntil(() => phone.sim.connections === 0, 'the simulator to see the transport close');
    const home = adb.home;
    await adb.stop();
    adb = await startAdbServer({ home });
    await adb.connectDevice(phone.sim.address);
    expect((await shell(adb, phone.sim.address, 'echo back')).out).toBe('back\n');
    expect(phone.sim.connections).toBe(1);
  });

  it('comes back by itself after `adb reboot` drops the connection', async () => {
    const phone = phones[0] as Phone;
    const before = phone.sim.acceptedConnections;
    const reboot = await adb.adb(['-s', phone.sim.address, 'reboot']);
    expect(reboot.code).toBe(0);
    await waitUntil(() => phone.sim.acceptedConnections > before, 'the adb server to reconnect after the drop', 60_000);
    // The adb server reconnects on its own (29.0.6 retries every few seconds).
    await adb.waitForState(phone.sim.address, 'device', 60_000);
    await waitUntil(
      async () => (await shell(adb, phone.sim.address, 'echo rebooted')).out === 'rebooted\n',
      'a shell after the reboot',
      30_000,
      500,
    );
  });
});

describe('hostile connections', () => {
  function raw(port: number): { socket: Socket; closed: Promise<void> } {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    // Drain what the phone sends, or 'close' would wait for it to be read.
    socket.on('data', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return { socket, closed };
  }
  const cnxn = () =>
    encodePacket({ command: A_CNXN, arg0: A_VERSION, arg1: 1 << 20, data: Buffer.from('host::features=shell_v2\0') });
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it('drops garbage, truncated, oversized and bad-magic connections and keeps serving adb', async () => {
    const phone = await startPhone('SIMFUZZ0001');
    await adb.connectDevice(phone.sim.address);
    const rand = prng(20250602);
    const port = phone.sim.port;

    // Keep a real adb shell busy while the hostile traffic runs.
    const busy = shell(adb, phone.sim.address, 'sleep 1; echo steady');

    const garbage = raw(port);
    garbage.socket.write(Buffer.from(Array.from({ length: 4096 }, () => Math.floor(rand() * 256))));
    expect(await within(garbage.closed, 3000)).toBe(true);

    const truncated = raw(port);
    truncated.socket.end(cnxn().subarray(0, 10));
    expect(await within(truncated.closed, 3000)).toBe(true);

    const truncatedPayload = raw(port);
    truncatedPayload.socket.write(cnxn());
    truncatedPayload.socket.write(
      encodePacket({ command: A_OPEN, arg0: 1, arg1: 0, data: Buffer.from('shell:echo never\0') }).subarray(0, 30),
    );
    truncatedPayload.socket.destroy();

    const oversized = raw(port);
    oversized.socket.write(cnxn());
    const header = encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, data: new Uint8Array(0) });
    header.writeUInt32LE(64 * 1024 * 1024, 12);
    oversized.socket.write(header);
    expect(await within(oversized.closed, 3000)).toBe(true);

    const badMagic = raw(port);
    badMagic.socket.write(cnxn());
    const bad = encodePacket({ command: A_OPEN, arg0: 1, arg1: 0, data: Buffer.from('shell:id\0') });
    bad.writeUInt32LE(0x12345678, 20);
    badMagic.socket.write(bad);
    expect(await within(badMagic.closed, 3000)).toBe(true);

    const abrupt = raw(port);
    abrupt.socket.write(cnxn());
    abrupt.socket.write(
      encodePacket({ command: A_OPEN, arg0: 5, arg1: 0, data: Buffer.from('shell:sleep 10; echo late\0') }),
    );
    abrupt.socket.write(encodePacket({ command: A_OPEN, arg0: 6, arg1: 0, data: Buffer.from('sync:\0') }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    abrupt.socket.destroy();

    // Well-formed packets with random commands, ids and payloads on one connection.
    const chaos = raw(port);
    chaos.socket.write(cnxn());
    const services = [
      'shell:echo fuzz',
      'sync:',
      'exec:cat',
      'localabstract:nobody',
      '',
      'shell,v2,raw:true',
      'unknown:thing',
    ];
    const commands = [A_OPEN, A_OKAY, A_WRTE, A_CLSE, A_CNXN, 0x48545541, 0x11111111];
    for (let i = 0; i < 400; i++) {
      const command = commands[Math.floor(rand() * commands.length)] as number;
      const data =
        command === A_OPEN && rand() < 0.7
          ? Buffer.from(`${services[Math.floor(rand() * services.length)]}\0`)
          : Buffer.from(Array.from({ length: Math.floor(rand() * 300) }, () => Math.floor(rand() * 256)));
      chaos.socket.write(encodePacket({ command, arg0: Math.floor(rand() * 8), arg1: Math.floor(rand() * 8), data }));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    chaos.socket.destroy();

    // Connect-and-leave, many times.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const probe = raw(port);
        await new Promise((resolve) => probe.socket.once('connect', resolve));
        probe.socket.destroy();
        await probe.closed;
      }),
    );

    expect((await busy).out).toBe('steady\n');
    await waitUntil(() => phone.sim.connections === 1, 'only the adb transport to remain');
    expect((await shell(adb, phone.sim.address, 'echo still-serving')).out).toBe('still-serving\n');
    expect(phone.logs.some((l) => l.includes('bad magic'))).toBe(true);
    expect(phone.logs.some((l) => l.includes('exceeds'))).toBe(true);
    expect(unhandled).toEqual([]);
  });
});
