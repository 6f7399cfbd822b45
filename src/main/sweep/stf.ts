/**
 * Devices leased from a device farm, for sweep workers. `DeviceFarm` is the seam; `StfFarm`
 * speaks DeviceFarmer/STF's REST API (v1, bearer access token from STF's Settings → Keys):
 *
 *   GET    /api/v1/devices                               the farm's devices (present, ready, using, owner)
 *   POST   /api/v1/user/devices            {serial,timeout} lease one
 *   POST   /api/v1/user/devices/:serial/remoteConnect       open remote adb → { remoteConnectUrl: "host:port" }
 *   DELETE /api/v1/user/devices/:serial/remoteConnect       close it
 *   DELETE /api/v1/user/devices/:serial                     give it back
 *
 * The worker then `adb connect`s to each remote address and drives the device like any other.
 * Written by hand: STF publishes no maintained Node client, and these five calls are all a
 * worker needs.
 */
import { MobaError, errorMessage } from '../../shared/errors.ts';

export interface FarmLease {
  /** The farm's serial of the device. */
  serial: string;
  /** `host:port` to `adb connect` to. */
  address: string;
}

export interface DeviceFarm {
  /**
   * Leases up to `count` free devices and opens remote adb to each.
   * @throws MobaError UNAUTHORIZED (token refused), DISCONNECTED (farm unreachable), DEVICE_NOT_FOUND (no free device)
   */
  lease(count: number, options?: { signal?: AbortSignal; filter?: (d: FarmDevice) => boolean }): Promise<FarmLease[]>;
  /** Closes remote adb and gives the device back; never throws for a device already gone. */
  release(lease: FarmLease): Promise<void>;
}

export interface FarmDevice {
  serial: string;
  present: boolean;
  ready: boolean;
  using: boolean;
  owner: unknown;
  model?: string;
  version?: string;
  [key: string]: unknown;
}

export interface StfFarmOptions {
  /** The farm's address, e.g. https://stf.lab.example */
  url: string;
  /** An access token (STF → Settings → Keys → Access tokens). */
  token: string;
  /** How long a lease lasts without use, ms (STF's `timeout`); default one hour. */
  leaseTimeoutMs?: number;
  fetch?: typeof fetch;
}

export class StfFarm implements DeviceFarm {
  private readonly o: StfFarmOptions;
  private readonly base: string;

  constructor(options: StfFarmOptions) {
    this.o = options;
    this.base = options.url.replace(/\/+$/, '');
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<{ status: number; json: T }> {
    const f = this.o.fetch ?? fetch;
    let res: Response;
    try {
      res = await f(`${this.base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.o.token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw new MobaError('DISCONNECTED', `Cannot reach the device farm at ${this.base}: ${errorMessage(error)}`, {
        cause: error,
      });
    }
    if (res.status === 401 || res.status === 403)
      throw new MobaError(
        'UNAUTHORIZED',
        `The device farm at ${this.base} refused the access token (HTTP ${res.status}); create one under STF → Settings → Keys`,
      );
    const text = await res.text();
    let json: T;
    try {
      json = (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw new MobaError(
        'INVALID_OUTPUT',
        `The device farm at ${this.base} answered ${method} ${path} with HTTP ${res.status} and no JSON: ${text.slice(0, 200)}`,
      );
    }
    return { status: res.status, json };
  }

  async lease(
    count: number,
    options: { signal?: AbortSignal; filter?: (d: FarmDevice) => boolean } = {},
  ): Promise<FarmLease[]> {
    const { json } = await this.call<{ devices?: FarmDevice[] }>('GET', '/api/v1/devices', undefined, options.signal);
    const free = (json.devices ?? []).filter(
      (d) => d.present && d.ready && !d.using && !d.owner && (options.filter?.(d) ?? true),
    );
    const leases: FarmLease[] = [];
    try {
      for (const d of free) {
        if (leases.length >= count) break;
        const took = await this.call<{ success?: boolean; description?: string }>(
          'POST',
          '/api/v1/user/devices',
          { serial: d.serial, timeout: this.o.leaseTimeoutMs ?? 3_600_000 },
          options.signal,
        );
        // Someone else took it between the list and the lease: try the next.
        if (took.status >= 400 || took.json.success === false) continue;
        const rc = await this.call<{ success?: boolean; remoteConnectUrl?: string; description?: string }>(
          'POST',
          `/api/v1/user/devices/${encodeURIComponent(d.serial)}/remoteConnect`,
          {},
          options.signal,
        );
        if (rc.status >= 400 || !rc.json.remoteConnectUrl) {
          await this.call('DELETE', `/api/v1/user/devices/${encodeURIComponent(d.serial)}`).catch(() => undefined);
          throw new MobaError(
            'CONNECT_FAILED',
            `The device farm leased ${d.serial} but opened no remote adb for it: ${rc.json.description ?? `HTTP ${rc.status}`}`,
          );
        }
        leases.push({ serial: d.serial, address: rc.json.remoteConnectUrl });
      }
    } catch (error) {
      for (const l of leases) await this.release(l);
      throw error;
    }
    if (!leases.length)
      throw new MobaError(
        'DEVICE_NOT_FOUND',
        `The device farm at ${this.base} has no free device${options.filter ? ' matching the filter' : ''} (${(json.devices ?? []).length} devices, ${free.length} free)`,
      );
    return leases;
  }

  async release(lease: FarmLease): Promise<void> {
    const path = `/api/v1/user/devices/${encodeURIComponent(lease.serial)}`;
    await this.call('DELETE', `${path}/remoteConnect`).catch(() => undefined);
    await this.call('DELETE', path).catch(() => undefined);
  }
}
