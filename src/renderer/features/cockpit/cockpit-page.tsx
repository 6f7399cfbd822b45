import { useEffect, useState } from 'react';
import type { RunSummary } from '../../../shared/schemas/run.ts';
import { hrefFor, useRoute } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { ApprovalArea } from './approval-area.tsx';
import { connectDeviceFeed } from '../../state/device-store.ts';
import { SelectedDeviceMirror } from '../../ui/mirror/selected-device-mirror.tsx';
import { TaskTree } from '../../ui/task-tree/task-tree.tsx';
import { canEditPlan } from '../../ui/task-tree/tree-edits.ts';
import { StrategyPanel } from '../../ui/strategy-panels/strategy-panel.tsx';
import { useCockpitStore } from './cockpit-store.ts';
import { useScreenWidthStyle } from '../../ui/screen-width.tsx';
import { Composer } from './composer.tsx';
import { RunHeader } from './run-header.tsx';
import { StatusBadge } from '../../ui/run-view/status-badge.tsx';
import { connectRunFeed, loadRun, useRunLog, useRunStore } from '../../state/run-store.ts';
import '../../ui/run-view/run-view.css';
import './cockpit.css';

/** Runs that are not over, to offer on the empty cockpit. */
function useActiveRuns(): RunSummary[] {
  const client = useClient();
  const version = useRunStore((s) => s.listVersion);
  const [runs, setRuns] = useState<RunSummary[]>([]);
  useEffect(() => {
    let live = true;
    Promise.all((['running', 'waiting', 'paused'] as const).map((status) => client.listRuns({ status, limit: 20 })))
      .then((rs) => {
        if (live) setRuns(rs.flatMap((r) => r.runs).sort((a, b) => b.updatedAt - a.updatedAt));
      })
      .catch((e: unknown) => console.error('[moba] could not list active runs', e));
    return () => {
      live = false;
    };
  }, [client, version]);
  return runs;
}

function EmptyCockpit() {
  const active = useActiveRuns();
  return (
    <>
      <Panel id="mirror" title="Screen" icon={<Icons.mirror size={18} />} className="run-mirror">
        <SelectedDeviceMirror
          empty={
            <EmptyState title="No run yet">
              <p>
                The screen the agent sees appears here, with the indexed elements and the proposed action drawn on it.
              </p>
              <p>
                No phone? Start a simulated one on the <a href={hrefFor('devices')}>Devices</a> page.
              </p>
            </EmptyState>
          }
        />
      </Panel>
      <Panel id="run" title="Step" icon={<Icons.step size={18} />} className="run-main">
        {active.length ? (
          <div className="active-runs" data-testid="active-runs">
            <p className="empty-title">Runs in progress</p>
            <ul>
              {active.map((r) => (
                <li key={r.id}>
                  <StatusBadge status={r.status} /> <a href={hrefFor('run', r.id)}>{r.task}</a>{' '}
                  <span className="muted">on {r.serial}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <EmptyState
          title={active.length ? 'Or start a new one above' : 'No run yet: describe a task above and start one'}
        >
          <p>
            Each action the agent proposes waits here for you to approve, edit, override or reject it — depending on the
            autonomy mode.
          </p>
          <p>
            Models come from <a href={hrefFor('settings')}>Settings</a>; for a trial without a key run{' '}
            <code>moba model-server --script resources/scripts/example-cycle.json</code> and pick “One endpoint for this
            run”.
          </p>
        </EmptyState>
      </Panel>
      <Panel id="task-tree" title="Task tree" icon={<Icons.tree size={18} />} className="run-tree">
        <EmptyState title="The plan appears here">
          <p>
            The Global Agent splits the task into sub-goals. Each node shows its status, the cursor, and the reflections
            made before and after acting. You can rename, add, reorder, mark and re-plan them while the run goes.
          </p>
        </EmptyState>
      </Panel>
    </>
  );
}

function RunView({ runId }: { runId: string }) {
  const client = useClient();
  const log = useRunLog(runId);
  const loading = useRunStore((s) => s.loading[runId]);
  const error = useRunStore((s) => s.errors[runId]);
  const highlight = useCockpitStore((s) => s.highlightNode);
  useEffect(() => {
    void loadRun(client, runId);
  }, [client, runId]);
  if (!log || log.events.length === 0) {
    return (
      <div className="run-loading" role="status" aria-busy={loading ? 'true' : 'false'}>
        {error ? (
          <p className="step-error" role="alert">
            Could not open run {runId}: {error}
          </p>
        ) : (
          <p className="muted">Loading run {runId}…</p>
        )}
      </div>
    );
  }
  const waitKey = log.state.waiting?.waitId ?? `none-${log.state.steps.length}`;
  return (
    <>
      <RunHeader client={client} log={log} />
      <ApprovalArea key={waitKey} client={client} log={log} />
      <Panel id="task-tree" title="Task tree" icon={<Icons.tree size={18} />} className="run-tree">
        <TaskTree state={log.state} client={client} editable={canEditPlan(log.state)} highlight={highlight} />
        <StrategyPanel state={log.state} />
      </Panel>
    </>
  );
}

/** The cockpit: start a task, watch the two-level agent, and decide on every gated step. */
export function CockpitPage() {
  const client = useClient();
  const route = useRoute();
  const runId = route.params[0];
  const style = useScreenWidthStyle();
  useEffect(() => {
    connectRunFeed(client);
    connectDeviceFeed(client);
  }, [client]);
  return (
    <div className={`page page-fill page-run ${runId ? 'has-run' : ''}`} style={style}>
      {runId ? (
        <RunView runId={runId} />
      ) : (
        <>
          <Composer />
          <EmptyCockpit />
        </>
      )}
    </div>
  );
}
