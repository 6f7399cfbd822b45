import { methods } from '../../shared/contract.ts';
import type { MethodName, MethodOutput, MethodParsedInput } from '../../shared/contract.ts';
import { MobaError, issuesInOneLine, serializeError } from '../../shared/errors.ts';
import type { SerializedError } from '../../shared/errors.ts';
import type { Disposable } from '@moba/base';
import { MAX_INPUT_DEPTH, tooDeepAt } from '../../shared/input-depth.ts';

/** One connected renderer (an Electron window or a WebSocket). */
export interface Connection {
  readonly id: string;
  readonly kind: 'electron' | 'web' | 'local';
  /** Sends bulk data on a channel; false when the connection is gone or its buffer is full. */
  sendBinary(channel: number, data: Uint8Array): boolean;
  readonly onDidClose: (listener: () => void) => Disposable;
}

export interface CallContext {
  connection: Connection;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
}

export type Handlers = {
  [M in MethodName]: (input: MethodParsedInput<M>, ctx: CallContext) => Promise<MethodOutput<M>> | MethodOutput<M>;
};

export type CallResult = { ok: true; result: unknown } | { ok: false; error: SerializedError };

/**
 * Binds the contract to handlers. Every input is validated against its schema before a handler
 * sees it; every output is validated before it leaves, so a handler bug is reported as
 * INVALID_OUTPUT instead of reaching the renderer as malformed data. Never throws.
 */
export class ContractRouter {
  private readonly handlers: Handlers;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(
    handlers: Handlers,
    log: (message: string, error?: unknown) => void = (m, e) => console.error(`[moba] ${m}`, e ?? ''),
  ) {
    this.handlers = handlers;
    this.log = log;
  }

  async call(method: unknown, input: unknown, ctx: CallContext): Promise<CallResult> {
    try {
      if (typeof method !== 'string' || !Object.hasOwn(methods, method)) {
        throw new MobaError(
          'UNKNOWN_METHOD',
          `Unknown method: ${typeof method === 'string' ? method.slice(0, 100) : typeof method}`,
        );
      }
      const name = method as MethodName;
      const def = methods[name];
      const deep = tooDeepAt(input);
      if (deep !== null)
        throw new MobaError(
          'INVALID_INPUT',
          `Invalid input for ${name}: nested deeper than ${MAX_INPUT_DEPTH} levels at ${deep || 'the top'}`,
        );
      const parsed = def.input.safeParse(input === undefined ? {} : input);
      if (!parsed.success)
        throw new MobaError('INVALID_INPUT', `Invalid input for ${name}: ${issuesInOneLine(parsed.error.issues)}`);
      const handler = this.handlers[name] as (input: unknown, ctx: CallContext) => unknown;
      const raw = await handler(parsed.data, ctx);
      const out = def.output.safeParse(raw);
      if (!out.success) {
        this.log(`handler ${name} returned an invalid result: ${issuesInOneLine(out.error.issues)}`);
        throw new MobaError(
          'INVALID_OUTPUT',
          `The result of ${name} did not match the contract: ${issuesInOneLine(out.error.issues)}`,
        );
      }
      return { ok: true, result: out.data };
    } catch (error) {
      const serialized = serializeError(error);
      if (serialized.code === 'INTERNAL') this.log(`method ${String(method).slice(0, 100)} failed`, error);
      return { ok: false, error: serialized };
    }
  }
}
