import { useState } from 'react';
import type { ActionCall } from '../../../shared/actions.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { Observation } from '../../../shared/schemas/perception.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import type { RunLog } from '../../state/run-log.ts';
import { currentProposal, latestObservation } from '../../state/run-selectors.ts';
import { useCockpitStore } from './cockpit-store.ts';
import { AgentStatus } from './agent-status.tsx';
import { Activity } from './activity.tsx';
import { LiveMirror } from './live-mirror.tsx';
import { useActionDraft } from './action-editor.tsx';
import { ScreenStage } from '../../ui/screen-stage/screen-stage.tsx';
import type { StageMode } from '../../ui/screen-stage/screen-stage.tsx';
import { actionMarker } from '../../ui/screen-stage/action-marker.ts';
import { StepCard } from './step-card.tsx';
import type { Interaction } from './step-card.tsx';
import { useCockpitKeys } from './use-cockpit-keys.ts';
import { keepFocus } from '../../ui/keep-focus.ts';
import './step-panel.css';
import { takeVoiceRef, waitKey } from '../../ui/voice/voice-store.ts';

const NO_ACTION: ActionCall = { name: 'Back', params: {} };

export interface ApprovalAreaProps {
  client: MobaClient;
  log: RunLog;
}

/**
 * The screen and the step panel of the cockpit, for one wait (the parent keys it by the
 * wait, so every new question starts clean): the proposal drawn on the screen, the
 * decisions, and the keyboard shortcuts.
 */
export function ApprovalArea({ client, log }: ApprovalAreaProps) {
  const { state, events } = log;
  const runId = log.runId;
  const proposal = currentProposal(state, events);
  const waiting = state.waiting;
  const [interaction, setInteractionState] = useState<Interaction>('idle');
  const [picking, setPicking] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  // What the person saw after acting themselves; stale once the run observes again.
  const [personShot, setPersonShot] = useState<{ observation: Observation; after: string | null } | null>(null);
  const personView = personShot && personShot.after === state.lastObservationId ? personShot.observation : null;
  const draft = useActionDraft(proposal?.step.proposed ?? NO_ACTION);
  const showElements = useCockpitStore((s) => s.showElements);
  const screenTab = useCockpitStore((s) => s.screenTab);
  const personActs = waiting?.kind === 'take_over' || waiting?.kind === 'copilot';

  const setInteraction = (i: Interaction) => {
    setInteractionState(i);
    setPicking(i === 'edit');
    setError(undefined);
  };

  const call = async (label: string, fn: () => Promise<unknown>) => {
    setBusy(label);
    setError(undefined);
    try {
      await fn();
      return true;
    } catch (e) {
      setError(toMobaError(e).message);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const decide = (
    decision: 'approve' | 'edit' | 'override' | 'reject' | 'take_over' | 'hand_back' | 'answer',
    extra: { action?: ActionCall; feedback?: string } = {},
  ) =>
    call(`Sending “${decision.replace('_', ' ')}”…`, () =>
      client.decideRun({ runId, decision, ...extra, ...takeVoiceRef(waitKey(runId, waiting?.waitId), extra.feedback) }),
    );

  const observation = personView ?? proposal?.observation ?? latestObservation(state);
  const elements = observation?.elements ?? [];
  const screen = observation?.screen ?? { width: 1080, height: 2400 };

  const onApprove = () => void decide('approve');
  const onEdit = () => {
    if (draft.result.ok) void decide('edit', { action: draft.result.action });
  };
  const onReject = (text = feedback) => {
    if (waiting?.kind === 'escalation') void decide('reject');
    else void decide('reject', text.trim() ? { feedback: text.trim() } : {});
  };
  const onTakeOver = () => void call('Taking over…', () => client.takeOverRun({ runId }));
  const onHandBack = () => void decide('hand_back');
  const onAnswer = (text: string) => void decide('answer', { feedback: text });

  /** A person acting on the phone during a take-over or copilot wait. */
  const act = async (action: ActionCall) => {
    if (!observation) return;
    await call(`Performing ${action.name}…`, async () => {
      const r = await client.actAsPerson({ runId, action, elements: [...elements], screen: observation.screen });
      if (!r.ok) throw new Error(r.error?.message ?? `${r.action} failed`);
      setPersonShot({
        observation: await client.observeDevice({ serial: state.serial }),
        after: state.lastObservationId,
      });
    });
  };

  const onStageAct = (action: ActionCall) => {
    if (personActs && interaction !== 'override') void act(action);
    else if (interaction === 'override') void decide('override', { action });
  };

  useCockpitKeys({
    enabled: !TERMINAL_STATUSES.includes(state.status),
    waiting: waiting?.kind ?? null,
    interaction,
    status: state.status,
    onApprove: () => (interaction === 'edit' ? onEdit() : onApprove()),
    onEscape: () =>
      interaction === 'idle'
        ? waiting && waiting.kind !== 'take_over'
          ? setInteraction('reject')
          : undefined
        : setInteraction('idle'),
    onEdit: () => proposal && setInteraction('edit'),
    onOverride: () => setInteraction('override'),
    onTakeOver,
    onHandBack,
    onPauseResume: () =>
      void call(state.status === 'paused' ? 'Resuming…' : 'Pausing…', () =>
        state.status === 'paused' ? client.resumeRun({ runId }) : client.pauseRun({ runId }),
      ),
  });

  const mode: StageMode =
    picking && interaction === 'edit' ? 'pick' : interaction === 'override' || personActs ? 'act' : 'view';
  const marker = proposal && observation && !personView ? actionMarker(proposal.step.proposed, elements, screen) : null;
  const altMarker =
    interaction === 'edit' && draft.result.ok && observation
      ? actionMarker(draft.result.action, elements, screen)
      : null;
  const image = observation?.screenshot ? client.artifactUrl(observation.screenshot.sha256) : null;
  const caption = personView
    ? 'The phone now, after your actions'
    : proposal
      ? 'What the agent saw, with its proposal'
      : observation
        ? 'The agent’s latest view of the screen'
        : undefined;

  return (
    <>
      <Panel
        id="mirror"
        title="Screen"
        icon={<Icons.mirror size={18} />}
        className="run-mirror"
        actions={
          <div className="seg" role="tablist" aria-label="Screen view">
            <button
              type="button"
              role="tab"
              onMouseDown={keepFocus}
              aria-selected={screenTab === 'agent'}
              className={screenTab === 'agent' ? 'on' : ''}
              onClick={() => useCockpitStore.setState({ screenTab: 'agent' })}
            >
              Agent view
            </button>
            <button
              type="button"
              role="tab"
              onMouseDown={keepFocus}
              aria-selected={screenTab === 'live'}
              className={screenTab === 'live' ? 'on' : ''}
              onClick={() => useCockpitStore.setState({ screenTab: 'live' })}
            >
              Live
            </button>
          </div>
        }
      >
        {screenTab === 'live' ? (
          <LiveMirror
            serial={state.serial}
            elements={elements}
            mode={picking && interaction === 'edit' ? 'pick' : interaction === 'override' ? 'override' : 'direct'}
            selectedIndex={interaction === 'edit' ? Number(draft.values.index ?? NaN) : undefined}
            onSelect={(e) => {
              if (interaction === 'override')
                void decide('override', { action: { name: 'Click', params: { index: e.index } } });
              else {
                draft.pick(e);
                setPicking(false);
              }
            }}
          />
        ) : observation ? (
          <>
            <ScreenStage
              testId="agent-screen"
              image={image}
              screen={screen}
              elements={elements}
              showElements={showElements}
              marker={marker}
              altMarker={altMarker}
              mode={mode}
              selectedIndex={interaction === 'edit' ? Number(draft.values.index ?? NaN) : undefined}
              onPick={(e) => {
                draft.pick(e);
                setPicking(false);
              }}
              onAct={onStageAct}
              caption={caption}
            />
            <label className="toggle toggle-small screen-toggle">
              <input
                type="checkbox"
                checked={showElements}
                onChange={(e) => useCockpitStore.setState({ showElements: e.target.checked })}
              />
              <span className="toggle-track" aria-hidden="true" />
              <span>Element boxes</span>
            </label>
          </>
        ) : (
          <p className="muted center-note">The first screenshot appears as soon as the agent observes the phone.</p>
        )}
      </Panel>
      <Panel id="run" title="Step" icon={<Icons.step size={18} />} className="run-main">
        <div className="run-main-body">
          {waiting ? (
            <StepCard
              state={state}
              proposal={proposal}
              interaction={interaction}
              setInteraction={setInteraction}
              draft={draft}
              picking={picking}
              setPicking={setPicking}
              elements={elements}
              feedback={feedback}
              setFeedback={setFeedback}
              busy={busy}
              error={error}
              onApprove={onApprove}
              onEdit={onEdit}
              onReject={onReject}
              onTakeOver={onTakeOver}
              onHandBack={onHandBack}
              onAnswer={onAnswer}
            />
          ) : (
            <AgentStatus log={log} error={error} />
          )}
          <Activity client={client} log={log} />
        </div>
      </Panel>
    </>
  );
}
