/**
 * adbkit 3.3.9, held on a short leash. adbkit speaks the adb smart-socket protocol well, but
 * on its own a request to a dead transport waits forever, giving up leaves the socket open,
 * and a refused connection makes it run `adb start-server` — even for a remote server.
 *
 * Every adbkit command asks its Client for a new `Connection` (`client.connection()`), which
 * opens one plain net.Socket and, on ECONNREFUSED, tries `bin start-server` once unless its
 * `triedStarting` flag is set. {@link CallClient} is a Client for ONE call: it creates those
 * connections itself with `triedStarting` set (so adbkit never starts a server), keeps them,
 * and destroys their sockets when the call gives up. `adb-client.ts` races each call against
 * its deadline and the caller's AbortSignal and then disposes of its CallClient.
 *
 * Loaded through `require`: adbkit is CommonJS with `exports.default`, which Node's ESM
 * loader, Vitest and the bundler each present differently as a default import; `Connection`
 * and `Protocol` are not re-exported by its index, so they come from their files (pinned
 * version, no "exports" map in its package.json).
 */
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type * as ClientModule from '@devicefarmer/adbkit/dist/src/adb/client.js';
import type * as ConnectionModule from '@devicefarmer/adbkit/dist/src/adb/connection.js';
import type * as ParserModule from '@devicefarmer/adbkit/dist/src/adb/parser.js';
import type * as ProtocolModule from '@devicefarmer/adbkit/dist/src/adb/protocol.js';
import { MobaError } from '../../shared/errors.ts';
import type { AdbAddress } from './address.ts';
import { AdbFailure, serverUnavailable, streamCut } from './errors.ts';

const requireCjs = createRequire(import.meta.url);
const Client = (
  requireCjs('@devicefarmer/adbkit/dist/src/adb/client.js') as { default: typeof ClientModule.default.default }
).default;
const Connection = (
  requireCjs('@devicefarmer/adbkit/dist/src/adb/connection.js') as { default: typeof ConnectionModule.default.default }
).default;
export const Parser = (
  requireCjs('@devicefarmer/adbkit/dist/src/adb/parser.js') as { default: typeof ParserModule.default.default }
).default;
export const Protocol = (
  requireCjs('@devicefarmer/adbkit/dist/src/adb/protocol.js') as { default: typeof ProtocolModule.default.default }
).default;

type AdbkitClient = InstanceType<typeof ClientModule.default.default>;
type AdbkitConnection = InstanceType<typeof ConnectionModule.default.default>;
export type Connection = AdbkitConnection;

/** An adbkit Client whose connections never start a server and can all be destroyed at once. */
export class CallClient extends Client {
  private readonly opened: AdbkitConnection[] = [];
  private destroyed = false;

  private readonly address: AdbAddress;

  constructor(address: AdbAddress, binary: string) {
    super({ host: address.host, port: address.port, bin: binary });
    this.address = address;
  }

  override connection(): ReturnType<AdbkitClient['connection']> {
    const connection = new Connection(this.options);
    // adbkit's own auto-start, off: whether a server may be started is decided above (loopback only).
    (connection as unknown as { triedStarting: boolean }).triedStarting = true;
    // adbkit re-emits late socket errors on the connection (and from there on the Client, where
    // nobody listens and Node would throw). The call's own promise reports what matters.
    connection.on('error', () => undefined);
    this.opened.push(connection);
    // Whatever fails before the socket is connected means the server is out of reach.
    const connecting = connection.connect().catch((error: unknown) => {
      throw serverUnavailable(this.address, error);
    });
    if (this.destroyed) connection.socket?.destroy();
    return connecting;
  }

  /** The sockets this call opened (its last one is the stream a streaming call hands out). */
  get sockets(): Socket[] {
    return this.opened.flatMap((c) => (c.socket ? [c.socket] : []));
  }

  /** Destroys every socket of this call except `keep`. */
  destroy(keep?: unknown): void {
    if (keep === undefined) this.destroyed = true;
    for (const socket of this.sockets) if (socket !== keep) socket.destroy();
  }
}

/**
 * Sends one service request on a connection and waits for OKAY (for services adbkit has no
 * command for: `shell,v2,raw:`, `exec:`, `host-serial:…:features`).
 *
 * @throws adbkit's FailError on FAIL, UnexpectedDataError on anything else
 */
export async function request(connection: AdbkitConnection, service: string): Promise<void> {
  connection.write(Protocol.encodeData(service));
  const reply = await connection.parser.readAscii(4);
  if (reply === Protocol.OKAY) return;
  if (reply === Protocol.FAIL) await connection.parser.readError();
  await connection.parser.unexpected(reply, 'OKAY or FAIL');
}

/** adbkit's FailError carries the reply as `Failure: '<reply>'`. */
function failReply(error: Error): string {
  return /^Failure: '([\s\S]*)'$/.exec(error.message)?.[1] ?? error.message;
}

/**
 * What adbkit threw, in our terms: a FAIL reply becomes an {@link AdbFailure} (the caller
 * knows whether it was about a device, a connect or a service), a cut or garbled exchange
 * DEVICE_COMMAND_FAILED; MobaErrors and socket errors pass through.
 */
export function fromAdbkit(error: unknown, what: string): unknown {
  if (error instanceof Parser.FailError) return new AdbFailure(failReply(error));
  if (error instanceof Parser.PrematureEOFError)
    return streamCut(`${what}: the adb server closed the connection early.`, { cause: error });
  if (error instanceof Parser.UnexpectedDataError)
    return new MobaError(
      'DEVICE_COMMAND_FAILED',
      `${what}: the adb server answered ${JSON.stringify(error.unexpected)} instead of ${error.expected}.`,
      { cause: error },
    );
  return error;
}

/** Replies larger than this are not screenshots or dumps but a runaway stream. */
export const MAX_REPLY_BYTES = 256 * 1024 * 1024;

/**
 * Everything a socket delivers until the other side closes, in linear time (adbkit's
 * `readAll` concatenates the whole buffer again for every chunk). No deadline here: the
 * caller races it and destroys the socket when it gives up.
 *
 * @throws the socket's error when it breaks before its end; DEVICE_COMMAND_FAILED past {@link MAX_REPLY_BYTES}
 */
export function readToEnd(socket: Socket, what: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_REPLY_BYTES)
        finish(new MobaError('DEVICE_COMMAND_FAILED', `${what}: the reply exceeded ${MAX_REPLY_BYTES} bytes.`));
    };
    const onEnd = () => finish();
    const onError = (error: Error) => finish(error);
    const finish = (error?: Error) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.off('error', onError);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      }
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
    socket.once('error', onError);
    // The end may have been read (and its event gone by) while adbkit still held the socket.
    if (socket.readableEnded || socket.destroyed) {
      let chunk: Buffer | null;
      while ((chunk = socket.read() as Buffer | null) !== null) onData(chunk);
      finish(socket.errored ?? undefined);
    }
  });
}
