/** The new-benchmark form's configurations: agent, plan, memory, user facts in memory and autonomy mode for each. */
import type { BenchConfigurationInput } from '../../../../shared/bench/config.ts';
import type { BenchAgentInfo } from '../../../../shared/contract/benchmarks.ts';
import { presetConfigurations } from '../../../../shared/bench/presets.ts';

export interface ConfigDraft {
  agent: string;
  usePlan: boolean;
  useMemory: boolean;
  mode: 'auto' | 'copilot';
  /** MobA's user memory holds each task's user facts for its episode (`userMemory: 'seeded'`). */
  userFacts?: boolean;
  /** The simulated user's model answers what the facts' keywords cannot (`simulatedUser: { mode: 'model' }`). */
  userModel?: boolean;
}

/** The MobA paper's Table 4 rows that run without a person (`moba bench run --preset moba-table4`). */
export function table4Configs(): ConfigDraft[] {
  return presetConfigurations('moba-table4').map((c) => ({
    agent: c.agent,
    usePlan: c.usePlan ?? true,
    useMemory: c.useMemory ?? true,
    mode: 'auto',
  }));
}

/**
 * The configuration the form sends for a row. A pseudo-agent takes no plan, memory or mode; the
 * `external` agent is one that connects on its own (`externalConnect`) — the form never names a
 * program to start, so the web host's rule against `externalCommand` from a browser holds.
 */
export function configurationOf(c: ConfigDraft, agents: readonly BenchAgentInfo[]): BenchConfigurationInput {
  const userModel = c.userModel ? { simulatedUser: { mode: 'model' as const } } : {};
  if (agents.find((a) => a.name === c.agent)?.pseudo) return { agent: c.agent, ...userModel };
  if (c.agent === 'external') return { agent: 'external', mode: c.mode, externalConnect: true, ...userModel };
  const userFacts = c.agent === 'moba' && c.useMemory && c.userFacts ? { userMemory: 'seeded' as const } : {};
  return { agent: c.agent, usePlan: c.usePlan, useMemory: c.useMemory, mode: c.mode, ...userFacts, ...userModel };
}

export const DEFAULT_CONFIGS: ConfigDraft[] = [
  { agent: 'moba', usePlan: true, useMemory: true, mode: 'auto' },
  { agent: 'moba', usePlan: false, useMemory: true, mode: 'auto' },
];

function ConfigRow({
  c,
  i,
  agents,
  set,
  remove,
}: {
  c: ConfigDraft;
  i: number;
  agents: readonly BenchAgentInfo[];
  set(patch: Partial<ConfigDraft>): void;
  remove: (() => void) | null;
}) {
  const pseudo = agents.find((a) => a.name === c.agent)?.pseudo ?? false;
  const external = c.agent === 'external';
  return (
    <div className="bench-config" data-config={i}>
      <select
        name={`bench.config.${i}.agent`}
        value={c.agent}
        onChange={(e) => set({ agent: e.target.value })}
        aria-label={`Configuration ${i + 1} agent`}
      >
        {agents.map((a) => (
          <option key={a.name} value={a.name} title={a.description}>
            {a.label}
          </option>
        ))}
      </select>
      <label className={pseudo ? 'disabled' : ''}>
        <input
          type="checkbox"
          name={`bench.config.${i}.plan`}
          checked={c.usePlan}
          disabled={pseudo || external}
          onChange={(e) => set({ usePlan: e.target.checked })}
        />{' '}
        plan
      </label>
      <label className={pseudo ? 'disabled' : ''}>
        <input
          type="checkbox"
          name={`bench.config.${i}.memory`}
          checked={c.useMemory}
          disabled={pseudo || external}
          onChange={(e) => set({ useMemory: e.target.checked })}
        />{' '}
        memory
      </label>
      {c.agent === 'moba' ? (
        <label
          className={c.useMemory ? '' : 'disabled'}
          title="MobA's user memory holds each task's user facts (the answers the simulated user would give) for its episode, so it need not ask"
        >
          <input
            type="checkbox"
            name={`bench.config.${i}.userFacts`}
            checked={c.useMemory && (c.userFacts ?? false)}
            disabled={!c.useMemory}
            onChange={(e) => set({ userFacts: e.target.checked })}
          />{' '}
          user facts
        </label>
      ) : null}
      <label title="The simulated user's model (Settings → Models → Simulated user) answers, from the task's facts alone, the questions their keywords do not match">
        <input
          type="checkbox"
          name={`bench.config.${i}.userModel`}
          checked={c.userModel ?? false}
          onChange={(e) => set({ userModel: e.target.checked })}
        />{' '}
        user model
      </label>
      <select
        name={`bench.config.${i}.mode`}
        value={c.mode}
        disabled={pseudo}
        onChange={(e) => set({ mode: e.target.value as ConfigDraft['mode'] })}
        aria-label={`Configuration ${i + 1} mode`}
      >
        <option value="auto">auto</option>
        <option value="copilot" title="the model proposes, a person performs each proposal (MobBench's GPT-4o+Human)">
          copilot
        </option>
      </select>
      <button
        type="button"
        className="btn btn-small btn-icon"
        aria-label={`Remove configuration ${i + 1}`}
        disabled={!remove}
        onClick={() => remove?.()}
      >
        ×
      </button>
      {external ? (
        <p className="field-hint" data-testid={`bench-config-${i}-external`}>
          An agent that connects on its own: while the benchmark runs, its page shows the address and token agents take
          the episodes from (<code>MOBA_SERVE_URL</code>, <code>MOBA_SERVE_TOKEN</code>) and the command that starts the
          example agent on them (README, "Run your own agent"). Episodes no agent takes end at their time limit.
        </p>
      ) : null}
    </div>
  );
}

export function ConfigList({
  configs,
  setConfigs,
  agents,
}: {
  configs: readonly ConfigDraft[];
  setConfigs(next: ConfigDraft[]): void;
  agents: readonly BenchAgentInfo[];
}) {
  return (
    <div className="field">
      <span className="field-label">Configurations</span>
      {configs.map((c, i) => (
        <ConfigRow
          key={i}
          c={c}
          i={i}
          agents={agents}
          set={(patch) => setConfigs(configs.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
          remove={configs.length > 1 ? () => setConfigs(configs.filter((_, j) => j !== i)) : null}
        />
      ))}
      <button
        type="button"
        className="btn btn-small"
        data-action="add-config"
        onClick={() => setConfigs([...configs, { agent: 'reference', usePlan: true, useMemory: true, mode: 'auto' }])}
      >
        Add configuration
      </button>{' '}
      <button
        type="button"
        className="btn btn-small"
        data-action="preset-table4"
        title="MobA, w/o Memory, w/o Plan, w/o both, AppAgent and the reference solution: the MobA paper's Table 4 (§4.3)"
        onClick={() => setConfigs(table4Configs())}
      >
        MobA Table 4
      </button>
    </div>
  );
}
