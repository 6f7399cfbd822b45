import type { MobaClient } from '../../shared/contract.ts';
import { createElectronClient } from './electron-client.ts';
import type { ConnectionStatus } from './types.ts';
import { createWsClient } from './ws-client.ts';

export type { ConnectionStatus } from './types.ts';

declare global {
  interface Window {
    moba?: Record<string, unknown>;
  }
}

export interface ClientHandle {
  client: MobaClient;
  host: 'electron' | 'web';
}

/** The desktop app's preload bridge when present, else the web host's WebSocket. */
export function createClient(onStatus: (status: ConnectionStatus) => void): ClientHandle {
  if (window.moba) {
    onStatus({ state: 'open', attempts: 0 });
    return { client: createElectronClient(window.moba), host: 'electron' };
  }
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return { client: createWsClient({ url: `${proto}//${location.host}/ws`, onStatus }), host: 'web' };
}
