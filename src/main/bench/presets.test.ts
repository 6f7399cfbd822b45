import { describe, expect, it } from 'vitest';
import { BenchSpec, expandConfigurations } from '../../shared/bench/config.ts';
import { presetConfigurations } from '../../shared/bench/presets.ts';
import { specFromOptions } from '../cli/commands/bench-run.ts';

describe('the moba-table4 preset', () => {
  it("is MobA's Table 4 without a person: MobA, its three ablations, AppAgent and the reference", () => {
    const spec = BenchSpec.parse(specFromOptions({ preset: ['moba-table4'], json: false }));
    const rows = expandConfigurations(spec).map((c) => [c.id, c.agent, c.usePlan, c.useMemory]);
    expect(rows).toEqual([
      ['moba', 'moba', true, true],
      ['moba-no-memory', 'moba', true, false],
      ['moba-no-plan', 'moba', false, true],
      ['moba-no-plan-no-memory', 'moba', false, false],
      ['appagent', 'appagent', true, true],
      ['reference', 'reference', true, true],
    ]);
  });

  it('--agent adds to the preset, and the preset is a fresh copy each time', () => {
    const spec = specFromOptions({ preset: ['moba-table4'], agent: ['mobile-agent-v2'], json: false });
    expect(spec.configurations?.map((c) => c.agent)).toEqual([
      'moba',
      'moba',
      'moba',
      'moba',
      'appagent',
      'reference',
      'mobile-agent-v2',
    ]);
    presetConfigurations('moba-table4')[0]!.agent = 'changed';
    expect(presetConfigurations('moba-table4')[0]!.agent).toBe('moba');
  });
});
