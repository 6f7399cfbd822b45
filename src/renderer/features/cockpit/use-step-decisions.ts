/**
 * One wait of a run, as the cockpit handles it: what is shown (the proposal, the screen it was
 * made on, or what the person sees after acting), the interaction under way (edit, override,
 * reject), the draft of an edited action, and every decision sent to main.
 */
import { useState } from 'react';
import type { ActionCall } from '../../../shared/actions.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { Observation } from '../../../shared/schemas/perception.ts';
import type { RunLog } from '../../state/run-log.ts';
import { currentProposal, latestObservation } from '../../state/run-selectors.ts';
import type { Proposal } from '../../state/run-selectors.ts';
import { useBusy } from '../../ui/use-busy.ts';
import type { Busy } from '../../ui/use-busy.ts';
import { useEscapeCloses } from '../../ui/escape-stack.ts';
import { takeVoiceRef, waitKey } from '../../ui/voice/voice-store.ts';
import { useActionDraft } from './action-editor.tsx';
import type { ActionDraft } from './action-editor.tsx';
import type { Interaction } from './cockpit-keys.ts';

const NO_ACTION: ActionCall = { name: 'Back', params: {} };
const DEFAULT_SCREEN = { width: 1080, height: 2400 };

type Decision = 'approve' | 'edit' | 'override' | 'reject' | 'take_over' | 'hand_back' | 'answer';

export interface StepDecisions {
  proposal: Proposal | null;
  /** The screen shown: after the person's own actions, the proposal's, or the latest. */
  observation: Observation | null;
  /** Whether `observation` is what the person sees after acting (not the agent's view). */
  afterPerson: boolean;
  screen: { width: number; height: number };
  interaction: Interaction;
  setInteraction(i: Interaction): void;
  picking: boolean;
  setPicking(p: boolean): void;
  feedback: string;
  setFeedback(f: string): void;
  draft: ActionDraft;
  busy: Busy;
  /** The person acts on the phone in this wait (take-over, copilot). */
  personActs: boolean;
  approve(): void;
  submitEdit(): void;
  override(action: ActionCall): void;
  reject(text?: string): void;
  takeOver(): void;
  handBack(): void;
  answer(text: string): void;
  /** A person's action on the phone during a take-over or copilot wait. */
  act(action: ActionCall): void;
  pauseResume(): void;
}

export function useStepDecisions(client: MobaClient, log: RunLog): StepDecisions {
  const { state, events, runId } = log;
  const waiting = state.waiting;
  const proposal = currentProposal(state, events);
  const [interaction, setInteractionState] = useState<Interaction>('idle');
  const [picking, setPicking] = useState(false);
  const [feedback, setFeedback] = useState('');
  const busy = useBusy();
  // What the person saw after acting themselves; stale once the run observes again.
  const [personShot, setPersonShot] = useState<{ observation: Observation; after: string | null } | null>(null);
  const personView = personShot && personShot.after === state.lastObservationId ? personShot.observation : null;
  const observation = personView ?? proposal?.observation ?? latestObservation(state);
  const screen = observation?.screen ?? DEFAULT_SCREEN;
  const draft = useActionDraft(proposal?.step.proposed ?? NO_ACTION, screen);
  const setInteraction = (i: Interaction) => {
    setInteractionState(i);
    setPicking(i === 'edit');
    busy.clear();
  };
  // Esc closes what is open — picking first, then the mode — and decides nothing.
  useEscapeCloses(interaction !== 'idle', () => setInteraction('idle'));
  useEscapeCloses(picking, () => setPicking(false));

  const decide = (decision: Decision, extra: { action?: ActionCall; feedback?: string } = {}) =>
    void busy.run(`Sending “${decision.replace('_', ' ')}”…`, () =>
      client.decideRun({ runId, decision, ...extra, ...takeVoiceRef(waitKey(runId, waiting?.waitId), extra.feedback) }),
    );
  const act = (action: ActionCall) => {
    if (!observation) return;
    void busy.run(`Performing ${action.name}…`, async () => {
      const r = await client.actAsPerson({ runId, action, elements: [...observation.elements], screen });
      if (!r.ok) throw new Error(r.error?.message ?? `${r.action} failed`);
      setPersonShot({
        observation: await client.observeDevice({ serial: state.serial }),
        after: state.lastObservationId,
      });
    });
  };
  return {
    proposal,
    observation,
    afterPerson: personView !== null,
    screen,
    interaction,
    setInteraction,
    picking,
    setPicking,
    feedback,
    setFeedback,
    draft,
    busy,
    personActs: waiting?.kind === 'take_over' || waiting?.kind === 'copilot',
    approve: () => decide('approve'),
    submitEdit: () => {
      if (draft.result.ok) decide('edit', { action: draft.result.action });
    },
    override: (action) => decide('override', { action }),
    reject: (text = feedback) =>
      waiting?.kind === 'escalation'
        ? decide('reject')
        : decide('reject', text.trim() ? { feedback: text.trim() } : {}),
    takeOver: () => void busy.run('Taking over…', () => client.takeOverRun({ runId })),
    handBack: () => decide('hand_back'),
    answer: (text) => decide('answer', { feedback: text }),
    act,
    pauseResume: () =>
      void busy.run(state.status === 'paused' ? 'Resuming…' : 'Pausing…', () =>
        state.status === 'paused' ? client.resumeRun({ runId }) : client.pauseRun({ runId }),
      ),
  };
}
