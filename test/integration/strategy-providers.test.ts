/**
 * Strategies complete a step through every provider: the strategy's alarm-case-study script is
 * answered as each provider answers a thinking model (its reasoning where that provider puts it,
 * JSON asked the way it supports, Azure's deployment path), and the run proposes and executes
 * its first action on the simulated phone. The reasoning, which names another action, is
 * recorded and never acted on.
 *
 * Every provider carries every strategy with its own output format (MobA, AppAgent, UI-TARS,
 * Qwen-VL, AutoGLM) and one of the Mobile-Agent family, in turn; each of v1, v2 and E goes
 * through two or three providers. The family's three ask for JSON and read replies through the
 * same model client as the others, and each of their steps first reads the screen with OCR and
 * icon detection (seconds a case): the whole cross product added those seconds 21 times over
 * for no provider wire format that is not already covered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_PROVIDERS } from '@moba/testkit';
import type { ScriptInput, ScriptProvider } from '@moba/testkit';
import { STRATEGY_NAMES } from '../../src/shared/schemas/strategy.ts';
import type { StrategyName } from '../../src/shared/schemas/strategy.ts';
import type { ProviderId } from '../../src/shared/schemas/settings.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { ALARM_TASK, resetPhone } from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

/** The alarm script of each strategy (`resources/scripts/`). */
const ALARM_SCRIPTS: Partial<Record<StrategyName, string>> = {
  moba: 'alarm-case-study.json',
  appagent: 'alarm-appagent.json',
  'mobile-agent-v1': 'alarm-mobile-agent-v1.json',
  'mobile-agent-v2': 'alarm-mobile-agent-v2.json',
  'mobile-agent-e': 'alarm-mobile-agent-e.json',
  'ui-tars': 'alarm-ui-tars.json',
  'qwen-vl': 'alarm-qwen-vl.json',
  autoglm: 'alarm-autoglm.json',
};

const THOUGHT = 'Thinking it over: Home() would be wrong here, Failed("no") too.';

/** The script as a thinking model on `provider` answers it: every reply comes with reasoning. */
function thinking(script: ScriptInput, provider: ScriptProvider): ScriptInput {
  const withReasoning = <T extends object>(s: T): T =>
    'reply' in s && (s as { reply?: unknown }).reply !== undefined ? { ...s, reasoning: THOUGHT } : s;
  return {
    ...script,
    provider,
    steps: (script.steps ?? []).map(withReasoning),
    ...(script.fallback ? { fallback: withReasoning(script.fallback) } : {}),
  };
}

async function useProvider(provider: ScriptProvider): Promise<void> {
  const azure = provider === 'azure';
  t.app.settings.update({
    models: {
      default: {
        baseUrl: azure ? t.model.baseUrl.replace(/\/v1$/, '') : t.model.baseUrl,
        model: 'scripted',
        provider: provider as ProviderId,
        timeoutMs: 20_000,
        maxRetries: 1,
        ...(azure ? { azure: { deployment: 'scripted', apiVersion: '2024-10-21' } } : {}),
      },
    },
  });
}

const MOBILE_AGENT_FAMILY: StrategyName[] = ['mobile-agent-v1', 'mobile-agent-v2', 'mobile-agent-e'];

/** The strategies a provider carries: every one outside the family, and one of the family in turn. */
const strategiesThrough = (provider: ScriptProvider): StrategyName[] =>
  STRATEGY_NAMES.filter(
    (s) =>
      s in ALARM_SCRIPTS &&
      (!MOBILE_AGENT_FAMILY.includes(s) ||
        s === MOBILE_AGENT_FAMILY[SCRIPT_PROVIDERS.indexOf(provider) % MOBILE_AGENT_FAMILY.length]),
  );

it('every strategy with a script goes through two providers at least', () => {
  for (const strategy of STRATEGY_NAMES.filter((s) => s in ALARM_SCRIPTS))
    expect(SCRIPT_PROVIDERS.filter((p) => strategiesThrough(p).includes(strategy)).length).toBeGreaterThanOrEqual(2);
});

describe.each(SCRIPT_PROVIDERS)('through %s', (provider) => {
  it.each(strategiesThrough(provider))('%s completes a step', { timeout: 120_000 }, async (strategy) => {
    await resetPhone(t);
    await useProvider(provider);
    t.model.setScript(thinking(loadScript(ALARM_SCRIPTS[strategy]!), provider));
    t.model.reset();
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: ALARM_TASK,
      options: { strategy, mode: 'auto', maxSteps: 1 },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.counters.executedActions, st.outcomeReason ?? '').toBe(1);
    const executed = st.steps.find((s) => s.executed)!.executed!;
    expect(executed.ok, executed.error ?? '').toBe(true);
    expect(['Home', 'Failed']).not.toContain(executed.action.name);
    const records = t.app.runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
    expect(records.every((r) => r.error === null)).toBe(true);
    const hidden = provider === 'openai' || provider === 'azure';
    // (AutoGLM's own <think> block is reasoning too, on every provider.)
    for (const r of records) {
      if (hidden) expect(r.reply?.reasoning ?? '').not.toContain(THOUGHT);
      else expect(r.reply?.reasoning).toContain(THOUGHT);
    }
    for (const r of records) expect(r.reply?.text ?? '').not.toContain('Thinking it over');
    expect(records.some((r) => r.request.structured === 'json_schema')).toBe(true);
    if (provider === 'azure') {
      const paths = new Set(t.model.requests().map((r) => r.path));
      expect(paths).toEqual(new Set(['/openai/deployments/scripted/chat/completions']));
    }
  });
});
