/**
 * One external agent's session on a run: the requests of the agent protocol (attach, observe,
 * act, finish — src/shared/schemas/agent-protocol.ts) carried out through the step kernel, so
 * the program's actions pass the run's gates and everything lands in the run's event log like
 * a strategy's steps. The transport (session-server.ts) hands each parsed request here.
 */
import { createHash } from 'node:crypto';
import { ACTIONS, ACTION_NAMES, ActionCallSchema, formatAction, parseAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import {
  AGENT_PROTOCOL_VERSION,
  ActRequest,
  AttachRequest,
  EventsRequest,
  FinishRequest,
  ObserveRequest,
} from '../../../../shared/schemas/agent-protocol.ts';
import type {
  ActReply,
  AgentEvent,
  AgentProtocolErrorCode,
  EventsReply,
  AttachReply,
  FinishReply,
  ObserveReply,
  ReportedModelCall,
} from '../../../../shared/schemas/agent-protocol.ts';
import { nextId } from '../../../../shared/run/reducer.ts';
import type { z } from 'zod';
import { formatDeviceTime } from '../../device-clock.ts';
import type { StrategyArtifacts } from '../common/kit.ts';
import type { Observed, StrategyRun } from '../common/runner.ts';
import { AgentEventLog, agentEventOf } from './agent-events.ts';

/** A reply before the session adds the events it carries. */
type Bare<T> = Omit<T, 'events'>;

/** A request the protocol refuses: its code, HTTP status and a message naming the problem. */
export class ProtocolError extends Error {
  readonly code: AgentProtocolErrorCode;
  readonly status: number;
  constructor(code: AgentProtocolErrorCode, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  throw new ProtocolError('malformed', 400, `Malformed ${what} request: ${issues}`);
}

/** The action a request names, in the shared action language. */
export function actionOf(input: ActRequest['action']): ActionCall {
  if (typeof input === 'string') {
    const r = parseAction(input);
    if (r.ok) return r.action;
    throw new ProtocolError(/^Unknown action/.test(r.error) ? 'unknown_action' : 'malformed', 400, r.error);
  }
  if (!(ACTION_NAMES as string[]).includes(input.name))
    throw new ProtocolError('unknown_action', 400, `Unknown action ${input.name}. Known: ${ACTION_NAMES.join(', ')}`);
  const r = ActionCallSchema.safeParse(input);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new ProtocolError('malformed', 400, `${input.name}: ${issues}`);
}

export class AgentSession {
  private readonly run: StrategyRun;
  private readonly artifacts: StrategyArtifacts;
  private attached = false;
  private observed: Observed | null = null;
  private busy = false;
  private readonly events = new AgentEventLog();
  private readonly unsubscribe: () => void;
  /** Set once the program said finish (the loop then ends). */
  finished = false;

  constructor(run: StrategyRun, artifacts: StrategyArtifacts) {
    this.run = run;
    this.artifacts = artifacts;
    const ctx = run.ctx;
    this.unsubscribe =
      ctx.onEvent?.((e) => {
        const body = agentEventOf(e, ctx.state());
        if (body) this.events.push(body);
      }) ?? (() => undefined);
    // A pause or stop is told before the request it interrupts is answered (listeners run in order).
    ctx.signal.addEventListener(
      'abort',
      () => {
        const why = ctx.signal.reason as { kind?: unknown; by?: unknown; reason?: unknown } | undefined;
        if (why?.kind !== 'pause' && why?.kind !== 'stop') return;
        const by = why.by === 'person' ? 'person' : 'system';
        const reason = typeof why.reason === 'string' ? why.reason : '';
        this.events.push({ type: why.kind === 'pause' ? 'paused' : 'stopped', by, reason });
      },
      { once: true },
    );
  }

  /** The events no reply has carried yet (for an error reply); they count as carried. */
  pendingEvents(): AgentEvent[] {
    return this.events.take();
  }

  /** The session is over: no more events; a program waiting for them is answered. */
  close(): void {
    this.unsubscribe();
    this.events.close();
  }

  /** Carries out one request; at most one at a time (`events` may come alongside another). */
  async handle(path: string, body: unknown): Promise<unknown> {
    if (path === 'attach') return { ...this.attach(parse(AttachRequest, body, 'attach')), events: this.events.take() };
    if (path === 'events') {
      const req = parse(EventsRequest, body, 'events');
      if (!this.attached) throw new ProtocolError('not_attached', 409, 'Attach first (POST …/agent/v1/attach)');
      const events = await this.events.read(req.after, req.waitMs ?? 0);
      return { events, ended: this.events.ended || this.finished || this.run.done } satisfies EventsReply;
    }
    const op =
      path === 'observe'
        ? () => this.observe(parse(ObserveRequest, body, 'observe'))
        : path === 'act'
          ? () => this.act(parse(ActRequest, body, 'act'))
          : path === 'finish'
            ? () => this.finish(parse(FinishRequest, body, 'finish'))
            : null;
    if (!op)
      throw new ProtocolError('not_found', 404, `No request ${path}; known: attach, observe, act, finish, events`);
    if (!this.attached) throw new ProtocolError('not_attached', 409, 'Attach first (POST …/agent/v1/attach)');
    this.assertGoing();
    if (this.busy)
      throw new ProtocolError('busy', 409, 'Another request of this session is in progress; send one at a time');
    this.busy = true;
    try {
      return { ...(await op()), events: this.events.take() };
    } finally {
      this.busy = false;
    }
  }

  private assertGoing(): void {
    if (this.finished || this.run.done)
      throw new ProtocolError(
        'ended',
        409,
        `The run has ended (${this.run.state.status}${this.run.state.outcomeReason ? `: ${this.run.state.outcomeReason}` : ''})`,
      );
  }

  private attach(req: AttachRequest): Bare<AttachReply> {
    if (this.attached)
      throw new ProtocolError(
        'already_attached',
        409,
        'A program is already attached to this run; one program per run',
      );
    this.assertGoing();
    this.attached = true;
    const st = this.run.state;
    this.run.ctx.append({
      type: 'message',
      from: 'system',
      nodeId: null,
      text: `External agent attached${req.client ? `: ${req.client}` : ''}`,
    });
    return {
      protocol: AGENT_PROTOCOL_VERSION,
      runId: this.run.ctx.runId,
      task: st.task,
      mode: this.run.options.mode,
      maxSteps: this.run.options.maxSteps,
      actions: ACTION_NAMES.map((name) => ({
        name,
        signature: ACTIONS[name].signature,
        description: ACTIONS[name].description,
      })),
    };
  }

  private async observe(req: ObserveRequest): Promise<Bare<ObserveReply>> {
    this.run.currentNode();
    const obs = await this.run.observe();
    this.observed = obs;
    const o = obs.observation;
    const parts = new Set(req.include ?? ['elements', 'app']);
    const reply: Bare<ObserveReply> = {
      observationId: obs.id,
      screen: { width: o.screen.width, height: o.screen.height },
      keyboardShown: o.keyboardShown,
    };
    if (parts.has('app')) reply.currentApp = o.currentApp;
    if (parts.has('elements')) reply.elements = o.elements;
    if (parts.has('screenshot'))
      reply.screenshot = o.screenshot
        ? { mime: o.screenshot.mime, base64: Buffer.from(this.artifacts.read(o.screenshot.sha256)).toString('base64') }
        : null;
    if (parts.has('xml')) reply.xml = o.xml ? Buffer.from(this.artifacts.read(o.xml.sha256)).toString('utf8') : null;
    if (parts.has('time')) {
      const clock = await this.run.ctx.device.clock?.(this.run.ctx.signal).catch(() => null);
      reply.deviceTime = clock ? formatDeviceTime(clock.epochMs, clock.utcOffsetMinutes) : null;
    }
    return reply;
  }

  /** The program's model calls, recorded as model_call events for the inspector. @returns their call ids */
  private recordCalls(nodeId: string, calls: readonly ReportedModelCall[] | undefined): string[] {
    const ids: string[] = [];
    for (const c of calls ?? []) {
      const callId = nextId(this.run.state, 'c');
      const request = { messages: c.messages, notes: ['reported by the external agent'] };
      const usage =
        c.promptTokens !== undefined || c.completionTokens !== undefined
          ? {
              promptTokens: c.promptTokens ?? 0,
              completionTokens: c.completionTokens ?? 0,
              totalTokens: (c.promptTokens ?? 0) + (c.completionTokens ?? 0),
            }
          : null;
      this.run.ctx.append({
        type: 'model_call',
        callId,
        nodeId,
        memories: [],
        record: {
          id: callId,
          kind: 'chat',
          role: 'actor',
          purpose: c.purpose,
          baseUrl: c.baseUrl,
          model: c.model,
          request,
          requestHash: createHash('sha256').update(JSON.stringify(request)).digest('hex'),
          reply: { text: c.reply, refusal: null, finishReason: null },
          usage,
          latencyMs: c.latencyMs ?? 0,
          costUsd: c.costUsd ?? null,
          attempts: 1,
          error: null,
          startedAt: Date.now(),
        },
      });
      ids.push(callId);
    }
    return ids;
  }

  /** The thoughts, plan, notes and model calls of a step, recorded for the strategy panel and the inspector. */
  private report(nodeId: string, req: ActRequest | FinishRequest, written: string, action: ActionCall | null): void {
    const callIds = this.recordCalls(nodeId, req.modelCalls);
    this.run.decided({
      nodeId,
      role: 'agent',
      callIds,
      observation: '',
      thought: req.thought ?? '',
      written,
      action,
      summary: req.summary ?? '',
    });
    if (req.plan !== undefined)
      this.run.ctx.append({
        type: 'plan_updated',
        callIds,
        thought: req.thought ?? '',
        plan: req.plan,
        subgoal: req.summary ?? '',
        finished: false,
        escalated: false,
      });
    if (req.notes !== undefined) this.run.ctx.append({ type: 'notes_updated', callIds, notes: req.notes });
  }

  private async act(req: ActRequest): Promise<Bare<ActReply> | Bare<FinishReply>> {
    const action = actionOf(req.action);
    if (action.name === 'Finish' || action.name === 'Failed')
      return this.finish({
        ...req,
        success: action.name === 'Finish',
        ...(action.name === 'Finish' && action.params.message ? { answer: action.params.message } : {}),
        ...(action.name === 'Failed' && action.params.reason ? { reason: action.params.reason } : {}),
      });
    const obs = this.observed;
    if (!obs)
      throw new ProtocolError('observe_first', 409, 'Observe the screen before each action (its element indices)');
    if (await this.run.stepLimitReached()) this.assertGoing();
    const nodeId = this.run.currentNode();
    this.report(nodeId, req, formatAction(action), action);
    this.observed = null;
    const proposedStep = this.run.steps.propose(nodeId, obs, action);
    const outcome = await this.run.steps.gateAndExecute(proposedStep, obs);
    const step = this.run.state.steps.find((s) => s.stepId === proposedStep.stepId);
    const proposed = formatAction(action);
    const feedback = step?.decision?.feedback ?? null;
    if (outcome.kind === 'rejected')
      return {
        stepId: proposedStep.stepId,
        status: 'rejected',
        proposed,
        executed: null,
        changedByPerson: false,
        ok: false,
        error: null,
        feedback,
        personActions: [],
      };
    if (outcome.kind === 'person')
      return {
        stepId: outcome.step.stepId,
        status: 'person_acted',
        proposed,
        executed: null,
        changedByPerson: true,
        ok: true,
        error: null,
        feedback,
        personActions: outcome.actions,
      };
    const executed = formatAction(outcome.action);
    return {
      stepId: outcome.step.stepId,
      status: 'executed',
      proposed,
      executed,
      changedByPerson: executed !== proposed,
      ok: outcome.ok,
      error: outcome.error,
      feedback,
      personActions: [],
    };
  }

  private async finish(req: FinishRequest): Promise<Bare<FinishReply>> {
    const success = req.success ?? true;
    const nodeId = this.run.currentNode();
    this.report(nodeId, req, success ? 'finish' : 'give up', null);
    if (req.answer) await this.run.steps.answer(nodeId, req.answer);
    this.finished = true;
    await this.run.finish(
      success ? 'succeeded' : 'failed',
      success ? 'finished' : 'gave_up',
      req.reason ?? (success ? 'The external agent reported the task done' : 'The external agent gave up'),
    );
    return { outcome: success ? 'succeeded' : 'failed' };
  }
}
