/** The modes of a step waiting for approval: editing the action, overriding on the screen, rejecting with a reason. */
import { useEffect, useRef } from 'react';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { PushToTalk, TranscriptNote } from '../../ui/voice/push-to-talk.tsx';
import { ActionEditor } from './action-editor.tsx';
import type { StepDecisions } from './use-step-decisions.ts';

export function Kbd({ children }: { children: string }) {
  return <kbd className="kbd">{children}</kbd>;
}

function CancelButton({ d }: { d: StepDecisions }) {
  return (
    <button type="button" className="btn" onClick={() => d.setInteraction('idle')} disabled={d.busy.busy !== null}>
      Cancel <Kbd>Esc</Kbd>
    </button>
  );
}

export function EditMode({ d, elements }: { d: StepDecisions; elements: readonly UiElement[] }) {
  return (
    <div className="step-mode">
      <ActionEditor
        draft={d.draft}
        elements={elements}
        picking={d.picking}
        onTogglePick={() => d.setPicking(!d.picking)}
      />
      <div className="step-buttons">
        <button
          type="button"
          className="btn btn-primary"
          onClick={d.submitEdit}
          disabled={d.busy.busy !== null || !d.draft.result.ok}
          data-action="submit-edit"
        >
          Run the edited action <Kbd>Enter</Kbd>
        </button>
        <CancelButton d={d} />
      </div>
    </div>
  );
}

export function OverrideMode({ d }: { d: StepDecisions }) {
  return (
    <div className="step-mode step-mode-override" role="status">
      <p>
        <strong>Override:</strong> click the screen to tap there (an element becomes <code>Click(i)</code>, empty space{' '}
        <code>Click_by_Coordinate</code>), or drag to swipe or scroll.
      </p>
      <CancelButton d={d} />
    </div>
  );
}

/** The reason form: nothing is rejected until it is sent (Enter or the button). */
export function RejectMode({ d, voiceKey, spoken }: { d: StepDecisions; voiceKey: string; spoken: boolean }) {
  const feedbackRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => feedbackRef.current?.focus(), []);
  return (
    <div className="step-mode step-mode-reject" data-testid="reject-form">
      <label className="field">
        <span className="field-label">Why is it wrong? (the agent sees this in its next call)</span>
        <textarea
          ref={feedbackRef}
          rows={3}
          value={d.feedback}
          name="reject.feedback"
          placeholder="e.g. That is the timer; open the Alarm tab first."
          onChange={(e) => d.setFeedback(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.altKey) {
              e.preventDefault();
              d.reject();
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
        onTranscript={(t) => d.setFeedback(t.text)}
        onSendNow={(t) => {
          d.setFeedback(t.text);
          d.reject(t.text);
        }}
      />
      <div className="step-buttons">
        <button
          type="button"
          className="btn btn-danger-solid"
          onClick={() => d.reject()}
          disabled={d.busy.busy !== null}
          data-action="submit-reject"
        >
          Reject this step <Kbd>Enter</Kbd>
        </button>
        <CancelButton d={d} />
      </div>
    </div>
  );
}

/** Approve / Edit / Override / Reject / Take over (and, for copilot, "Done — I did it"). */
export function StepButtons({ d, copilot }: { d: StepDecisions; copilot: boolean }) {
  const disabled = d.busy.busy !== null;
  return (
    <div className="step-buttons">
      {copilot ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={d.handBack}
          disabled={disabled}
          data-action="hand-back"
        >
          Done — I did it <Kbd>H</Kbd>
        </button>
      ) : null}
      <button
        type="button"
        className={`btn ${copilot ? '' : 'btn-primary'}`}
        onClick={d.approve}
        disabled={disabled}
        data-action="approve"
      >
        {copilot ? 'Let the agent do it' : 'Approve'} <Kbd>Enter</Kbd>
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => d.setInteraction('edit')}
        disabled={disabled || !d.proposal}
        data-action="edit"
      >
        Edit <Kbd>E</Kbd>
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => d.setInteraction('override')}
        disabled={disabled}
        data-action="override"
      >
        Override <Kbd>O</Kbd>
      </button>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => d.setInteraction('reject')}
        disabled={disabled}
        data-action="reject"
      >
        Reject… <Kbd>R</Kbd>
      </button>
      <button type="button" className="btn" onClick={d.takeOver} disabled={disabled} data-action="take-over">
        Take over <Kbd>T</Kbd>
      </button>
    </div>
  );
}
