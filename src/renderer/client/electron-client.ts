import type { MobaClient } from '../../shared/contract.ts';
import { deserializeError, isSerializedError } from '../../shared/errors.ts';

/**
 * Wraps the preload's `window.moba`: its functions reject with plain `{ name, code, message }`
 * objects (so the code survives the context bridge); here they become MobaErrors again.
 */
export function createElectronClient(bridge: Record<string, unknown>): MobaClient {
  const client: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(bridge)) {
    if (typeof value !== 'function') continue;
    const fn = value as (...args: unknown[]) => unknown;
    client[name] = (...args: unknown[]) => {
      const r = fn(...args);
      if (r instanceof Promise)
        return r.catch((error: unknown) => Promise.reject(isSerializedError(error) ? deserializeError(error) : error));
      return r;
    };
  }
  return client as MobaClient;
}
