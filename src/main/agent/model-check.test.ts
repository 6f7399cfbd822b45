import { describe, expect, it } from 'vitest';
import type { MobaError } from '../../shared/errors.ts';
import type { RunEvent, RunOptions } from '../../shared/schemas/run.ts';
import type { ModelEndpoint, ModelRole } from '../../shared/schemas/settings.ts';
import type { ModelSettingsSource } from '../llm/endpoints.ts';
import { checkStrategyModels, runModelName } from './model-check.ts';

const options = (over: Partial<RunOptions>): RunOptions => ({
  strategy: 'moba',
  mode: 'auto',
  usePlan: true,
  useMemory: true,
  maxSteps: 10,
  planBudget: 5,
  settleTimeoutMs: 0,
  approvalRules: [],
  models: {},
  ...over,
});

function settings(perRole: Partial<Record<ModelRole, Partial<ModelEndpoint>>>): ModelSettingsSource {
  const base: ModelEndpoint = {
    baseUrl: 'http://localhost:11434/v1',
    model: 'qwen2.5vl',
    timeoutMs: 1000,
    maxRetries: 0,
  };
  return { endpointFor: (r) => ({ ...base, ...perRole[r] }), apiKeyFor: () => undefined };
}

function refusal(fn: () => void): MobaError {
  try {
    fn();
  } catch (error) {
    return error as MobaError;
  }
  throw new Error('expected a refusal');
}

describe('checkStrategyModels', () => {
  const textOnly = { model: 'llama3', capabilities: { vision: false } };

  it('refuses a vision strategy whose screenshots would go to a text-only model, naming role and model', () => {
    const e = refusal(() => checkStrategyModels(settings({ reflector: textOnly }), options({})));
    expect(e.code).toBe('MODEL_NOT_CAPABLE');
    expect(e.message).toMatch(/MobA strategy sends screenshots to the reflector role, but its model "llama3"/);
  });

  it('lets a text-only model take roles that get no screenshots (app selection, planning in v2)', () => {
    expect(() => checkStrategyModels(settings({ appSelector: textOnly }), options({}))).not.toThrow();
    expect(() =>
      checkStrategyModels(settings({ planner: textOnly }), options({ strategy: 'mobile-agent-v2' })),
    ).not.toThrow();
    expect(() => checkStrategyModels(settings({ planner: textOnly }), options({ strategy: 'moba' }))).toThrow(
      /planner role/,
    );
  });

  it('skips replays: they call no model', () => {
    const s = settings({ actor: textOnly });
    expect(() => checkStrategyModels(s, options({ strategy: 'appagent', replayOf: 'r1' }))).not.toThrow();
    expect(() => checkStrategyModels(s, options({ strategy: 'appagent' }))).toThrow(/actor role/);
  });
});

describe('runModelName', () => {
  const call = (role: string, model: string) =>
    ({ type: 'model_call', record: { role, model } }) as unknown as RunEvent;

  it("names the configured endpoint's model, with the run's override for the role", () => {
    const s = settings({ actor: { model: 'ui-tars-1.5-7b' } });
    const none = () => [];
    expect(runModelName(s, none, options({}), 'actor')).toBe('ui-tars-1.5-7b');
    expect(runModelName(s, none, options({}), 'planner')).toBe('qwen2.5vl');
    expect(runModelName(s, none, options({ models: { actor: { model: 'qwen3-vl-8b' } } }), 'actor')).toBe(
      'qwen3-vl-8b',
    );
  });

  it("names a replay's recorded model for the role (not today's settings), null when none was recorded", () => {
    const s = settings({ actor: { model: 'qwen3-vl-8b' } });
    const recorded = () => [call('appSelector', 'gpt-4o-mini'), call('actor', 'qwen2.5-vl-7b')];
    expect(runModelName(s, recorded, options({ replayOf: 'r1' }), 'actor')).toBe('qwen2.5-vl-7b');
    expect(runModelName(s, recorded, options({ replayOf: 'r1' }), 'planner')).toBeNull();
  });
});
