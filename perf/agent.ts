/**
 * perf:agent — the MobA agent on the alarm case study (simulated phone, scripted model):
 *  - model calls per executed action,
 *  - prompt tokens per call (o200k tokenizer for text, OpenAI's tile formula for images),
 *  - the agent's own overhead per step, excluding model and device time (target ≤ 50 ms),
 *  - the device time per executed action both ways input can reach the phone: without a
 *    mirror (`adb shell input`, screenshots by `screencap`) and with a scrcpy mirror running
 *    (its control socket; screenshots from whichever of `screencap` and the stream has been
 *    faster on the phone), as a ratio — and the step time a person waits (wall time per executed
 *    action) with Live off and on, the target being at most 10 % slower; the executed
 *    actions' own time (input + settling) separately, and how often the phone's `input`
 *    command ran in each mode.
 * Runs the case study MOBA_PERF_RUNS times (default 3) in each mode, alternating, on a reset
 * phone; prints medians and ends with one line of JSON.
 * Then every other registered strategy with its own script (resources/scripts/alarm-<name>.json),
 * MOBA_PERF_STRATEGY_RUNS times each (default 1; MOBA_PERF_STRATEGIES=a,b to choose), without
 * a mirror: the same three figures, recorded the same way for every strategy, with the vision
 * strategies' screen reading (OCR and icon regions, part of their own overhead) shown apart.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { installScrcpyServer } from '@moba/sim';
import type { ShellCommand } from '@moba/sim';
import { createAgentDevice } from '../src/main/device/agent-device.ts';
import { RunService } from '../src/main/agent/run-service.ts';
import type { AgentDevice } from '../src/main/agent/ports.ts';
import { NO_MEMORY } from '../src/main/agent/ports.ts';
import { RunsRepo } from '../src/main/store/runs-repo.ts';
import type { ModelCallRecord } from '../src/shared/schemas/llm.ts';
import { loadScript, startAgentRig } from '../test/support/agent-rig.ts';
import { STRATEGY_NAMES } from '../src/shared/schemas/strategy.ts';
import type { StrategyName } from '../src/shared/schemas/strategy.ts';
import { QUICK, option } from './quick.ts';

const RUNS = option('MOBA_PERF_RUNS', 3, 1);
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
    else
      for (const p of m.content)
        tokens += p.type === 'text' ? countTokens(p.text) : imageTokens(p.image.width ?? 1024, p.image.height ?? 1024);
  }
  return tokens;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

type Mode = 'adb' | 'mirror';
interface RunResult {
  mode: Mode;
  callsPerAction: number;
  tokensPerCall: number;
  overheadPerAction: number;
  overheadPerLoop: number;
  wallMs: number;
  modelMs: number;
  deviceMs: number;
  executeMs: number;
  observeMs: number;
  inputMs: number;
  inputCommands: number;
  actions: number;
  calls: number;
  byPurpose: Record<string, number>;
}

const t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
// The phone answers scrcpy clients; the app's mirror gives it the stand-in server file.
const scrcpy = installScrcpyServer(t.rig.sim);
let inputCommands = 0;
const original = t.rig.sim.commands.get('input')!;
const spy: ShellCommand = { name: 'input', run: (ctx) => (inputCommands++, original.run(ctx)) };
const unspy = t.rig.sim.commands.register(spy);
const results: RunResult[] = [];
interface StrategyFigures {
  runs: number;
  executedActions: number;
  modelCalls: number;
  modelCallsPerExecutedAction: number;
  promptTokensPerCall: number;
  promptTokensPerCallByPurpose: Record<string, number>;
  agentOverheadMsPerExecutedAction: number;
  perceptionMsPerExecutedAction: number;
}
const strategyResults: Partial<Record<StrategyName, StrategyFigures>> = {};

try {
  let deviceMs = 0;
  let executeMs = 0;
  let observeMs = 0;
  let inputMs = 0;
  const timed = (d: AgentDevice): AgentDevice => {
    const time = async <T>(p: Promise<T>, part?: 'execute' | 'observe'): Promise<T> => {
      const start = performance.now();
      try {
        return await p;
      } finally {
        const ms = performance.now() - start;
        deviceMs += ms;
        if (part === 'execute') executeMs += ms;
        if (part === 'observe') observeMs += ms;
      }
    };
    return {
      serial: d.serial,
      facts: (s) => time(d.facts(s)),
      installedApps: (s) => time(d.installedApps(s)),
      observe: (s) => time(d.observe(s), 'observe'),
      execute: async (a, c) => {
        const r = await time(d.execute(a, c), 'execute');
        // The action without waiting for the screen to settle: the input path itself.
        inputMs += r.durationMs - r.settleMs;
        return r;
      },
      ...(d.clock ? { clock: (s: AbortSignal) => time(d.clock!(s)) } : {}),
    };
  };
  const runs = new RunService({
    repo: new RunsRepo(t.app.db),
    artifacts: t.app.artifacts,
    settings: t.app.settings,
    appVersion: 'bench',
    device: (serial) =>
      timed(
        createAgentDevice(serial, {
          devices: t.app.devices,
          observer: t.app.observer,
          settleTimeoutMs: () => t.app.settings.get().agent.settleTimeoutMs,
        }),
      ),
    memory: () => NO_MEMORY,
    recentModelImages: (sha, options) => t.app.observer.modelImage(sha, options),
  });
  const viewer = { id: 'bench-viewer', sendBinary: () => true, onDidClose: () => ({ dispose() {} }) };
  for (let i = 0; i < RUNS * 2; i++) {
    const mode: Mode = i % 2 === 0 ? 'adb' : 'mirror';
    await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
    await t.model.reset();
    if (mode === 'mirror') {
      const info = await t.app.mirror.start(t.rig.serial, viewer);
      if (info.mode !== 'scrcpy') throw new Error(`the mirror runs in ${info.mode} mode: ${info.reason ?? ''}`);
    }
    deviceMs = 0;
    executeMs = 0;
    observeMs = 0;
    inputMs = 0;
    inputCommands = 0;
    const start = performance.now();
    const { runId } = await runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'auto', useMemory: false },
    });
    await runs.settled(runId);
    const wallMs = performance.now() - start;
    if (mode === 'mirror') {
      t.app.mirror.stop(t.rig.serial, viewer.id);
      while (scrcpy.sessions > 0) await new Promise((r) => setTimeout(r, 50));
    }
    const st = runs.state(runId);
    if (st.status !== 'succeeded') throw new Error(`run ${i + 1} (${mode}) ended ${st.status}: ${st.outcomeReason}`);
    const records = runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
    const modelMs = records.reduce((a, r) => a + r.latencyMs, 0);
    const tokens = records.map(promptTokens);
    const byPurpose: Record<string, number[]> = {};
    records.forEach((r, k) => (byPurpose[r.purpose] ??= []).push(tokens[k]!));
    const loops = runs.events(runId).events.filter((e) => e.type === 'act_decided').length;
    const overhead = wallMs - modelMs - deviceMs;
    results.push({
      mode,
      callsPerAction: records.length / st.counters.executedActions,
      tokensPerCall: tokens.reduce((a, b) => a + b, 0) / tokens.length,
      overheadPerAction: overhead / st.counters.executedActions,
      overheadPerLoop: overhead / loops,
      wallMs,
      modelMs,
      deviceMs,
      executeMs,
      observeMs,
      inputMs,
      inputCommands,
      actions: st.counters.executedActions,
      calls: records.length,
      byPurpose: Object.fromEntries(
        Object.entries(byPurpose).map(([k, v]) => [k, Math.round(v.reduce((a, b) => a + b, 0) / v.length)]),
      ),
    });
    const r = results.at(-1)!;
    console.log(
      `run ${Math.floor(i / 2) + 1} ${mode === 'adb' ? 'without a mirror' : 'with a mirror   '}: ${r.actions} actions, ${r.calls} model calls, wall ${Math.round(wallMs)} ms = model ${Math.round(modelMs)} + device ${Math.round(deviceMs)} (observing ${Math.round(observeMs)}, executing ${Math.round(executeMs)} of which input ${Math.round(inputMs)}) + agent ${Math.round(overhead)} ms; \`input\` ran ${inputCommands}×`,
    );
  }
  const others = (process.env.MOBA_PERF_STRATEGIES?.split(',')
    .map((x) => x.trim())
    .filter(Boolean) ??
    (QUICK ? ['appagent'] : STRATEGY_NAMES.filter((n) => n !== 'moba' && n !== 'external'))) as StrategyName[];
  const strategyRuns = option('MOBA_PERF_STRATEGY_RUNS', 1, 1);
  for (const strategy of others) {
    const per: Array<{
      calls: number;
      actions: number;
      tokens: number[];
      byPurpose: Record<string, number[]>;
      overhead: number;
      perception: number;
    }> = [];
    for (let i = 0; i < strategyRuns; i++) {
      await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
      t.model.setScript(loadScript(`alarm-${strategy}.json`));
      deviceMs = 0;
      inputCommands = 0;
      const start = performance.now();
      const { runId } = await runs.start({
        serial: t.rig.serial,
        task: TASK,
        options: { strategy, mode: 'auto', useMemory: false, maxSteps: 40 },
      });
      await runs.settled(runId);
      const wallMs = performance.now() - start;
      const st = runs.state(runId);
      if (st.status !== 'succeeded')
        throw new Error(`${strategy} run ${i + 1} ended ${st.status}: ${st.outcomeReason}`);
      const events = runs.events(runId).events;
      const records = events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
      const perception = events.reduce(
        (a, e) => a + (e.type === 'observation' ? (e.observation.timings.vision ?? 0) : 0),
        0,
      );
      const tokens = records.map(promptTokens);
      const byPurpose: Record<string, number[]> = {};
      records.forEach((r, k) => (byPurpose[r.purpose] ??= []).push(tokens[k]!));
      const overhead = wallMs - records.reduce((a, r) => a + r.latencyMs, 0) - deviceMs;
      per.push({
        calls: records.length,
        actions: st.counters.executedActions,
        tokens,
        byPurpose,
        overhead,
        perception,
      });
      console.log(
        `${strategy} run ${i + 1}: ${st.counters.executedActions} actions, ${records.length} model calls, agent ${Math.round(overhead)} ms (screen reading ${Math.round(perception)} ms)`,
      );
    }
    const first = per[0]!;
    strategyResults[strategy] = {
      runs: strategyRuns,
      executedActions: first.actions,
      modelCalls: first.calls,
      modelCallsPerExecutedAction: round(median(per.map((r) => r.calls / r.actions)), 2),
      promptTokensPerCall: Math.round(median(per.map((r) => r.tokens.reduce((a, b) => a + b, 0) / r.tokens.length))),
      promptTokensPerCallByPurpose: Object.fromEntries(
        Object.entries(first.byPurpose).map(([k, v]) => [k, Math.round(v.reduce((a, b) => a + b, 0) / v.length)]),
      ),
      agentOverheadMsPerExecutedAction: round(median(per.map((r) => r.overhead / r.actions))),
      perceptionMsPerExecutedAction: round(median(per.map((r) => r.perception / r.actions))),
    };
  }
  await runs.dispose();
} finally {
  unspy.dispose();
  await scrcpy.close();
  await t.dispose();
}

const plain = results.filter((r) => r.mode === 'adb');
const mirrored = results.filter((r) => r.mode === 'mirror');
const perAction = (rs: RunResult[], f: (r: RunResult) => number) => median(rs.map((r) => f(r) / r.actions));
const deviceAdb = perAction(plain, (r) => r.deviceMs);
const deviceMirror = perAction(mirrored, (r) => r.deviceMs);
const executeAdb = perAction(plain, (r) => r.executeMs);
const executeMirror = perAction(mirrored, (r) => r.executeMs);
const inputAdb = perAction(plain, (r) => r.inputMs);
const inputMirror = perAction(mirrored, (r) => r.inputMs);
const observeAdb = perAction(plain, (r) => r.observeMs);
const observeMirror = perAction(mirrored, (r) => r.observeMs);
// A step as a person waits for it: the whole run's wall time per executed action (model, device, agent).
const stepAdb = perAction(plain, (r) => r.wallMs);
const stepMirror = perAction(mirrored, (r) => r.wallMs);
const summary = {
  perf: 'agent',
  runs: RUNS,
  executedActions: plain[0]!.actions,
  modelCalls: plain[0]!.calls,
  modelCallsPerExecutedAction: round(median(plain.map((r) => r.callsPerAction)), 2),
  promptTokensPerCall: Math.round(median(plain.map((r) => r.tokensPerCall))),
  promptTokensPerCallByPurpose: plain[0]!.byPurpose,
  agentOverheadMsPerExecutedAction: round(median(plain.map((r) => r.overheadPerAction))),
  agentOverheadMsPerLoopStep: round(median(plain.map((r) => r.overheadPerLoop))),
  targetOverheadMs: 50,
  stepMsPerExecutedAction: { liveOff: Math.round(stepAdb), liveOn: Math.round(stepMirror) },
  liveToOffStepRatio: round(stepMirror / stepAdb, 3),
  targetLiveToOffStepRatio: 1.1,
  deviceMsPerExecutedAction: Math.round(deviceAdb),
  overheadToDeviceRatio: round(median(plain.map((r) => (r.wallMs - r.modelMs - r.deviceMs) / r.deviceMs)), 3),
  deviceMsPerExecutedActionWithMirror: Math.round(deviceMirror),
  mirrorToAdbDeviceRatio: round(deviceMirror / deviceAdb, 3),
  executeMsPerAction: { adb: Math.round(executeAdb), mirror: Math.round(executeMirror) },
  mirrorToAdbExecuteRatio: round(executeMirror / executeAdb, 3),
  inputMsPerAction: { adb: round(inputAdb), mirror: round(inputMirror) },
  mirrorToAdbInputRatio: round(inputMirror / inputAdb, 3),
  observeMsPerAction: { adb: Math.round(observeAdb), mirror: Math.round(observeMirror) },
  mirrorToAdbObserveRatio: round(observeMirror / observeAdb, 3),
  inputCommandsPerRun: {
    adb: median(plain.map((r) => r.inputCommands)),
    mirror: median(mirrored.map((r) => r.inputCommands)),
  },
};
console.log(
  `\nmodel calls per executed action: ${summary.modelCallsPerExecutedAction} (${summary.modelCalls} calls for ${summary.executedActions} actions)`,
);
console.log(
  `prompt tokens per call: ${summary.promptTokensPerCall} (by purpose: ${Object.entries(
    summary.promptTokensPerCallByPurpose,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
console.log(
  `agent overhead per executed action: ${summary.agentOverheadMsPerExecutedAction} ms (per loop step ${summary.agentOverheadMsPerLoopStep} ms; target ≤ 50 ms); ${summary.overheadToDeviceRatio}× the device time`,
);
console.log(
  `step time per executed action: ${summary.stepMsPerExecutedAction.liveOff} ms with Live off, ${summary.stepMsPerExecutedAction.liveOn} ms with Live on (a running mirror): ${summary.liveToOffStepRatio}× (target ≤ ${summary.targetLiveToOffStepRatio}×)`,
);
console.log(
  `device time per executed action: ${summary.deviceMsPerExecutedAction} ms without a mirror, ${summary.deviceMsPerExecutedActionWithMirror} ms with one (${summary.mirrorToAdbDeviceRatio}×)`,
);
console.log(
  `  executing an action (input + settling): ${summary.executeMsPerAction.adb} ms through adb, ${summary.executeMsPerAction.mirror} ms through scrcpy (${summary.mirrorToAdbExecuteRatio}×)`,
);
console.log(
  `  its input alone: ${summary.inputMsPerAction.adb} ms through adb, ${summary.inputMsPerAction.mirror} ms through scrcpy (${summary.mirrorToAdbInputRatio}×); \`input\` ran ${summary.inputCommandsPerRun.adb}× vs ${summary.inputCommandsPerRun.mirror}× per run`,
);
console.log(
  `  observing: ${summary.observeMsPerAction.adb} ms without a mirror, ${summary.observeMsPerAction.mirror} ms with one (${summary.mirrorToAdbObserveRatio}×; the screenshot from whichever of screencap and the stream has been faster)`,
);
if (Object.keys(strategyResults).length) {
  console.log('\nper strategy (same case study, same recording of calls and tokens):');
  console.log(
    `${'strategy'.padEnd(17)} ${'actions'.padStart(7)} ${'calls'.padStart(6)} ${'calls/action'.padStart(12)} ${'tokens/call'.padStart(11)} ${'agent ms/action'.padStart(15)} ${'of which reading the screen'.padStart(27)}`,
  );
  const row = (
    name: string,
    f: {
      executedActions: number;
      modelCalls: number;
      modelCallsPerExecutedAction: number;
      promptTokensPerCall: number;
      agentOverheadMsPerExecutedAction: number;
      perceptionMsPerExecutedAction?: number;
    },
  ) =>
    console.log(
      `${name.padEnd(17)} ${String(f.executedActions).padStart(7)} ${String(f.modelCalls).padStart(6)} ${String(f.modelCallsPerExecutedAction).padStart(12)} ${String(f.promptTokensPerCall).padStart(11)} ${String(f.agentOverheadMsPerExecutedAction).padStart(15)} ${String(f.perceptionMsPerExecutedAction ?? 0).padStart(27)}`,
    );
  row('moba', summary);
  for (const [name, f] of Object.entries(strategyResults)) row(name, f);
}
console.log(
  JSON.stringify({ ...summary, ...(Object.keys(strategyResults).length ? { strategies: strategyResults } : {}) }),
);
