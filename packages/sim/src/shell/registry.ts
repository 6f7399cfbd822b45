/**
 * The simulated shell's commands: each is one small module registered by name. A command
 * gets its argv, environment, stdio and the device, and resolves to an exit status.
 */
import { MobaError } from '@moba/base';
import type { Disposable } from '@moba/base';
import type { SimulatedDevice } from '../device.ts';
import type { VirtualFs } from '../fs/virtual-fs.ts';
import type { PhoneOs } from '../os/phone-os.ts';
import type { ShellInput, ShellOutput } from './io.ts';

/** `app_process` invocation as the scrcpy server (or anything run through app_process) sees it. */
export interface AppProcessInvocation {
  /** CLASSPATH from the environment (or `-cp`/`-classpath`), e.g. /data/local/tmp/scrcpy-server.jar. */
  classpath: string | undefined;
  /** The parent dir argument (usually `/`). */
  directory: string | undefined;
  /** The main class, e.g. com.genymobile.scrcpy.Server. */
  className: string;
  /** Arguments after the class name (`3.3.3 scid=… tunnel_forward=true …`). */
  args: string[];
  /** VM options before the directory (`-Dfoo=bar`, …). */
  vmOptions: string[];
}

/**
 * Runs a program started with app_process. Resolve to the exit status, or undefined when
 * this handler does not know the class (the next handler, then Android's ClassNotFound
 * answer, is tried). The shell stream stays open until the promise settles; `ctx.signal`
 * aborts when the host closes it (scrcpy's "kill the server").
 */
export type AppProcessHandler = (invocation: AppProcessInvocation, ctx: CommandContext) => Promise<number | undefined>;

export interface ShellHooks {
  /** Handlers in registration order; the newest is asked first. */
  readonly appProcess: readonly AppProcessHandler[];
}

export interface CommandContext {
  /** argv[0] as invoked (`input`, `/system/bin/input`, …). */
  readonly argv0: string;
  /** Arguments after argv[0], already expanded and unquoted. */
  readonly args: readonly string[];
  /** The environment the command runs with (exported variables plus `VAR=value` prefixes). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly stdin: ShellInput;
  readonly stdout: ShellOutput;
  readonly stderr: ShellOutput;
  readonly device: SimulatedDevice;
  /** `device.fs` at the time the command started. */
  readonly fs: VirtualFs;
  /** Aborted when the ADB stream closes or the process is signalled (`kill`); long-running commands stop on it. */
  readonly signal: AbortSignal;
  /** The command's process id (`ps`, `kill`). */
  readonly pid: number;
  /** Who runs it: `shell`, or `root` after `adb root`. */
  readonly user: 'shell' | 'root';
  /** The phone's processes, log and adbd state. */
  readonly os: PhoneOs;
  readonly hooks: ShellHooks;
  readonly commands: CommandRegistry;
  /** Runs a nested command line (`sh -c …`) with this command's stdio unless overridden. */
  runScript(source: string, io?: { stdin?: ShellInput; stdout?: ShellOutput; stderr?: ShellOutput }): Promise<number>;
  /** Shorthands for text output. */
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
}

export interface ShellCommand {
  /** The program name (`input`); also answers to `/system/bin/<name>`. */
  readonly name: string;
  readonly aliases?: readonly string[];
  /**
   * Signals the program catches (it stops cleanly and its own status stands); any other signal
   * that stops it makes the status 128 + the signal number, as for a killed process.
   */
  readonly catches?: readonly number[];
  run(ctx: CommandContext): Promise<number>;
}

export class CommandRegistry {
  private readonly commands = new Map<string, ShellCommand>();

  /**
   * Adds a command (also under its aliases), replacing one of the same name until disposed.
   */
  register(command: ShellCommand): Disposable {
    const names = [command.name, ...(command.aliases ?? [])];
    const previous = names.map((name) => [name, this.commands.get(name)] as const);
    for (const name of names) this.commands.set(name, command);
    return {
      dispose: () => {
        for (const [name, before] of previous) {
          if (this.commands.get(name) !== command) continue;
          if (before) this.commands.set(name, before);
          else this.commands.delete(name);
        }
      },
    };
  }

  /** Finds a command by bare name or by an absolute /system/bin (or /bin) path. */
  get(nameOrPath: string): ShellCommand | undefined {
    const direct = this.commands.get(nameOrPath);
    if (direct) return direct;
    const match = /^\/(?:system\/(?:x?bin)|bin|vendor\/bin)\/([^/]+)$/.exec(nameOrPath);
    return match ? this.commands.get(match[1] as string) : undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  names(): string[] {
    return [...this.commands.keys()].sort();
  }

  /** A copy, so one phone can add commands without touching another's table. */
  clone(): CommandRegistry {
    const copy = new CommandRegistry();
    for (const command of new Set(this.commands.values())) copy.register(command);
    return copy;
  }
}

/** Thrown by a command for a usage error; the shell prints the message to stderr and exits with `status`. */
export class CommandError extends MobaError {
  readonly status: number;

  constructor(message: string, status = 1) {
    super('DEVICE_COMMAND_FAILED', message);
    this.status = status;
  }
}
