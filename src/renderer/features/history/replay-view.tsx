import { useEffect, useMemo, useRef, useState } from 'react';
import { formatAction } from '../../../shared/actions.ts';
import { plural } from '../../../shared/plural.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { RunState, StepState } from '../../../shared/run/reducer.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { hrefFor } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { ScreenStage } from '../../ui/screen-stage/screen-stage.tsx';
import { actionMarker } from '../../ui/screen-stage/action-marker.ts';
import { isTypingTarget } from '../../ui/keys.ts';
import { ModelCallDetail, ModelCallList } from '../../ui/model-calls/model-call-view.tsx';
import { StatusBadge } from '../../ui/run-view/status-badge.tsx';
import { loadRun, useRunLog, useRunStore } from '../../state/run-store.ts';
import { actDecisionFor, callsForStep, latestObservation, modelCalls } from '../../state/run-selectors.ts';
import { TaskTree } from '../../ui/task-tree/task-tree.tsx';
import { StrategyPanel } from '../../ui/strategy-panels/strategy-panel.tsx';
import { ExportActions } from './export-actions.tsx';
import { ReplayIndex } from './replay-index.ts';
import { Scrubber } from './scrubber.tsx';
import { StepAnnotations, TagSummary } from './annotations/step-annotations.tsx';
import type { AnnotationState } from '../../../shared/run/reducer.ts';
import '../../ui/run-view/run-view.css';

function StepFacts({ step, state, events }: { step: StepState; state: RunState; events: readonly RunEvent[] }) {
  const act = actDecisionFor(events, step);
  const changed = step.executed && formatAction(step.executed.action) !== formatAction(step.proposed);
  return (
    <dl className="proposal-why replay-facts" data-testid="replay-step" data-step={step.stepId}>
      <dt>Sub-goal</dt>
      <dd>{state.nodes[step.nodeId]?.goal ?? <span className="muted">(removed)</span>}</dd>
      <dt>Proposed</dt>
      <dd>
        <code>{formatAction(step.proposed)}</code>
        {step.element ? (
          <span className="muted">
            {' '}
            on [{step.element.index}]{' '}
            {step.element.text || step.element.contentDesc || step.element.className.split('.').pop()}
          </span>
        ) : null}
      </dd>
      {act ? (
        <>
          <dt>Observation</dt>
          <dd>{act.observation || '—'}</dd>
          <dt>Thought</dt>
          <dd>{act.thought || '—'}</dd>
        </>
      ) : null}
      {step.gate ? (
        <>
          <dt>Gate</dt>
          <dd className="muted">{step.gate}</dd>
        </>
      ) : null}
      <dt>Decision</dt>
      <dd>
        {step.decision ? (
          <>
            <span className={`chip chip-${step.decision.kind}`}>{step.decision.kind.replace('_', ' ')}</span>
            {step.decision.action ? <code className="person-code">{formatAction(step.decision.action)}</code> : null}
            {step.decision.feedback ? <span> “{step.decision.feedback}”</span> : null}
          </>
        ) : step.gate ? (
          <span className="muted">not yet</span>
        ) : (
          <span className="muted">none needed</span>
        )}
      </dd>
      <dt>Executed</dt>
      <dd>
        {step.executed ? (
          <>
            <code className={changed ? 'person-code' : ''}>{formatAction(step.executed.action)}</code>{' '}
            <span className="muted">by {step.executed.by}</span>{' '}
            <span className={`chip ${step.executed.ok ? 'chip-ok' : 'chip-bad'}`}>
              {step.executed.ok ? 'ok' : (step.executed.error ?? 'failed')}
            </span>
          </>
        ) : step.abandoned ? (
          <span className="muted">abandoned: {step.abandoned}</span>
        ) : (
          <span className="muted">not yet</span>
        )}
      </dd>
      <dt>Reflection</dt>
      <dd>
        {step.reflection ? (
          <span className={step.reflection.subgoalStatus === 'success' ? 'ok-text' : 'bad-text'}>
            {step.reflection.subgoalStatus}: {step.reflection.text}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </dd>
    </dl>
  );
}

function ReplayBody({
  client,
  index,
  initialStep,
  annotations,
}: {
  client: MobaClient;
  index: ReplayIndex;
  initialStep: number | null;
  annotations: readonly AnnotationState[];
}) {
  const first = index.stepEventIndex.length
    ? index.stepEndIndex(Math.min(index.stepEventIndex.length - 1, Math.max(0, (initialStep ?? 1) - 1)))
    : index.length - 1;
  const [position, setPosition] = useState(first);
  const [view, setView] = useState<'before' | 'after'>('before');
  const [callId, setCallId] = useState<string | null>(null);
  const pos = Math.min(position, index.length - 1);
  const state = index.stateAt(pos);
  const k = index.stepAt(pos);
  const step = k >= 0 ? state.steps[k] : undefined;
  const calls = step ? callsForStep(index.events, step) : modelCalls(index.events.slice(0, pos + 1)).slice(-3);
  const call = calls.find((c) => c.callId === callId) ?? calls[0] ?? null;
  const keyRef = useRef({ index, pos });
  useEffect(() => {
    keyRef.current = { index, pos };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const { index: ix, pos: p } = keyRef.current;
      let next: number | null = null;
      if (e.key === 'ArrowRight') next = e.shiftKey ? Math.min(ix.length - 1, p + 1) : ix.nextStepPosition(p);
      else if (e.key === 'ArrowLeft') next = e.shiftKey ? Math.max(0, p - 1) : ix.prevStepPosition(p);
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = ix.length - 1;
      if (next === null) return;
      e.preventDefault();
      setPosition(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const afterId = step?.afterObservationId ?? null;
  const showAfter = view === 'after' && afterId !== null;
  const obsId = step ? (showAfter ? afterId : step.observationId) : null;
  const observation = obsId ? (state.observations[obsId] ?? null) : latestObservation(state);
  const executedChanged = step?.executed && formatAction(step.executed.action) !== formatAction(step.proposed);
  const marker =
    step && observation && !showAfter ? actionMarker(step.proposed, observation.elements, observation.screen) : null;
  const alt =
    step && observation && !showAfter && executedChanged
      ? actionMarker(step.executed!.action, observation.elements, observation.screen)
      : null;

  return (
    <>
      <Scrubber index={index} position={pos} onChange={(p) => setPosition(p)} />
      <Panel
        id="replay-screen"
        title="Screen"
        icon={<Icons.mirror size={18} />}
        className="run-mirror"
        actions={
          step ? (
            <div className="seg" role="tablist" aria-label="Before or after the step">
              <button
                type="button"
                role="tab"
                aria-selected={!showAfter}
                className={!showAfter ? 'on' : ''}
                onClick={() => setView('before')}
              >
                Before
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={showAfter}
                className={showAfter ? 'on' : ''}
                onClick={() => setView('after')}
                disabled={afterId === null}
              >
                After
              </button>
            </div>
          ) : null
        }
      >
        {observation ? (
          <ScreenStage
            testId="replay-screen"
            image={observation.screenshot ? client.artifactUrl(observation.screenshot.sha256) : null}
            screen={observation.screen}
            elements={observation.elements}
            showElements
            marker={marker}
            altMarker={alt}
            mode="view"
            caption={
              step
                ? showAfter
                  ? 'After the step'
                  : executedChanged
                    ? 'Proposed (purple) and what ran instead (orange)'
                    : 'Before the step, with its action'
                : 'The latest screen at this moment'
            }
          />
        ) : (
          <p className="muted center-note">No screenshot at this moment of the run.</p>
        )}
      </Panel>
      <Panel
        id="replay-step"
        title={step ? `Step ${k + 1} · ${step.stepId}` : 'Before the first step'}
        icon={<Icons.step size={18} />}
        className="run-main"
      >
        <div className="replay-step-body">
          {step ? (
            <StepFacts step={step} state={state} events={index.events} />
          ) : (
            <p className="muted">
              The run starts: the task tree is created and the agent observes the phone. Press → to go to the first
              step.
            </p>
          )}
          {step ? (
            <StepAnnotations
              key={step.stepId}
              client={client}
              runId={index.runId}
              stepId={step.stepId}
              annotations={annotations}
            />
          ) : null}
          <h4 className="call-section">Model I/O {step ? 'for this step' : 'so far'}</h4>
          <ModelCallList calls={calls} selected={call?.callId ?? null} onSelect={setCallId} />
          {call ? <ModelCallDetail client={client} call={call} /> : null}
        </div>
      </Panel>
      <Panel id="replay-tree" title="Task tree at this moment" icon={<Icons.tree size={18} />} className="run-tree">
        <TaskTree state={state} editable={false} highlight={step?.nodeId ?? null} />
        <StrategyPanel state={state} />
      </Panel>
    </>
  );
}

/** One recorded run, stepped through: screenshots with overlays, the tree as it was, the model I/O. */
export function ReplayView({ runId, initialStep }: { runId: string; initialStep: number | null }) {
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
  return (
    <div className="page page-replay" data-testid="replay" data-ready={ready ? 'true' : 'false'}>
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
          {log && !TERMINAL_STATUSES.includes(log.state.status) ? (
            <a className="btn" href={hrefFor('run', runId)}>
              Open live
            </a>
          ) : null}
          {log ? <ExportActions client={client} log={log} /> : null}
        </div>
      </header>
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
