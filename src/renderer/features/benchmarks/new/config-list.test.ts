import { describe, expect, it } from 'vitest';
import { BenchConfiguration } from '../../../../shared/bench/config.ts';
import type { BenchAgentInfo } from '../../../../shared/contract/benchmarks.ts';
import { configurationOf } from './config-list.tsx';

const agents: BenchAgentInfo[] = [
  { name: 'moba', label: 'MobA', description: '', pseudo: false },
  { name: 'external', label: 'External', description: '', pseudo: false },
  { name: 'reference', label: 'Reference', description: '', pseudo: true },
];

describe('configurationOf', () => {
  it('sends the external agent as one that connects on its own, never a program to start', () => {
    const c = configurationOf({ agent: 'external', usePlan: true, useMemory: true, mode: 'copilot' }, agents);
    expect(c).toEqual({ agent: 'external', mode: 'copilot', externalConnect: true });
    expect(c).not.toHaveProperty('externalCommand');
    expect(BenchConfiguration.safeParse(c).success).toBe(true);
  });

  it('keeps plan, memory and mode for a strategy and nothing for a pseudo-agent', () => {
    const moba = configurationOf({ agent: 'moba', usePlan: false, useMemory: true, mode: 'auto' }, agents);
    expect(moba).toEqual({ agent: 'moba', usePlan: false, useMemory: true, mode: 'auto' });
    expect(BenchConfiguration.safeParse(moba).success).toBe(true);
    expect(configurationOf({ agent: 'reference', usePlan: true, useMemory: true, mode: 'auto' }, agents)).toEqual({
      agent: 'reference',
    });
  });

  it("seeds MobA's user memory with the task's user facts only for MobA with memory", () => {
    const seeded = configurationOf(
      { agent: 'moba', usePlan: true, useMemory: true, mode: 'auto', userFacts: true },
      agents,
    );
    expect(seeded).toEqual({ agent: 'moba', usePlan: true, useMemory: true, mode: 'auto', userMemory: 'seeded' });
    expect(BenchConfiguration.safeParse(seeded).success).toBe(true);
    const noMemory = configurationOf(
      { agent: 'moba', usePlan: true, useMemory: false, mode: 'auto', userFacts: true },
      agents,
    );
    expect(noMemory).not.toHaveProperty('userMemory');
    // The schema refuses user facts where nothing reads them.
    expect(BenchConfiguration.safeParse({ ...noMemory, userMemory: 'seeded' }).success).toBe(false);
    expect(BenchConfiguration.safeParse({ agent: 'appagent', userMemory: 'seeded' }).success).toBe(false);
  });

  it("lets any agent's simulated user answer through the model", () => {
    for (const agent of ['moba', 'reference', 'external']) {
      const c = configurationOf({ agent, usePlan: true, useMemory: true, mode: 'auto', userModel: true }, agents);
      expect(c.simulatedUser).toEqual({ mode: 'model' });
      expect(BenchConfiguration.safeParse(c).success).toBe(true);
    }
    expect(configurationOf({ agent: 'moba', usePlan: true, useMemory: true, mode: 'auto' }, agents)).not.toHaveProperty(
      'simulatedUser',
    );
  });
});
