import type { MobaClient } from '../../../shared/contract.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import type { RunLog } from '../../state/run-log.ts';
import { useCockpitStore } from './cockpit-store.ts';
import type { CockpitCommand } from './cockpit-keys.ts';
import { AgentStatus } from './agent-status.tsx';
import { Activity } from './activity.tsx';
import { ScreenPanel } from './screen-panel.tsx';
import { StepCard } from './step-card.tsx';
import { useCockpitKeys } from './use-cockpit-keys.ts';
import { useStepDecisions } from './use-step-decisions.ts';
import type { StepDecisions } from './use-step-decisions.ts';
import './step-panel.css';

function commands(d: StepDecisions): Record<CockpitCommand, () => void> {
  return {
    approve: d.approve,
    'submit-edit': d.submitEdit,
    edit: () => d.setInteraction('edit'),
    override: () => d.setInteraction('override'),
    reject: () => d.setInteraction('reject'),
    'take-over': d.takeOver,
    'hand-back': d.handBack,
    'pause-resume': d.pauseResume,
    shortcuts: () => useCockpitStore.setState((s) => ({ showShortcuts: !s.showShortcuts })),
  };
}

/**
 * The screen and the step panel of the cockpit, for one wait (the parent keys it by the
 * wait, so every new question starts clean): the proposal drawn on the screen, the
 * decisions, and the keyboard shortcuts.
 */
export function ApprovalArea({ client, log }: { client: MobaClient; log: RunLog }) {
  const { state } = log;
  const d = useStepDecisions(client, log);
  useCockpitKeys({
    enabled: !TERMINAL_STATUSES.includes(state.status),
    waiting: state.waiting?.kind ?? null,
    interaction: d.interaction,
    status: state.status,
    hasProposal: d.proposal !== null,
    run: (command) => commands(d)[command](),
  });
  return (
    <>
      <ScreenPanel client={client} d={d} serial={state.serial} />
      <Panel id="run" title="Step" icon={<Icons.step size={18} />} className="run-main">
        <div className="run-main-body">
          {state.waiting ? <StepCard state={state} d={d} /> : <AgentStatus log={log} error={d.busy.error} />}
          <Activity client={client} log={log} />
        </div>
      </Panel>
    </>
  );
}
