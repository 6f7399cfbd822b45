import { randomUUID } from 'node:crypto';
import type { WebSocket, RawData } from 'ws';
import { MobaError, serializeError } from '../../shared/errors.ts';
import type { MobaApp } from '../app.ts';
import type { Connection } from '../contract/router.ts';
import type { Disposable } from '@moba/base';
import { Emitter } from '@moba/base';
import { decodeClientFrame, encodeBinaryFrame } from '../../shared/wire.ts';
import type { ServerFrame } from '../../shared/wire.ts';

/** Above this many queued bytes, bulk frames are dropped rather than queued (the mirror recovers on the next keyframe). */
const BINARY_HIGH_WATER = 4 * 1024 * 1024;

/**
 * Back-pressure for results and events, which cannot be dropped: above `pauseAt` queued bytes
 * the connection stops reading the client's calls until the queue is below `resumeBelow`; a
 * client that still falls `maxLag` bytes behind (it never reads, and events keep coming) is
 * disconnected — its tab reconnects and reloads — instead of growing the host's memory.
 */
export interface ClientBufferLimits {
  pauseAt: number;
  resumeBelow: number;
  maxLag: number;
}

export const DEFAULT_CLIENT_BUFFER: ClientBufferLimits = {
  pauseAt: 8 * 1024 * 1024,
  resumeBelow: 1024 * 1024,
  maxLag: 64 * 1024 * 1024,
};

/** One browser tab connected to the web host. */
export class WsConnection implements Connection {
  readonly id = randomUUID();
  readonly kind = 'web' as const;
  private readonly ws: WebSocket;
  private readonly app: MobaApp;
  private readonly inflight = new Map<number, AbortController>();
  private readonly closeEmitter = new Emitter<void>();
  private readonly subscription: Disposable;
  private closed = false;
  private readonly limits: ClientBufferLimits;
  private drainTimer: ReturnType<typeof setInterval> | undefined;

  constructor(ws: WebSocket, app: MobaApp, limits: Partial<ClientBufferLimits> = {}) {
    this.ws = ws;
    this.app = app;
    this.limits = { ...DEFAULT_CLIENT_BUFFER, ...limits };
    this.subscription = app.events.onDidEmit(({ event, payload }) => this.send({ t: 'event', event, payload }));
    ws.on('message', (data: RawData, isBinary: boolean) => this.onMessage(data, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
    this.send({ t: 'hello', connectionId: this.id });
  }

  onDidClose = (listener: () => void): Disposable => this.closeEmitter.event(listener);

  sendBinary(channel: number, data: Uint8Array): boolean {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > BINARY_HIGH_WATER) return false;
    this.ws.send(encodeBinaryFrame(channel, data), { binary: true });
    return true;
  }

  close(code: number, reason: string): void {
    try {
      this.ws.close(code, reason);
    } finally {
      this.onClose();
    }
  }

  private send(frame: ServerFrame): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (error) {
      // A value JSON cannot carry (too deep, a BigInt): the caller gets an error, the host goes on.
      if (frame.t !== 'result')
        return void console.error(`[moba] web host: dropped a ${frame.t} frame that is not JSON:`, error);
      text = JSON.stringify({
        t: 'result',
        id: frame.id,
        ok: false,
        error: new MobaError(
          'INVALID_OUTPUT',
          `The result cannot be sent as JSON: ${(error as Error).message}`,
        ).toJSON(),
      });
    }
    this.ws.send(text);
    this.checkLag();
  }

  private checkLag(): void {
    const lag = this.ws.bufferedAmount;
    if (lag > this.limits.maxLag) {
      console.warn(`[moba] web host: a client fell ${Math.round(lag / 1048576)} MB behind reading; disconnecting it.`);
      this.ws.terminate();
      this.onClose();
      return;
    }
    if (lag <= this.limits.pauseAt || this.drainTimer) return;
    this.ws.pause();
    this.drainTimer = setInterval(() => {
      if (this.closed) return this.stopDrainWatch();
      const now = this.ws.bufferedAmount;
      if (now > this.limits.maxLag) return this.checkLag();
      if (now < this.limits.resumeBelow) {
        this.stopDrainWatch();
        this.ws.resume();
      }
    }, 50);
    this.drainTimer.unref?.();
  }

  private stopDrainWatch(): void {
    if (this.drainTimer) clearInterval(this.drainTimer);
    this.drainTimer = undefined;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.send({
        t: 'error',
        error: new MobaError('INVALID_INPUT', 'Binary frames from the client are not accepted').toJSON(),
      });
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const frame = decodeClientFrame(text);
    if (!frame.ok) {
      this.send({ t: 'error', error: frame.error });
      return;
    }
    const msg = frame.frame;
    if (msg.t === 'cancel') {
      this.inflight.get(msg.id)?.abort(new MobaError('CANCELLED', 'Cancelled by the caller'));
      return;
    }
    if (this.inflight.has(msg.id)) {
      this.send({
        t: 'result',
        id: msg.id,
        ok: false,
        error: new MobaError('CONFLICT', `Call id ${msg.id} is already in flight`).toJSON(),
      });
      return;
    }
    const controller = new AbortController();
    this.inflight.set(msg.id, controller);
    void this.app.router
      .call(msg.method, msg.input, { connection: this, signal: controller.signal })
      .then((r) =>
        this.send(
          r.ok
            ? { t: 'result', id: msg.id, ok: true, result: r.result }
            : { t: 'result', id: msg.id, ok: false, error: r.error },
        ),
      )
      .catch((error: unknown) => this.send({ t: 'result', id: msg.id, ok: false, error: serializeError(error) }))
      .finally(() => this.inflight.delete(msg.id));
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopDrainWatch();
    this.subscription.dispose();
    for (const c of this.inflight.values()) c.abort(new MobaError('DISCONNECTED', 'The connection closed'));
    this.inflight.clear();
    this.closeEmitter.fire();
    this.closeEmitter.dispose();
  }
}
