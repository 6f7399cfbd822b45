/**
 * History → Compare: two runs of a task side by side. The first divergence — the first step
 * where the screens or the actions differ, or one run has ended — with both screens (and the
 * actions drawn on them), both proposals and both reflections; below, the whole alignment.
 */
import { useEffect, useMemo } from 'react';
import { plural } from '../../../../shared/plural.ts';
import { diffRuns } from '../../../../shared/datasets/run-diff.ts';
import type { DiffStep, RunDiff } from '../../../../shared/datasets/run-diff.ts';
import type { MobaClient } from '../../../../shared/contract.ts';
import { parseAction } from '../../../../shared/actions.ts';
import type { RunState } from '../../../../shared/run/reducer.ts';
import { hrefFor } from '../../../routing/router.ts';
import { useClient } from '../../../state/app-store.ts';
import { loadRun, useRunLog, useRunStore } from '../../../state/run-store.ts';
import { Panel } from '../../../ui/panel.tsx';
import { ScreenStage } from '../../../ui/screen-stage/screen-stage.tsx';
import { actionMarker } from '../../../ui/screen-stage/action-marker.ts';
import { StatusBadge } from '../../../ui/run-view/status-badge.tsx';
import './compare.css';

const REASON: Record<NonNullable<RunDiff['firstDivergence']>['reason'], string> = {
  screen: 'the agents were on different screens',
  action: 'the agents acted differently on the same screen',
  a_ended: 'run A had ended',
  b_ended: 'run B had ended',
};

function Side({
  client,
  label,
  state,
  step,
}: {
  client: MobaClient;
  label: 'A' | 'B';
  state: RunState;
  step: DiffStep | null;
}) {
  const obs = step ? state.observations[step.before] : undefined;
  const parsed = step ? parseAction(step.executed ?? step.proposed) : null;
  const marker = obs && parsed?.ok ? actionMarker(parsed.action, obs.elements, obs.screen) : null;
  return (
    <div className="compare-side" data-side={label} data-testid={`divergence-${label.toLowerCase()}`}>
      <h3>
        {label}{' '}
        <a href={hrefFor('history', state.runId, String((step?.index ?? state.steps.length - 1) + 1))}>{state.runId}</a>
      </h3>
      {step ? (
        <>
          {obs ? (
            <div className="compare-screen">
              <ScreenStage
                image={obs.screenshot ? client.artifactUrl(obs.screenshot.sha256) : null}
                screen={obs.screen}
                elements={obs.elements}
                showElements={false}
                marker={marker}
                mode="view"
                caption={`Step ${step.index + 1}, before`}
              />
            </div>
          ) : (
            <p className="muted">No screenshot.</p>
          )}
          <dl className="proposal-why">
            <dt>Sub-goal</dt>
            <dd>{step.subgoal ?? '—'}</dd>
            <dt>Proposed</dt>
            <dd>
              <code>{step.proposed}</code>
            </dd>
            <dt>Executed</dt>
            <dd>
              {step.executed ? <code>{step.executed}</code> : <span className="muted">nothing</span>}{' '}
              {step.by === 'person' ? <span className="chip chip-person">person</span> : null}{' '}
              {step.decision ? (
                <span className={`chip chip-${step.decision}`}>{step.decision.replace('_', ' ')}</span>
              ) : null}
            </dd>
            <dt>Reflection</dt>
            <dd>
              {step.reflection ? (
                <span className={step.reflection.status === 'success' ? 'ok-text' : 'bad-text'}>
                  {step.reflection.status}: {step.reflection.text}
                </span>
              ) : (
                <span className="muted">—</span>
              )}
            </dd>
          </dl>
        </>
      ) : (
        <p className="muted">
          The run has no step here: it ended ({state.status}
          {state.outcomeReason ? `: ${state.outcomeReason}` : ''}).
        </p>
      )}
    </div>
  );
}

function Alignment({ diff, a, b }: { diff: RunDiff; a: RunState; b: RunState }) {
  const cell = (state: RunState, i: number | null) => {
    if (i === null) return <td className="muted">—</td>;
    const s = state.steps[i]!;
    return (
      <td>
        <span className="muted">{i + 1}.</span>{' '}
        <code>{s.executed ? `${s.executed.action.name}` : s.proposed.name}</code>{' '}
        <span className="muted">{state.nodes[s.nodeId]?.goal ?? ''}</span>
      </td>
    );
  };
  return (
    <table className="list compare-table" data-testid="alignment">
      <thead>
        <tr>
          <th>A</th>
          <th />
          <th>B</th>
        </tr>
      </thead>
      <tbody>
        {diff.alignment.map((row, k) => (
          <tr key={k} className={row.same ? 'same' : 'differs'}>
            {cell(a, row.a)}
            <td className="compare-mark">{row.same ? '=' : '≠'}</td>
            {cell(b, row.b)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CompareView({ runA, runB }: { runA: string; runB: string }) {
  const client = useClient();
  const a = useRunLog(runA);
  const b = useRunLog(runB);
  const errors = useRunStore((s) => [s.errors[runA], s.errors[runB]].filter(Boolean).join('; '));
  useEffect(() => {
    void loadRun(client, runA);
    void loadRun(client, runB);
  }, [client, runA, runB]);
  const stateA = a && a.events.length >= (a.summary?.events ?? 0) ? a.state : null;
  const stateB = b && b.events.length >= (b.summary?.events ?? 0) ? b.state : null;
  const diff = useMemo(() => (stateA && stateB ? diffRuns(stateA, stateB) : null), [stateA, stateB]);
  return (
    <div className="page page-fill page-compare" data-testid="compare" data-ready={diff ? 'true' : 'false'}>
      <header className="run-header">
        <div className="run-title">
          <a href={hrefFor('history')} className="btn btn-small" aria-label="Back to all runs">
            ← Runs
          </a>
          <h2>Compare two runs</h2>
        </div>
        {a && b ? (
          <div className="run-facts">
            <span>
              A <StatusBadge status={a.state.status} /> {a.state.task || runA} · {plural(a.state.steps.length, 'step')}
            </span>
            <span>
              B <StatusBadge status={b.state.status} /> {b.state.task || runB} · {plural(b.state.steps.length, 'step')}
            </span>
          </div>
        ) : null}
      </header>
      {errors ? (
        <p className="step-error" role="alert">
          {errors}
        </p>
      ) : null}
      {!diff ? (
        !errors ? (
          <p className="muted run-loading" aria-busy="true">
            <span className="spinner" aria-hidden="true" /> Loading both runs…
          </p>
        ) : null
      ) : (
        <>
          <Panel id="first-divergence" title="First divergence" className="compare-main">
            {!diff.sameTask ? (
              <p className="muted">These runs have different tasks; the comparison still aligns their steps.</p>
            ) : null}
            {diff.firstDivergence ? (
              <>
                <p data-testid="divergence-summary">
                  The same for {diff.commonPrefix} step{diff.commonPrefix === 1 ? '' : 's'}; at step{' '}
                  <strong>{diff.firstDivergence.position + 1}</strong> {REASON[diff.firstDivergence.reason]}.
                </p>
                <div className="compare-sides">
                  <Side client={client} label="A" state={stateA!} step={diff.firstDivergence.a} />
                  <Side client={client} label="B" state={stateB!} step={diff.firstDivergence.b} />
                </div>
              </>
            ) : (
              <p data-testid="divergence-summary">
                No divergence: both runs took the same {plural(diff.commonPrefix, 'step')} on the same screens.
              </p>
            )}
          </Panel>
          <Panel id="alignment" title="Steps aligned" className="compare-align">
            <Alignment diff={diff} a={stateA!} b={stateB!} />
          </Panel>
        </>
      )}
    </div>
  );
}
