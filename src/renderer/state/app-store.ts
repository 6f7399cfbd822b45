import { create } from 'zustand';
import type { MobaClient } from '../../shared/contract.ts';
import type { AppInfo, SettingsView } from '../../shared/contract/app.ts';
import type { ConnectionStatus } from '../client/index.ts';

/** View state only: the truth lives in main and arrives through calls and events. */
interface AppState {
  client: MobaClient | undefined;
  /** `report`: a report file opened in a browser — its own data, read only, no host behind it. */
  host: 'electron' | 'web' | 'report' | undefined;
  connection: ConnectionStatus;
  info: AppInfo | undefined;
  settings: SettingsView | undefined;
  loadError: string | undefined;
}

export const useAppStore = create<AppState>(() => ({
  client: undefined,
  host: undefined,
  connection: { state: 'connecting', attempts: 0 },
  info: undefined,
  settings: undefined,
  loadError: undefined,
}));

/** The client; components render only after it exists. */
export function useClient(): MobaClient {
  const client = useAppStore((s) => s.client);
  if (!client) throw new Error('The MobA client is not ready yet');
  return client;
}

/** Whether this window only reads (a report file): no decisions, edits, exports or deletes. */
export function useReadOnly(): boolean {
  return useAppStore((s) => s.host === 'report');
}
