/** A device's screen to inspect: a fresh observation (screenshot, the elements the agent would see) in the inspector. */
import { useState } from 'react';
import { useClient } from '../../state/app-store.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { Inspector } from '../../ui/inspector/inspector.tsx';
import { useInspectorProps } from '../../ui/inspector/inspector-prefs.ts';
import { useLoad } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';

export function DeviceInspector({ serial, onClose }: { serial: string; onClose(): void }) {
  const client = useClient();
  const prefs = useInspectorProps();
  const [attempt, setAttempt] = useState(0);
  const {
    data: o,
    error,
    loading,
  } = useLoad(() => client.observeDevice({ serial, ocr: false }), [client, serial, attempt]);
  return (
    <Panel
      id="device-inspector"
      title={`Inspect · ${serial}`}
      icon={<Icons.devices size={18} />}
      className="device-inspector"
      actions={
        <>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setAttempt((n) => n + 1)}
            disabled={loading}
            data-action="observe-again"
          >
            {loading ? 'Observing…' : 'Observe again'}
          </button>
          <button type="button" className="btn btn-small" onClick={onClose} aria-label="Close the inspector">
            ×
          </button>
        </>
      }
    >
      <ErrorNote error={error} />
      {o ? (
        <Inspector
          key={`${o.capturedAt}`}
          {...prefs}
          testId="device-screen"
          image={o.screenshot ? client.artifactUrl(o.screenshot.sha256) : null}
          screen={o.screen}
          elements={o.elements}
          mode="view"
          caption={`${o.currentApp?.packageName ?? 'the screen'} at ${new Date(o.capturedAt).toLocaleTimeString()} · ${o.elements.filter((e) => e.index > 0).length} numbered elements`}
        />
      ) : !error ? (
        <p className="muted" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Observing the phone…
        </p>
      ) : null}
    </Panel>
  );
}
