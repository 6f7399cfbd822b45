/**
 * What a client of the simulated phone needs to know about it, defined once: MobA Studio's
 * device layer recognises the phone by its model name and pushes the stand-in scrcpy server to
 * it (the phone impersonates scrcpy-server itself, so the file is never run).
 */
import { join } from 'node:path';
import { findPackageRoot } from '@moba/base/node';

/** `ro.product.model` of every simulated phone (`adb devices -l` shows `model:MobA_Sim`). */
export const SIMULATED_PHONE_MODEL = 'MobA_Sim';
/** `ro.product.name` / `ro.product.device`. */
export const SIMULATED_PHONE_PRODUCT = 'moba_sim';

/** The port `moba-sim start` listens on by default (outside adb's 5555–5585 emulator range). */
export const DEFAULT_SIMULATOR_PORT = 6520;

/** The small file a scrcpy client may push as "the server" to a simulated phone. */
export function scrcpyStandInPath(): string {
  return join(findPackageRoot('@moba/sim', import.meta.url), 'resources', 'scrcpy-server-stand-in');
}
