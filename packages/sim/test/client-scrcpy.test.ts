/**
 * The scrcpy 3.3 client's way of starting the server, through the real adb server: its
 * default reverse tunnel (`adb reverse localabstract:scrcpy_<scid> tcp:<port>`, the server
 * connecting to the client), `--crop`, `--list-apps` / `--list-cameras`, honest errors for
 * `--video-source=camera`, and the server console warning for an unknown `--start-app`.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDevice, installScrcpyServer, startSimulatorServer } from '../src/index.ts';
import type { InstalledScrcpyServer, SimulatorServer } from '../src/index.ts';
import { collect, startAdbServer, tempDir, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

let device: FakeDevice;
let sim: SimulatorServer;
let scrcpy: InstalledScrcpyServer;
let adb: PrivateAdbServer;
let serial: string;
const cleanups: Array<() => void> = [];
const JAR = '/data/local/tmp/scrcpy-server.jar';

const shell = async (command: string) =>
  (await collect(await adb.client().getDevice(serial).shell(command))).toString();
const server = (options: string) => `CLASSPATH=${JAR} app_process / com.genymobile.scrcpy.Server 3.3.3 ${options}`;

beforeAll(async () => {
  device = new FakeDevice({ serial: 'SCRCPY01', width: 1080, height: 2400 });
  sim = await startSimulatorServer({ device, port: 0 });
  scrcpy = installScrcpyServer(sim, { log: () => undefined });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
  const dir = tempDir('moba-scrcpy-');
  cleanups.push(() => dir.dispose());
  writeFileSync(join(dir.path, 'scrcpy-server'), 'a stand-in');
  expect((await adb.adb(['-s', serial, 'push', join(dir.path, 'scrcpy-server'), JAR])).code).toBe(0);
});

afterAll(async () => {
  await scrcpy?.close();
  await adb?.dispose();
  await sim?.close();
  await device?.close();
  for (const cleanup of cleanups) cleanup();
});

/** What the client's TCP listener receives from the server's connections, in order. */
class ReverseListener {
  readonly sockets: Socket[] = [];
  readonly data = new Map<Socket, Buffer>();
  readonly server: Server;
  port = 0;

  constructor() {
    this.server = createServer((socket) => {
      this.sockets.push(socket);
      this.data.set(socket, Buffer.alloc(0));
      socket.on('data', (chunk) => this.data.set(socket, Buffer.concat([this.data.get(socket) as Buffer, chunk])));
      socket.on('error', () => undefined);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
    this.server.close();
  }
}

describe('scrcpy client', () => {
  it('mirrors through its default reverse tunnel, cropped, and controls through it', async () => {
    const listener = new ReverseListener();
    await listener.listen();
    cleanups.push(() => listener.close());
    const name = 'localabstract:scrcpy_0000beef';
    expect((await adb.adb(['-s', serial, 'reverse', name, `tcp:${listener.port}`])).code).toBe(0);
    expect((await adb.adb(['-s', serial, 'reverse', '--list'])).stdout.toString()).toContain(
      `${name} tcp:${listener.port}`,
    );

    const stream = await adb
      .client()
      .getDevice(serial)
      .shell(server('scid=0000beef log_level=info audio=false crop=540:1200:100:300'));
    const log: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => log.push(chunk));
    await waitUntil(() => listener.sockets.length === 2, 'the server to connect video and control');
    const [video, control] = listener.sockets as [Socket, Socket];
    // Reverse tunnel: no dummy byte; device meta, then codec meta with the cropped size.
    await waitUntil(() => (listener.data.get(video)?.length ?? 0) >= 64 + 12 + 12, 'the stream header and a packet');
    const head = listener.data.get(video) as Buffer;
    expect(head.subarray(0, 64).toString('utf8').replace(/\0+$/, '')).toBe('MobA Fake Phone');
    expect(head.toString('latin1', 64, 68)).toBe('h264');
    expect([head.readUInt32BE(68), head.readUInt32BE(72)]).toEqual([536, 1200]);
    expect(head.readBigUInt64BE(76)).toBe(1n << 63n);

    // A touch in video pixels lands where the crop puts it; Shift+G arrives with its meta state.
    const touch = (action: number, x: number, y: number) => {
      const m = Buffer.alloc(32);
      m.writeUInt8(2, 0);
      m.writeUInt8(action, 1);
      m.writeBigInt64BE(-2n, 2);
      m.writeInt32BE(x, 10);
      m.writeInt32BE(y, 14);
      m.writeUInt16BE(536, 18);
      m.writeUInt16BE(1200, 20);
      m.writeUInt16BE(0xffff, 22);
      return m;
    };
    const key = (action: number) => Buffer.from([0, action, 0, 0, 0, 35, 0, 0, 0, 0, 0, 0, 0, 0x41]);
    control.write(Buffer.concat([touch(0, 268, 600), touch(1, 268, 600), key(0), key(1)]));
    await waitUntil(() => device.events.some((e) => e.type === 'key'), 'the key to arrive');
    expect(device.events.filter((e) => e.type === 'touch')).toEqual([
      { type: 'touch', action: 0, x: 370, y: 900 },
      { type: 'touch', action: 1, x: 370, y: 900 },
    ]);
    expect(device.events.find((e) => e.type === 'key')).toEqual({
      type: 'key',
      code: 35,
      longpress: false,
      metaState: 0x41,
    });

    // START_APP for a package the phone does not have: a warning on the server console.
    const app = Buffer.from('com.example.nothere');
    control.write(Buffer.concat([Buffer.from([16, app.length]), app]));
    await waitUntil(() => Buffer.concat(log).toString().includes('No app found'), 'the warning');
    expect(Buffer.concat(log).toString()).toContain('[server] WARN: No app found for package "com.example.nothere"');
    stream.end();
    await waitUntil(() => scrcpy.sessions === 0, 'the server to stop');
  });

  it('lists apps and cameras before any tunnel, and refuses a camera source or a crop outside the display', async () => {
    const apps = await shell(server('scid=1 log_level=info list_apps=true'));
    expect(apps).toContain('[server] INFO: List of apps:');
    expect(apps).toMatch(/\n \* Clock {25} com\.android\.deskclock\n/);
    expect(apps).toMatch(/\n - Notes {25} com\.moba\.notes/);
    expect(apps).not.toContain('ERROR');
    expect(await shell(server('scid=2 list_cameras=true'))).toContain('List of cameras:\n    (none)');
    const camera = await shell(server('scid=3 tunnel_forward=true video_source=camera'));
    expect(camera).toContain('[server] ERROR: No matching camera found');
    expect(await shell(server('scid=4 tunnel_forward=true crop=2000:2000:0:0'))).toContain(
      '[server] ERROR: Crop rectangle 2000:2000:0:0 does not fit the display (1080x2400)',
    );
    expect(await shell(server('scid=5 tunnel_forward=true display_id=1'))).toContain(
      '[server] ERROR: Display 1 not found',
    );
    expect(scrcpy.sessions).toBe(0);
  });
});
