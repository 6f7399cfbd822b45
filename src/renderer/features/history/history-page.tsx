import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { hrefFor } from '../../app/router.ts';

export function HistoryPage() {
  return (
    <div className="page page-history">
      <Panel id="history" title="Run history" icon={<Icons.history size={18} />}>
        <EmptyState title="No runs recorded yet">
          <p>Every run is stored as an event log. Here you will search past runs, step through them with each step's screenshot, overlay and model I/O, and export them.</p>
          <p>
            Start a run on the <a href={hrefFor('run')}>Run</a> page.
          </p>
        </EmptyState>
      </Panel>
    </div>
  );
}
