/**
 * A client of MobA Studio's agent protocol (version 1) for Node, with no dependencies.
 *
 * MobA Studio starts your program with `MOBA_AGENT_URL` and `MOBA_AGENT_TOKEN` in its
 * environment. Attach, then loop: observe the screen, propose an action, read what became of it
 * after the studio's gates; end with `finish`. What a person does meanwhile (a decision, a
 * take-over, a plan edit, a pause or stop) comes as events on every reply (`received`,
 * `onEvent`) and from `events()`. docs/agent-protocol.md describes every message.
 *
 *     const s = AgentSession.fromEnv();
 *     const { task } = await s.attach('my-agent/0.1');
 *     const screen = await s.observe(['elements', 'app']);
 *     const result = await s.act('Open_App("Clock")', { thought: 'Alarms live in the Clock app' });
 *     await s.finish({ answer: 'done' });
 *
 * The types mirror the studio's schemas (src/shared/schemas/agent-protocol.ts); a type test
 * there keeps them equal.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export const PROTOCOL_VERSION = 1;

export type ObservationPart = 'elements' | 'app' | 'screenshot' | 'xml' | 'time';

/** One of MobA's indexed elements: actions name its `index`. */
export interface UiElement {
  index: number;
  /** [left, top, right, bottom] in pixels. */
  bounds: [number, number, number, number];
  /** [x, y]: where a Click on it taps. */
  center: [number, number];
  text: string;
  contentDesc: string;
  resourceId: string;
  className: string;
  packageName: string;
  trueAttributes: string[];
}

/** What happened in the run beyond the program's own requests (see docs/agent-protocol.md, "Events"). */
export type AgentEvent =
  | {
      seq: number;
      type: 'waiting';
      stepId: string | null;
      kind: 'approve' | 'copilot' | 'escalation' | 'take_over';
      prompt: string;
    }
  | {
      seq: number;
      type: 'decided';
      stepId: string | null;
      decision: string;
      action: string | null;
      feedback: string | null;
    }
  | { seq: number; type: 'taken_over'; stepId: string | null }
  | { seq: number; type: 'handed_back' }
  | {
      seq: number;
      type: 'plan_edited';
      edit: 'add' | 'remove' | 'rename' | 'reorder' | 'mark' | 'cursor';
      nodeId: string;
      goal: string | null;
      status: string | null;
      plan: string;
    }
  | { seq: number; type: 'paused'; by: 'person' | 'system'; reason: string }
  | { seq: number; type: 'stopped'; by: 'person' | 'system'; reason: string };

export interface AttachReply {
  events: AgentEvent[];
  protocol: 1;
  runId: string;
  task: string;
  mode: 'auto' | 'step' | 'guarded' | 'copilot';
  maxSteps: number;
  actions: { name: string; signature: string; description: string }[];
}

export interface ObserveReply {
  events: AgentEvent[];
  observationId: string;
  screen: { width: number; height: number };
  keyboardShown: boolean;
  currentApp?: { packageName: string; activity: string } | null | undefined;
  elements?: UiElement[] | undefined;
  screenshot?: { mime: string; base64: string } | null | undefined;
  xml?: string | null | undefined;
  deviceTime?: string | null | undefined;
}

export interface ActReply {
  events: AgentEvent[];
  stepId: string;
  status: 'executed' | 'rejected' | 'person_acted';
  proposed: string;
  executed: string | null;
  changedByPerson: boolean;
  ok: boolean;
  error: string | null;
  feedback: string | null;
  personActions: string[];
}

export interface FinishReply {
  outcome: 'succeeded' | 'failed';
  events: AgentEvent[];
}

export interface EventsReply {
  events: AgentEvent[];
  ended: boolean;
}

/** A model call behind a step, shown in the studio's inspector and counted in the run's cost. */
export interface ModelCall {
  purpose?: string;
  model?: string;
  baseUrl?: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  reply: string;
  promptTokens?: number;
  completionTokens?: number;
  costUsd?: number;
  latencyMs?: number;
}

/** What the program says about a step: shown in the run's strategy panel, replay and inspector. */
export interface StepReport {
  thought?: string;
  plan?: string;
  notes?: string;
  summary?: string;
  modelCalls?: ModelCall[];
}

/** An action as written (`'Click(3)'`) or as data (`{ name: 'Click', params: { index: 3 } }`). */
export type Action = string | { name: string; params: Record<string, unknown> };

export interface FinishOptions {
  /** False: the program gives up (the run fails with the cause `gave_up`). Default true. */
  success?: boolean;
  answer?: string;
  reason?: string;
  thought?: string;
  modelCalls?: ModelCall[];
}

/** A request the studio refused: its `code` (e.g. `malformed`, `ended`), HTTP `status`, and the events it carried. */
export class AgentError extends Error {
  readonly code: string;
  readonly status: number;
  readonly events: AgentEvent[];
  constructor(code: string, message: string, status: number, events: AgentEvent[] = []) {
    super(`${code}: ${message}`);
    this.name = 'AgentError';
    this.code = code;
    this.status = status;
    this.events = events;
  }
}

interface HttpReply {
  status: number;
  text: string;
}

/** One POST with a JSON body; no timeout (an action waits while a person decides). */
function post(url: URL, token: string, body: string): Promise<HttpReply> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One program's session on one run. */
export class AgentSession {
  readonly url: string;
  readonly token: string;
  /** Every event the replies carried so far, in order. */
  readonly received: AgentEvent[] = [];
  private readonly listeners = new Set<(event: AgentEvent) => void>();

  constructor(url: string, token: string) {
    this.url = url.replace(/\/+$/, '');
    this.token = token;
  }

  /** The session MobA Studio started this program for (`MOBA_AGENT_URL`, `MOBA_AGENT_TOKEN`). */
  static fromEnv(env: Record<string, string | undefined> = process.env): AgentSession {
    const url = env.MOBA_AGENT_URL;
    const token = env.MOBA_AGENT_TOKEN;
    if (!url || !token)
      throw new AgentError(
        'not_attached',
        'MOBA_AGENT_URL and MOBA_AGENT_TOKEN are not set; start this program from MobA Studio',
        0,
      );
    return new AgentSession(url, token);
  }

  /** Calls `listener` with every event a reply carries from now on. @returns a function that stops it */
  onEvent(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends one request (`body` as JSON, or a string sent as it is); returns the reply or throws
   * AgentError. Events the reply carries are added to `received` and told to the listeners.
   */
  async request<T>(name: string, body: unknown): Promise<T> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const reply = await post(new URL(`${this.url}/${name}`), this.token, text);
    let json: unknown;
    try {
      json = JSON.parse(reply.text);
    } catch {
      throw new AgentError('http', `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`, reply.status);
    }
    const events = (json as { events?: AgentEvent[] }).events;
    if (name !== 'events' && Array.isArray(events)) this.hear(events);
    if (reply.status >= 200 && reply.status < 300) return json as T;
    const err = (json as { error?: { code?: unknown; message?: unknown } }).error;
    if (!err) throw new AgentError('http', `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`, reply.status);
    throw new AgentError(String(err.code), String(err.message), reply.status, events ?? []);
  }

  private hear(events: AgentEvent[]): void {
    for (const e of events) {
      if (this.received.some((r) => r.seq === e.seq)) continue;
      this.received.push(e);
      for (const listener of this.listeners) listener(e);
    }
  }

  attach(client?: string): Promise<AttachReply> {
    return this.request('attach', { protocol: PROTOCOL_VERSION, ...(client ? { client } : {}) });
  }

  /** The screen now: any of `elements`, `app`, `screenshot`, `xml`, `time` (default elements and app). */
  observe(include: readonly ObservationPart[] = ['elements', 'app']): Promise<ObserveReply> {
    return this.request('observe', { include });
  }

  /** Proposes an action on the last observation; resolves once it has passed the gates and run. */
  act(action: Action, report: StepReport = {}): Promise<ActReply> {
    return this.request('act', { action, ...report });
  }

  finish(options: FinishOptions = {}): Promise<FinishReply> {
    return this.request('finish', { success: options.success ?? true, ...options });
  }

  /**
   * The events after `after` (default: those no reply has carried yet), waiting up to `waitMs`
   * for the next one. May be sent while an action waits for a person. Adds them to `received`.
   */
  async events(options: { after?: number; waitMs?: number } = {}): Promise<EventsReply> {
    const reply = await this.request<EventsReply>('events', options);
    this.hear(reply.events);
    return reply;
  }
}

/** The index of the first element actions can name whose text or description is `label` (any case). */
export function findElement(elements: readonly UiElement[], label: string): number | null {
  const wanted = label.trim().toLowerCase();
  const e = elements.find(
    (x) => x.index >= 1 && (x.text.trim().toLowerCase() === wanted || x.contentDesc.trim().toLowerCase() === wanted),
  );
  return e ? e.index : null;
}
