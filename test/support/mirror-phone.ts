/**
 * A simulated phone for mirror tests and benchmarks, reachable by a `moba serve` host: the Chromium phone, its
 * ADB side on a free port with the scrcpy 3.3.3 impersonation installed, and a PRIVATE adb
 * server (own port, own HOME) that has `adb connect`ed it. Pass `hostEnv` to `serve()` so the
 * host talks to that adb server. Everything is stopped by `close()`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimulatedPhone } from '@moba/sim';
import { createSimulatedPhone } from '@moba/sim';
import { installScrcpyServer } from '@moba/sim';
import type { InstalledScrcpyServer } from '@moba/sim';
import { startSimulatorServer } from '@moba/sim';
import type { SimulatorServer } from '@moba/sim';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { tempDir } from '@moba/testkit/rigs';

export interface MirrorPhone {
  phone: SimulatedPhone;
  sim: SimulatorServer;
  scrcpy: InstalledScrcpyServer;
  adb: PrivateAdbServer;
  /** The adb serial (`127.0.0.1:<port>`). */
  serial: string;
  /** Environment for `serve()`: the private adb server. */
  hostEnv: NodeJS.ProcessEnv;
  /**
   * A stand-in scrcpy-server file: the simulated phone impersonates the server and never
   * reads the pushed bytes, so any file serves to exercise the push-and-start path.
   */
  standInServerPath: string;
  /** A path where no server file exists (the fallback case). */
  missingServerPath: string;
  close(): Promise<void>;
}

export async function startMirrorPhone(
  options: { width?: number; height?: number; density?: number } = {},
): Promise<MirrorPhone> {
  const dir = tempDir('moba-mirror-phone-');
  const standInServerPath = join(dir.path, 'scrcpy-server-stand-in.jar');
  writeFileSync(standInServerPath, 'stand-in for scrcpy-server 3.3.3: the simulated phone impersonates the server\n');
  const phone = await createSimulatedPhone({
    width: options.width ?? 720,
    height: options.height ?? 1600,
    density: options.density ?? 320,
    freezeClock: true,
  });
  let sim: SimulatorServer | undefined;
  let scrcpy: InstalledScrcpyServer | undefined;
  let adb: PrivateAdbServer | undefined;
  const close = async () => {
    await scrcpy?.close();
    await adb?.dispose();
    await sim?.close();
    await phone.close();
    dir.dispose();
  };
  try {
    sim = await startSimulatorServer({ device: phone, port: 0 });
    scrcpy = installScrcpyServer(sim);
    adb = await startAdbServer();
    const serial = await adb.connectDevice(sim.address);
    const result: MirrorPhone = {
      phone,
      sim,
      scrcpy,
      adb,
      serial,
      hostEnv: { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}` },
      standInServerPath,
      missingServerPath: join(dir.path, 'no-such-scrcpy-server'),
      close: async () => {
        // A test may have swapped the impersonation (uninstalled, reinstalled): close the current one.
        scrcpy = result.scrcpy;
        await close();
      },
    };
    return result;
  } catch (error) {
    await close();
    throw error;
  }
}
