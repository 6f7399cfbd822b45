import { randomBytes } from 'node:crypto';
import type { ActionCall } from '../../shared/actions.ts';
import { MobaError } from '../../shared/errors.ts';
import type { ModelCallRecord } from '../../shared/schemas/llm.ts';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import type { RunOptions } from '../../shared/schemas/run.ts';
import type { RunEvent, RunEventBody, RunSummary } from '../../shared/schemas/run.ts';
import type { ModelRole } from '../../shared/schemas/settings.ts';
import { foldRun, nextId } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { ModelGateway } from '../llm/model-gateway.ts';
import { checkStrategyModels, runModelName } from './model-check.ts';
import { ReplayGateway } from '../llm/replay-gateway.ts';
import type { LlmGateway } from '../llm/types.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { ListRunsQuery, RunsRepo } from '../store/runs-repo.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { Emitter } from '@moba/base';
import type { AgentDevice, AgentMemory } from './ports.ts';
import { NO_MEMORY } from './ports.ts';
import { RunController } from './run-controller.ts';
import type { DecisionInput, RunLoop } from './run-controller.ts';
import { outcomeOf, replayingEvents } from './run-handle.ts';
import type { CustomLoop, RunHandle, RunOutcome, StopCause } from './run-handle.ts';
import type { EndCause } from '../../shared/schemas/end-cause.ts';
import { DEFAULT_SCREEN_ENCODING, ScreenPreparer } from './screens.ts';
import type { RecentModelImages } from './screens.ts';
import { ownerAlive, processOwner } from './ownership.ts';
import type { DeviceLockPort } from './device-lock.ts';
import { planEditEvents, proposalIsStale } from './plan-edits.ts';
import { personStepEvents } from './person-steps.ts';
import { resolveRunOptions } from './run-options.ts';
import type { PlanEdit, StartRunInput as StartRunRequest } from '../../shared/contract/runs.ts';
import { strategy } from './strategies/registry.ts';
import { externalProgramMissing } from './strategies/external/external-loop.ts';
import { NO_STRATEGY_MEMORY } from './ports.ts';
import type { StrategyKit } from './strategies/common/kit.ts';
import type { StrategyMemory } from './ports.ts';
import { OcrEngine } from '../perception/ocr.ts';

/**
 * What `start` takes: the contract's request (`startRun`), its run options gathered; anything
 * omitted comes from the agent settings, and the strategy defaults to MobA.
 */
export type RunSpec = Pick<StartRunRequest, 'serial' | 'task'> & {
  options?: Partial<RunOptions>;
  /** The task was spoken: its transcript, recorded in the run as a voice_input event. */
  voice?: VoiceRef | undefined;
  /** Keys the caller supplies for this run's model requests; in memory only, never in the log. */
  apiKeys?: Partial<Record<ModelRole, string>>;
  /** The memory this run uses instead of the app's (benchmarks isolate each configuration's); not kept across a restart. */
  memory?: AgentMemory;
  /** Likewise the other strategies' memory (demonstrations, Tips, Shortcuts). */
  strategyMemory?: StrategyMemory;
  /** Drive the run with this loop instead of the strategy's (the benchmark's pseudo-agents). */
  loop?: CustomLoop;
};
import type { VoiceInputBody, VoiceRef } from '../../shared/schemas/voice.ts';

export interface RunServiceOptions {
  repo: RunsRepo;
  artifacts: ArtifactStore;
  settings: SettingsService;
  appVersion: string;
  /** The device a run acts on. @throws MobaError DEVICE_NOT_FOUND */
  device(serial: string): AgentDevice;
  memory(): AgentMemory;
  /** Recent screens already encoded for a model (the observer keeps them), so prompts skip decoding PNGs again. */
  recentModelImages?: RecentModelImages;
  /** One driver per device across processes (see device-lock.ts); without it only this process's runs are checked. */
  deviceLocks?: DeviceLockPort;
  /** Builds the live model gateway of a run (tests and the CLI may supply their own). */
  gateway?: (options: RunOptions) => LlmGateway;
  /** Long-term memory of the other strategies (demonstrations, Tips, Shortcuts); default none. */
  strategyMemory?: (options: { approvedOnly?: boolean }) => StrategyMemory;
  /** The voice_input event for a transcript (VoiceService.voiceInput). @throws MobaError NOT_FOUND */
  voiceInput?: (transcriptId: string, use: VoiceInputBody['use'], text: string) => VoiceInputBody;
  now?: () => number;
}

export interface RunEventNotice {
  runId: string;
  event: RunEvent;
  summary: RunSummary;
}

/** Why a run whose driver (a benchmark pseudo-agent) only the process that started it has cannot go on. */
function undrivable(driver: string): MobaError {
  return new MobaError(
    'RUN_STATE',
    `This run was driven by "${driver}", which only the benchmark episode that started it runs; it cannot be continued.`,
  );
}

function newRunId(now: number): string {
  const d = new Date(now);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${randomBytes(2).toString('hex')}`;
}

/**
 * All runs: starting them, their controllers while active, human decisions, plan edits,
 * pause/resume/stop, and recovery after the app stopped mid-run. Every change goes through
 * a run's event log; listeners get each appended event.
 */
export class RunService {
  private readonly o: RunServiceOptions;
  private readonly controllers = new Map<string, RunController>();
  /** Runs started here with a loop of their own (`spec.loop`): only this process can drive them. */
  private readonly drivenHere = new Set<string>();
  private readonly gateways = new Map<string, { dispose?: () => void }>();
  private readonly runKeys = new Map<string, Partial<Record<ModelRole, string>>>();
  private readonly modelNotes = new Map<string, { dispose(): void }>();
  private readonly onDidAppendEmitter = new Emitter<RunEventNotice>();
  readonly onDidAppend = this.onDidAppendEmitter.event;
  private readonly now: () => number;
  private ocr: OcrEngine | undefined;
  private disposed = false;

  constructor(options: RunServiceOptions) {
    this.o = options;
    this.now = options.now ?? Date.now;
  }

  /** What strategy loops share: artifacts, one OCR engine for all runs, their memory. */
  private kitFor(options: RunOptions, memory?: StrategyMemory): StrategyKit {
    return {
      artifacts: this.o.artifacts,
      modelName: (role) =>
        runModelName(this.o.settings, () => this.o.repo.events(options.replayOf!).events, options, role),
      ocr: () => (this.ocr ??= new OcrEngine()),
      memory: !options.useMemory
        ? NO_STRATEGY_MEMORY
        : (memory ??
          (this.o.strategyMemory
            ? this.o.strategyMemory(options.approvedMemoriesOnly ? { approvedOnly: true } : {})
            : NO_STRATEGY_MEMORY)),
    };
  }

  /**
   * Runs that were in progress when the app stopped: a running one is paused at its last
   * event ("resume to continue"); one waiting for a person keeps waiting — a decision resumes it.
   */
  recover(): string[] {
    const recovered: string[] = [];
    for (const run of this.o.repo.unfinished()) {
      if (this.controllers.has(run.id)) continue;
      // Another MobA Studio process (desktop app, CLI, web host) on the same data folder is driving it.
      if (ownerAlive(run.owner, run.heartbeatAt, this.now())) continue;
      if (run.status === 'running') {
        const c = this.controllerFor(run.id);
        c.append({
          type: 'run_paused',
          by: 'system',
          reason: 'MobA Studio stopped while this run was in progress. Resume to continue from here.',
        });
        recovered.push(run.id);
      }
    }
    return recovered;
  }

  /**
   * Starts a run on a device, driven by its strategy's loop (or `spec.loop`), and returns its
   * handle: the run's events, how its loop ends, stop.
   * @throws MobaError DEVICE_NOT_FOUND, CONFLICT (the device already runs one), RUN_NOT_FOUND (replayOf)
   */
  async start(input: RunSpec): Promise<RunHandle> {
    const device = this.o.device(input.serial);
    const busy = [...this.controllers.values()].find(
      (c) =>
        c.snapshot.serial === input.serial &&
        !TERMINAL_STATUSES.includes(c.snapshot.status) &&
        c.snapshot.status !== 'paused',
    );
    if (busy)
      throw new MobaError('CONFLICT', `Device ${input.serial} is busy with run ${busy.runId}; pause or stop it first.`);
    const options = resolveRunOptions(input.options ?? {}, this.o.settings.get().agent);
    if (options.strategy === 'external' && !input.loop) throw externalProgramMissing();
    if (!this.o.gateway) checkStrategyModels(this.o.settings, options);
    if (options.replayOf && !this.o.repo.get(options.replayOf))
      throw new MobaError('RUN_NOT_FOUND', `No run ${options.replayOf} to replay`);
    // Checked before the run exists: an unknown transcript starts nothing.
    const voice = input.voice ? this.voiceBody(input.voice, 'task', input.task) : null;
    const abort = new AbortController();
    const runId = newRunId(this.now());
    // Another process's run on this device refuses this one before anything is recorded.
    this.o.deviceLocks?.acquire(input.serial, runId);
    const facts = await device.facts(abort.signal).catch((error: unknown) => {
      this.o.deviceLocks?.release(input.serial, runId);
      throw error instanceof MobaError
        ? error
        : new MobaError('DEVICE_NOT_FOUND', `Device ${input.serial} did not answer: ${(error as Error).message}`);
    });
    const now = this.now();
    if (input.apiKeys && Object.keys(input.apiKeys).length) this.runKeys.set(runId, input.apiKeys);
    this.o.repo.create({
      id: runId,
      task: input.task,
      serial: input.serial,
      mode: options.mode,
      replayOf: options.replayOf,
      now,
    });
    const c = this.controllerFor(runId, {
      options,
      memory: input.memory,
      strategyMemory: input.strategyMemory,
      loop: input.loop?.loop,
    });
    if (input.loop) this.drivenHere.add(runId);
    c.append({
      type: 'run_started',
      task: input.task,
      serial: input.serial,
      options,
      appVersion: this.o.appVersion,
      device: facts,
      ...(input.loop ? { driver: input.loop.name } : {}),
    });
    if (input.loop) c.append({ type: 'message', from: 'system', nodeId: null, text: input.loop.description });
    if (voice) c.append({ type: 'voice_input', ...voice });
    const rootId = nextId(c.snapshot, 'n');
    c.append({ type: 'node_added', nodeId: rootId, parentId: null, goal: input.task, by: 'person' });
    c.append({ type: 'cursor_moved', nodeId: rootId, by: 'agent' });
    c.start();
    return this.handle(runId, 0);
  }

  /**
   * A handle on a run that exists (started here or elsewhere, going or ended): its events from
   * `from` on, and how its loop in this process ends.
   * @throws MobaError RUN_NOT_FOUND
   */
  follow(runId: string, from = 0): RunHandle {
    this.get(runId);
    return this.handle(runId, from);
  }

  private handle(runId: string, from: number): RunHandle {
    const outcome = (): RunOutcome =>
      outcomeOf(this.state(runId), this.controllers.get(runId)?.loopEnd ?? { error: null, detached: false });
    const settled = this.controllers.get(runId)?.settled() ?? Promise.resolve();
    return {
      runId,
      events: replayingEvents(runId, from, (f) => this.o.repo.events(runId, { from: f }).events, this.onDidAppend),
      done: settled.then(outcome, outcome),
      state: () => this.state(runId),
      stop: async (reason, cause = 'stopped_by_person') => {
        await this.stop(runId, { reason, cause });
        await this.settled(runId);
        return outcome();
      },
    };
  }

  private gatewayFor(runId: string, options: RunOptions): LlmGateway {
    if (options.replayOf) {
      const { events } = this.o.repo.events(options.replayOf);
      const records: ModelCallRecord[] = events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
      const g = new ReplayGateway({ records, mode: 'lenient', artifacts: this.o.artifacts });
      this.gateways.set(runId, g as { dispose?: () => void });
      return g;
    }
    if (this.o.gateway) return this.o.gateway(options);
    const apiKeys = this.runKeys.get(runId);
    const g = new ModelGateway({
      settings: this.o.settings,
      overrides: { roles: options.models },
      artifacts: this.o.artifacts,
      ...(apiKeys ? { apiKeys } : {}),
    });
    this.gateways.set(runId, g);
    return g;
  }

  /**
   * The run's controller in this process, made on first use. `init` comes from `start`; a run
   * opened again later (recovery, a decision after a restart) is rebuilt from its log.
   */
  private controllerFor(
    runId: string,
    init?: { options: RunOptions; memory?: AgentMemory; strategyMemory?: StrategyMemory; loop?: RunLoop | undefined },
  ): RunController {
    const existing = this.controllers.get(runId);
    if (existing) return existing;
    const summary = this.o.repo.get(runId);
    if (!summary) throw new MobaError('RUN_NOT_FOUND', `No run ${runId}`);
    const { events } = this.o.repo.events(runId);
    const state = foldRun(runId, events);
    const options = init?.options ?? state.options;
    if (!options) throw new MobaError('RUN_STATE', `Run ${runId} has no start event`);
    const memory = options.useMemory ? (init?.memory ?? this.o.memory()) : NO_MEMORY;
    const gateway = this.gatewayFor(runId, options);
    this.noteModels(runId, gateway, memory);
    const c = new RunController({
      runId,
      events,
      repo: this.o.repo,
      device: this.lazyDevice(summary.serial),
      memory,
      gateway,
      screens: new ScreenPreparer(this.o.artifacts, DEFAULT_SCREEN_ENCODING, this.o.recentModelImages),
      loop:
        init?.loop ??
        (state.driver
          ? async () => {
              throw undrivable(state.driver!);
            }
          : strategy(options.strategy).loop(this.kitFor(options, init?.strategyMemory))),
      deviceLock: this.o.deviceLocks,
      onEvent: (event) => {
        const s = this.o.repo.get(runId);
        if (s) this.onDidAppendEmitter.fire({ runId, event, summary: s });
      },
      now: this.now,
    });
    this.controllers.set(runId, c);
    return c;
  }

  /**
   * Memory provenance: what a run writes says which model(s) wrote it — the models its chat
   * calls actually went to (overrides and replays included), as they are first seen.
   */
  private noteModels(runId: string, gateway: LlmGateway, memory: AgentMemory): void {
    if (!memory.noteRun) return;
    const seen = new Set<string>();
    this.modelNotes.get(runId)?.dispose();
    this.modelNotes.set(
      runId,
      gateway.onDidRecord((record) => {
        if (record.kind !== 'chat' || seen.has(record.model)) return;
        seen.add(record.model);
        const label = [...seen].join(', ');
        memory.noteRun?.(runId, label.length > 300 ? `${label.slice(0, 299)}…` : label);
      }),
    );
  }

  /** Resolves the device when the loop first needs it, so a recovered run opens without its phone. */
  private lazyDevice(serial: string): AgentDevice {
    let device: AgentDevice | undefined;
    const get = () => (device ??= this.o.device(serial));
    return {
      serial,
      facts: (s) => get().facts(s),
      clock: async (s) => {
        const d = get();
        if (!d.clock) throw new MobaError('DEVICE_COMMAND_FAILED', `${serial} cannot tell its date and time`);
        return d.clock(s);
      },
      installedApps: (s) => get().installedApps(s),
      observe: (s, o) => get().observe(s, o),
      execute: (a, c) => get().execute(a, c),
    };
  }

  /**
   * The controller for a run-changing call. A run another live process drives is refused: only
   * its owner may change it (two writers would interleave its log).
   * @throws MobaError CONFLICT naming the owner, RUN_NOT_FOUND
   */
  private active(runId: string): RunController {
    this.assertNotDrivenElsewhere(runId);
    return this.controllerFor(runId);
  }

  private assertNotDrivenElsewhere(runId: string): void {
    if (this.controllers.get(runId)?.active) return;
    const current = this.o.repo.owner(runId);
    if (current?.owner && ownerAlive(current.owner, current.heartbeatAt, this.now(), processOwner())) {
      const who = this.o.deviceLocks?.describeOwner(current.owner) ?? `another MobA Studio process (${current.owner})`;
      throw new MobaError('CONFLICT', `Run ${runId} is driven by ${who}; pause, stop or answer it there.`, {
        details: { runId, owner: current.owner },
      });
    }
  }

  state(runId: string): RunState {
    const c = this.controllers.get(runId);
    if (c) return c.snapshot;
    if (!this.o.repo.get(runId)) throw new MobaError('RUN_NOT_FOUND', `No run ${runId}`);
    return foldRun(runId, this.o.repo.events(runId).events);
  }

  get(runId: string): RunSummary {
    const s = this.o.repo.get(runId);
    if (!s) throw new MobaError('RUN_NOT_FOUND', `No run ${runId}`);
    return s;
  }

  events(runId: string, from = 0): { events: RunEvent[]; skipped: number } {
    this.get(runId);
    return this.o.repo.events(runId, { from });
  }

  list(query: ListRunsQuery): { runs: RunSummary[]; total: number } {
    return this.o.repo.list(query);
  }

  /** `why` defaults to the person pausing it (the CLI pauses a run nobody can answer, as the system). */
  async pause(
    runId: string,
    why: { by: 'person' | 'system'; reason: string } = { by: 'person', reason: 'Paused by the person' },
  ): Promise<void> {
    await this.active(runId).pause(why.by, why.reason);
  }

  /** @throws MobaError RUN_STATE for a pseudo-agent's run this process did not start, before anything is recorded */
  resume(runId: string): void {
    const c = this.active(runId);
    this.assertDrivable(c.snapshot);
    c.resume('person');
  }

  private assertDrivable(st: RunState): void {
    const c = this.controllers.get(st.runId);
    if (st.driver && !c?.active && !this.drivenHere.has(st.runId)) throw undrivable(st.driver);
  }

  /**
   * A person's new model endpoints for a run that has not ended (e.g. after one could not be
   * reached): recorded as `models_changed`, used from the next model call on (and after a restart).
   * @throws MobaError RUN_STATE when the run has ended; CONFLICT, RUN_NOT_FOUND as for any change
   */
  setModels(runId: string, models: RunOptions['models']): void {
    const c = this.active(runId);
    if (TERMINAL_STATUSES.includes(c.snapshot.status))
      throw new MobaError('RUN_STATE', `Run ${runId} has ended; its endpoints can no longer change.`);
    c.append({ type: 'models_changed', models, by: 'person' });
    const gateway = this.gateways.get(runId);
    if (gateway instanceof ModelGateway) gateway.setOverrides({ roles: models });
  }

  /**
   * Ends a run as stopped. The cause defaults to `stopped_by_person`; any other cause is the
   * system's (a benchmark's time limit, its stop).
   */
  async stop(runId: string, why: { reason?: string; cause?: StopCause } = {}): Promise<void> {
    const cause: EndCause = why.cause ?? 'stopped_by_person';
    const by = cause === 'stopped_by_person' ? 'person' : 'system';
    await this.active(runId).stop(by, why.reason ?? 'Stopped by the person', cause);
  }

  /**
   * A person's decision; `voice` names the transcript its feedback came from (a spoken
   * rejection or guidance), recorded as a voice_input event just before the decision.
   * @throws MobaError RUN_STATE (not waiting), INVALID_INPUT (voice without feedback), NOT_FOUND (transcript)
   */
  decide(runId: string, input: DecisionInput, voice?: VoiceRef): void {
    const c = this.active(runId);
    // A decision after a restart starts the loop again: only a loop this process has.
    this.assertDrivable(c.snapshot);
    if (!voice) {
      c.decide(input);
      return;
    }
    if (!c.snapshot.waiting) throw new MobaError('RUN_STATE', 'This run is not waiting for a decision');
    const text = input.feedback?.trim();
    if (!text || (input.decision !== 'answer' && input.decision !== 'reject'))
      throw new MobaError(
        'INVALID_INPUT',
        'A spoken decision is guidance ("answer") or a rejection with its feedback text',
      );
    const body = this.voiceBody(voice, input.decision === 'answer' ? 'guidance' : 'feedback', text);
    c.append({ type: 'voice_input', ...body });
    c.decide(input);
  }

  private voiceBody(voice: VoiceRef, use: VoiceInputBody['use'], text: string): VoiceInputBody {
    if (!this.o.voiceInput) throw new MobaError('INVALID_INPUT', 'Voice input is not available in this host');
    return this.o.voiceInput(voice.transcriptId, use, text);
  }

  /** A plan edit by the person, as events with provenance. */
  editPlan(runId: string, edit: PlanEdit): void {
    const c = this.active(runId);
    if (TERMINAL_STATUSES.includes(c.snapshot.status)) throw new MobaError('RUN_STATE', `Run ${runId} has ended`);
    for (const e of planEditEvents(c.snapshot, edit)) c.append(e);
    if (edit.op === 'replan') c.requestReplan(edit.nodeId);
    // A proposal for a sub-goal that was removed, closed or left behind is not waited on any longer.
    if (c.active && proposalIsStale(c.snapshot)) c.decide({ decision: 'reject' });
  }

  /**
   * The run a person's action on a device belongs to: of this process's runs on the device that
   * have not ended, the one driving it (running, or waiting for a person) — else the paused one
   * touched last (what the person does while it pauses is part of its story: resuming continues
   * from there). Null when no run is on the device. At most one run records a person's step.
   */
  runOnDevice(serial: string): string | null {
    let best: RunState | null = null;
    for (const c of this.controllers.values()) {
      const st = c.snapshot;
      if (st.serial !== serial || TERMINAL_STATUSES.includes(st.status)) continue;
      const driving = st.status !== 'paused';
      const bestDriving = best !== null && best.status !== 'paused';
      // Ties go to the run opened later.
      if (!best || (driving && !bestDriving) || (driving === bestDriving && st.updatedAt >= best.updatedAt)) best = st;
    }
    return best?.runId ?? null;
  }

  /**
   * Records a step a person performed on the run's device (mirror input, the action box, a
   * take-over) as `step_proposed` + `step_executed` by the person, under the current sub-goal —
   * during a take-over or copilot wait this is how the agent learns what the person did.
   * `PersonActions` is the one caller. @returns whether it was recorded (not before the run's
   * first observation, nor in an ended run)
   */
  recordPersonStep(runId: string, action: ActionCall, result: { ok: boolean; durationMs: number }): boolean {
    const c = this.controllers.get(runId);
    if (!c || TERMINAL_STATUSES.includes(c.snapshot.status)) return false;
    const events = personStepEvents(c.snapshot, action, result);
    for (const e of events) c.append(e);
    return events.length > 0;
  }

  /** Starts a person-initiated take-over: the loop pauses its work and waits for "hand back". */
  async takeOver(runId: string): Promise<void> {
    const c = this.active(runId);
    const st = c.snapshot;
    if (st.waiting) {
      c.decide({ decision: 'take_over' });
      return;
    }
    await c.pause('person', 'The person took over');
    c.append({
      type: 'human_wait',
      waitId: nextId(c.snapshot, 'w'),
      kind: 'take_over',
      stepId: null,
      prompt: 'You have control of the phone. Act on the mirror, then hand back.',
    });
  }

  /** @throws MobaError RUN_STATE while the run is still going. */
  delete(runId: string): boolean {
    this.assertNotDrivenElsewhere(runId);
    const st = this.state(runId);
    if (!TERMINAL_STATUSES.includes(st.status) && st.status !== 'paused')
      throw new MobaError('RUN_STATE', `Run ${runId} is ${st.status}; stop it before deleting it`);
    const c = this.controllers.get(runId);
    c?.dispose();
    this.controllers.delete(runId);
    this.drivenHere.delete(runId);
    this.modelNotes.get(runId)?.dispose();
    this.modelNotes.delete(runId);
    return this.o.repo.delete(runId);
  }

  /**
   * Appends an event that does not drive the loop (a failure annotation) through the run's
   * controller when this process holds one, so the controller's log position stays right.
   * @returns the event, or null when this process holds no controller for the run
   */
  appendIfHeld(runId: string, body: RunEventBody): RunEvent | null {
    const c = this.controllers.get(runId);
    return c ? c.append(body) : null;
  }

  activeRuns(): string[] {
    return [...this.controllers.entries()].filter(([, c]) => c.active).map(([id]) => id);
  }

  /** Waits until a run's loop has nothing left to do right now (finished, paused or waiting). */
  async settled(runId: string): Promise<void> {
    await this.controllers.get(runId)?.settled();
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const pending = [...this.controllers.values()].map((c) => c.shutdown());
    await Promise.all(pending);
    for (const g of this.gateways.values()) g.dispose?.();
    for (const n of this.modelNotes.values()) n.dispose();
    this.controllers.clear();
    await this.ocr?.dispose();
    this.onDidAppendEmitter.dispose();
  }
}
