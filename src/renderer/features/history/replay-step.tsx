/** The replay's step panel: what was proposed, decided, executed and reflected, failure tags, and the model I/O. */
import { formatAction } from '../../../shared/actions.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { AnnotationState, RunState, StepState } from '../../../shared/run/reducer.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { actDecisionFor, callsForStep, modelCalls } from '../../state/run-selectors.ts';
import { useReadOnly } from '../../state/app-store.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { ModelCallDetail, ModelCallList } from '../../ui/model-calls/model-call-view.tsx';
import { StepAnnotations } from './annotations/step-annotations.tsx';
import type { ReplayIndex } from './replay-index.ts';
import type { ReplayState } from './use-replay.ts';

function Decision({ step }: { step: StepState }) {
  if (!step.decision) return <span className="muted">{step.gate ? 'not yet' : 'none needed'}</span>;
  return (
    <>
      <span className={`chip chip-${step.decision.kind}`}>{step.decision.kind.replace('_', ' ')}</span>
      {step.decision.action ? <code className="person-code">{formatAction(step.decision.action)}</code> : null}
      {step.decision.feedback ? <span> “{step.decision.feedback}”</span> : null}
    </>
  );
}

function Executed({ step }: { step: StepState }) {
  if (!step.executed)
    return <span className="muted">{step.abandoned ? `abandoned: ${step.abandoned}` : 'not yet'}</span>;
  const changed = formatAction(step.executed.action) !== formatAction(step.proposed);
  return (
    <>
      <code className={changed ? 'person-code' : ''}>{formatAction(step.executed.action)}</code>{' '}
      <span className="muted">by {step.executed.by}</span>{' '}
      <span className={`chip ${step.executed.ok ? 'chip-ok' : 'chip-bad'}`}>
        {step.executed.ok ? 'ok' : (step.executed.error ?? 'failed')}
      </span>
    </>
  );
}

function StepFacts({ step, state, events }: { step: StepState; state: RunState; events: readonly RunEvent[] }) {
  const act = actDecisionFor(events, step);
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
        <Decision step={step} />
      </dd>
      <dt>Executed</dt>
      <dd>
        <Executed step={step} />
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

export function ReplayStepPanel({
  client,
  index,
  r,
  state,
  k,
  annotations,
}: {
  client: MobaClient;
  index: ReplayIndex;
  r: ReplayState;
  state: RunState;
  k: number;
  annotations: readonly AnnotationState[];
}) {
  const readOnly = useReadOnly();
  const step = k >= 0 ? state.steps[k] : undefined;
  const calls = step ? callsForStep(index.events, step) : modelCalls(index.events.slice(0, r.pos + 1)).slice(-3);
  const call = calls.find((c) => c.callId === r.callId) ?? calls[0] ?? null;
  return (
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
            The run starts: the task tree is created and the agent observes the phone. Press → to go to the first step.
          </p>
        )}
        {step && !readOnly ? (
          <StepAnnotations
            key={step.stepId}
            client={client}
            runId={index.runId}
            stepId={step.stepId}
            annotations={annotations}
          />
        ) : null}
        <h4 className="call-section">Model I/O {step ? 'for this step' : 'so far'}</h4>
        <ModelCallList calls={calls} selected={call?.callId ?? null} onSelect={r.setCallId} />
        {call ? <ModelCallDetail client={client} call={call} /> : null}
      </div>
    </Panel>
  );
}
