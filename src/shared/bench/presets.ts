/**
 * Named sets of configurations a benchmark can start from. `moba-table4` is the rows of the MobA
 * paper's Table 4 that run without a person (§4.3–4.4): MobA, MobA w/o Memory, w/o Plan, w/o
 * Memory and Plan, AppAgent, and the task's reference solution in place of the human row. What
 * each ablation removes is described in the README ("Reproducing MobA's Table 4").
 */
import { BENCH_PRESETS } from '../choices.ts';
import type { BenchConfigurationInput } from './config.ts';

export { BENCH_PRESETS };
export type BenchPreset = (typeof BENCH_PRESETS)[number];

const MOBA_TABLE4: readonly BenchConfigurationInput[] = [
  { id: 'moba', agent: 'moba', usePlan: true, useMemory: true },
  { id: 'moba-no-memory', agent: 'moba', usePlan: true, useMemory: false },
  { id: 'moba-no-plan', agent: 'moba', usePlan: false, useMemory: true },
  { id: 'moba-no-plan-no-memory', agent: 'moba', usePlan: false, useMemory: false },
  { id: 'appagent', agent: 'appagent' },
  { id: 'reference', agent: 'reference' },
];

export function isBenchPreset(name: string): name is BenchPreset {
  return (BENCH_PRESETS as readonly string[]).includes(name);
}

/** The configurations of a preset (copies: a caller may change them). */
export function presetConfigurations(preset: BenchPreset): BenchConfigurationInput[] {
  switch (preset) {
    case 'moba-table4':
      return MOBA_TABLE4.map((c) => ({ ...c }));
  }
}
