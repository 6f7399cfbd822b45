import { describe, expect, it } from 'vitest';
import { BenchSpec } from '../../../shared/bench/config.ts';
import { specFromOptions } from './bench-run.ts';

describe('moba bench run options', () => {
  it("--user-memory seeded goes to MobA's configurations with memory only; --simulated-user to every one", () => {
    const spec = specFromOptions({
      json: false,
      agent: ['moba', 'appagent', 'reference'],
      ablation: ['full', 'no-memory'],
      userMemory: 'seeded',
      simulatedUser: 'model',
    });
    const configs = spec.configurations!;
    expect(configs.map((c) => [c.agent, c.useMemory, c.userMemory ?? null])).toEqual([
      ['moba', true, 'seeded'],
      ['moba', false, null],
      ['appagent', true, null],
      ['appagent', false, null],
      ['reference', true, null],
      ['reference', false, null],
    ]);
    expect(configs.every((c) => c.simulatedUser?.mode === 'model')).toBe(true);
    expect(BenchSpec.safeParse(spec).success).toBe(true);
  });
});
