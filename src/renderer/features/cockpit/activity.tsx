import { useMemo } from 'react';
import { formatAction } from '../../../shared/actions.ts';
import type { MobaClient } from '../../../shared/contract.ts';
import type { RunState } from '../../../shared/run/reducer.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import { useCockpitStore } from './cockpit-store.ts';
import type { ActivityTab } from './cockpit-store.ts';
import { ModelCallDetail, ModelCallList } from '../../ui/model-calls/model-call-view.tsx';
import type { RunLog } from '../../state/run-log.ts';
import { modelCalls, timeline } from '../../state/run-selectors.ts';
import { keepFocus } from '../../ui/keep-focus.ts';
import type { TimelineItem } from '../../state/run-selectors.ts';
import './activity.css';

function clock(at: number, start: number): string {
  const s = Math.max(0, Math.round((at - start) / 1000));
  return `+${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Reflections, plans, decisions and messages in order; hovering an item highlights its node. */
export function Timeline({
  items,
  start,
  nodes,
}: {
  items: readonly TimelineItem[];
  start: number;
  nodes: RunState['nodes'];
}) {
  if (!items.length) return <p className="muted">Plans, reflections and your decisions appear here as the run goes.</p>;
  return (
    <ol className="timeline" data-testid="timeline">
      {items.map((it) => (
        <li
          key={it.seq}
          className={`tl tl-${it.tone}`}
          data-kind={it.kind}
          onMouseEnter={() => it.nodeId && useCockpitStore.setState({ highlightNode: it.nodeId })}
          onMouseLeave={() => useCockpitStore.setState({ highlightNode: null })}
        >
          <div className="tl-head">
            <span className="tl-title">{it.title}</span>
            {it.nodeId && nodes[it.nodeId] ? (
              <span className="tl-node" title={nodes[it.nodeId]!.goal}>
                {nodes[it.nodeId]!.goal}
              </span>
            ) : null}
            <span className="tl-time">{clock(it.at, start)}</span>
          </div>
          {it.text ? <p className="tl-text">{it.text}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** Every step: what was proposed, what the person decided, what ran, and the reflection. */
export function StepList({
  state,
  onSelect,
  selected,
}: {
  state: RunState;
  onSelect?(stepId: string): void;
  selected?: string | undefined;
}) {
  if (!state.steps.length) return <p className="muted">No steps yet.</p>;
  return (
    <table className="steps-table" data-testid="steps">
      <thead>
        <tr>
          <th>Step</th>
          <th>Sub-goal</th>
          <th>Action</th>
          <th>Outcome</th>
        </tr>
      </thead>
      <tbody>
        {state.steps.map((s) => {
          const changed = s.executed && formatAction(s.executed.action) !== formatAction(s.proposed);
          return (
            <tr
              key={s.stepId}
              className={s.stepId === selected ? 'selected' : ''}
              onMouseDown={keepFocus}
              onClick={() => onSelect?.(s.stepId)}
              data-step={s.stepId}
            >
              <td className="mono">{s.stepId}</td>
              <td className="ellipsis" title={state.nodes[s.nodeId]?.goal}>
                {state.nodes[s.nodeId]?.goal ?? <span className="muted">(removed)</span>}
              </td>
              <td>
                <code className={changed ? 'strike' : ''}>{formatAction(s.proposed)}</code>
                {changed ? <code className="person-code"> → {formatAction(s.executed!.action)}</code> : null}
              </td>
              <td>
                {s.decision ? (
                  <span className={`chip chip-${s.decision.kind}`}>{s.decision.kind.replace('_', ' ')}</span>
                ) : null}
                {s.executed ? (
                  <span className={`chip ${s.executed.ok ? 'chip-ok' : 'chip-bad'}`}>
                    {s.executed.by === 'person' ? 'by person' : s.executed.ok ? 'ran' : 'failed'}
                  </span>
                ) : null}
                {s.reflection ? (
                  <span className={`chip ${s.reflection.subgoalStatus === 'success' ? 'chip-ok' : 'chip-bad'}`}>
                    {s.reflection.subgoalStatus}
                  </span>
                ) : null}
                {s.abandoned ? <span className="chip">abandoned</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ActivityTabs({
  tab,
  counts,
  onTab,
}: {
  tab: ActivityTab;
  counts: Record<ActivityTab, number>;
  onTab(t: ActivityTab): void;
}) {
  const names: Record<ActivityTab, string> = {
    timeline: 'Reflections & decisions',
    calls: 'Model calls',
    steps: 'Steps',
  };
  return (
    <div className="tabs" role="tablist" aria-label="Run activity">
      {(Object.keys(names) as ActivityTab[]).map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={tab === t}
          className={`tab ${tab === t ? 'on' : ''}`}
          onMouseDown={keepFocus}
          onClick={() => onTab(t)}
          data-tab={t}
        >
          {names[t]} <span className="tab-count">{counts[t]}</span>
        </button>
      ))}
    </div>
  );
}

/** The cockpit's lower half: the reflections timeline, the model-call inspector and the step list. */
export function Activity({ client, log }: { client: MobaClient; log: RunLog }) {
  const tab = useCockpitStore((s) => s.activityTab);
  const selectedCallId = useCockpitStore((s) => s.selectedCallId);
  const events: readonly RunEvent[] = log.events;
  const items = useMemo(() => timeline(events), [events]);
  const calls = useMemo(() => modelCalls(events), [events]);
  const selected = calls.find((c) => c.callId === selectedCallId) ?? calls.at(-1) ?? null;
  return (
    <section className="activity" aria-label="Run activity">
      <ActivityTabs
        tab={tab}
        counts={{ timeline: items.length, calls: calls.length, steps: log.state.steps.length }}
        onTab={(t) => useCockpitStore.setState({ activityTab: t })}
      />
      <div className="activity-body">
        {tab === 'timeline' ? (
          <Timeline items={[...items].reverse()} start={log.state.createdAt} nodes={log.state.nodes} />
        ) : null}
        {tab === 'calls' ? (
          <div className="calls-split">
            <div className="calls-scroll">
              <ModelCallList
                calls={calls}
                selected={selected?.callId ?? null}
                onSelect={(id) => useCockpitStore.setState({ selectedCallId: id })}
              />
            </div>
            {selected ? <ModelCallDetail client={client} call={selected} /> : null}
          </div>
        ) : null}
        {tab === 'steps' ? <StepList state={log.state} /> : null}
      </div>
    </section>
  );
}
