import { useState } from 'react';
import { useClient } from '../../state/app-store.ts';
import { useLoad } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';

/** One device's facts: model, Android, screen, foreground app, keyboard, ADB Keyboard, apps. */
export function DeviceDetails({ serial, onClose }: { serial: string; onClose(): void }) {
  const client = useClient();
  const [refresh, setRefresh] = useState(0);
  const [filter, setFilter] = useState('');
  const { data: facts, error } = useLoad(
    () => client.getDeviceFacts({ serial, refresh: refresh > 0 }).then((f) => ({ serial, facts: f })),
    [client, serial, refresh],
  );
  const f = facts?.serial === serial ? facts.facts : null;
  const apps = f
    ? f.packages.filter(
        (p) =>
          !filter || p.packageName.includes(filter) || (p.label ?? '').toLowerCase().includes(filter.toLowerCase()),
      )
    : [];
  return (
    <Panel
      id="device-details"
      title={`Details · ${serial}`}
      icon={<Icons.devices size={18} />}
      actions={
        <>
          <button type="button" className="btn btn-small" onClick={() => setRefresh(refresh + 1)}>
            Refresh
          </button>
          <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close details">
            ×
          </button>
        </>
      }
    >
      <ErrorNote error={error} />
      {!f && !error ? (
        <p className="muted" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Reading the device…
        </p>
      ) : null}
      {f ? (
        <>
          <dl className="facts device-facts-list" data-testid="device-facts">
            <dt>Model</dt>
            <dd>
              {f.manufacturer} {f.model} <span className="muted">({f.brand})</span>
            </dd>
            <dt>Android</dt>
            <dd>
              {f.androidVersion}
              {f.sdk ? ` · SDK ${f.sdk}` : ''}
            </dd>
            <dt>Screen</dt>
            <dd>
              {f.screen
                ? `${f.screen.width} × ${f.screen.height}${f.screen.density ? ` @ ${f.screen.density} dpi` : ''}`
                : 'unknown'}
            </dd>
            <dt>Showing</dt>
            <dd className="mono">{f.currentApp ? `${f.currentApp.packageName}/${f.currentApp.activity}` : '—'}</dd>
            <dt>Keyboard</dt>
            <dd>
              {f.keyboardShown ? 'shown' : 'hidden'}
              {f.inputMethod ? <span className="muted"> · {f.inputMethod}</span> : null}
            </dd>
            <dt>ADB Keyboard</dt>
            <dd>
              {f.adbKeyboard.installed ? (
                f.adbKeyboard.enabled ? (
                  'installed and enabled (non-ASCII text works)'
                ) : (
                  'installed, not enabled'
                )
              ) : (
                <span className="bad-text">not installed: typing Chinese or emoji needs it</span>
              )}
            </dd>
            <dt>Read at</dt>
            <dd>{new Date(f.collectedAt).toLocaleTimeString()}</dd>
          </dl>
          <div className="app-list-head">
            <strong>{f.packages.length} apps</strong>
            <input
              type="search"
              placeholder="Filter apps…"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              aria-label="Filter apps"
            />
          </div>
          <ul className="app-list">
            {apps.map((p) => (
              <li key={p.packageName}>
                {/* adb does not report app labels; show one only when the device gave it. */}
                {p.label ? <span>{p.label}</span> : null}
                <span className={`mono ${p.label ? 'muted' : ''}`}>{p.packageName}</span>
                {p.launchActivity ? null : <span className="muted app-kind">not launchable</span>}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}
