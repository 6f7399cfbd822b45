/**
 * Long-running commands (`moba serve`, `moba-sim start`) stop on Ctrl-C or a service manager's
 * SIGTERM: one promise that resolves with the signal's name and then stops listening.
 */
export function untilStopSignal(signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM']): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      for (const s of signals) process.off(s, onSignal);
      resolve(signal);
    };
    for (const s of signals) process.on(s, onSignal);
  });
}
