import { useEffect, useMemo } from 'react';
import { plural } from '../../../shared/plural.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { AnnotationState } from '../../../shared/run/reducer.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { hrefFor } from '../../routing/router.ts';
import { useClient, useReadOnly } from '../../state/app-store.ts';
import { useScreenWidthStyle } from '../../ui/screen-width.tsx';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { StatusBadge } from '../../ui/run-view/status-badge.tsx';
import { loadRun, useRunLog, useRunStore } from '../../state/run-store.ts';
import type { RunLog } from '../../state/run-log.ts';
import { TaskTree } from '../../ui/task-tree/task-tree.tsx';
import { StrategyPanel } from '../../ui/strategy-panels/strategy-panel.tsx';
import { ExportActions } from './export-actions.tsx';
import { ReplayIndex } from './replay-index.ts';
import { PlayControls, Scrubber, ShareLink } from './scrubber.tsx';
import { TagSummary } from './annotations/step-annotations.tsx';
import { ReplayScreen } from './replay-screen.tsx';
import { ReplayStepPanel } from './replay-step.tsx';
import { useReplay } from './use-replay.ts';
import '../../ui/run-view/run-view.css';

/** The scrubber, the screen, the step and the tree at one moment of the run. */
function ReplayBody({
  client,
  index,
  initialStep,
  autoplay,
  annotations,
}: {
  client: MobaClient;
  index: ReplayIndex;
  initialStep: number | null;
  autoplay: boolean;
  annotations: readonly AnnotationState[];
}) {
  const r = useReplay(index, initialStep, autoplay);
  const state = index.stateAt(r.pos);
  const k = index.stepAt(r.pos);
  const step = k >= 0 ? state.steps[k] : undefined;
  return (
    <>
      <Scrubber index={index} position={r.pos} onChange={r.setPosition}>
        <PlayControls r={r} canPlay={index.stepEventIndex.length > 0} />
        <ShareLink runId={index.runId} step={k + 1} />
      </Scrubber>
      <ReplayScreen client={client} r={r} state={state} step={step} />
      <ReplayStepPanel client={client} index={index} r={r} state={state} k={k} annotations={annotations} />
      <Panel id="replay-tree" title="Task tree at this moment" icon={<Icons.tree size={18} />} className="run-tree">
        <TaskTree state={state} editable={false} highlight={step?.nodeId ?? null} />
        <StrategyPanel state={state} />
      </Panel>
    </>
  );
}

/** The run's task, status, counters, and what can be done with it (open live, export, delete). */
function ReplayHeader({
  client,
  runId,
  log,
  loading,
}: {
  client: MobaClient;
  runId: string;
  log: RunLog | undefined;
  loading: boolean;
}) {
  const readOnly = useReadOnly();
  return (
    <header className="run-header">
      <div className="run-title">
        <a href={hrefFor('history')} className="btn btn-small" aria-label="Back to all runs">
          ← Runs
        </a>
        {log ? <StatusBadge status={log.state.status} /> : null}
        <h2 title={log?.state.task}>{log?.state.task || runId}</h2>
      </div>
      {log ? (
        <div className="run-facts">
          <span>{log.state.serial}</span>
          <span>{log.state.options?.mode}</span>
          <span>{plural(log.state.counters.executedActions, 'action')}</span>
          <span>{plural(log.state.counters.modelCalls, 'call')}</span>
          <span>{(log.state.counters.promptTokens + log.state.counters.completionTokens).toLocaleString()} tok</span>
          <span className="mono muted">{runId}</span>
          <TagSummary annotations={log.state.annotations} />
          {loading && log.summary && log.events.length < log.summary.events ? (
            <span className="muted" aria-busy="true" data-testid="replay-loading">
              <span className="spinner" aria-hidden="true" /> loading events {log.events.length.toLocaleString()}/
              {log.summary.events.toLocaleString()}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="run-controls">
        {log && !readOnly && !TERMINAL_STATUSES.includes(log.state.status) ? (
          <a className="btn" href={hrefFor('run', runId)}>
            Open live
          </a>
        ) : null}
        {log && !readOnly ? <ExportActions client={client} log={log} /> : null}
      </div>
    </header>
  );
}

/** One recorded run, stepped through: screenshots with overlays, the tree as it was, the model I/O. */
export function ReplayView({
  runId,
  initialStep,
  autoplay = false,
}: {
  runId: string;
  initialStep: number | null;
  autoplay?: boolean;
}) {
  const client = useClient();
  const log = useRunLog(runId);
  const error = useRunStore((s) => s.errors[runId]);
  const loading = useRunStore((s) => s.loading[runId]);
  useEffect(() => {
    void loadRun(client, runId);
  }, [client, runId]);
  const events = log?.events;
  const finalState = log?.state;
  // The log's state is already the fold of all events: the index only folds what is looked at.
  const index = useMemo(
    () => (events && events.length ? new ReplayIndex(runId, events, 64, finalState) : null),
    [runId, events, finalState],
  );
  const ready = !!index && !!log;
  const widthStyle = useScreenWidthStyle();
  return (
    <div
      className="page page-fill page-replay"
      style={widthStyle}
      data-testid="replay"
      data-ready={ready ? 'true' : 'false'}
    >
      <ReplayHeader client={client} runId={runId} log={log} loading={!!loading} />
      {error && !index ? (
        <p className="step-error" role="alert">
          Could not open run {runId}: {error}
        </p>
      ) : null}
      {index ? (
        <ReplayBody
          key={`${runId}/${initialStep ?? ''}`}
          client={client}
          index={index}
          initialStep={initialStep}
          autoplay={autoplay}
          annotations={log?.state.annotations ?? []}
        />
      ) : !error ? (
        <p className="muted run-loading" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Loading the run’s events…
        </p>
      ) : null}
    </div>
  );
}
