import { EVENT_NAMES, METHOD_NAMES } from '../../shared/contract.ts';
import type { BinaryListener, EventName, MobaClient } from '../../shared/contract.ts';
import { MobaError, deserializeError } from '../../shared/errors.ts';
import { decodeBinaryFrame } from '../../shared/wire.ts';
import type { ServerFrame } from '../../shared/wire.ts';
import type { ConnectionState, ConnectionStatus } from './types.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface WsClientOptions {
  url: string;
  onStatus(status: ConnectionStatus): void;
}

/**
 * The browser side of the web host: the contract over one WebSocket, with reconnection.
 * Calls made while (re)connecting wait for the socket; calls in flight when it drops fail
 * with DISCONNECTED (the host may have done them — callers re-read state rather than retry).
 */
export function createWsClient(options: WsClientOptions): MobaClient {
  let ws: WebSocket | undefined;
  let nextId = 1;
  let attempts = 0;
  let state: ConnectionState = 'connecting';
  let lastError: string | undefined;
  const pending = new Map<number, Pending>();
  const waiting: Array<() => void> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const binaryListeners = new Set<BinaryListener>();

  const setState = (s: ConnectionState, error?: string) => {
    state = s;
    lastError = error;
    options.onStatus({ state, ...(lastError ? { error: lastError } : {}), attempts });
  };

  const connect = () => {
    setState(attempts === 0 ? 'connecting' : 'reconnecting', lastError);
    const socket = new WebSocket(options.url);
    socket.binaryType = 'arraybuffer';
    ws = socket;
    socket.onopen = () => {
      attempts = 0;
      setState('open');
      for (const go of waiting.splice(0)) go();
    };
    socket.onmessage = (m: MessageEvent<string | ArrayBuffer>) => {
      if (typeof m.data !== 'string') {
        const frame = decodeBinaryFrame(m.data);
        if (frame) for (const l of binaryListeners) l(frame.channel, frame.data);
        return;
      }
      let frame: ServerFrame;
      try {
        frame = JSON.parse(m.data) as ServerFrame;
      } catch {
        console.error('[moba] malformed frame from the host');
        return;
      }
      if (frame.t === 'result') {
        const p = pending.get(frame.id);
        if (!p) return;
        pending.delete(frame.id);
        if (frame.ok) p.resolve(frame.result);
        else p.reject(deserializeError(frame.error));
      } else if (frame.t === 'event') {
        for (const l of listeners.get(frame.event) ?? []) {
          try {
            l(frame.payload);
          } catch (error) {
            console.error(`[moba] listener for ${frame.event} failed`, error);
          }
        }
      } else if (frame.t === 'error') {
        console.error('[moba] host reported a protocol error:', frame.error.message);
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      for (const [id, p] of pending) {
        pending.delete(id);
        p.reject(new MobaError('DISCONNECTED', 'The connection to the host was lost'));
      }
      attempts++;
      const delay = Math.min(5_000, 250 * 2 ** Math.min(attempts, 5));
      setState(
        'reconnecting',
        attempts > 2
          ? 'Cannot reach the MobA Studio host. Is `moba serve` still running? If it was restarted, open the new URL it printed.'
          : undefined,
      );
      setTimeout(connect, delay);
    };
  };

  const call = (method: string, input: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const send = () => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        ws!.send(JSON.stringify({ t: 'call', id, method, input: input ?? {} }));
      };
      if (state === 'open' && ws?.readyState === WebSocket.OPEN) send();
      else waiting.push(send);
    });

  const client: Record<string, unknown> = {};
  for (const name of METHOD_NAMES) client[name] = (input?: unknown) => call(name, input);
  client.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENT_NAMES.includes(event)) throw new MobaError('INVALID_INPUT', `Unknown event ${String(event)}`);
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  };
  client.onBinary = (listener: BinaryListener) => {
    binaryListeners.add(listener);
    return () => binaryListeners.delete(listener);
  };
  client.artifactUrl = (sha256: string) => `/artifacts/${sha256}`;
  connect();
  return client as MobaClient;
}
