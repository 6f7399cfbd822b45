import { startableStrategies, strategyInfo } from '../../../shared/strategies.ts';
import type { ActionSpaceMode, PlanningMode, StrategyName } from '../../../shared/schemas/strategy.ts';
import { Toggle } from '../field.tsx';
import './strategy-panels.css';

/** The composer's strategy and the options that apply to it. */
export interface StrategyChoice {
  strategy: StrategyName;
  actionSpace: ActionSpaceMode;
  planning: PlanningMode;
  evolution: boolean;
  /** Mobile-Agent-E: the Operator retries once without the Manager after a failed action. */
  retryWithoutManager: boolean;
  /** The Mobile-Agent family's knowledge hint for this task; empty = none. */
  knowledge: string;
}

export const DEFAULT_STRATEGY_CHOICE: StrategyChoice = {
  strategy: 'moba',
  actionSpace: 'full',
  planning: 'subgoals',
  evolution: true,
  retryWithoutManager: false,
  knowledge: '',
};

/** The run options a choice sets (only those the strategy reads). */
export function strategyRunOptions(c: StrategyChoice): {
  strategy: StrategyName;
  actionSpace?: ActionSpaceMode;
  planning?: PlanningMode;
  evolution?: boolean;
  retryWithoutManager?: boolean;
  knowledge?: string;
} {
  const options = strategyInfo(c.strategy).options;
  return {
    strategy: c.strategy,
    ...(options.includes('actionSpace') ? { actionSpace: c.actionSpace } : {}),
    ...(options.includes('planning') ? { planning: c.planning } : {}),
    ...(options.includes('evolution') ? { evolution: c.evolution } : {}),
    ...(options.includes('retryWithoutManager') && c.retryWithoutManager ? { retryWithoutManager: true } : {}),
    ...(options.includes('knowledge') && c.knowledge.trim() ? { knowledge: c.knowledge.trim() } : {}),
  };
}

/** Picks the strategy (from the registry) and its options, with what it sees and which roles it calls. */
export function StrategyPicker({ value, onChange }: { value: StrategyChoice; onChange(c: StrategyChoice): void }) {
  const info = strategyInfo(value.strategy);
  return (
    <>
      <label className="field compact">
        <span className="field-label">Strategy</span>
        <select
          name="strategy"
          value={value.strategy}
          onChange={(e) => onChange({ ...value, strategy: e.target.value as StrategyName })}
          title={info.description}
        >
          {startableStrategies().map((s) => (
            <option key={s.name} value={s.name}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {info.options.includes('actionSpace') ? (
        <label className="field compact">
          <span className="field-label">Action space</span>
          <select
            name="actionSpace"
            value={value.actionSpace}
            onChange={(e) => onChange({ ...value, actionSpace: e.target.value as ActionSpaceMode })}
          >
            <option value="full">Full</option>
            <option value="candidates">Candidates (ReachAgent)</option>
          </select>
        </label>
      ) : null}
      {info.options.includes('planning') ? (
        <label className="field compact">
          <span className="field-label">Planning</span>
          <select
            name="planning"
            value={value.planning}
            onChange={(e) => onChange({ ...value, planning: e.target.value as PlanningMode })}
          >
            <option value="subgoals">Sub-goals</option>
            <option value="pages">Pages (reach, then operate)</option>
          </select>
        </label>
      ) : null}
      {info.options.includes('evolution') ? (
        <div className="composer-toggles">
          <Toggle
            label="Evolution"
            checked={value.evolution}
            onChange={(evolution) => onChange({ ...value, evolution })}
          />
          {info.options.includes('retryWithoutManager') ? (
            <Toggle
              label="Retry without the Manager"
              checked={value.retryWithoutManager}
              onChange={(retryWithoutManager) => onChange({ ...value, retryWithoutManager })}
            />
          ) : null}
        </div>
      ) : null}
      {info.options.includes('knowledge') ? (
        <label className="field compact">
          <span className="field-label">Knowledge</span>
          <input
            name="knowledge"
            value={value.knowledge}
            maxLength={2_000}
            placeholder="Optional hint for this task"
            onChange={(e) => onChange({ ...value, knowledge: e.target.value })}
          />
        </label>
      ) : null}
      <p className="strategy-summary" data-testid="strategy-summary">
        {info.description}{' '}
        <span className="muted">
          Sees: {info.sees.join(', ')}. Roles: {info.roles.map((r) => r.name).join(', ')}.
        </span>
      </p>
    </>
  );
}
