/**
 * The device services a host can OPEN (`shell:`, `sync:`, `localabstract:<name>`, …), looked
 * up by name. A handler may refuse a stream (the host then sees CLSE(0, id) and reports
 * `closed`), exactly like adbd does for a service it cannot start.
 */
import { MobaError } from '@moba/base';
import type { Disposable } from '@moba/base';
import type { AdbSocket } from './socket.ts';

export interface ServiceRequest {
  /** The whole service string, trailing NULs removed. */
  service: string;
  /** The part before the first ':' or ',' (`shell`, `exec`, `sync`, `localabstract`, …). */
  name: string;
  /** Comma-separated options between the name and the ':' (`shell,v2,raw:` → ['v2', 'raw']). */
  args: string[];
  /** Everything after the first ':' (the command, the socket name, the port, …). */
  rest: string;
}

/**
 * Serves one stream. Called synchronously on OPEN; return false to refuse it (nothing written
 * on a refused socket is sent). Anything else accepts it; the handler then owns the socket and
 * must end or close it.
 */
export type ServiceHandler = (socket: AdbSocket, request: ServiceRequest) => boolean | void;

export function parseService(service: string): ServiceRequest {
  const colon = service.indexOf(':');
  const head = colon < 0 ? service : service.slice(0, colon);
  const rest = colon < 0 ? '' : service.slice(colon + 1);
  const [name = '', ...args] = head.split(',');
  return { service, name, args, rest };
}

export class ServiceRegistry {
  private readonly handlers = new Map<string, ServiceHandler[]>();

  /** Adds (or shadows, until disposed) the handler for a service name. */
  register(name: string, handler: ServiceHandler): Disposable {
    const list = this.handlers.get(name) ?? [];
    list.push(handler);
    this.handlers.set(name, list);
    return {
      dispose: () => {
        const current = this.handlers.get(name);
        if (!current) return;
        const at = current.lastIndexOf(handler);
        if (at >= 0) current.splice(at, 1);
        if (current.length === 0) this.handlers.delete(name);
      },
    };
  }

  names(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** Routes an OPENed stream; false when no service takes it. */
  open(socket: AdbSocket): boolean {
    const request = parseService(socket.service);
    const list = this.handlers.get(request.name);
    const handler = list?.[list.length - 1];
    if (!handler) return false;
    return handler(socket, request) !== false;
  }
}

/**
 * Called when the host opens `localabstract:<name>`. Return false to refuse this connection
 * (e.g. every expected scrcpy socket is already connected).
 */
export type AbstractSocketListener = (socket: AdbSocket) => boolean | void;

/** Unix abstract-namespace sockets (or, with another `describe`, TCP ports) something on the simulated phone listens on. */
export class AbstractSocketRegistry {
  private readonly listeners = new Map<string, AbstractSocketListener>();
  private readonly describe: (name: string) => string;

  constructor(describe: (name: string) => string = (name) => `Abstract socket @${name}`) {
    this.describe = describe;
  }

  /**
   * Starts listening on `name`. Dispose to stop listening (open streams stay open).
   * @throws MobaError CONFLICT when the name is already taken.
   */
  register(name: string, onOpen: AbstractSocketListener): Disposable {
    if (this.listeners.has(name)) throw new MobaError('CONFLICT', `${this.describe(name)} is already listening`);
    this.listeners.set(name, onOpen);
    return {
      dispose: () => {
        if (this.listeners.get(name) === onOpen) this.listeners.delete(name);
      },
    };
  }

  has(name: string): boolean {
    return this.listeners.has(name);
  }

  /** The `localabstract:` service: nobody listening → refused, like connect() → ECONNREFUSED. */
  readonly handler: ServiceHandler = (socket, request) => {
    const listener = this.listeners.get(request.rest);
    if (!listener) return false;
    return listener(socket) !== false;
  };
}
