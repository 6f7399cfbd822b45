import type { RunStatus } from '../../../shared/schemas/run.ts';

/** What each run status reads as. */
export const STATUS_TEXT: Record<RunStatus, string> = {
  running: 'Running',
  waiting: 'Waiting for you',
  paused: 'Paused',
  succeeded: 'Succeeded',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** A run's status as a coloured badge (the cockpit's header, the run list, the replay). */
export function StatusBadge({ status }: { status: RunStatus }) {
  return (
    <span className={`badge badge-status st-${status}`} data-testid="run-status" data-status={status}>
      {STATUS_TEXT[status]}
    </span>
  );
}
