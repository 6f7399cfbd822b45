/** The cockpit's Screen panel: what the agent saw with its proposal drawn on it, or the live mirror. */
import type { MobaClient } from '../../../shared/contract.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { keepFocus } from '../../ui/keep-focus.ts';
import { Inspector } from '../../ui/inspector/inspector.tsx';
import { ScreenResizer } from '../../ui/screen-width.tsx';
import { useInspectorProps } from '../../ui/inspector/inspector-prefs.ts';
import type { StageMode } from '../../ui/screen-stage/screen-stage.tsx';
import { actionMarker } from '../../ui/screen-stage/action-marker.ts';
import { useCockpitStore } from './cockpit-store.ts';
import type { ScreenTab } from './cockpit-store.ts';
import { LiveMirror } from './live-mirror.tsx';
import type { StepDecisions } from './use-step-decisions.ts';

function ScreenTabs() {
  const screenTab = useCockpitStore((s) => s.screenTab);
  const tab = (id: ScreenTab, label: string) => (
    <button
      type="button"
      role="tab"
      onMouseDown={keepFocus}
      aria-selected={screenTab === id}
      className={screenTab === id ? 'on' : ''}
      onClick={() => useCockpitStore.setState({ screenTab: id })}
      data-tab={`screen-${id}`}
    >
      {label}
    </button>
  );
  return (
    <div className="seg" role="tablist" aria-label="Screen view">
      {tab('agent', 'Agent view')}
      {tab('live', 'Live')}
    </div>
  );
}

function AgentView({ client, d }: { client: MobaClient; d: StepDecisions }) {
  const prefs = useInspectorProps();
  const o = d.observation;
  if (!o)
    return <p className="muted center-note">The first screenshot appears as soon as the agent observes the phone.</p>;
  const editing = d.interaction === 'edit';
  const pointEdit = editing && d.draft.name === 'Click_by_Coordinate';
  const mode: StageMode = d.picking && editing ? 'pick' : d.interaction === 'override' || d.personActs ? 'act' : 'view';
  const marker = d.proposal && !d.afterPerson ? actionMarker(d.proposal.step.proposed, o.elements, d.screen) : null;
  const altMarker = editing && d.draft.result.ok ? actionMarker(d.draft.result.action, o.elements, d.screen) : null;
  const caption = d.afterPerson
    ? 'The phone now, after your actions'
    : d.proposal
      ? 'What the agent saw, with its proposal'
      : 'The agent’s latest view of the screen';
  return (
    <Inspector
      {...prefs}
      testId="agent-screen"
      image={o.screenshot ? client.artifactUrl(o.screenshot.sha256) : null}
      screen={d.screen}
      elements={o.elements}
      marker={marker}
      altMarker={altMarker}
      mode={mode}
      selectedIndex={editing ? Number(d.draft.values.index ?? NaN) : undefined}
      onPick={(e) => {
        d.draft.pick(e);
        d.setPicking(false);
      }}
      {...(pointEdit
        ? {
            onPickPoint: (x: number, y: number) => {
              d.draft.pickPoint(x, y);
              d.setPicking(false);
            },
          }
        : {})}
      onAct={(action) => (d.interaction === 'override' ? d.override(action) : d.personActs ? d.act(action) : undefined)}
      caption={caption}
    />
  );
}

export function ScreenPanel({ client, d, serial }: { client: MobaClient; d: StepDecisions; serial: string }) {
  const screenTab = useCockpitStore((s) => s.screenTab);
  const editing = d.interaction === 'edit';
  return (
    <Panel id="mirror" title="Screen" icon={<Icons.mirror size={18} />} className="run-mirror" actions={<ScreenTabs />}>
      <ScreenResizer />
      {screenTab === 'live' ? (
        <LiveMirror
          serial={serial}
          elements={d.observation?.elements ?? []}
          placeholder={
            d.observation?.screenshot ? { url: client.artifactUrl(d.observation.screenshot.sha256), ...d.screen } : null
          }
          mode={d.picking && editing ? 'pick' : d.interaction === 'override' ? 'override' : 'direct'}
          selectedIndex={editing ? Number(d.draft.values.index ?? NaN) : undefined}
          onSelect={(e) => {
            if (d.interaction === 'override') d.override({ name: 'Click', params: { index: e.index } });
            else {
              d.draft.pick(e);
              d.setPicking(false);
            }
          }}
        />
      ) : (
        <AgentView client={client} d={d} />
      )}
    </Panel>
  );
}
