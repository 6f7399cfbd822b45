import { useEffect, useState } from 'react';
import type { AdbServerStatus } from '../../../shared/contract/devices.ts';
import { hrefFor } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { connectDeviceFeed, refreshDevices, useDeviceStore } from '../../state/device-store.ts';
import { DeviceDetails } from './device-details.tsx';
import { DeviceInspector } from './device-inspector.tsx';
import { DeviceCard, StartingSimulatorCard } from './device-card.tsx';
import { ConnectForm, SimulatorControls, useSimulators } from './device-forms.tsx';
import './devices.css';

function AdbLine({ server }: { server: AdbServerStatus | undefined }) {
  return (
    <div className="adb-line" data-testid="adb-status" data-status={server?.status ?? 'idle'}>
      <span
        className={`connection-dot ${server?.status === 'connected' ? 'dot-ok' : server?.status === 'unavailable' ? 'dot-bad' : ''}`}
        aria-hidden="true"
      />
      adb server {server ? `${server.host}:${server.port}` : ''} —{' '}
      {server?.status === 'connected'
        ? 'connected'
        : server?.status === 'unavailable'
          ? `not reachable: ${server.error ?? ''}`
          : 'checking…'}
      {server?.status === 'unavailable' ? (
        <span className="muted">
          {' '}
          Start it with <code>adb start-server</code> or set its address in <a href={hrefFor('settings')}>Settings</a>.
        </span>
      ) : null}
    </div>
  );
}

function NoDevices() {
  return (
    <EmptyState title="No devices yet">
      <p>Phones the adb server sees appear here with their state, model and Android version.</p>
      <ul>
        <li>
          USB: enable <em>USB debugging</em> on the phone and plug it in.
        </li>
        <li>
          Wireless: enable <em>Wireless debugging</em>, then connect to its <code>host:port</code> above.
        </li>
        <li>
          No phone at hand: start a simulated phone above (or run <code>moba sim start</code> and connect to the address
          it prints).
        </li>
      </ul>
    </EmptyState>
  );
}

/** The adb server's devices with their states, wireless connect, simulated phones, details and the inspector. */
export function DevicesPage() {
  const client = useClient();
  const server = useDeviceStore((s) => s.server);
  const devices = useDeviceStore((s) => s.devices);
  const loaded = useDeviceStore((s) => s.loaded);
  const loading = useDeviceStore((s) => s.loading);
  const error = useDeviceStore((s) => s.error);
  const selected = useDeviceStore((s) => s.selected);
  const sims = useSimulators();
  const [side, setSide] = useState<{ serial: string; panel: 'details' | 'inspect' } | null>(null);
  const { busy, error: actionError, run } = useBusy();
  useEffect(() => connectDeviceFeed(client), [client]);
  const simFor = (serial: string) => sims.find((s) => s.serial === serial || s.address === serial);
  const shown = side && devices.some((d) => d.serial === side.serial) ? side : null;
  const startingSims = sims.filter((s) => s.state === 'starting' && !devices.some((d) => d.serial === s.serial));
  const act = (label: string, fn: () => Promise<unknown>) =>
    void run(label, async () => {
      await fn();
      await refreshDevices(client);
    });

  return (
    <div className={`page page-devices ${shown ? 'with-details' : ''}`}>
      <Panel
        id="devices"
        title="Devices"
        icon={<Icons.devices size={18} />}
        actions={
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void refreshDevices(client)}
            disabled={loading}
            data-action="refresh-devices"
          >
            {loading ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      >
        <AdbLine server={server} />
        <div className="device-toolbar">
          <ConnectForm />
          <SimulatorControls sims={sims} />
        </div>
        <ErrorNote error={error ? `Could not list devices: ${error}` : undefined} />
        <ErrorNote error={actionError} />
        {loaded && devices.length === 0 && !startingSims.length ? <NoDevices /> : null}
        {!loaded ? (
          <p className="muted" aria-busy="true">
            <span className="spinner" aria-hidden="true" /> Asking the adb server…
          </p>
        ) : null}
        {devices.length || startingSims.length ? (
          <ul className="device-list" data-testid="device-list">
            {devices.map((d) => (
              <DeviceCard
                key={d.serial}
                d={d}
                sim={simFor(d.serial)}
                selected={selected === d.serial}
                open={shown?.serial === d.serial ? shown.panel : null}
                setOpen={(panel) => setSide(panel ? { serial: d.serial, panel } : null)}
                busy={busy !== null}
                onStopSimulator={(sim) => act('Stopping…', () => client.stopSimulator({ id: sim.id }))}
                onDisconnect={(serial) => act('Disconnecting…', () => client.disconnectDevice({ address: serial }))}
              />
            ))}
            {startingSims.map((s) => (
              <StartingSimulatorCard key={s.id} s={s} />
            ))}
          </ul>
        ) : null}
      </Panel>
      {shown?.panel === 'details' ? <DeviceDetails serial={shown.serial} onClose={() => setSide(null)} /> : null}
      {shown?.panel === 'inspect' ? <DeviceInspector serial={shown.serial} onClose={() => setSide(null)} /> : null}
    </div>
  );
}
