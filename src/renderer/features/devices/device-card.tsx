/** One device in the Devices list: its state, model, facts and what can be done with it. */
import type { DeviceListEntry } from '../../../shared/contract/devices.ts';
import type { SimulatorInfo } from '../../../shared/contract/simulators.ts';
import { navigate } from '../../routing/router.ts';
import { selectDevice } from '../../state/device-store.ts';

const STATE_HELP: Partial<Record<DeviceListEntry['state'], string>> = {
  unauthorized: 'Accept the “Allow USB debugging?” prompt on the phone.',
  offline: 'The phone stopped answering: reconnect it, or restart wireless debugging.',
  authorizing: 'Waiting for the phone to accept this computer…',
  connecting: 'Connecting…',
  'no permissions': 'This computer may not open the USB device (udev rules on Linux).',
};

function factsLine(d: DeviceListEntry): string {
  const f = d.facts;
  const head = f
    ? `Android ${f.androidVersion}${f.sdk ? ` (SDK ${f.sdk})` : ''}`
    : d.state === 'device'
      ? (d.factsError ?? 'reading facts…')
      : (STATE_HELP[d.state] ?? '');
  return `${head}${f?.screen ? ` · ${f.screen.width}×${f.screen.height}` : ''} · ${d.transport}${f?.currentApp ? ` · showing ${f.currentApp.packageName}` : ''}`;
}

export interface DeviceCardProps {
  d: DeviceListEntry;
  sim: SimulatorInfo | undefined;
  selected: boolean;
  /** Which side panel shows this device: its details, its inspector, or neither. */
  open: 'details' | 'inspect' | null;
  setOpen(panel: 'details' | 'inspect' | null): void;
  busy: boolean;
  onStopSimulator(sim: SimulatorInfo): void;
  onDisconnect(serial: string): void;
}

export function DeviceCard({ d, sim, selected, open, setOpen, busy, onStopSimulator, onDisconnect }: DeviceCardProps) {
  const online = d.state === 'device';
  return (
    <li className={`device-card ${selected ? 'selected' : ''}`} data-serial={d.serial} data-state={d.state}>
      <div className="device-main">
        <span className={`device-state state-${d.state.replace(' ', '-')}`}>{d.state}</span>
        <div className="device-name">
          <strong>{d.facts?.model ?? d.model?.replace(/_/g, ' ') ?? d.serial}</strong>
          {sim ? <span className="chip">simulated</span> : null}
          {selected ? <span className="chip chip-person">used for runs</span> : null}
          <span className="mono muted">{d.serial}</span>
        </div>
        <div className="device-facts muted">{factsLine(d)}</div>
      </div>
      <div className="device-actions">
        {online ? (
          <>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => selectDevice(d.serial)}
              disabled={selected}
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
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setOpen(open === 'inspect' ? null : 'inspect')}
              aria-expanded={open === 'inspect'}
              data-action="inspect-device"
            >
              Inspect
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setOpen(open === 'details' ? null : 'details')}
          aria-expanded={open === 'details'}
          data-action="device-details"
        >
          Details
        </button>
        {sim ? (
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={busy || sim.state !== 'running'}
            onClick={() => onStopSimulator(sim)}
            data-action="stop-simulator"
          >
            {sim.state === 'stopping' ? 'Stopping…' : 'Stop'}
          </button>
        ) : d.transport === 'tcp' ? (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => onDisconnect(d.serial)}
            data-action="disconnect"
          >
            Disconnect
          </button>
        ) : null}
      </div>
    </li>
  );
}

export function StartingSimulatorCard({ s }: { s: SimulatorInfo }) {
  return (
    <li className="device-card device-starting" data-sim={s.id}>
      <div className="device-main">
        <span className="device-state state-connecting">starting</span>
        <div className="device-name">
          <strong>Simulated phone</strong> <span className="muted">seed {s.seed}</span>
        </div>
        <div className="device-facts muted">
          <span className="spinner" aria-hidden="true" /> Starting Chromium and the apps, then connecting to adb…
        </div>
      </div>
    </li>
  );
}
