/**
 * A step a person performed on a run's device (mirror input, the action box, a take-over), as
 * the run records it: `step_proposed` + `step_executed` by the person, under the current
 * sub-goal — during a take-over or copilot wait this is how the agent learns what the person did.
 */
import { formatAction } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { RunEventBody } from '../../shared/schemas/run.ts';
import { nextId } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';

/** The events of a person's step; none before the run's first observation (there is nothing to act on yet). */
export function personStepEvents(
  state: RunState,
  action: ActionCall,
  result: { ok: boolean; durationMs: number },
): RunEventBody[] {
  const nodeId = state.cursor ?? state.rootId;
  if (!nodeId || !state.lastObservationId) return [];
  const stepId = nextId(state, 's');
  const waiting = state.waiting && (state.waiting.kind === 'take_over' || state.waiting.kind === 'copilot');
  return [
    {
      type: 'step_proposed',
      stepId,
      nodeId,
      action,
      element: null,
      observationId: state.lastObservationId,
      gate: waiting ? 'performed by the person' : 'performed by the person without taking over',
    },
    {
      type: 'step_executed',
      stepId,
      action,
      by: 'person',
      ok: result.ok,
      error: null,
      durationMs: result.durationMs,
      settleMs: 0,
      detail: `person: ${formatAction(action)}`,
    },
  ];
}
