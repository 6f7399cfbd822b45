/**
 * The strategy's own state beside the task tree, in the cockpit and in the replay: Mobile-Agent-v2's
 * progress, memory unit and A/B/C outcomes; Mobile-Agent-E's plan, current sub-goal, notes,
 * Tips and Shortcuts (refused ones with why, and what the task taught it); AppAgent's and
 * Mobile-Agent v1's last decision, and an AppAgent exploration's reflections with the docs they wrote; an external agent's thought, plan and notes. MobA shows nothing here: its task tree says it all.
 */
import { formatAction } from '../../../shared/actions.ts';
import type { RunState } from '../../../shared/run/reducer.ts';
import { strategyInfo } from '../../../shared/strategies.ts';
import type { ActionOutcomeGrade } from '../../../shared/schemas/strategy.ts';
import './strategy-panels.css';

const GRADE: Record<ActionOutcomeGrade, string> = { A: 'as expected', B: 'wrong page', C: 'no change' };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="strategy-section" data-section={id}>
      <h4>{title}</h4>
      {children}
    </section>
  );
}

function Text({ value, empty }: { value: string | null; empty: string }) {
  return value ? <p className="strategy-text">{value}</p> : <p className="muted">{empty}</p>;
}

/** The judged steps of a run: grade, the step, and what the reflection said of it. */
function OutcomeList({
  state,
  id,
  title,
  empty,
  note,
}: {
  state: RunState;
  id: string;
  title: string;
  empty: string;
  note(o: RunState['strategy']['outcomes'][number]): string;
}) {
  const outcomes = state.strategy.outcomes;
  return (
    <Section id={id} title={title}>
      {outcomes.length ? (
        <ol className="strategy-outcomes">
          {outcomes.map((o) => (
            <li key={o.stepId} data-outcome={o.outcome} title={o.text}>
              <span className={`grade grade-${o.outcome}`}>{o.outcome}</span> {o.operation || o.stepId}{' '}
              <span className="muted">— {note(o)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </Section>
  );
}

function Outcomes({ state }: { state: RunState }) {
  return (
    <OutcomeList
      state={state}
      id="outcomes"
      title="Reflection (A / B / C)"
      empty="No step judged yet."
      note={(o) => `${GRADE[o.outcome]}${o.outcome === 'A' ? '' : `: ${o.text}`}`}
    />
  );
}

/** AppAgent's exploration: each reflection's decision (BACK, INEFFECTIVE, CONTINUE, SUCCESS) and the doc it wrote. */
function ExplorationOutcomes({ state }: { state: RunState }) {
  return (
    <OutcomeList
      state={state}
      id="exploration"
      title="Exploration: reflections and element docs"
      empty="No exploratory action reflected on yet."
      note={(o) => o.text}
    />
  );
}

function MobileAgentV2({ state }: { state: RunState }) {
  const s = state.strategy;
  return (
    <>
      <Section id="progress" title="Progress (planning agent)">
        <Text value={s.progress} empty="No progress noted yet." />
      </Section>
      <Section id="memory-unit" title="Memory unit">
        {s.memoryUnit.length ? (
          <ul className="strategy-list">
            {s.memoryUnit.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing kept yet.</p>
        )}
      </Section>
      <Outcomes state={state} />
    </>
  );
}

function MobileAgentE({ state }: { state: RunState }) {
  const s = state.strategy;
  return (
    <>
      <Section id="plan" title="Plan (Manager)">
        <Text value={s.plan} empty="No plan yet." />
        {s.subgoal ? (
          <p className="strategy-subgoal">
            Current sub-goal: <strong>{s.subgoal}</strong>
            {s.escalations ? <span className="muted"> · escalated {s.escalations}×</span> : null}
          </p>
        ) : null}
      </Section>
      <Section id="progress" title="Progress (Action Reflector)">
        <Text value={s.progress} empty="No progress noted yet." />
      </Section>
      <Section id="notes" title="Notes (Notetaker)">
        <Text value={s.notes} empty="No notes yet." />
      </Section>
      <Section
        id="tips"
        title={`Tips${s.experienceRetrieved ? ' (retrieved)' : ''}${s.experienceFrom?.tips ? ` (from ${s.experienceFrom.tips})` : ''}`}
      >
        {s.tips.length ? (
          <ul className="strategy-list">
            {s.tips.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">No tips loaded.</p>
        )}
      </Section>
      <Section id="shortcuts" title="Shortcuts">
        <ul className="strategy-list">
          {s.shortcuts.map((sc) => (
            <li key={sc.name} data-shortcut={sc.name}>
              <code>
                {sc.name}({sc.arguments.join(', ')})
              </code>{' '}
              {sc.description} <span className="muted">Only when: {sc.precondition}</span>
              {s.experienceFrom?.shortcuts?.[sc.name] ? (
                <span className="muted"> (from {s.experienceFrom.shortcuts[sc.name]})</span>
              ) : null}
            </li>
          ))}
        </ul>
        {s.shortcutsUsed.length ? (
          <ul className="strategy-list strategy-used">
            {s.shortcutsUsed.map((u, i) => (
              <li key={i} data-refused={u.refused ? 'true' : undefined}>
                {u.refused
                  ? `Refused ${u.name}: ${u.reason ?? ''}`
                  : `Used ${u.name}: ${u.actions.map(formatAction).join(' → ')}`}
              </li>
            ))}
          </ul>
        ) : null}
      </Section>
      <Outcomes state={state} />
      {s.evolved ? (
        <Section id="evolved" title="Learned from this task">
          <ul className="strategy-list">
            {s.evolved.tips.map((t, i) => (
              <li key={i}>Tip: {t}</li>
            ))}
            <li>
              {s.evolved.shortcut
                ? `New shortcut ${s.evolved.shortcut.name}: ${s.evolved.shortcut.description}`
                : `No new shortcut (${s.evolved.note ?? ''})`}
            </li>
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function LastDecision({ state }: { state: RunState }) {
  const d = state.strategy.lastDecision;
  return (
    <Section id="decision" title="Last decision">
      {d ? (
        <p className="strategy-text">
          <code>{d.written}</code> {d.summary ? <span className="muted">— {d.summary}</span> : null}
        </p>
      ) : (
        <p className="muted">No decision yet.</p>
      )}
    </Section>
  );
}

/** An external agent's own account: its last decision and thought, its plan and notes. */
function External({ state }: { state: RunState }) {
  const s = state.strategy;
  return (
    <>
      <LastDecision state={state} />
      <Section id="thought" title="Thought">
        <Text value={s.lastDecision?.thought || null} empty="No thought given." />
      </Section>
      <Section id="plan" title="Plan">
        <Text value={s.plan} empty="No plan given." />
      </Section>
      <Section id="notes" title="Notes">
        <Text value={s.notes} empty="No notes given." />
      </Section>
    </>
  );
}

/** The strategy's panel for a run's state (live or at a moment of the replay); nothing for MobA. */
export function StrategyPanel({ state }: { state: RunState }) {
  const name = state.options?.strategy ?? 'moba';
  if (name === 'moba') return null;
  return (
    <div className="strategy-panel" data-testid="strategy-panel" data-strategy={name}>
      <h3 className="strategy-title">{strategyInfo(name).label}</h3>
      {name === 'mobile-agent-v2' ? (
        <MobileAgentV2 state={state} />
      ) : name === 'mobile-agent-e' ? (
        <MobileAgentE state={state} />
      ) : name === 'external' ? (
        <External state={state} />
      ) : (
        <>
          <LastDecision state={state} />
          {state.options?.explore ? <ExplorationOutcomes state={state} /> : null}
        </>
      )}
    </div>
  );
}
