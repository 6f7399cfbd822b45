/**
 * The one seam through which the app loads the simulated phone (`@moba/sim`), on demand: it
 * brings Playwright and Chromium, which most sessions never need. A phone is started behind an
 * ADB endpoint on a loopback port with the scrcpy impersonation installed — for the Devices
 * page's simulators and for a benchmark's phones alike.
 */
import type { SharedBrowser, SimulatedPhone, SimulatedPhoneOptions, SimulatorServer } from '@moba/sim';

export interface StartedSimPhone {
  phone: SimulatedPhone;
  server: SimulatorServer;
  /** What else to close with it (the scrcpy impersonation). */
  extras: Array<{ close(): Promise<void> | void }>;
}

/**
 * Starts a phone and its ADB endpoint; a phone whose endpoint cannot start is closed again.
 * @param options.port 0 for any free port
 */
export async function startSimPhone(
  options: Pick<SimulatedPhoneOptions, 'seed' | 'browser' | 'clockPolicy'> & {
    port: number;
    log: (message: string, error?: unknown) => void;
  },
): Promise<StartedSimPhone> {
  const { createSimulatedPhone, installScrcpyServer, startSimulatorServer } = await import('@moba/sim');
  const { port, log, ...phoneOptions } = options;
  const phone = await createSimulatedPhone(phoneOptions);
  let server: SimulatorServer;
  try {
    server = await startSimulatorServer({ device: phone, port, host: '127.0.0.1', log });
  } catch (error) {
    await phone.close().catch(() => undefined);
    throw error;
  }
  return { phone, server, extras: [installScrcpyServer(server)] };
}

/** One Chromium that several phones share (about 140 MB a phone instead of a browser each). */
export async function sharedSimBrowser(): Promise<SharedBrowser> {
  const { createSharedBrowser } = await import('@moba/sim');
  return createSharedBrowser({ keepAlive: true });
}
