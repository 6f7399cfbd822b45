import type { z } from 'zod';
import { validateAction, parseAction } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import { MobaError, serializeError } from '../../shared/errors.ts';
import type { ErrorCode } from '../../shared/errors.ts';
import type { EndCause } from '../../shared/schemas/end-cause.ts';
import type { ModelCallRecord } from '../../shared/schemas/llm.ts';
import type { DecisionKind, RunEvent, RunEventBody, WaitKind } from '../../shared/schemas/run.ts';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import type { ChatRole } from '../../shared/schemas/settings.ts';
import { foldRun, nextId, reduceRun } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { callStructured } from '../llm/structured.ts';
import type { StructuredCallOptions } from '../llm/structured.ts';
import type { ChatMessage, LlmGateway, ModelWait } from '../llm/types.ts';
import type { RunsRepo, RunSummaryUpdate } from '../store/runs-repo.ts';
import type { Disposable } from '@moba/base';
import type { AgentDevice, AgentMemory, RetrievedMemoryItem } from './ports.ts';
import type { ScreenPreparer } from './screens.ts';
import { HEARTBEAT_MS, ownerAlive, processOwner } from './ownership.ts';
import type { DeviceLockPort } from './device-lock.ts';

/** What a person decides, as it arrives from the UI, the CLI or a test. */
export interface DecisionInput {
  decision: DecisionKind;
  /** For edit/override: the action to perform instead (structured or call syntax). */
  action?: ActionCall | string | undefined;
  feedback?: string | undefined;
}

export interface ResolvedDecision {
  decision: DecisionKind;
  action: ActionCall | null;
  feedback: string | null;
}

const ALLOWED: Record<WaitKind, readonly DecisionKind[]> = {
  approve: ['approve', 'edit', 'override', 'reject', 'take_over'],
  copilot: ['hand_back', 'approve', 'edit', 'override', 'reject', 'take_over'],
  take_over: ['hand_back'],
  escalation: ['answer', 'approve', 'take_over', 'reject'],
};

/**
 * One model step: a JSON reply checked by `schema`, or — for models with a grammar of their own
 * (GUI-native models) — a text reply read by `parse` (`repairHint` says in the repair round how
 * to answer instead). Either way the parser sees the answer only, never a model's reasoning.
 */
export type ModelStepOptions<T> = {
  role: ChatRole;
  purpose: string;
  nodeId: string | null;
  messages: ChatMessage[];
  memories: RetrievedMemoryItem[];
} & (
  | { schema: z.ZodType<T>; parse?: undefined; repairHint?: undefined }
  | { parse: NonNullable<StructuredCallOptions<T>['parse']>; repairHint: string; schema?: undefined }
);

export type ModelStepResult<T> =
  /** `reasoning`: what a thinking model reasoned before the reply the value came from (for display, never parsed). */
  | { ok: true; value: T; callIds: string[]; reasoning: string | null }
  | { ok: false; error: MobaError; callIds: string[] };

/** The loop's view of its run: state, appending events, people, models, the device. */
export interface LoopContext {
  readonly runId: string;
  readonly signal: AbortSignal;
  readonly device: AgentDevice;
  readonly memory: AgentMemory;
  readonly screens: ScreenPreparer;
  state(): RunState;
  append(body: RunEventBody): RunEvent;
  /** Appends a human_wait (or re-uses the open one after a restart) and resolves with the decision. */
  waitForPerson(kind: WaitKind, stepId: string | null, prompt: string): Promise<ResolvedDecision>;
  /**
   * A structured model call, recorded as model_call events with the memories the prompt got.
   * Invalid or refused replies (after the repair round) come back as `ok: false`; transport
   * and configuration errors throw.
   */
  modelStep<T>(options: ModelStepOptions<T>): Promise<ModelStepResult<T>>;
  /** A node a person asked to re-plan, consumed once. */
  takeReplanRequest(): string | null;
  /**
   * Calls `listener` with every event appended to the run from now on (the person's decisions,
   * plan edits), until the returned function is called or the loop ends.
   */
  onEvent?(listener: (event: RunEvent) => void): () => void;
}

export type RunLoop = (ctx: LoopContext) => Promise<void>;

/** How the last loop of a controller stopped, beyond what the run's state says. */
export interface LoopEnd {
  /** The error that stopped it (recorded as a fatal run_error; the run paused), or null. */
  error: { code: ErrorCode; message: string } | null;
  /** Another process took the run over: this one let go without writing. */
  detached: boolean;
}

export interface RunControllerOptions {
  runId: string;
  events: RunEvent[];
  repo: RunsRepo;
  device: AgentDevice;
  memory: AgentMemory;
  gateway: LlmGateway;
  screens: ScreenPreparer;
  loop: RunLoop;
  /** The cross-process device lock the loop holds while it runs (none: this process's check only). */
  deviceLock?: DeviceLockPort | undefined;
  onEvent(event: RunEvent, state: RunState): void;
  now?: () => number;
}

function summaryOf(s: RunState): RunSummaryUpdate {
  return {
    status: s.status,
    outcomeReason: s.outcomeReason,
    steps: s.counters.executedActions,
    modelCalls: s.counters.modelCalls,
    tokens: s.counters.promptTokens + s.counters.completionTokens,
  };
}

class StopSignal extends Error {
  /** detach: the app is shutting down while the run waits for a person; nothing is appended. */
  readonly kind: 'pause' | 'stop' | 'detach';
  readonly by: 'person' | 'system';
  readonly reason: string;
  constructor(kind: 'pause' | 'stop' | 'detach', by: 'person' | 'system', reason: string) {
    super(reason);
    this.kind = kind;
    this.by = by;
    this.reason = reason;
  }
}

/**
 * One run: its folded state, its event log, and its loop. Every change is an appended event;
 * the state is always `foldRun(events)`. The loop can be paused, stopped and resumed (also
 * after the app restarted); a run waiting for a person holds only a pending promise.
 */
export class RunController {
  readonly runId: string;
  private state: RunState;
  private readonly o: RunControllerOptions;
  private readonly now: () => number;
  private loop: { abort: AbortController; done: Promise<void> } | null = null;
  /** The loop's own listeners (`LoopContext.onEvent`). */
  private readonly loopListeners = new Set<(event: RunEvent) => void>();
  private pendingWait: {
    waitId: string;
    kind: WaitKind;
    resolve(d: ResolvedDecision): void;
    reject(e: unknown): void;
  } | null = null;
  private queuedDecision: ResolvedDecision | null = null;
  private replanRequests: string[] = [];
  private readonly recordSub: Disposable;
  private readonly waitSub: Disposable | undefined;
  private callContext: { nodeId: string | null; memories: RetrievedMemoryItem[]; ids: string[] } | null = null;
  private end: LoopEnd = { error: null, detached: false };

  constructor(options: RunControllerOptions) {
    this.o = options;
    this.runId = options.runId;
    this.now = options.now ?? Date.now;
    this.state = foldRun(options.runId, options.events);
    this.recordSub = options.gateway.onDidRecord((record) => this.onModelRecord(record));
    this.waitSub = options.gateway.onDidWait?.((wait) => this.onModelWait(wait));
  }

  get snapshot(): RunState {
    return this.state;
  }

  get active(): boolean {
    return this.loop !== null;
  }

  /** Resolves when the current loop (if any) has ended. */
  async settled(): Promise<void> {
    await this.loop?.done;
  }

  /** How the last loop stopped (an error, a take-over by another process). */
  get loopEnd(): LoopEnd {
    return this.end;
  }

  append(body: RunEventBody): RunEvent {
    let next: RunState | undefined;
    let event: RunEvent;
    try {
      event = this.o.repo.append(
        this.runId,
        body,
        this.now(),
        (e) => {
          next = reduceRun(this.state, e);
          return summaryOf(next);
        },
        this.state.lastSeq + 1,
      );
    } catch (error) {
      if (error instanceof MobaError && error.code === 'CONFLICT') this.logMoved();
      throw error;
    }
    this.state = next!;
    this.o.onEvent(event, this.state);
    for (const listener of this.loopListeners) listener(event);
    return event;
  }

  /**
   * Starts (or continues) the loop, claiming the run and its device for this process.
   * @throws MobaError CONFLICT when another live process drives the run or holds the device.
   */
  start(): void {
    if (this.loop || TERMINAL_STATUSES.includes(this.state.status)) return;
    const me = this.claim();
    const serial = this.state.serial;
    const beat = setInterval(() => this.beat(me, serial), HEARTBEAT_MS);
    beat.unref();
    const abort = new AbortController();
    this.end = { error: null, detached: false };
    const done = this.runLoop(abort).finally(() => {
      clearInterval(beat);
      this.o.repo.releaseOwner(this.runId, me);
      this.o.deviceLock?.release(serial, this.runId);
      this.loop = null;
    });
    this.loop = { abort, done };
  }

  /**
   * Claims the run, then its device, for this process (again, harmlessly, when it has them).
   * @throws MobaError CONFLICT naming the process that drives the run or holds the device
   */
  private claim(): string {
    const me = processOwner();
    const now = this.now();
    const other = this.o.repo.claim(this.runId, me, now, (c) => ownerAlive(c.owner, c.heartbeatAt, now, me));
    if (other)
      throw new MobaError(
        'CONFLICT',
        `Run ${this.runId} is being driven by ${this.o.deviceLock?.describeOwner(other) ?? `another MobA Studio process (${other})`}; pause, stop or answer it there.`,
      );
    try {
      this.o.deviceLock?.acquire(this.state.serial, this.runId);
    } catch (error) {
      this.o.repo.releaseOwner(this.runId, me);
      throw error;
    }
    return me;
  }

  /** The heartbeat: a run or device that another process took over meanwhile is let go of cleanly. */
  private beat(me: string, serial: string): void {
    const now = this.now();
    if (!this.o.repo.renewOwner(this.runId, me, now)) {
      this.loop?.abort.abort(new StopSignal('detach', 'system', 'Another MobA Studio process took this run over.'));
      console.error(`[moba] run ${this.runId}: another process took this run over; this one stops driving it.`);
      return;
    }
    if (this.o.deviceLock && !this.o.deviceLock.renew(serial, this.runId)) {
      this.loop?.abort.abort(
        new StopSignal(
          'pause',
          'system',
          `Another MobA Studio process took device ${serial} over while this run was silent. Resume when the device is free again.`,
        ),
      );
    }
  }

  /**
   * Another writer appended to this run's log: catch up with what it wrote (listeners see those
   * events too), then stop the loop — paused with the reason when the run is still ours, let go
   * of silently when another live process now drives it.
   */
  private logMoved(): void {
    const { events } = this.o.repo.events(this.runId, { from: this.state.lastSeq + 1 });
    for (const e of events) {
      this.state = reduceRun(this.state, e);
      this.o.onEvent(e, this.state);
    }
    const me = processOwner();
    const current = this.o.repo.owner(this.runId);
    const elsewhere =
      current?.owner && current.owner !== me && ownerAlive(current.owner, current.heartbeatAt, this.now(), me);
    const reason = elsewhere
      ? `Another MobA Studio process (${current.owner}) drives this run now.`
      : 'The run was changed by another MobA Studio process while this one drove it; paused here. Resume to continue from the changed log.';
    if (elsewhere) console.error(`[moba] run ${this.runId}: ${reason} This process stops driving it.`);
    this.loop?.abort.abort(new StopSignal(elsewhere ? 'detach' : 'pause', 'system', reason));
  }

  resume(by: 'person' | 'system'): void {
    if (TERMINAL_STATUSES.includes(this.state.status))
      throw new MobaError('RUN_STATE', `Run ${this.runId} has ended (${this.state.status})`);
    if (this.loop) return;
    // Refused before anything is written when another process has the run or the device.
    this.claim();
    if (this.state.status === 'paused') this.append({ type: 'run_resumed', by });
    this.start();
  }

  async pause(by: 'person' | 'system', reason: string): Promise<void> {
    if (TERMINAL_STATUSES.includes(this.state.status) || this.state.status === 'paused') return;
    if (this.loop) {
      this.loop.abort.abort(new StopSignal('pause', by, reason));
      await this.loop.done;
    } else this.append({ type: 'run_paused', by, reason });
  }

  /** Ends the run as stopped, with why: `cause` typed, `reason` in words. */
  async stop(by: 'person' | 'system', reason: string, cause: EndCause): Promise<void> {
    if (TERMINAL_STATUSES.includes(this.state.status)) return;
    if (this.loop) {
      this.loop.abort.abort(new StopSignal('stop', by, reason));
      await this.loop.done;
    }
    if (!TERMINAL_STATUSES.includes(this.state.status))
      this.append({ type: 'run_finished', outcome: 'stopped', cause, reason, answer: this.state.answer });
  }

  /**
   * A person's decision on the open wait. Starts the loop again when the app was restarted
   * while the run waited.
   * @throws MobaError RUN_STATE when nothing waits or the decision does not fit the wait.
   */
  decide(input: DecisionInput): void {
    const waiting = this.state.waiting;
    if (!waiting) throw new MobaError('RUN_STATE', 'This run is not waiting for a decision');
    if (!ALLOWED[waiting.kind].includes(input.decision)) {
      throw new MobaError(
        'RUN_STATE',
        `"${input.decision}" does not answer a ${waiting.kind} wait; use one of: ${ALLOWED[waiting.kind].join(', ')}`,
      );
    }
    let action: ActionCall | null = null;
    if (input.decision === 'edit' || input.decision === 'override') {
      if (input.action === undefined) throw new MobaError('INVALID_INPUT', `${input.decision} needs an action`);
      const parsed = typeof input.action === 'string' ? parseAction(input.action) : validateAction(input.action);
      if (!parsed.ok) throw new MobaError('ACTION_INVALID', parsed.error);
      action = parsed.action;
    }
    const feedback = input.feedback?.trim() ? input.feedback.trim() : null;
    if (input.decision === 'answer' && !feedback) throw new MobaError('INVALID_INPUT', 'An answer needs text');
    const decision: ResolvedDecision = { decision: input.decision, action, feedback };
    if (this.pendingWait && this.pendingWait.waitId === waiting.waitId) {
      const w = this.pendingWait;
      this.pendingWait = null;
      this.append({
        type: 'human_decision',
        waitId: waiting.waitId,
        stepId: waiting.stepId,
        decision: decision.decision,
        action: decision.action,
        feedback: decision.feedback,
        by: 'person',
      });
      w.resolve(decision);
      return;
    }
    this.claim();
    this.queuedDecision = decision;
    if (this.state.status === 'paused') this.append({ type: 'run_resumed', by: 'person' });
    this.start();
  }

  requestReplan(nodeId: string): void {
    if (!this.state.nodes[nodeId]) throw new MobaError('NOT_FOUND', `No node ${nodeId} in run ${this.runId}`);
    this.replanRequests.push(nodeId);
  }

  /**
   * Ends the loop for an app shutdown: a run waiting for a person stays waiting (a decision
   * after the restart resumes it); a working run is paused with the reason.
   */
  async shutdown(): Promise<void> {
    if (this.loop) {
      const waiting = this.state.status === 'waiting';
      this.loop.abort.abort(
        new StopSignal(
          waiting ? 'detach' : 'pause',
          'system',
          'MobA Studio was shut down while the run was working. Resume to continue.',
        ),
      );
      await this.loop.done;
    }
    this.recordSub.dispose();
    this.waitSub?.dispose();
  }

  dispose(): void {
    this.loop?.abort.abort(new StopSignal('detach', 'system', 'disposed'));
    this.recordSub.dispose();
    this.waitSub?.dispose();
  }

  private async runLoop(abort: AbortController): Promise<void> {
    const ctx = this.context(abort.signal);
    try {
      await this.o.loop(ctx);
    } catch (error) {
      const reason = abort.signal.reason;
      if (reason instanceof StopSignal) {
        if (reason.kind === 'detach') this.end = { ...this.end, detached: true };
        try {
          if (
            reason.kind === 'pause' &&
            !TERMINAL_STATUSES.includes(this.state.status) &&
            this.state.status !== 'paused'
          )
            this.append({ type: 'run_paused', by: reason.by, reason: reason.reason });
        } catch (appendError) {
          console.error(`[moba] run ${this.runId}: could not record the pause: ${(appendError as Error).message}`);
        }
        // stop() appends run_finished itself once the loop has unwound.
        return;
      }
      const e = serializeError(error);
      this.end = { ...this.end, error: { code: e.code, message: e.message } };
      try {
        this.append({ type: 'run_error', error: { name: e.name, code: e.code, message: e.message }, fatal: true });
        // Nothing is lost: the run pauses with the reason and can be resumed once the cause is fixed.
        if (!TERMINAL_STATUSES.includes(this.state.status))
          this.append({ type: 'run_paused', by: 'system', reason: `Stopped by an error: ${e.message}` });
      } catch (appendError) {
        // The log moved on without us (another process took the run over): stop writing.
        console.error(`[moba] run ${this.runId}: ${e.message}; could not record it: ${(appendError as Error).message}`);
      }
    } finally {
      if (this.pendingWait) {
        this.pendingWait = null;
      }
    }
  }

  private context(signal: AbortSignal): LoopContext {
    return {
      runId: this.runId,
      signal,
      device: this.o.device,
      memory: this.o.memory,
      screens: this.o.screens,
      state: () => this.state,
      append: (body) => {
        if (signal.aborted) throw signal.reason;
        return this.append(body);
      },
      waitForPerson: (kind, stepId, prompt) => this.waitForPerson(kind, stepId, prompt, signal),
      modelStep: (options) => this.modelStep(options, signal),
      takeReplanRequest: () => this.replanRequests.shift() ?? null,
      onEvent: (listener) => {
        const off = () => {
          this.loopListeners.delete(listener);
          signal.removeEventListener('abort', off);
        };
        this.loopListeners.add(listener);
        signal.addEventListener('abort', off, { once: true });
        return off;
      },
    };
  }

  private waitForPerson(
    kind: WaitKind,
    stepId: string | null,
    prompt: string,
    signal: AbortSignal,
  ): Promise<ResolvedDecision> {
    const open = this.state.waiting;
    const waitId = open && open.kind === kind && open.stepId === stepId ? open.waitId : nextId(this.state, 'w');
    if (!open || open.waitId !== waitId) this.append({ type: 'human_wait', waitId, kind, stepId, prompt });
    const queued = this.queuedDecision;
    if (queued) {
      this.queuedDecision = null;
      this.append({
        type: 'human_decision',
        waitId,
        stepId,
        decision: queued.decision,
        action: queued.action,
        feedback: queued.feedback,
        by: 'person',
      });
      return Promise.resolve(queued);
    }
    return new Promise<ResolvedDecision>((resolve, reject) => {
      const onAbort = () => {
        this.pendingWait = null;
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.pendingWait = {
        waitId,
        kind,
        resolve: (d) => {
          signal.removeEventListener('abort', onAbort);
          resolve(d);
        },
        reject,
      };
    });
  }

  private onModelRecord(record: ModelCallRecord): void {
    if (TERMINAL_STATUSES.includes(this.state.status)) return;
    const ctx = this.callContext;
    const callId = nextId(this.state, 'c');
    this.append({
      type: 'model_call',
      callId,
      nodeId: ctx?.nodeId ?? null,
      record,
      memories: (ctx?.memories ?? []).map((m) => ({ id: m.id, kind: m.kind, score: m.score })),
    });
    ctx?.ids.push(callId);
  }

  /** A retry the gateway waits for goes into the log, so the cockpit and the CLI can show it. */
  private onModelWait(wait: ModelWait): void {
    if (TERMINAL_STATUSES.includes(this.state.status)) return;
    try {
      this.append({ type: 'model_waiting', ...wait });
    } catch (error) {
      console.error(`[moba] run ${this.runId}: could not record a model retry wait: ${(error as Error).message}`);
    }
  }

  private async modelStep<T>(options: ModelStepOptions<T>, signal: AbortSignal): Promise<ModelStepResult<T>> {
    const ids: string[] = [];
    this.callContext = { nodeId: options.nodeId, memories: options.memories, ids };
    try {
      const r = await callStructured({
        gateway: this.o.gateway,
        role: options.role,
        purpose: options.purpose,
        messages: options.messages,
        signal,
        ...(options.parse
          ? { parse: options.parse, repairHint: options.repairHint, responseFormat: 'text' as const }
          : { schema: options.schema, responseFormat: 'json' as const }),
      });
      return { ok: true, value: r.value, callIds: ids, reasoning: r.records.at(-1)?.reply?.reasoning ?? null };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (
        error instanceof MobaError &&
        (error.code === 'MODEL_REPLY_INVALID' || error.code === 'MODEL_REFUSED' || error.code === 'REPLAY_MISMATCH')
      ) {
        return { ok: false, error, callIds: ids };
      }
      throw error;
    } finally {
      this.callContext = null;
    }
  }
}
