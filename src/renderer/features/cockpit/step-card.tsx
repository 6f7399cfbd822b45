import { formatAction } from '../../../shared/actions.ts';
import type { RunState, WaitState } from '../../../shared/run/reducer.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { BusyNote, ErrorNote } from '../../ui/notes.tsx';
import { PushToTalk, TranscriptNote } from '../../ui/voice/push-to-talk.tsx';
import { useVoiceDrafts, waitKey } from '../../ui/voice/voice-store.ts';
import { EditMode, Kbd, OverrideMode, RejectMode, StepButtons } from './step-modes.tsx';
import type { StepDecisions } from './use-step-decisions.ts';

function elementText(e: UiElement | null): string | null {
  if (!e) return null;
  const t = e.text || e.contentDesc;
  return `[${e.index}] ${e.className.split('.').pop() ?? ''}${t ? ` “${t.slice(0, 50)}”` : ''}`;
}

function Notes({ d }: { d: StepDecisions }) {
  return (
    <>
      <BusyNote busy={d.busy.busy} />
      <ErrorNote error={d.busy.error} />
    </>
  );
}

function TakeOverCard({ d, waiting }: { d: StepDecisions; waiting: WaitState }) {
  return (
    <section className="step-card step-card-takeover" data-testid="step-card" data-wait="take_over">
      <header className="step-card-head">
        <span className="badge badge-person">You have control</span>
      </header>
      <p className="step-prompt">{waiting.prompt}</p>
      <p className="muted">Click or drag on the screen to act; each action is recorded with you as its author.</p>
      <div className="step-buttons">
        <button
          type="button"
          className="btn btn-primary"
          onClick={d.handBack}
          disabled={d.busy.busy !== null}
          data-action="hand-back"
        >
          Hand back <Kbd>H</Kbd>
        </button>
      </div>
      <Notes d={d} />
    </section>
  );
}

function EscalationCard({ d, waiting, voiceKey }: { d: StepDecisions; waiting: WaitState; voiceKey: string }) {
  const spoken = useVoiceDrafts((s) => s.drafts[voiceKey] !== undefined);
  const disabled = d.busy.busy !== null;
  return (
    <section className="step-card step-card-escalation" data-testid="step-card" data-wait="escalation">
      <header className="step-card-head">
        <span className="badge badge-warn">The agent asks for help</span>
      </header>
      <p className="step-prompt">{waiting.prompt}</p>
      <label className="field">
        <span className="field-label">Guidance for the next plan</span>
        <textarea
          rows={3}
          value={d.feedback}
          onChange={(e) => d.setFeedback(e.target.value)}
          placeholder="e.g. The alarm list is under the Alarm tab at the top."
          name="escalation.answer"
        />
      </label>
      <TranscriptNote shown={spoken} />
      <PushToTalk
        keys
        purpose="guidance"
        draftKey={voiceKey}
        label="Hold to speak guidance"
        onTranscript={(t) => d.setFeedback(t.text)}
        onSendNow={(t) => {
          d.setFeedback(t.text);
          d.answer(t.text);
        }}
      />
      <div className="step-buttons">
        <button
          type="button"
          className="btn btn-primary"
          disabled={disabled || !d.feedback.trim()}
          onClick={() => d.answer(d.feedback)}
          data-action="answer"
        >
          Send guidance
        </button>
        <button type="button" className="btn" disabled={disabled} onClick={d.approve} data-action="approve">
          Continue <Kbd>Enter</Kbd>
        </button>
        <button type="button" className="btn" disabled={disabled} onClick={d.takeOver} data-action="take-over">
          Take over <Kbd>T</Kbd>
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={disabled}
          onClick={() => d.reject()}
          data-action="reject"
        >
          End the run
        </button>
      </div>
      <Notes d={d} />
    </section>
  );
}

function ProposalCard({ d, waiting, voiceKey }: { d: StepDecisions; waiting: WaitState; voiceKey: string }) {
  const spoken = useVoiceDrafts((s) => s.drafts[voiceKey] !== undefined);
  const proposal = d.proposal;
  const copilot = waiting.kind === 'copilot';
  const decision = proposal?.decision;
  const elements = d.observation?.elements ?? [];
  return (
    <section className="step-card" data-testid="step-card" data-wait={waiting.kind} data-step={proposal?.step.stepId}>
      <header className="step-card-head">
        <span className={`badge ${copilot ? 'badge-person' : 'badge-running'}`}>
          {copilot ? 'Copilot: you perform it' : 'Waiting for your approval'}
        </span>
        {proposal?.step.gate ? (
          <span className="step-gate" title="Why this step waits">
            {proposal.step.gate}
          </span>
        ) : null}
        <span className="step-id">{proposal?.step.stepId}</span>
      </header>
      {proposal ? (
        <div className="proposal">
          <div className="proposal-action">
            <code className="action-code" data-testid="proposed-action">
              {formatAction(proposal.step.proposed)}
            </code>
            {proposal.step.element ? (
              <span className="proposal-element">{elementText(proposal.step.element)}</span>
            ) : null}
          </div>
          {decision ? (
            <dl className="proposal-why">
              <dt>Observation</dt>
              <dd>{decision.observation || '—'}</dd>
              <dt>Thought</dt>
              <dd>{decision.thought || '—'}</dd>
            </dl>
          ) : null}
        </div>
      ) : (
        <p className="step-prompt">{waiting.prompt}</p>
      )}
      {d.interaction === 'edit' ? (
        <EditMode d={d} elements={elements} />
      ) : d.interaction === 'override' ? (
        <OverrideMode d={d} />
      ) : d.interaction === 'reject' ? (
        <RejectMode d={d} voiceKey={voiceKey} spoken={spoken} />
      ) : (
        <StepButtons d={d} copilot={copilot} />
      )}
      <Notes d={d} />
    </section>
  );
}

/**
 * What the run waits for and the person's answers: the proposed action with the model's
 * observation and thought, then Approve / Edit / Override / Reject / Take over — or, for a
 * take-over, Hand back; for an escalation, guidance for the next plan.
 */
export function StepCard({ state, d }: { state: RunState; d: StepDecisions }) {
  const waiting = state.waiting;
  if (!waiting) return null;
  const voiceKey = waitKey(state.runId, waiting.waitId);
  if (waiting.kind === 'take_over') return <TakeOverCard d={d} waiting={waiting} />;
  if (waiting.kind === 'escalation') return <EscalationCard d={d} waiting={waiting} voiceKey={voiceKey} />;
  return <ProposalCard d={d} waiting={waiting} voiceKey={voiceKey} />;
}
