/** The running part of `moba worker` (loaded only when the command runs). */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { MobaApp } from '../../app.ts';
import { startWebHost } from '../../host/web-host.ts';
import type { WebHost } from '../../host/web-host.ts';
import { packageRoot } from '../../package-root.ts';
import type { Command } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import { SweepWorker } from '../../sweep/worker.ts';
import { DEFAULT_PROFILE } from '../../sweep/jobs.ts';
import type { ArtifactSource } from '../../sweep/jobs.ts';
import { parseRedisUrl, probeRedis } from '../../sweep/redis-url.ts';
import { StfFarm } from '../../sweep/stf.ts';
import type { DeviceSource } from '../../sweep/worker-devices.ts';
import { withApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';

/** The options of `moba worker` (worker.ts declares them). */
export interface WorkerOpts {
  redis: string;
  phones?: number;
  devices?: string[];
  adb?: string[];
  stf?: string;
  stfCount?: number;
  serve?: string;
  publicUrl?: string;
  profile?: string;
  name?: string;
  json: boolean;
}

/**
 * The app's web host, for `GET /artifacts/<sha256>` (the UI comes with it). Coordinators read
 * artefacts with a credential of this worker's own, made at start and announced with its
 * address in Redis; it opens `/artifacts/` and nothing else. The host's own token (the whole
 * UI and contract) is `MOBA_SWEEP_TOKEN` when set, else random, and is sent to no one.
 */
async function serveArtifacts(
  app: MobaApp,
  listen: string,
  publicUrl: string | undefined,
): Promise<{ host: WebHost; source: ArtifactSource }> {
  const m = /^(.*):(\d+)$/.exec(listen);
  if (!m) throw new MobaError('INVALID_INPUT', `--serve takes host:port (e.g. 0.0.0.0:8741), not "${listen}"`);
  const bind = m[1]!.replace(/^\[(.*)\]$/, '$1');
  const artifactToken = randomBytes(32).toString('base64url');
  const host = await startWebHost({
    app,
    rendererDir: join(packageRoot(), 'out', 'renderer'),
    host: bind,
    port: Number(m[2]),
    ...(process.env.MOBA_SWEEP_TOKEN ? { token: process.env.MOBA_SWEEP_TOKEN } : {}),
    artifactToken,
  });
  const shown = bind === '0.0.0.0' || bind === '::' ? hostname() : bind;
  const url = publicUrl ?? `http://${shown.includes(':') ? `[${shown}]` : shown}:${host.port}`;
  return { host, source: { url, token: artifactToken } };
}

function sourceOf(opts: WorkerOpts): DeviceSource {
  const given = [
    opts.phones !== undefined,
    opts.devices !== undefined,
    opts.adb !== undefined,
    opts.stf !== undefined,
  ].filter(Boolean).length;
  if (given > 1) throw new MobaError('INVALID_INPUT', 'Give one of --phones, --devices, --adb or --stf');
  if (opts.stf) {
    const token = process.env.MOBA_STF_TOKEN;
    if (!token)
      throw new MobaError(
        'INVALID_INPUT',
        "--stf needs the farm's access token in MOBA_STF_TOKEN (STF → Settings → Keys)",
      );
    return { kind: 'farm', farm: new StfFarm({ url: opts.stf, token }), count: opts.stfCount ?? 1 };
  }
  if (opts.devices) return { kind: 'devices', serials: opts.devices };
  if (opts.adb) return { kind: 'adb', addresses: opts.adb };
  return { kind: 'phones', count: opts.phones ?? 1 };
}

export async function runWorker(io: CliIo, command: Command, opts: WorkerOpts): Promise<void> {
  const redis = parseRedisUrl(opts.redis);
  const source = sourceOf(opts);
  // Before anything starts: a wrong URL or password fails at once.
  await probeRedis(redis);
  const log = (line: string) => (opts.json ? io.out(`${JSON.stringify({ log: line })}\n`) : io.out(`${line}\n`));
  await withApp(command, async (app) => {
    const web = opts.serve ? await serveArtifacts(app, opts.serve, opts.publicUrl) : undefined;
    if (web)
      log(
        `serving artefacts at ${web.source.url} (to coordinators, with this worker's own credential; the web host: ${web.host.url})`,
      );
    const worker = new SweepWorker(app.benchHost, {
      redis,
      source,
      profile: opts.profile ?? (source.kind === 'phones' ? DEFAULT_PROFILE : 'device'),
      ...(opts.name ? { name: opts.name } : {}),
      ...(web ? { artifacts: web.source } : {}),
      // How soon a dead worker's episode goes to another worker (default 20 s; tests shorten it).
      ...(Number(process.env.MOBA_SWEEP_LOCK_MS) > 0 ? { lockMs: Number(process.env.MOBA_SWEEP_LOCK_MS) } : {}),
      log,
    });
    try {
      await worker.start();
      if (opts.json) io.out(`${JSON.stringify({ ready: true })}\n`);
      const sig = await io.untilStopped();
      io.err(`\n${sig}: finishing the running episodes (again to hand them back to the queue)\n`);
      const second = io.untilStopped().then(async (s) => {
        io.err(`\n${s}: handing the running episodes back\n`);
        await worker.close({ handBack: true });
      });
      await Promise.race([worker.close(), second]);
    } finally {
      await worker.close({ handBack: true });
      await web?.host.close();
    }
  });
}
