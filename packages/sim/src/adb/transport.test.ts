/**
 * The device side of the ADB transport, driven packet by packet over a real TCP socket
 * (no adb server): handshake, streams, flow control, robustness.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDevice } from '../fake-device.ts';
import { startSimulatorServer } from '../server.ts';
import type { SimulatorServer } from '../server.ts';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION,
  A_VERSION_MIN,
  A_WRTE,
  DEVICE_MAX_PAYLOAD,
  PacketReader,
  commandName,
  encodePacket,
  parseBanner,
  payloadChecksum,
} from './packet.ts';
import type { AdbPacket } from './packet.ts';

/** A minimal host: sends packets, queues what the device answers. */
class Host {
  readonly socket: Socket;
  private readonly reader = new PacketReader(16 * 1024 * 1024);
  private readonly queue: AdbPacket[] = [];
  private waiter: (() => void) | undefined;
  closed = false;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      for (const packet of this.reader.push(chunk).packets) {
        this.queue.push(packet);
        this.waiter?.();
      }
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
    this.socket.on('error', () => undefined);
  }

  send(
    command: number,
    arg0: number,
    arg1: number,
    data: Uint8Array | string = new Uint8Array(0),
    version = A_VERSION,
  ): void {
    this.socket.write(
      encodePacket({ command, arg0, arg1, data: typeof data === 'string' ? Buffer.from(data) : data }, version),
    );
  }

  async next(timeoutMs = 2000): Promise<AdbPacket> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.closed) throw new Error('connection closed');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no packet');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    return this.queue.shift() as AdbPacket;
  }

  /** Resolves true when nothing arrives for `ms`. */
  async silent(ms = 200): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.queue.length === 0;
  }

  async handshake(maxdata = 1024 * 1024, version = A_VERSION): Promise<AdbPacket> {
    this.send(A_CNXN, version, maxdata, 'host::features=shell_v2,cmd,stat_v2\0', version);
    const reply = await this.next();
    expect(commandName(reply.command)).toBe('CNXN');
    return reply;
  }

  /** OPENs a service and reads everything until the device's CLSE, acking each WRTE. */
  async run(localId: number, service: string): Promise<string> {
    this.send(A_OPEN, localId, 0, `${service}\0`);
    const okay = await this.next();
    expect(commandName(okay.command)).toBe('OKAY');
    let out = '';
    for (;;) {
      const p = await this.next();
      if (p.command === A_WRTE) {
        out += Buffer.from(p.data).toString();
        this.send(A_OKAY, localId, p.arg0);
      } else if (p.command === A_CLSE) {
        return out;
      }
    }
  }

  close(): void {
    this.socket.destroy();
  }

  waitClosed(timeoutMs = 2000): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

let device: FakeDevice;
let server: SimulatorServer;
const logs: string[] = [];
const hosts: Host[] = [];
const host = () => {
  const h = new Host(server.port);
  hosts.push(h);
  return h;
};

beforeAll(async () => {
  device = new FakeDevice({ serial: 'TRANSPORT01' });
  server = await startSimulatorServer({ device, port: 0, log: (message) => logs.push(message) });
});

afterAll(async () => {
  for (const h of hosts) h.close();
  await server.close();
});

describe('handshake', () => {
  it('answers CNXN with the negotiated version and max payload and the banner', async () => {
    const reply = await host().handshake(1024 * 1024);
    expect(reply.arg0).toBe(A_VERSION);
    expect(reply.arg1).toBe(DEVICE_MAX_PAYLOAD);
    const banner = Buffer.from(reply.data).toString();
    expect(banner).toBe(
      'device::ro.product.name=sdk_gphone64_x86_64;ro.product.model=MobA_Fake_Phone;ro.product.device=emu64x;features=shell_v2,fixed_push_mkdir',
    );
    expect(parseBanner(reply.data).features).not.toContain('delayed_ack');
  });

  it('takes the smaller version and max payload, and fills checksums for old peers', async () => {
    const h = host();
    const reply = await h.handshake(4096, A_VERSION_MIN);
    expect(reply.arg0).toBe(A_VERSION_MIN);
    expect(reply.arg1).toBe(4096);
    // Read the raw header of the next packet to check data_check.
    const headers: Buffer[] = [];
    h.socket.on('data', (chunk: Buffer) => headers.push(chunk));
    expect(await h.run(1, 'shell:echo checksum')).toBe('checksum\n');
    const raw = Buffer.concat(headers);
    const wrte = raw.indexOf(Buffer.from('WRTE'));
    expect(raw.readUInt32LE(wrte + 16)).toBe(payloadChecksum(Buffer.from('checksum\n')));
  });

  it('ignores packets before CNXN and re-handshakes on a new CNXN', async () => {
    const h = host();
    h.send(A_OPEN, 1, 0, 'shell:echo early\0');
    expect(await h.silent()).toBe(true);
    await h.handshake();
    h.send(A_OPEN, 2, 0, 'shell:sleep 5\0');
    expect(commandName((await h.next()).command)).toBe('OKAY');
    const again = await h.handshake();
    expect(again.arg1).toBe(DEVICE_MAX_PAYLOAD);
    expect(await h.run(3, 'shell:echo after')).toBe('after\n');
  });
});

describe('streams', () => {
  it('strips trailing NULs from OPEN and refuses unknown services with CLSE(0, id)', async () => {
    const h = host();
    await h.handshake();
    expect(await h.run(7, 'shell:echo hi\0\0')).toBe('hi\n');
    h.send(A_OPEN, 8, 0, 'no-such-service:\0');
    const refused = await h.next();
    expect([commandName(refused.command), refused.arg0, refused.arg1]).toEqual(['CLSE', 0, 8]);
  });

  it('keeps one WRTE in flight per stream and splits at the negotiated max payload', async () => {
    const data = Buffer.alloc(64 * 1024, 0x61);
    device.fs.writeFile('/data/local/tmp/flow.txt', data);
    const h = host();
    await h.handshake(4096);
    h.send(A_OPEN, 11, 0, 'exec:cat /data/local/tmp/flow.txt\0');
    const okay = await h.next();
    expect(commandName(okay.command)).toBe('OKAY');
    let received = 0;
    for (;;) {
      const p = await h.next();
      if (p.command === A_CLSE) break;
      expect(commandName(p.command)).toBe('WRTE');
      expect(p.data.length).toBeLessThanOrEqual(4096);
      received += p.data.length;
      // Nothing more may come until we acknowledge.
      if (received < data.length) expect(await h.silent(30)).toBe(true);
      h.send(A_OKAY, 11, p.arg0);
    }
    expect(received).toBe(data.length);
  });

  it('tolerates the host echoing CLSE and ignores unknown stream ids', async () => {
    const h = host();
    await h.handshake();
    h.send(A_OPEN, 21, 0, 'shell:echo x\0');
    const okay = await h.next();
    await h.next();
    h.send(A_OKAY, 21, okay.arg0);
    expect(commandName((await h.next()).command)).toBe('CLSE');
    h.send(A_CLSE, 21, okay.arg0);
    h.send(A_OKAY, 99, 12345);
    h.send(A_WRTE, 99, 12345, 'stray');
    h.send(A_CLSE, 99, 12345);
    expect(await h.silent()).toBe(true);
    expect(await h.run(22, 'shell:echo alive')).toBe('alive\n');
  });

  it('serves 50 interleaved streams on one connection', async () => {
    const h = host();
    await h.handshake();
    const outputs = new Map<number, string>();
    const remote = new Map<number, number>();
    for (let i = 1; i <= 50; i++) h.send(A_OPEN, i, 0, `shell:echo stream${i}\0`);
    let closed = 0;
    while (closed < 50) {
      const p = await h.next();
      if (p.command === A_OKAY) remote.set(p.arg1, p.arg0);
      if (p.command === A_WRTE) {
        outputs.set(p.arg1, (outputs.get(p.arg1) ?? '') + Buffer.from(p.data).toString());
        h.send(A_OKAY, p.arg1, p.arg0);
      }
      if (p.command === A_CLSE) closed++;
    }
    for (let i = 1; i <= 50; i++) expect(outputs.get(i)).toBe(`stream${i}\n`);
    expect(new Set(remote.values()).size).toBe(50);
  });

  it('aborts a running command when the host closes its stream', async () => {
    const events: string[] = [];
    const registration = server.commands.register({
      name: 'hang',
      run: (ctx) =>
        new Promise((resolve) => {
          events.push('started');
          ctx.signal.addEventListener('abort', () => {
            events.push('aborted');
            resolve(0);
          });
        }),
    });
    try {
      const h = host();
      await h.handshake();
      h.send(A_OPEN, 31, 0, 'shell:hang; touch /data/local/tmp/after-hang\0');
      const okay = await h.next();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toEqual(['started']);
      h.send(A_CLSE, 31, okay.arg0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(events).toEqual(['started', 'aborted']);
      expect(device.fs.stat('/data/local/tmp/after-hang')).toBeUndefined();
      expect(await h.silent()).toBe(true);
    } finally {
      registration.dispose();
    }
  });
});

describe('robustness', () => {
  it('drops a connection with a bad magic or an oversized payload, and keeps serving others', async () => {
    const good = host();
    await good.handshake();
    const badMagic = host();
    await badMagic.handshake();
    const packet = encodePacket({ command: A_OPEN, arg0: 1, arg1: 0, data: Buffer.from('shell:echo\0') });
    packet.writeUInt32LE(0xdeadbeef, 20);
    badMagic.socket.write(packet);
    expect(await badMagic.waitClosed()).toBe(true);
    const oversized = host();
    await oversized.handshake();
    const header = encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, data: new Uint8Array(0) });
    header.writeUInt32LE(DEVICE_MAX_PAYLOAD + 1, 12);
    oversized.socket.write(header);
    expect(await oversized.waitClosed()).toBe(true);
    const garbage = host();
    garbage.socket.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(await garbage.waitClosed()).toBe(true);
    expect(logs.some((l) => l.includes('bad magic'))).toBe(true);
    expect(logs.some((l) => l.includes('exceeds'))).toBe(true);
    expect(await good.run(41, 'shell:echo survivor')).toBe('survivor\n');
  });
});
