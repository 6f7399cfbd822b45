import { formatAction } from '../../../shared/actions.ts';
import { plural } from '../../../shared/plural.ts';
import { ModelProblem, modelFailure } from './model-problem.tsx';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { hrefFor } from '../../routing/router.ts';
import type { RunLog } from '../../state/run-log.ts';
import { modelWaitReason } from '../../state/run-selectors.ts';

/** A sentence about what the agent is doing, from the newest events. */
export function describeActivity(events: readonly RunEvent[]): string {
  const e = events.at(-1);
  if (!e) return 'Starting…';
  switch (e.type) {
    case 'run_started':
    case 'node_added':
    case 'cursor_moved':
    case 'node_status':
      return 'Looking at the phone…';
    case 'observation':
      return 'Asking the model what to do on this screen…';
    case 'model_call':
      return `The ${e.record.role} model answered (${e.record.purpose}); working on it…`;
    case 'act_decided':
      return e.action ? `Decided: ${formatAction(e.action)}` : 'The sub-goal needs more than one action; planning…';
    case 'plan_reflection':
      return 'Planning sub-goals…';
    case 'plan_made':
      return `Planned ${e.subgoals.length} sub-goal${e.subgoals.length === 1 ? '' : 's'}.`;
    case 'step_proposed':
      return `Performing ${formatAction(e.action)}…`;
    case 'human_decision':
      return e.decision === 'reject'
        ? 'Rejected; asking the model again with your feedback…'
        : `Carrying out your decision (${e.decision.replace('_', ' ')})…`;
    case 'step_executed':
      return e.ok
        ? 'Reflecting: did the action do what it should?'
        : `The action failed: ${e.error?.message ?? 'unknown error'}`;
    case 'reflected':
      return e.subgoalStatus === 'success'
        ? 'The sub-goal is done; moving on…'
        : 'The sub-goal is not done yet; re-planning…';
    case 'app_selected':
      return `Opening ${e.packageName}…`;
    case 'memory_written':
      return 'Saving what it learned to memory…';
    case 'model_waiting':
      return `The model is ${modelWaitReason(e.status)}: retrying ${e.purpose} in ${Math.ceil(e.waitMs / 1000)} s (attempt ${e.attempt + 1} of ${e.maxAttempts})${e.serverAsked ? ', as the server asked' : ''}…`;
    default:
      return 'Working…';
  }
}

function pausedReason(events: readonly RunEvent[]): string {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'run_paused') return e.reason;
  }
  return '';
}

/** The step panel when nothing waits for the person: progress, pause reason, or the outcome. */
export function AgentStatus({ log, error }: { log: RunLog; error?: string | undefined }) {
  const st = log.state;
  const lastDecision = [...log.events].reverse().find((e) => e.type === 'act_decided');
  if (st.status === 'succeeded' || st.status === 'failed' || st.status === 'stopped') {
    return (
      <section className={`outcome outcome-${st.status}`} data-testid="run-outcome" data-status={st.status}>
        <h3>{st.status === 'succeeded' ? 'Task done' : st.status === 'failed' ? 'The run failed' : 'Stopped'}</h3>
        <p>{st.outcomeReason}</p>
        {st.answer ? (
          <p className="outcome-answer">
            <strong>Answer:</strong> {st.answer}
          </p>
        ) : null}
        <p className="muted">
          {plural(st.counters.executedActions, 'action')} · {plural(st.counters.modelCalls, 'model call')} ·{' '}
          {plural(st.counters.promptTokens + st.counters.completionTokens, 'token')}
          {st.counters.humanActions ? ` · ${st.counters.humanActions} by you` : ''}
          {st.counters.rejections ? ` · ${st.counters.rejections} rejected` : ''}
        </p>
        <p>
          <a href={hrefFor('history', st.runId)}>Step through it in History</a>
        </p>
      </section>
    );
  }
  const failure = modelFailure(st, log.events);
  return (
    <section className="agent-status" data-testid="agent-status" data-status={st.status} aria-live="polite">
      {failure ? (
        <ModelProblem state={st} failure={failure} />
      ) : st.status === 'paused' ? (
        <p className="agent-paused">
          <strong>Paused.</strong> {pausedReason(log.events)} Press Resume (or Space) to continue.
        </p>
      ) : (
        <p className="agent-working">
          <span className="spinner" aria-hidden="true" /> {describeActivity(log.events)}
        </p>
      )}
      {lastDecision && lastDecision.type === 'act_decided' ? (
        <dl className="proposal-why">
          <dt>Observation</dt>
          <dd>{lastDecision.observation || '—'}</dd>
          <dt>Thought</dt>
          <dd>{lastDecision.thought || '—'}</dd>
        </dl>
      ) : null}
      {error ? (
        <p className="step-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
