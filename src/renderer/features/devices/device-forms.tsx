/** Adding devices on the Devices page: a wireless phone by host:port, or a simulated phone. */
import { useEffect, useState } from 'react';
import type { SimulatorInfo } from '../../../shared/contract/simulators.ts';
import { useClient } from '../../state/app-store.ts';
import { refreshDevices, selectDevice } from '../../state/device-store.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';

/** The simulated phones this process runs, kept live. */
export function useSimulators(): SimulatorInfo[] {
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

export function ConnectForm() {
  const client = useClient();
  const [address, setAddress] = useState('');
  const { busy, error, notice, run } = useBusy();
  const submit = async () => {
    if (!address.trim()) return;
    const d = await run(
      'Connecting…',
      () => client.connectDevice({ address: address.trim() }),
      (r) => `Connected ${r.serial}`,
    );
    if (!d) return;
    setAddress('');
    void refreshDevices(client);
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
          <button type="submit" className="btn" disabled={busy !== null || !address.trim()} data-action="connect">
            {busy ?? 'Connect'}
          </button>
        </span>
      </label>
      {notice ? (
        <p className="ok-text small" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorNote error={error} />
    </form>
  );
}

export function SimulatorControls({ sims }: { sims: SimulatorInfo[] }) {
  const client = useClient();
  const { busy, error, run } = useBusy();
  const [seed, setSeed] = useState(1);
  const start = async () => {
    const s = await run('Starting…', () => client.startSimulator({ seed }));
    if (!s) return;
    if (s.serial) selectDevice(s.serial);
    void refreshDevices(client);
  };
  const starting = busy !== null || sims.some((s) => s.state === 'starting');
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
      <ErrorNote error={error} />
    </div>
  );
}
