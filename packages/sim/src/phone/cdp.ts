/**
 * The Chrome DevTools Protocol over Chromium's debugging pipe (`--remote-debugging-pipe`):
 * JSON messages separated by NUL bytes, commands on the child's fd 3, answers and events on
 * its fd 4. Pages are reached through flat sessions (`Target.attachToTarget` with
 * `flatten: true`), so one connection carries every phone of a browser.
 *
 * Written here rather than taken from a library: the simulator needs a dozen commands, and
 * the libraries that speak CDP either bring a whole browser-automation stack into the host
 * process (about 90 MB resident for playwright-core, 37 MB for puppeteer-core, against a
 * 400 MB budget per phone) or speak only WebSocket, which would open a debugging port that
 * any local process could drive. The pipe is private to the host and its Chromium.
 */
import type { Readable, Writable } from 'node:stream';
import { MobaError } from '@moba/base';

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message?: string; data?: string };
  sessionId?: string;
}

type Handler = (params: never) => void;

/** One pipe to one Chromium. Events are delivered per session ('' is the browser's own). */
export class CdpConnection {
  private readonly output: Writable;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, Map<string, Set<Handler>>>();
  private readonly closeHandlers = new Set<(reason: string) => void>();
  private chunks: Buffer[] = [];
  private closedReason: string | undefined;

  constructor(output: Writable, input: Readable) {
    this.output = output;
    input.on('data', (chunk: Buffer) => this.receive(chunk));
    input.on('close', () => this.closed('the browser closed its debugging pipe'));
    input.on('error', (error) => this.closed(`the debugging pipe failed: ${error.message}`));
    output.on('error', (error) => this.closed(`the debugging pipe failed: ${error.message}`));
  }

  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  /**
   * Sends a command and resolves with its result.
   * @throws Error with the protocol's message when Chromium answers with an error;
   *   MobaError SIMULATOR_FAILED when the connection is (or becomes) closed.
   */
  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.closedReason !== undefined) return Promise.reject(this.closedError(method));
    const id = this.nextId++;
    const message: Message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject });
      this.output.write(JSON.stringify(message) + '\0');
    });
  }

  /** Listens to `event` on `sessionId` ('' for browser-level events). @returns the unsubscribe function. */
  on<P>(sessionId: string, event: string, handler: (params: P) => void): () => void {
    let bySession = this.handlers.get(sessionId);
    if (!bySession) this.handlers.set(sessionId, (bySession = new Map()));
    let set = bySession.get(event);
    if (!set) bySession.set(event, (set = new Set()));
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /** Forgets every listener of a session (after it detached). */
  dropSession(sessionId: string): void {
    this.handlers.delete(sessionId);
  }

  /** Called once when the pipe closes, with the reason. */
  onClose(handler: (reason: string) => void): () => void {
    if (this.closedReason !== undefined) {
      handler(this.closedReason);
      return () => undefined;
    }
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  /** Stops using the pipe; pending commands fail. */
  dispose(): void {
    this.closed('the browser was closed');
  }

  private closedError(method: string): MobaError {
    return new MobaError('SIMULATOR_FAILED', `Chromium is gone (${this.closedReason}); ${method} was not done.`);
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0, start); end !== -1; end = chunk.indexOf(0, start)) {
      // Most messages arrive whole: decode them in place instead of copying.
      const part = chunk.subarray(start, end);
      const text = (this.chunks.length ? Buffer.concat([...this.chunks, part]) : part).toString('utf8');
      this.chunks = [];
      start = end + 1;
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        continue; // not a protocol message; Chromium never sends one, nothing to answer
      }
      this.dispatch(message);
    }
    if (start < chunk.length) this.chunks.push(chunk.subarray(start));
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.error)
        pending.reject(
          new Error(
            `${pending.method}: ${message.error.message ?? 'failed'}${message.error.data ? ` (${message.error.data})` : ''}`,
          ),
        );
      else pending.resolve(message.result ?? {});
      return;
    }
    if (!message.method) return;
    const set = this.handlers.get(message.sessionId ?? '')?.get(message.method);
    if (!set) return;
    for (const handler of [...set]) (handler as (params: unknown) => void)(message.params ?? {});
  }

  private closed(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(this.closedError(pending.method));
    }
    for (const handler of [...this.closeHandlers]) handler(reason);
    this.closeHandlers.clear();
    this.handlers.clear();
  }
}

/** A flat session on one target (a phone's page). */
export class CdpSession {
  readonly connection: CdpConnection;
  readonly sessionId: string;

  constructor(connection: CdpConnection, sessionId: string) {
    this.connection = connection;
    this.sessionId = sessionId;
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    return this.connection.send<T>(method, params, this.sessionId);
  }

  on<P>(event: string, handler: (params: P) => void): () => void {
    return this.connection.on(this.sessionId, event, handler);
  }
}
