/** The replay's screen: the step's screenshot before (with its action) or after, in the inspector. */
import { formatAction } from '../../../shared/actions.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { RunState, StepState } from '../../../shared/run/reducer.ts';
import { latestObservation } from '../../state/run-selectors.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { Inspector } from '../../ui/inspector/inspector.tsx';
import { ScreenResizer } from '../../ui/screen-width.tsx';
import { useInspectorProps } from '../../ui/inspector/inspector-prefs.ts';
import { actionMarker } from '../../ui/screen-stage/action-marker.ts';
import type { ReplayState } from './use-replay.ts';

function BeforeAfter({ r, hasAfter }: { r: ReplayState; hasAfter: boolean }) {
  const after = r.view === 'after' && hasAfter;
  return (
    <div className="seg" role="tablist" aria-label="Before or after the step">
      <button
        type="button"
        role="tab"
        aria-selected={!after}
        className={!after ? 'on' : ''}
        onClick={() => r.setView('before')}
      >
        Before
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={after}
        className={after ? 'on' : ''}
        onClick={() => r.setView('after')}
        disabled={!hasAfter}
      >
        After
      </button>
    </div>
  );
}

export function ReplayScreen({
  client,
  r,
  state,
  step,
}: {
  client: MobaClient;
  r: ReplayState;
  state: RunState;
  step: StepState | undefined;
}) {
  const prefs = useInspectorProps();
  const afterId = step?.afterObservationId ?? null;
  const showAfter = r.view === 'after' && afterId !== null;
  const obsId = step ? (showAfter ? afterId : step.observationId) : null;
  const observation = obsId ? (state.observations[obsId] ?? null) : latestObservation(state);
  const changed = !!step?.executed && formatAction(step.executed.action) !== formatAction(step.proposed);
  const marker =
    step && observation && !showAfter ? actionMarker(step.proposed, observation.elements, observation.screen) : null;
  const alt =
    step && observation && !showAfter && changed
      ? actionMarker(step.executed!.action, observation.elements, observation.screen)
      : null;
  const caption = step
    ? showAfter
      ? 'After the step'
      : changed
        ? 'Proposed (purple) and what ran instead (orange)'
        : 'Before the step, with its action'
    : 'The latest screen at this moment';
  return (
    <Panel
      id="replay-screen"
      title="Screen"
      icon={<Icons.mirror size={18} />}
      className="run-mirror"
      actions={step ? <BeforeAfter r={r} hasAfter={afterId !== null} /> : null}
    >
      <ScreenResizer />
      {observation ? (
        <Inspector
          key={obsId ?? 'latest'}
          {...prefs}
          testId="replay-screen"
          image={observation.screenshot ? client.artifactUrl(observation.screenshot.sha256) : null}
          screen={observation.screen}
          elements={observation.elements}
          marker={marker}
          altMarker={alt}
          mode="view"
          caption={caption}
        />
      ) : (
        <p className="muted center-note">No screenshot at this moment of the run.</p>
      )}
    </Panel>
  );
}
