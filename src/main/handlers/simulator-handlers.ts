import type { Handlers } from '../contract/router.ts';
import type { SimulatorManager } from '../simulators/simulator-manager.ts';

export function simulatorHandlers(s: {
  simulators: SimulatorManager;
}): Pick<Handlers, 'listSimulators' | 'startSimulator' | 'stopSimulator'> {
  return {
    listSimulators: () => ({ simulators: s.simulators.list() }),
    // Not tied to the caller: a phone that starts keeps running even if the window closes meanwhile (stop it from any window).
    startSimulator: ({ seed, port }) =>
      s.simulators.start({ ...(seed !== undefined ? { seed } : {}), ...(port !== undefined ? { port } : {}) }),
    stopSimulator: async ({ id }) => ({ stopped: await s.simulators.stop(id) }),
  };
}
