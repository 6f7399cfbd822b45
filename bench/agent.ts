/**
 * bench:agent — the agents on the alarm case study (simulated phone, scripted model). MobA:
 *  - model calls per executed action,
 *  - prompt tokens per call (o200k tokenizer for text, OpenAI's tile formula for images),
 *  - the agent's own overhead per step, excluding model and device time (target ≤ 50 ms).
 * Runs the case study MOBA_BENCH_RUNS times (default 3) on a reset phone; prints medians and
 * ends with one line of JSON.
 * Then every other registered strategy with its own script (resources/scripts/alarm-<name>.json),
 * MOBA_BENCH_STRATEGY_RUNS times each (default 1; MOBA_BENCH_STRATEGIES=a,b to choose): the same
 * three figures, recorded the same way for every strategy, with the vision strategies' screen
 * reading (OCR and icon regions, part of their own overhead) shown apart.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createAgentDevice } from '../src/main/device/agent-device.ts';
import { RunService } from '../src/main/agent/run-service.ts';
import type { AgentDevice } from '../src/main/agent/ports.ts';
import { NO_MEMORY } from '../src/main/agent/ports.ts';
import { RunsRepo } from '../src/main/store/runs-repo.ts';
import type { ModelCallRecord } from '../src/shared/schemas/llm.ts';
import { loadScript, startAgentRig } from '../test/support/agent-rig.ts';
import { STRATEGY_NAMES } from '../src/shared/schemas/strategy.ts';
import type { StrategyName } from '../src/shared/schemas/strategy.ts';

const RUNS = Number(process.env.MOBA_BENCH_RUNS ?? 3);
const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';

/** gpt-4o image tokens: fit in 2048², shortest side down to 768, 170 per 512-px tile + 85. */
function imageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortest = Math.min(w, h);
  if (shortest > 768) {
    w *= 768 / shortest;
    h *= 768 / shortest;
  }
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

function promptTokens(record: ModelCallRecord): number {
  let tokens = 0;
  for (const m of record.request.messages) {
    tokens += 4;
    if (typeof m.content === 'string') tokens += countTokens(m.content);
    else for (const p of m.content) tokens += p.type === 'text' ? countTokens(p.text) : imageTokens(p.image.width ?? 1024, p.image.height ?? 1024);
  }
  return tokens;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

const t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
interface StrategyFigures { runs: number; executedActions: number; modelCalls: number; modelCallsPerExecutedAction: number; promptTokensPerCall: number; promptTokensPerCallByPurpose: Record<string, number>; agentOverheadMsPerExecutedAction: number; perceptionMsPerExecutedAction: number }
const strategyResults: Partial<Record<StrategyName, StrategyFigures>> = {};
const results: Array<{ callsPerAction: number; tokensPerCall: number; overheadPerAction: number; overheadPerLoop: number; wallMs: number; modelMs: number; deviceMs: number; actions: number; calls: number; byPurpose: Record<string, number> }> = [];
try {
  let deviceMs = 0;
  const timed = (d: AgentDevice): AgentDevice => {
    const time = async <T>(p: Promise<T>): Promise<T> => {
      const start = performance.now();
      try {
        return await p;
      } finally {
        deviceMs += performance.now() - start;
      }
    };
    return {
      serial: d.serial,
      facts: (s) => time(d.facts(s)),
      installedApps: (s) => time(d.installedApps(s)),
      observe: (s) => time(d.observe(s)),
      execute: (a, c) => time(d.execute(a, c)),
    };
  };
  const runs = new RunService({
    repo: new RunsRepo(t.app.db),
    artifacts: t.app.artifacts,
    settings: t.app.settings,
    appVersion: 'bench',
    device: (serial) => timed(createAgentDevice(serial, { devices: t.app.devices, observer: t.app.observer, settleTimeoutMs: () => t.app.settings.get().agent.settleTimeoutMs })),
    memory: () => NO_MEMORY,
    recentModelImages: (sha, options) => t.app.observer.modelImage(sha, options),
  });
  for (let i = 0; i < RUNS; i++) {
    await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
    await t.model.reset();
    deviceMs = 0;
    const start = performance.now();
    const { runId } = await runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'auto', useMemory: false } });
    await runs.settled(runId);
    const wallMs = performance.now() - start;
    const st = runs.state(runId);
    if (st.status !== 'succeeded') throw new Error(`run ${i + 1} ended ${st.status}: ${st.outcomeReason}`);
    const records = runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
    const modelMs = records.reduce((a, r) => a + r.latencyMs, 0);
    const tokens = records.map(promptTokens);
    const byPurpose: Record<string, number[]> = {};
    records.forEach((r, k) => (byPurpose[r.purpose] ??= []).push(tokens[k]!));
    const loops = runs.events(runId).events.filter((e) => e.type === 'act_decided').length;
    const overhead = wallMs - modelMs - deviceMs;
    results.push({
      callsPerAction: records.length / st.counters.executedActions,
      tokensPerCall: tokens.reduce((a, b) => a + b, 0) / tokens.length,
      overheadPerAction: overhead / st.counters.executedActions,
      overheadPerLoop: overhead / loops,
      wallMs,
      modelMs,
      deviceMs,
      actions: st.counters.executedActions,
      calls: records.length,
      byPurpose: Object.fromEntries(Object.entries(byPurpose).map(([k, v]) => [k, Math.round(v.reduce((a, b) => a + b, 0) / v.length)])),
    });
    const r = results.at(-1)!;
    console.log(`run ${i + 1}: ${r.actions} actions, ${r.calls} model calls, wall ${Math.round(wallMs)} ms = model ${Math.round(modelMs)} + device ${Math.round(deviceMs)} + agent ${Math.round(overhead)} ms`);
  }
  const others = (process.env.MOBA_BENCH_STRATEGIES?.split(',').map((x) => x.trim()) ?? STRATEGY_NAMES.filter((n) => n !== 'moba')) as StrategyName[];
  const strategyRuns = Number(process.env.MOBA_BENCH_STRATEGY_RUNS ?? 1);
  for (const strategy of others) {
    const per: Array<{ calls: number; actions: number; tokens: number[]; byPurpose: Record<string, number[]>; overhead: number; perception: number }> = [];
    for (let i = 0; i < strategyRuns; i++) {
      await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
      t.model.setScript(loadScript(`alarm-${strategy}.json`));
      deviceMs = 0;
      const start = performance.now();
      const { runId } = await runs.start({ serial: t.rig.serial, task: TASK, options: { strategy, mode: 'auto', useMemory: false, maxSteps: 40 } });
      await runs.settled(runId);
      const wallMs = performance.now() - start;
      const st = runs.state(runId);
      if (st.status !== 'succeeded') throw new Error(`${strategy} run ${i + 1} ended ${st.status}: ${st.outcomeReason}`);
      const events = runs.events(runId).events;
      const records = events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
      const perception = events.reduce((a, e) => a + (e.type === 'observation' ? (e.observation.timings.vision ?? 0) : 0), 0);
      const tokens = records.map(promptTokens);
      const byPurpose: Record<string, number[]> = {};
      records.forEach((r, k) => (byPurpose[r.purpose] ??= []).push(tokens[k]!));
      const overhead = wallMs - records.reduce((a, r) => a + r.latencyMs, 0) - deviceMs;
      per.push({ calls: records.length, actions: st.counters.executedActions, tokens, byPurpose, overhead, perception });
      console.log(`${strategy} run ${i + 1}: ${st.counters.executedActions} actions, ${records.length} model calls, agent ${Math.round(overhead)} ms (screen reading ${Math.round(perception)} ms)`);
    }
    const first = per[0]!;
    strategyResults[strategy] = {
      runs: strategyRuns,
      executedActions: first.actions,
      modelCalls: first.calls,
      modelCallsPerExecutedAction: round(median(per.map((r) => r.calls / r.actions)), 2),
      promptTokensPerCall: Math.round(median(per.map((r) => r.tokens.reduce((a, b) => a + b, 0) / r.tokens.length))),
      promptTokensPerCallByPurpose: Object.fromEntries(Object.entries(first.byPurpose).map(([k, v]) => [k, Math.round(v.reduce((a, b) => a + b, 0) / v.length)])),
      agentOverheadMsPerExecutedAction: round(median(per.map((r) => r.overhead / r.actions))),
      perceptionMsPerExecutedAction: round(median(per.map((r) => r.perception / r.actions))),
    };
  }
  await runs.dispose();
} finally {
  await t.dispose();
}

const summary = {
  bench: 'agent',
  runs: RUNS,
  executedActions: results[0]!.actions,
  modelCalls: results[0]!.calls,
  modelCallsPerExecutedAction: round(median(results.map((r) => r.callsPerAction)), 2),
  promptTokensPerCall: Math.round(median(results.map((r) => r.tokensPerCall))),
  promptTokensPerCallByPurpose: results[0]!.byPurpose,
  agentOverheadMsPerExecutedAction: round(median(results.map((r) => r.overheadPerAction))),
  agentOverheadMsPerLoopStep: round(median(results.map((r) => r.overheadPerLoop))),
  targetOverheadMs: 50,
  deviceMsPerExecutedAction: Math.round(median(results.map((r) => r.deviceMs / r.actions))),
  overheadToDeviceRatio: round(median(results.map((r) => (r.wallMs - r.modelMs - r.deviceMs) / r.deviceMs)), 3),
};
console.log(`\nmodel calls per executed action: ${summary.modelCallsPerExecutedAction} (${summary.modelCalls} calls for ${summary.executedActions} actions)`);
console.log(`prompt tokens per call: ${summary.promptTokensPerCall} (by purpose: ${Object.entries(summary.promptTokensPerCallByPurpose).map(([k, v]) => `${k} ${v}`).join(', ')})`);
console.log(`agent overhead per executed action: ${summary.agentOverheadMsPerExecutedAction} ms (per loop step ${summary.agentOverheadMsPerLoopStep} ms; target ≤ 50 ms); ${summary.overheadToDeviceRatio}× the device time`);
if (Object.keys(strategyResults).length) {
  console.log('\nper strategy (same case study, same recording of calls and tokens):');
  console.log(`${'strategy'.padEnd(17)} ${'actions'.padStart(7)} ${'calls'.padStart(6)} ${'calls/action'.padStart(12)} ${'tokens/call'.padStart(11)} ${'agent ms/action'.padStart(15)} ${'of which reading the screen'.padStart(27)}`);
  const row = (name: string, f: { executedActions: number; modelCalls: number; modelCallsPerExecutedAction: number; promptTokensPerCall: number; agentOverheadMsPerExecutedAction: number; perceptionMsPerExecutedAction?: number }) =>
    console.log(`${name.padEnd(17)} ${String(f.executedActions).padStart(7)} ${String(f.modelCalls).padStart(6)} ${String(f.modelCallsPerExecutedAction).padStart(12)} ${String(f.promptTokensPerCall).padStart(11)} ${String(f.agentOverheadMsPerExecutedAction).padStart(15)} ${String(f.perceptionMsPerExecutedAction ?? 0).padStart(27)}`);
  row('moba', summary);
  for (const [name, f] of Object.entries(strategyResults)) row(name, f);
}
console.log(JSON.stringify({ ...summary, ...(Object.keys(strategyResults).length ? { strategies: strategyResults } : {}) }));
