/**
 * A run's options as `RunService.start` records them: what the caller gave, the agent settings
 * for the rest, and MobA as the strategy.
 */
import { MobaError } from '../../shared/errors.ts';
import { RunOptions } from '../../shared/schemas/run.ts';
import type { AgentSettings } from '../../shared/schemas/settings.ts';

/** @throws MobaError INVALID_INPUT naming each option that is wrong */
export function resolveRunOptions(input: Partial<RunOptions>, agent: AgentSettings): RunOptions {
  const parsed = RunOptions.safeParse({
    strategy: input.strategy ?? 'moba',
    mode: input.mode ?? agent.mode,
    usePlan: input.usePlan ?? agent.usePlan,
    useMemory: input.useMemory ?? agent.useMemory,
    // Recorded only when on, so the logs of runs without it read as before.
    ...((input.approvedMemoriesOnly ?? agent.approvedMemoriesOnly) ? { approvedMemoriesOnly: true } : {}),
    maxSteps: input.maxSteps ?? agent.maxSteps,
    planBudget: input.planBudget ?? agent.planBudget,
    settleTimeoutMs: input.settleTimeoutMs ?? agent.settleTimeoutMs,
    approvalRules: input.approvalRules ?? agent.approvalRules,
    models: input.models ?? {},
    ...(input.replayOf ? { replayOf: input.replayOf } : {}),
    ...(input.actionSpace ? { actionSpace: input.actionSpace } : {}),
    ...(input.planning ? { planning: input.planning } : {}),
    ...(input.evolution !== undefined ? { evolution: input.evolution } : {}),
    ...(input.retryWithoutManager ? { retryWithoutManager: true } : {}),
    ...(input.futureTasks?.length ? { futureTasks: input.futureTasks } : {}),
    ...(input.knowledge?.trim() ? { knowledge: input.knowledge } : {}),
    ...(input.explore ? { explore: input.explore } : {}),
  });
  if (!parsed.success)
    throw new MobaError(
      'INVALID_INPUT',
      `Invalid run options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
