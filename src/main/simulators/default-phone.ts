/**
 * The embedded default device: one simulated phone started with the app — by `moba serve
 * --sim` (what `npm run serve` runs), or by any host when *Settings → Simulated phone → Start a
 * simulated phone with the app* is on — so a newcomer has a phone without a click.
 */
import { MobaError } from '../../shared/errors.ts';
import type { SimulatorInfo } from '../../shared/contract/simulators.ts';
import type { SimulatorSettings } from '../../shared/schemas/settings.ts';
import type { SimulatorManager } from './simulator-manager.ts';

function portInUse(error: unknown): boolean {
  return error instanceof MobaError && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

/**
 * Starts the settings' phone (seed, port) and connects it to the adb server. When the port is
 * taken — say `moba sim start` already listens there — any free port is used instead.
 *
 * @throws MobaError as {@link SimulatorManager.start} (BROWSER_MISSING, SIMULATOR_FAILED, CONNECT_FAILED)
 */
export async function startDefaultPhone(
  simulators: Pick<SimulatorManager, 'start'>,
  settings: SimulatorSettings,
  signal?: AbortSignal,
): Promise<SimulatorInfo> {
  try {
    return await simulators.start({ seed: settings.seed, port: settings.port }, signal);
  } catch (error) {
    if (!portInUse(error) || settings.port === 0) throw error;
    return simulators.start({ seed: settings.seed, port: 0 }, signal);
  }
}

/** Whether a host starts the default phone: its flag when given (`--sim` / `--no-sim`), else the setting. */
export function wantsDefaultPhone(flag: boolean | undefined, settings: SimulatorSettings): boolean {
  return flag ?? settings.autoStart;
}
