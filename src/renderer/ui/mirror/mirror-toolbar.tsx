/** The mirror's toolbar: what it shows (scrcpy and its fps, screenshots and why, connecting), and its switches. */
import type { MirrorViewState } from './mirror-session.ts';

function badgeOf(m: MirrorViewState): { cls: string; text: string } {
  if (m.status === 'failed') return { cls: 'badge-bad', text: `mirror failed — ${m.error ?? 'unknown error'}` };
  if (m.status === 'stopped') return { cls: 'badge-idle', text: 'mirror stopped' };
  if (!m.info || !m.drawn) return { cls: 'badge-idle', text: 'Connecting…' };
  if (m.info.mode === 'scrcpy') return { cls: 'badge-ok', text: `scrcpy · ${m.fps} fps` };
  return { cls: 'badge-warn', text: `screenshots — ${m.info.reason ?? 'scrcpy unavailable'}` };
}

export interface MirrorToolbarProps {
  mirror: MirrorViewState;
  showOverlay: boolean;
  setShowOverlay(on: boolean): void;
  selectMode: boolean;
  setSelectMode(on: boolean): void;
  onRestart(): void;
  /** Shown when the view observes the device itself (no run's elements given). */
  refresh: { loading: boolean; run(): void } | null;
}

export function MirrorToolbar(p: MirrorToolbarProps) {
  const badge = badgeOf(p.mirror);
  return (
    <div className="mirror-toolbar">
      <span className={`mirror-badge ${badge.cls}`} data-testid="mirror-mode" title={badge.text}>
        {badge.text}
      </span>
      <label className="mirror-toggle">
        <input
          type="checkbox"
          checked={p.showOverlay}
          onChange={(e) => p.setShowOverlay(e.target.checked)}
          data-action="toggle-overlay"
        />{' '}
        Elements
      </label>
      <label className="mirror-toggle" title="Clicks pick an element instead of tapping">
        <input
          type="checkbox"
          checked={p.selectMode}
          onChange={(e) => p.setSelectMode(e.target.checked)}
          data-action="toggle-select"
        />{' '}
        Select
      </label>
      {p.mirror.status === 'failed' || p.mirror.status === 'stopped' ? (
        <button type="button" className="btn btn-small" onClick={p.onRestart} data-action="restart-mirror">
          Restart
        </button>
      ) : null}
      {p.refresh ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={p.refresh.run}
          disabled={p.refresh.loading || p.mirror.status !== 'running'}
          data-action="refresh-elements"
        >
          {p.refresh.loading ? 'Observing…' : 'Refresh'}
        </button>
      ) : null}
    </div>
  );
}
