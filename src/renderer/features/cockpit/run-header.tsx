import type { MobaClient } from '../../../shared/contract.ts';
import { plural } from '../../../shared/plural.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { hrefFor } from '../../routing/router.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { useCockpitStore } from './cockpit-store.ts';
import { SHORTCUTS } from './cockpit-keys.ts';
import { useEscapeCloses } from '../../ui/escape-stack.ts';
import type { RunLog } from '../../state/run-log.ts';
import { StatusBadge } from '../../ui/run-view/status-badge.tsx';

export function ShortcutSheet() {
  const show = useCockpitStore((s) => s.showShortcuts);
  useEscapeCloses(show, () => useCockpitStore.setState({ showShortcuts: false }));
  if (!show) return null;
  return (
    <div className="shortcuts" role="dialog" aria-label="Keyboard shortcuts">
      <h3>Keyboard</h3>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.keys}>
            <dt>
              <kbd className="kbd">{s.keys}</kbd>
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => useCockpitStore.setState({ showShortcuts: false })}
      >
        Close
      </button>
    </div>
  );
}

/** The open run: its task, status, counters and controls (pause / resume / take over / stop). */
export function RunHeader({ client, log }: { client: MobaClient; log: RunLog }) {
  const st = log.state;
  const { busy, error, run: act } = useBusy();
  const ended = TERMINAL_STATUSES.includes(st.status);
  const c = st.counters;
  return (
    <header className="run-header" data-testid="run-header" data-run={st.runId}>
      <div className="run-title">
        <StatusBadge status={st.status} />
        <h2 title={st.task}>{st.task || '…'}</h2>
      </div>
      <div className="run-facts">
        <span title="Device">{st.serial}</span>
        <span title="Autonomy mode">{st.options?.mode ?? ''}</span>
        {st.options && !st.options.usePlan ? <span className="chip">no plan</span> : null}
        {st.options && !st.options.useMemory ? <span className="chip">no memory</span> : null}
        {st.options?.useMemory && st.options.approvedMemoriesOnly ? (
          <span className="chip">approved memories only</span>
        ) : null}
        <span title="Executed actions">{plural(c.executedActions, 'action')}</span>
        <span title="Model calls">{plural(c.modelCalls, 'call')}</span>
        <span title="Tokens">{(c.promptTokens + c.completionTokens).toLocaleString()} tok</span>
        <span className="mono muted" title="Run id">
          {st.runId}
        </span>
      </div>
      <div className="run-controls">
        {busy ? (
          <span className="muted" aria-busy="true">
            {busy}
          </span>
        ) : null}
        {!ended && st.status !== 'paused' ? (
          <button
            type="button"
            className="btn"
            disabled={!!busy}
            onClick={() => void act('Pausing…', () => client.pauseRun({ runId: st.runId }))}
            data-action="pause"
          >
            Pause <kbd className="kbd">Space</kbd>
          </button>
        ) : null}
        {st.status === 'paused' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!!busy}
            onClick={() => void act('Resuming…', () => client.resumeRun({ runId: st.runId }))}
            data-action="resume"
          >
            Resume <kbd className="kbd kbd-on-primary">Space</kbd>
          </button>
        ) : null}
        {!ended ? (
          <button
            type="button"
            className="btn btn-danger"
            disabled={!!busy}
            onClick={() => void act('Stopping…', () => client.stopRun({ runId: st.runId }))}
            data-action="stop"
          >
            Stop
          </button>
        ) : null}
        {ended ? (
          <a className="btn" href={hrefFor('history', st.runId)}>
            Replay
          </a>
        ) : null}
        <a className="btn" href={hrefFor('run')} data-action="new-run">
          New run
        </a>
        <button
          type="button"
          className="btn btn-icon"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => useCockpitStore.setState((s) => ({ showShortcuts: !s.showShortcuts }))}
        >
          ?
        </button>
      </div>
      <ErrorNote error={error} className="run-header-error" />
      <ShortcutSheet />
    </header>
  );
}
