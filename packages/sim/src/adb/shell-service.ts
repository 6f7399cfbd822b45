/**
 * `shell:<cmd>`, `shell,v2,[raw|pty],TERM=…:<cmd>` and `exec:<cmd>`. Without v2 stdout and
 * stderr share the stream and there is no exit code (like adbd's raw subprocess); with v2
 * both are framed and the exit status is sent before CLSE. An empty command is an
 * interactive shell (PTY unless `raw`).
 */
import { ByteChannel } from '../shell/io.ts';
import type { ShellOutput } from '../shell/io.ts';
import { CrlfOutput, runInteractive } from '../shell/interactive.ts';
import { SHELL_NAME, ShellSession, defaultShellEnv } from '../shell/interpreter.ts';
import type { ShellEnvironment } from '../shell/interpreter.ts';
import type { ServiceHandler } from './services.ts';
import {
  SHELL_CLOSE_STDIN,
  SHELL_EXIT,
  SHELL_MAX_DATA,
  SHELL_STDERR,
  SHELL_STDIN,
  SHELL_STDOUT,
  ShellPacketReader,
  encodeShellPacket,
} from './shell-protocol.ts';
import type { AdbSocket } from './socket.ts';

/** Raw bytes straight onto the stream. */
class SocketOutput implements ShellOutput {
  private readonly socket: AdbSocket;

  constructor(socket: AdbSocket) {
    this.socket = socket;
  }

  async write(data: Uint8Array | string): Promise<void> {
    await this.socket.write(data);
  }
}

/** Shell-v2 frames of one id (stdout or stderr). */
class FramedOutput implements ShellOutput {
  private readonly socket: AdbSocket;
  private readonly id: number;

  constructor(socket: AdbSocket, id: number) {
    this.socket = socket;
    this.id = id;
  }

  async write(data: Uint8Array | string): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length; at += SHELL_MAX_DATA) {
      await this.socket.write(encodeShellPacket(this.id, bytes.subarray(at, at + SHELL_MAX_DATA)));
    }
  }
}

export interface ShellServiceOptions {
  environment: ShellEnvironment;
  log: (message: string, error?: unknown) => void;
}

/**
 * The handler for `shell` and `exec`. Each stream gets its own ShellSession; the command runs
 * until it finishes or the host closes the stream (its `signal` aborts), then the exit status
 * (v2 only) and CLSE are sent. Never throws into the transport: failures are logged.
 */
export function createShellService(options: ShellServiceOptions): ServiceHandler {
  return (socket, request) => {
    const exec = request.name === 'exec';
    const v2 = !exec && request.args.includes('v2');
    const command = request.rest;
    const pty = !exec && (request.args.includes('pty') || (command === '' && !request.args.includes('raw')));
    const term = request.args.find((a) => a.startsWith('TERM='))?.slice(5);
    void serve({ socket, v2, pty, command, term, ...options }).catch((error: unknown) => {
      options.log(`shell stream ${JSON.stringify(request.service)} failed`, error);
      socket.close();
    });
    return true;
  };
}

async function serve(
  options: ShellServiceOptions & {
    socket: AdbSocket;
    v2: boolean;
    pty: boolean;
    command: string;
    term: string | undefined;
  },
): Promise<void> {
  const { socket, v2, pty, command, environment } = options;
  const stdin = new ByteChannel();
  if (v2) {
    const reader = new ShellPacketReader();
    socket.onDidReceiveData((data) => {
      for (const packet of reader.push(data)) {
        if (packet.id === SHELL_STDIN) stdin.push(Buffer.from(packet.data));
        else if (packet.id === SHELL_CLOSE_STDIN) stdin.end();
        // Window-size changes and unknown ids are ignored.
      }
    });
  } else {
    socket.onDidReceiveData((data) => stdin.push(data));
  }
  socket.onDidClose(() => stdin.end());

  let stdout: ShellOutput = v2 ? new FramedOutput(socket, SHELL_STDOUT) : new SocketOutput(socket);
  let stderr: ShellOutput = v2 ? new FramedOutput(socket, SHELL_STDERR) : stdout;
  const env = defaultShellEnv(environment.device, environment.os.root ? 'root' : 'shell');
  env.TERM = options.term ?? 'dumb';
  const session = new ShellSession(environment, { env, signal: socket.signal });

  let status: number;
  try {
    if (command === '') {
      status = await runInteractive({
        session,
        stdin,
        stdout,
        stderr,
        pty,
        hostname: environment.device.props.device,
        signal: socket.signal,
      });
    } else {
      if (pty) {
        stdout = new CrlfOutput(stdout);
        stderr = v2 ? new CrlfOutput(stderr) : stdout;
      }
      status = await session.run(command, { stdin, stdout, stderr });
    }
  } catch (error) {
    // A bug in a command must not take the stream (or the simulator) down with it.
    options.log(`shell command ${JSON.stringify(command)} crashed`, error);
    await stderr.write(`${SHELL_NAME}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    status = 1;
  } finally {
    session.dispose();
  }
  if (socket.closed) return;
  if (v2) await socket.write(encodeShellPacket(SHELL_EXIT, Uint8Array.of(status & 0xff)));
  await socket.end();
}
