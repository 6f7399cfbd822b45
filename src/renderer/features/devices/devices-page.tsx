import { useEffect, useState } from 'react';
import type { DeviceListEntry } from '../../../shared/contract/devices.ts';
import type { SimulatorInfo } from '../../../shared/contract/simulators.ts';
import { hrefFor, navigate } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { DeviceDetails } from './device-details.tsx';
import { connectDeviceFeed, refreshDevices, selectDevice, useDeviceStore } from '../../state/device-store.ts';
import './devices.css';

const STATE_HELP: Partial<Record<DeviceListEntry['state'], string>> = {
  unauthorized: 'Accept the “Allow USB debugging?” prompt on the phone.',
  offline: 'The phone stopped answering: reconnect it, or restart wireless debugging.',
  authorizing: 'Waiting for the phone to accept this computer…',
  connecting: 'Connecting…',
  'no permissions': 'This computer may not open the USB device (udev rules on Linux).',
};

function useSimulators(): SimulatorInfo[] {
  const client = useClient();
  const [sims, setSims] = useState<SimulatorInfo[]>([]);
  useEffect(() => {
    let live = true;
    client.listSimulators().then(
      (r) => live && setSims(r.simulators),
      (e: unknown) => console.error('[moba] listing simulated phones failed', e),
    );
    const off = client.on('didChangeSimulators', (p) => setSims(p.simulators));
    return () => {
      live = false;
      off();
    };
  }, [client]);
  return sims;
}

function ConnectForm() {
  const client = useClient();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const submit = async () => {
    if (!address.trim()) return;
    setBusy(true);
    setMessage(undefined);
    try {
      const d = await client.connectDevice({ address: address.trim() });
      setMessage({ ok: true, text: `Connected ${d.serial}` });
      setAddress('');
      void refreshDevices(client);
    } catch (e) {
      setMessage({ ok: false, text: toMobaError(e).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="device-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="field compact">
        <span className="field-label">Wireless device (host:port)</span>
        <span className="inline-inputs">
          <input
            type="text"
            name="connect.address"
            value={address}
            placeholder="192.168.1.20:5555"
            spellCheck={false}
            onChange={(e) => setAddress(e.target.value)}
          />
          <button type="submit" className="btn" disabled={busy || !address.trim()} data-action="connect">
            {busy ? 'Connecting…' : 'Connect'}
          </button>
        </span>
      </label>
      {message ? (
        <p className={message.ok ? 'ok-text small' : 'step-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

function SimulatorControls({ sims }: { sims: SimulatorInfo[] }) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [seed, setSeed] = useState(1);
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const s = await client.startSimulator({ seed });
      if (s.serial) selectDevice(s.serial);
      void refreshDevices(client);
    } catch (e) {
      setError(toMobaError(e).message);
    } finally {
      setBusy(false);
    }
  };
  const starting = busy || sims.some((s) => s.state === 'starting');
  return (
    <div className="device-form">
      <span className="field-label">Simulated phone</span>
      <span className="inline-inputs">
        <label className="seed-input" title="Seed of the apps’ deterministic data">
          seed{' '}
          <input
            type="number"
            min={0}
            value={seed}
            name="sim.seed"
            onChange={(e) => setSeed(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
          />
        </label>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void start()}
          disabled={starting}
          data-action="start-simulator"
        >
          {starting ? (
            <>
              <span className="spinner spinner-on-primary" aria-hidden="true" /> Starting…
            </>
          ) : (
            'Start a simulated phone'
          )}
        </button>
      </span>
      {starting ? <p className="muted small">Starting Chromium and the phone’s apps takes a few seconds.</p> : null}
      {error ? (
        <p className="step-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The adb server's devices with their states, wireless connect, simulated phones and details. */
export function DevicesPage() {
  const client = useClient();
  const server = useDeviceStore((s) => s.server);
  const devices = useDeviceStore((s) => s.devices);
  const loaded = useDeviceStore((s) => s.loaded);
  const loading = useDeviceStore((s) => s.loading);
  const error = useDeviceStore((s) => s.error);
  const selected = useDeviceStore((s) => s.selected);
  const sims = useSimulators();
  const [details, setDetails] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string>();
  useEffect(() => connectDeviceFeed(client), [client]);
  const simFor = (serial: string) => sims.find((s) => s.serial === serial || s.address === serial);
  const shown = details && devices.some((d) => d.serial === details) ? details : null;
  const startingSims = sims.filter((s) => s.state === 'starting' && !devices.some((d) => d.serial === s.serial));

  const act = async (label: string, fn: () => Promise<unknown>) => {
    setBusy(label);
    setActionError(undefined);
    try {
      await fn();
      await refreshDevices(client);
    } catch (e) {
      setActionError(toMobaError(e).message);
    } finally {
      setBusy(null);
    }
  };

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
              Start it with <code>adb start-server</code> or set its address in{' '}
              <a href={hrefFor('settings')}>Settings</a>.
            </span>
          ) : null}
        </div>
        <div className="device-toolbar">
          <ConnectForm />
          <SimulatorControls sims={sims} />
        </div>
        {error ? (
          <p className="step-error" role="alert">
            Could not list devices: {error}
          </p>
        ) : null}
        {actionError ? (
          <p className="step-error" role="alert">
            {actionError}
          </p>
        ) : null}
        {loaded && devices.length === 0 && !startingSims.length ? (
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
                No phone at hand: start a simulated phone above (or run <code>moba sim start</code> and connect to the
                address it prints).
              </li>
            </ul>
          </EmptyState>
        ) : null}
        {!loaded ? (
          <p className="muted" aria-busy="true">
            <span className="spinner" aria-hidden="true" /> Asking the adb server…
          </p>
        ) : null}
        {devices.length || startingSims.length ? (
          <ul className="device-list" data-testid="device-list">
            {devices.map((d) => {
              const sim = simFor(d.serial);
              const f = d.facts;
              return (
                <li
                  key={d.serial}
                  className={`device-card ${selected === d.serial ? 'selected' : ''}`}
                  data-serial={d.serial}
                  data-state={d.state}
                >
                  <div className="device-main">
                    <span className={`device-state state-${d.state.replace(' ', '-')}`}>{d.state}</span>
                    <div className="device-name">
                      <strong>{f?.model ?? d.model?.replace(/_/g, ' ') ?? d.serial}</strong>
                      {sim ? <span className="chip">simulated</span> : null}
                      {selected === d.serial ? <span className="chip chip-person">used for runs</span> : null}
                      <span className="mono muted">{d.serial}</span>
                    </div>
                    <div className="device-facts muted">
                      {f
                        ? `Android ${f.androidVersion}${f.sdk ? ` (SDK ${f.sdk})` : ''}`
                        : d.state === 'device'
                          ? (d.factsError ?? 'reading facts…')
                          : (STATE_HELP[d.state] ?? '')}
                      {f?.screen ? ` · ${f.screen.width}×${f.screen.height}` : ''}
                      {` · ${d.transport}`}
                      {f?.currentApp ? ` · showing ${f.currentApp.packageName}` : ''}
                    </div>
                  </div>
                  <div className="device-actions">
                    {d.state === 'device' ? (
                      <>
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() => selectDevice(d.serial)}
                          disabled={selected === d.serial}
                          data-action="use-device"
                        >
                          Use for runs
                        </button>
                        <button
                          type="button"
                          className="btn btn-small btn-primary"
                          onClick={() => {
                            selectDevice(d.serial);
                            navigate('run');
                          }}
                        >
                          New run
                        </button>
                      </>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setDetails(shown === d.serial ? null : d.serial)}
                      aria-expanded={shown === d.serial}
                      data-action="device-details"
                    >
                      Details
                    </button>
                    {sim ? (
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        disabled={!!busy || sim.state !== 'running'}
                        onClick={() => void act('Stopping…', () => client.stopSimulator({ id: sim.id }))}
                        data-action="stop-simulator"
                      >
                        {sim.state === 'stopping' ? 'Stopping…' : 'Stop'}
                      </button>
                    ) : d.transport === 'tcp' ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={!!busy}
                        onClick={() => void act('Disconnecting…', () => client.disconnectDevice({ address: d.serial }))}
                        data-action="disconnect"
                      >
                        Disconnect
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
            {startingSims.map((s) => (
              <li key={s.id} className="device-card device-starting" data-sim={s.id}>
                <div className="device-main">
                  <span className="device-state state-connecting">starting</span>
                  <div className="device-name">
                    <strong>Simulated phone</strong> <span className="muted">seed {s.seed}</span>
                  </div>
                  <div className="device-facts muted">
                    <span className="spinner" aria-hidden="true" /> Starting Chromium and the apps, then connecting to
                    adb…
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>
      {shown ? <DeviceDetails serial={shown} onClose={() => setDetails(null)} /> : null}
    </div>
  );
}
