/**
 * The adb server's devices as the Devices panel and the task composer see them: listed with
 * facts, refreshed whenever main reports a change (`didChangeDevices`) or the connection
 * comes back.
 */
import { create } from 'zustand';
import type { MobaClient } from '../../shared/contract.ts';
import type { AdbServerStatus, DeviceListEntry } from '../../shared/contract/devices.ts';
import { useAppStore } from './app-store.ts';
import { toMobaError } from '../../shared/errors.ts';

interface DeviceStoreState {
  server: AdbServerStatus | undefined;
  devices: DeviceListEntry[];
  loading: boolean;
  loaded: boolean;
  error: string | undefined;
  /** The device the composer and the mirror use; persisted per browser. */
  selected: string | undefined;
}

const SELECTED_KEY = 'moba.selectedDevice';

function storedSelection(): string | undefined {
  try {
    return localStorage.getItem(SELECTED_KEY) ?? undefined;
  } catch {
    // Storage can be disabled (private windows); the selection just does not persist.
    return undefined;
  }
}

export const useDeviceStore = create<DeviceStoreState>(() => ({
  server: undefined,
  devices: [],
  loading: false,
  loaded: false,
  error: undefined,
  selected: storedSelection(),
}));

export function selectDevice(serial: string | undefined): void {
  useDeviceStore.setState({ selected: serial });
  try {
    if (serial) localStorage.setItem(SELECTED_KEY, serial);
    else localStorage.removeItem(SELECTED_KEY);
  } catch {
    // See storedSelection.
  }
}

let refreshing: Promise<void> | undefined;
let again = false;

/** Re-lists devices with facts; overlapping calls collapse into one follow-up refresh. */
export function refreshDevices(client: MobaClient): Promise<void> {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    useDeviceStore.setState({ loading: true });
    try {
      do {
        again = false;
        const r = await client.listDevices({ facts: true });
        const st = useDeviceStore.getState();
        const online = r.devices.filter((d) => d.state === 'device');
        // Keep the selection while its device is listed; else pick the only online one.
        const selected =
          st.selected && r.devices.some((d) => d.serial === st.selected)
            ? st.selected
            : online.length === 1
              ? online[0]!.serial
              : st.selected;
        useDeviceStore.setState({ server: r.server, devices: r.devices, loaded: true, error: undefined, selected });
      } while (again);
    } catch (error) {
      useDeviceStore.setState({ error: toMobaError(error).message, loaded: true });
    } finally {
      useDeviceStore.setState({ loading: false });
      refreshing = undefined;
    }
  })();
  return refreshing;
}

let connected: MobaClient | undefined;

/** Keeps the list live; idempotent per client. */
export function connectDeviceFeed(client: MobaClient): void {
  if (connected === client) return;
  connected = client;
  client.on('didChangeDevices', (snapshot) => {
    useDeviceStore.setState({ server: snapshot.server });
    void refreshDevices(client);
  });
  let wasOpen = useAppStore.getState().connection.state === 'open';
  useAppStore.subscribe((s) => {
    const open = s.connection.state === 'open';
    if (open && !wasOpen) void refreshDevices(client);
    wasOpen = open;
  });
  void refreshDevices(client);
}

/** Short label for a device in pickers: model and serial. */
export function deviceLabel(d: DeviceListEntry): string {
  const model = d.facts?.model ?? d.model?.replace(/_/g, ' ');
  return model ? `${model} (${d.serial})` : d.serial;
}
