/**
 * What a benchmark runs: the tasks, a matrix of configurations (strategy or pseudo-agent,
 * ablations, memory regime, per-role models, language, autonomy mode), instances and
 * repetitions, parallel phones, budgets, a cost cap and retries. A `moba bench run --config
 * FILE` file is this object as JSON; the UI builds the same.
 */
import { z } from 'zod';
import { Seed } from '../schemas/common.ts';
import { ABLATIONS, MEMORY_REGIMES, PSEUDO_AGENT_NAMES, USER_MEMORY_MODES, agentNames } from '../choices.ts';
import { configurationLabel } from './labels.ts';
import { EndpointOverride } from '../schemas/run.ts';
import { ActionSpaceMode, PlanningMode } from '../schemas/strategy.ts';
import { listStrategies } from '../strategies.ts';
import { AutonomyMode, ModelRole } from '../schemas/settings.ts';
import { Category } from './task-schema.ts';
import { Locale } from './task-values.ts';

export { ABLATIONS, MEMORY_REGIMES, PSEUDO_AGENT_NAMES, USER_MEMORY_MODES, agentNames };
export { configurationLabel } from './labels.ts';

/**
 * The registered strategies (`src/shared/strategies.ts`, the list the run composer and
 * `moba run --strategy` read), so a strategy added to the registry joins benchmarks without a
 * change here.
 */
export function strategyNames(): string[] {
  return listStrategies().map((s) => s.name);
}

export const MemoryRegime = z
  .enum(MEMORY_REGIMES)
  .describe(
    'cold: every episode starts with empty memory; seeded: every episode starts from memorySeed; carried: memory carries over from task to task, in a fixed order, per configuration and repetition',
  );

export const Ablation = z.enum(ABLATIONS);
export type Ablation = z.infer<typeof Ablation>;

export const BenchConfiguration = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes')
      .max(60)
      .optional(),
    label: z.string().min(1).max(120).optional().describe('the row name in reports, e.g. "MobA w/o Plan"'),
    agent: z
      .string()
      .refine((a) => agentNames().includes(a), { message: `unknown agent; one of ${agentNames().join(', ')}` }),
    usePlan: z.boolean().default(true),
    useMemory: z.boolean().default(true),
    memory: MemoryRegime.default('cold'),
    /** A memory file (`moba memory export` format) for the `seeded` regime. */
    memorySeed: z.string().optional(),
    userMemory: z
      .enum(USER_MEMORY_MODES)
      .optional()
      .describe(
        "seeded: before each episode MobA's user memory gets the task's user facts (placeholders filled), for that episode only; none (default): it does not",
      ),
    models: z.partialRecord(ModelRole, EndpointOverride).default({}),
    simulatedUser: z
      .object({ mode: z.enum(['keywords', 'model']) })
      .strict()
      .optional()
      .describe(
        "how the simulated user answers: keywords (default) from the task's facts; model: the simulatedUser model role answers what the keywords cannot, from the facts alone",
      ),
    locale: Locale.default('en'),
    mode: AutonomyMode.default('auto'),
    maxSteps: z.number().int().min(1).max(500).optional().describe("override every task's step budget"),
    planBudget: z.number().int().min(1).max(200).optional(),
    /** The strategy's own options (see `src/shared/strategies.ts` for which strategy takes which). */
    actionSpace: ActionSpaceMode.optional(),
    planning: PlanningMode.optional(),
    evolution: z.boolean().optional(),
    retryWithoutManager: z.boolean().optional(),
    /** The `external` agent's program and its arguments, e.g. ["python3", "my_agent.py"] (docs/agent-protocol.md). */
    externalCommand: z.array(z.string().min(1).max(4_000)).min(1).max(64).optional(),
    /** The `external` agent connects on its own and is handed each episode (`moba bench serve`) instead of being started. */
    externalConnect: z.literal(true).optional(),
  })
  .strict()
  .refine((c) => c.userMemory !== 'seeded' || (c.agent === 'moba' && c.useMemory), {
    message: "userMemory seeded writes MobA's user memory: it needs the moba agent with useMemory",
    path: ['userMemory'],
  })
  .refine((c) => c.memory !== 'seeded' || c.memorySeed !== undefined, {
    message: 'the seeded memory regime needs memorySeed (a memory file)',
    path: ['memorySeed'],
  })
  .refine(
    (c) =>
      c.agent === 'external'
        ? (c.externalCommand !== undefined) !== (c.externalConnect === true)
        : c.externalCommand === undefined && c.externalConnect === undefined,
    {
      message:
        'the external agent needs externalCommand (its program) or externalConnect (agents connect on their own: moba bench serve), not both; no other agent takes either',
      path: ['externalCommand'],
    },
  );
export type BenchConfiguration = z.infer<typeof BenchConfiguration>;
export type BenchConfigurationInput = z.input<typeof BenchConfiguration>;

export const BenchMatrix = z
  .object({
    agent: z.array(z.string()).min(1).optional(),
    ablation: z.array(Ablation).min(1).optional(),
    locale: z.array(Locale).min(1).optional(),
    mode: z.array(AutonomyMode).min(1).optional(),
    memory: z.array(MemoryRegime).min(1).optional(),
  })
  .strict()
  .describe('every combination of these becomes a configuration (on top of `configurations`)');
export type BenchMatrix = z.infer<typeof BenchMatrix>;

export const BenchSpec = z
  .object({
    name: z.string().max(200).optional(),
    /** `builtin` (the built-in suite), task files, or folders of them. */
    tasks: z.array(z.string().min(1)).min(1).default(['builtin']),
    only: z
      .object({
        ids: z.array(z.string()).optional(),
        categories: z.array(Category).optional(),
        apps: z.array(z.string()).optional(),
      })
      .strict()
      .optional(),
    configurations: z.array(BenchConfiguration).default([]),
    matrix: BenchMatrix.optional(),
    /** Instances per task (each with its own seed: other parameters, other phone data). */
    seeds: z.number().int().min(1).max(100).default(1),
    /** Runs of each instance per configuration (only the agent varies between them). */
    repetitions: z.number().int().min(1).max(20).default(1),
    suiteSeed: Seed.default(30),
    phones: z.number().int().min(1).max(16).default(1),
    timeoutS: z.number().int().min(10).max(7200).optional().describe("override every task's wall-time limit"),
    costCapUsd: z
      .number()
      .positive()
      .optional()
      .describe('stop starting episodes once the benchmark has cost this much'),
    retries: z
      .number()
      .int()
      .min(0)
      .max(5)
      .default(2)
      .describe('re-runs of an episode that failed for infrastructure reasons'),
  })
  .strict();
export type BenchSpec = z.infer<typeof BenchSpec>;
export type BenchSpecInput = z.input<typeof BenchSpec>;

const ABLATION_FLAGS: Record<Ablation, { usePlan: boolean; useMemory: boolean }> = {
  full: { usePlan: true, useMemory: true },
  'no-plan': { usePlan: false, useMemory: true },
  'no-memory': { usePlan: true, useMemory: false },
  'no-plan-no-memory': { usePlan: false, useMemory: false },
};

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'config'
  );
}

/** The configurations of a spec: the listed ones, then the matrix's, with unique ids. */
export function expandConfigurations(spec: Pick<BenchSpec, 'configurations' | 'matrix'>): BenchConfiguration[] {
  const out: BenchConfiguration[] = [...spec.configurations];
  const m = spec.matrix;
  if (m) {
    for (const agent of m.agent ?? ['moba'])
      for (const ablation of m.ablation ?? ['full'])
        for (const locale of m.locale ?? ['en'])
          for (const mode of m.mode ?? ['auto'])
            for (const memory of m.memory ?? ['cold'])
              out.push(BenchConfiguration.parse({ agent, ...ABLATION_FLAGS[ablation], locale, mode, memory }));
  }
  const used = new Set<string>();
  return out.map((c) => {
    let id = c.id ?? slug(configurationLabel(c));
    for (let n = 2; used.has(id); n++) id = `${c.id ?? slug(configurationLabel(c))}-${n}`;
    used.add(id);
    return { ...c, id };
  });
}
