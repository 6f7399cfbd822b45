/**
 * The STF client against a stand-in of STF's REST API written here (a real HTTP server on
 * loopback): the device list, leasing with POST /api/v1/user/devices, remoteConnect, and
 * giving back with DELETE — with the bearer token checked as STF does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StfFarm } from './stf.ts';

interface Dev {
  serial: string;
  present: boolean;
  ready: boolean;
  using: boolean;
  owner: { email: string } | null;
  remote: string | null;
}

async function standIn(devices: Dev[], token = 'tok-1', options: { remoteConnectFails?: string } = {}) {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${token}`)
        return send(401, { success: false, description: 'Requires Authentication' });
      const m = /^\/api\/v1\/user\/devices\/([^/]+)(\/remoteConnect)?$/.exec(req.url ?? '');
      const dev = m ? devices.find((d) => d.serial === decodeURIComponent(m[1]!)) : undefined;
      if (req.method === 'GET' && req.url === '/api/v1/devices')
        return send(200, { success: true, devices: devices.map(({ remote: _r, ...d }) => d) });
      if (req.method === 'GET' && req.url === '/api/v1/user/devices')
        return send(200, {
          success: true,
          devices: devices.filter((d) => d.owner?.email === 'me@lab').map(({ remote: _r, ...d }) => d),
        });
      if (req.method === 'POST' && req.url === '/api/v1/user/devices') {
        const { serial } = JSON.parse(body) as { serial: string };
        const d = devices.find((x) => x.serial === serial);
        if (!d) return send(404, { success: false, description: 'Unknown device' });
        if (d.owner || d.using) return send(403, { success: false, description: 'Device is being used' });
        d.owner = { email: 'me@lab' };
        d.using = true;
        return send(200, { success: true, description: 'Device successfully added' });
      }
      if (dev && m![2] && req.method === 'POST') {
        if (dev.owner?.email !== 'me@lab')
          return send(403, { success: false, description: 'Device is not owned by you' });
        if (options.remoteConnectFails === dev.serial)
          return send(504, { success: false, description: 'Device is not responding' });
        dev.remote = `10.9.0.${devices.indexOf(dev) + 10}:7401`;
        return send(200, { success: true, remoteConnectUrl: dev.remote, serial: dev.serial });
      }
      if (dev && m![2] && req.method === 'DELETE') {
        dev.remote = null;
        return send(200, { success: true });
      }
      if (dev && req.method === 'DELETE') {
        if (dev.owner?.email !== 'me@lab')
          return send(403, { success: false, description: 'You cannot release this device. Not owned by you' });
        dev.owner = null;
        dev.using = false;
        return send(200, { success: true, description: 'Device successfully removed' });
      }
      return send(404, { success: false });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const dev = (serial: string, extra: Partial<Dev> = {}): Dev => ({
  serial,
  present: true,
  ready: true,
  using: false,
  owner: null,
  remote: null,
  ...extra,
});
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('StfFarm', () => {
  it('leases free devices only, opens remote adb to each, and gives them back', async () => {
    const devices = [
      dev('busy', { using: true, owner: { email: 'other@lab' } }),
      dev('absent', { present: false }),
      dev('A1'),
      dev('B2'),
      dev('C3'),
    ];
    const s = await standIn(devices);
    close = s.close;
    const farm = new StfFarm({ url: `${s.url}/`, token: 'tok-1' });
    const leases = await farm.lease(2);
    expect(leases).toEqual([
      { serial: 'A1', address: '10.9.0.12:7401' },
      { serial: 'B2', address: '10.9.0.13:7401' },
    ]);
    expect(devices.filter((d) => d.owner?.email === 'me@lab').map((d) => d.serial)).toEqual(['A1', 'B2']);
    for (const l of leases) await farm.release(l);
    expect(devices.filter((d) => d.owner?.email === 'me@lab')).toEqual([]);
    expect(devices.every((d) => d.remote === null)).toBe(true);
    expect(s.calls).toContain('DELETE /api/v1/user/devices/A1/remoteConnect');
    expect(s.calls).toContain('DELETE /api/v1/user/devices/B2');
  });

  it('names a refused token, an unreachable farm, and a farm with nothing free', async () => {
    const s = await standIn([dev('A1', { using: true, owner: { email: 'x@lab' } })]);
    close = s.close;
    await expect(new StfFarm({ url: s.url, token: 'wrong' }).lease(1)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/refused the access token \(HTTP 401\)/) as unknown,
    });
    await expect(new StfFarm({ url: s.url, token: 'tok-1' }).lease(1)).rejects.toMatchObject({
      code: 'DEVICE_NOT_FOUND',
      message: expect.stringContaining('1 devices, 0 free') as unknown,
    });
    await expect(new StfFarm({ url: 'http://127.0.0.1:9', token: 'tok-1' }).lease(1)).rejects.toMatchObject({
      code: 'DISCONNECTED',
    });
  });

  it('gives back what it leased when remote adb cannot be opened', async () => {
    const devices = [dev('A1'), dev('B2')];
    const s = await standIn(devices, 'tok-1', { remoteConnectFails: 'B2' });
    close = s.close;
    await expect(new StfFarm({ url: s.url, token: 'tok-1' }).lease(2)).rejects.toMatchObject({
      code: 'CONNECT_FAILED',
      message: expect.stringContaining('Device is not responding') as unknown,
    });
    expect(devices.map((d) => d.owner)).toEqual([null, null]);
  });
});
