import { useEffect, useRef } from 'react';
import { formatAction } from '../../../shared/actions.ts';
import type { RunState } from '../../../shared/run/reducer.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import type { Proposal } from '../../state/run-selectors.ts';
import { ActionEditor } from './action-editor.tsx';
import type { ActionDraft } from './action-editor.tsx';
import { PushToTalk, TranscriptNote } from '../../ui/voice/push-to-talk.tsx';
import { useVoiceDrafts, waitKey } from '../../ui/voice/voice-store.ts';

export type Interaction = 'idle' | 'edit' | 'override' | 'reject';

export interface StepCardProps {
  state: RunState;
  proposal: Proposal | null;
  interaction: Interaction;
  setInteraction(i: Interaction): void;
  draft: ActionDraft;
  picking: boolean;
  setPicking(p: boolean): void;
  elements: readonly UiElement[];
  feedback: string;
  setFeedback(f: string): void;
  busy: string | null;
  error: string | undefined;
  onApprove(): void;
  onEdit(): void;
  /** With a text: reject with that feedback (spoken and sent at once). */
  onReject(text?: string): void;
  onTakeOver(): void;
  onHandBack(): void;
  onAnswer(text: string): void;
}

function Kbd({ children }: { children: string }) {
  return <kbd className="kbd">{children}</kbd>;
}

function elementText(e: UiElement | null): string | null {
  if (!e) return null;
  const t = e.text || e.contentDesc;
  return `[${e.index}] ${e.className.split('.').pop() ?? ''}${t ? ` “${t.slice(0, 50)}”` : ''}`;
}

/**
 * What the run waits for and the person's answers: the proposed action with the model's
 * observation and thought, then Approve / Edit / Override / Reject / Take over — or, for a
 * take-over, Hand back; for an escalation, guidance for the next plan.
 */
export function StepCard(p: StepCardProps) {
  const waiting = p.state.waiting;
  const voiceKey = waitKey(p.state.runId, waiting?.waitId);
  const spoken = useVoiceDrafts((s) => s.drafts[voiceKey] !== undefined);
  const feedbackRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (p.interaction === 'reject') feedbackRef.current?.focus();
  }, [p.interaction]);

  if (!waiting) return null;
  const disabled = p.busy !== null;

  if (waiting.kind === 'take_over') {
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
            onClick={p.onHandBack}
            disabled={disabled}
            data-action="hand-back"
          >
            Hand back <Kbd>H</Kbd>
          </button>
        </div>
        {p.error ? (
          <p className="step-error" role="alert">
            {p.error}
          </p>
        ) : null}
      </section>
    );
  }

  if (waiting.kind === 'escalation') {
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
            value={p.feedback}
            onChange={(e) => p.setFeedback(e.target.value)}
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
          onTranscript={(t) => p.setFeedback(t.text)}
          onSendNow={(t) => {
            p.setFeedback(t.text);
            p.onAnswer(t.text);
          }}
        />
        <div className="step-buttons">
          <button
            type="button"
            className="btn btn-primary"
            disabled={disabled || !p.feedback.trim()}
            onClick={() => p.onAnswer(p.feedback)}
            data-action="answer"
          >
            Send guidance
          </button>
          <button type="button" className="btn" disabled={disabled} onClick={p.onApprove} data-action="approve">
            Continue <Kbd>Enter</Kbd>
          </button>
          <button type="button" className="btn" disabled={disabled} onClick={p.onTakeOver} data-action="take-over">
            Take over <Kbd>T</Kbd>
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={disabled}
            onClick={() => p.onReject()}
            data-action="reject"
          >
            End the run
          </button>
        </div>
        {p.error ? (
          <p className="step-error" role="alert">
            {p.error}
          </p>
        ) : null}
      </section>
    );
  }

  const proposal = p.proposal;
  const copilot = waiting.kind === 'copilot';
  const decision = proposal?.decision;
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

      {p.interaction === 'edit' ? (
        <div className="step-mode">
          <ActionEditor
            draft={p.draft}
            elements={p.elements}
            picking={p.picking}
            onTogglePick={() => p.setPicking(!p.picking)}
          />
          <div className="step-buttons">
            <button
              type="button"
              className="btn btn-primary"
              onClick={p.onEdit}
              disabled={disabled || !p.draft.result.ok}
              data-action="submit-edit"
            >
              Run the edited action <Kbd>Enter</Kbd>
            </button>
            <button type="button" className="btn" onClick={() => p.setInteraction('idle')} disabled={disabled}>
              Cancel <Kbd>Esc</Kbd>
            </button>
          </div>
        </div>
      ) : p.interaction === 'override' ? (
        <div className="step-mode step-mode-override" role="status">
          <p>
            <strong>Override:</strong> click the screen to tap there (an element becomes <code>Click(i)</code>, empty
            space <code>Click_by_Coordinate</code>), or drag to swipe or scroll.
          </p>
          <button type="button" className="btn" onClick={() => p.setInteraction('idle')} disabled={disabled}>
            Cancel <Kbd>Esc</Kbd>
          </button>
        </div>
      ) : p.interaction === 'reject' ? (
        <div className="step-mode">
          <label className="field">
            <span className="field-label">Why is it wrong? (the agent sees this in its next call)</span>
            <textarea
              ref={feedbackRef}
              rows={3}
              value={p.feedback}
              name="reject.feedback"
              placeholder="e.g. That is the timer; open the Alarm tab first."
              onChange={(e) => p.setFeedback(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.altKey) {
                  e.preventDefault();
                  p.onReject();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  p.setInteraction('idle');
                }
              }}
            />
          </label>
          <TranscriptNote shown={spoken} />
          <PushToTalk
            keys
            purpose="feedback"
            draftKey={voiceKey}
            label="Hold to speak the reason"
            onTranscript={(t) => p.setFeedback(t.text)}
            onSendNow={(t) => {
              p.setFeedback(t.text);
              p.onReject(t.text);
            }}
          />
          <div className="step-buttons">
            <button
              type="button"
              className="btn btn-danger-solid"
              onClick={() => p.onReject()}
              disabled={disabled}
              data-action="submit-reject"
            >
              Reject with feedback <Kbd>Enter</Kbd>
            </button>
            <button type="button" className="btn" onClick={() => p.setInteraction('idle')} disabled={disabled}>
              Cancel <Kbd>Esc</Kbd>
            </button>
          </div>
        </div>
      ) : (
        <div className="step-buttons">
          {copilot ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={p.onHandBack}
              disabled={disabled}
              data-action="hand-back"
            >
              Done — I did it <Kbd>H</Kbd>
            </button>
          ) : null}
          <button
            type="button"
            className={`btn ${copilot ? '' : 'btn-primary'}`}
            onClick={p.onApprove}
            disabled={disabled}
            data-action="approve"
          >
            {copilot ? 'Let the agent do it' : 'Approve'} <Kbd>Enter</Kbd>
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => p.setInteraction('edit')}
            disabled={disabled || !proposal}
            data-action="edit"
          >
            Edit <Kbd>E</Kbd>
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => p.setInteraction('override')}
            disabled={disabled}
            data-action="override"
          >
            Override <Kbd>O</Kbd>
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => p.setInteraction('reject')}
            disabled={disabled}
            data-action="reject"
          >
            Reject <Kbd>Esc</Kbd>
          </button>
          <button type="button" className="btn" onClick={p.onTakeOver} disabled={disabled} data-action="take-over">
            Take over <Kbd>T</Kbd>
          </button>
        </div>
      )}
      {p.busy ? (
        <p className="step-busy" aria-busy="true">
          {p.busy}
        </p>
      ) : null}
      {p.error ? (
        <p className="step-error" role="alert">
          {p.error}
        </p>
      ) : null}
    </section>
  );
}
