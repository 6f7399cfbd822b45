/**
 * The closed sets of values that the schemas and the command line share, as plain arrays
 * without zod: a `moba` command declares its options' choices from here and loads no schema
 * module, so read-only commands (`moba runs list`, `memory list`, `bench list|report`) start
 * about as fast as `moba --help`. Each schema module builds its `z.enum` from these and
 * re-exports them.
 */

/** running: the loop works; waiting: a person must decide; paused: nothing happens until resumed. */
export const RUN_STATUSES = ['running', 'waiting', 'paused', 'succeeded', 'failed', 'stopped'] as const;

/** The agent roles that each may use their own model endpoint. */
export const MODEL_ROLES = [
  'planner',
  'actor',
  'reflector',
  'appSelector',
  'embedder',
  'transcriber',
  'speaker',
  'simulatedUser',
] as const;

export const AUTONOMY_MODES = ['auto', 'step', 'guarded', 'copilot'] as const;

/**
 * The registered strategies (see `src/shared/strategies.ts` for what each is). `external` is a
 * program of the user's that drives the run through the agent protocol (docs/agent-protocol.md).
 */
export const STRATEGY_NAMES = [
  'moba',
  'appagent',
  'mobile-agent-v1',
  'mobile-agent-v2',
  'mobile-agent-e',
  'ui-tars',
  'qwen-vl',
  'autoglm',
  'gui-owl',
  'external',
] as const;

/**
 * The benchmark's agents that are not strategies: the task's scripted reference solution, doing
 * nothing (calibration), and `human` — a person performs the episode in the cockpit.
 */
export const PSEUDO_AGENT_NAMES = ['reference', 'noop', 'human'] as const;

/** Every name a benchmark configuration's `agent` may take: the strategies, then the pseudo-agents. */
export function agentNames(): string[] {
  return [...STRATEGY_NAMES, ...PSEUDO_AGENT_NAMES];
}

/** Benchmark task categories (MobBench's) and the languages of a goal and the phone. */
export const CATEGORIES = ['easy', 'medium', 'hard', 'indirect', 'cross-app'] as const;
export const LOCALES = ['en', 'zh'] as const;

/** Benchmark memory regimes and ablations (docs/benchmark.md). */
export const MEMORY_REGIMES = ['cold', 'seeded', 'carried'] as const;
/** `seeded`: every episode's MobA user memory holds its task's `user` facts (docs/benchmark.md § Asking the user). */
export const USER_MEMORY_MODES = ['none', 'seeded'] as const;
export const ABLATIONS = ['full', 'no-plan', 'no-memory', 'no-plan-no-memory'] as const;

/** Named sets of benchmark configurations (`src/shared/bench/presets.ts`). */
export const BENCH_PRESETS = ['moba-table4'] as const;

export const MEMORY_KINDS = [
  'task',
  'action',
  'route',
  'answer',
  'thought',
  'reflection',
  'user',
  'app',
  'page',
  'tips',
  'shortcut',
  'element',
] as const;
/** `run`: recorded by the agent; `expert`: a seed / warm start; `manual`: entered in the editor. */
/** `benchmark`: written by a benchmark episode into its own memory (the task's user facts). */
export const MEMORY_SOURCES = ['run', 'expert', 'manual', 'benchmark'] as const;
export const RETRIEVAL_PURPOSES = ['plan', 'act', 'reflect', 'select_app'] as const;

/** Where in the agent's chain a step went wrong (a person's tag in the replay view). */
export const FAILURE_CATEGORIES = [
  'perception',
  'grounding',
  'planning',
  'reflection',
  'memory',
  'app_environment',
  'output_format',
] as const;
