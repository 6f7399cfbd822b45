/**
 * Runs parsed command lines: lists, && / ||, pipelines (concurrent, through byte channels),
 * loops and conditionals, `VAR=value` prefixes, redirections and the few builtins that must
 * change the shell itself (cd, exit, export, unset, wait).
 */
import type { SimulatedDevice } from '../device.ts';
import { VirtualFsError, basename, resolvePath } from '../fs/virtual-fs.ts';
import type { PhoneOs } from '../os/phone-os.ts';
import { ADBD_PID } from '../os/process-table.ts';
import type { ShellProcess } from '../os/process-table.ts';
import type { AndOr, Command, List, Pipeline, Redirect, SimpleCommand, Word } from './ast.ts';
import { expandWord, expandWordSingle } from './expand.ts';
import type { Expander } from './expand.ts';
import { ByteChannel, CaptureOutput } from './io.ts';
import type { ShellInput, ShellOutput } from './io.ts';
import { ShellSyntaxError } from './lexer.ts';
import { parseScript } from './parser.ts';
import { RedirectError, applyRedirects } from './redirect.ts';
import { CommandError } from './registry.ts';
import type { CommandContext, CommandRegistry, ShellHooks } from './registry.ts';

/** What every shell of one simulated phone shares. */
export interface ShellEnvironment {
  readonly device: SimulatedDevice;
  readonly commands: CommandRegistry;
  readonly hooks: ShellHooks;
  readonly os: PhoneOs;
}

export interface ShellIo {
  stdin: ShellInput;
  stdout: ShellOutput;
  stderr: ShellOutput;
}

/** `exit N` unwinds to the nearest shell (script or subshell) boundary. */
class ExitSignal {
  readonly status: number;
  constructor(status: number) {
    this.status = status;
  }
}

/** The stream closed: stop at the next command boundary. */
class StopSignal {}

export const SHELL_NAME = '/system/bin/sh';

/** Names the shell itself runs (`command -v` prints them bare). */
const BUILTINS = new Set([
  ':',
  'cd',
  'command',
  'exec',
  'exit',
  'export',
  'set',
  'trap',
  'type',
  'ulimit',
  'umask',
  'unset',
  'wait',
]);

export function defaultShellEnv(device: SimulatedDevice, user: 'shell' | 'root' = 'shell'): Record<string, string> {
  return {
    PATH: '/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin',
    HOME: '/',
    SHELL: '/bin/sh',
    USER: user,
    LOGNAME: user,
    HOSTNAME: device.props.device,
    TMPDIR: '/data/local/tmp',
    ANDROID_DATA: '/data',
    ANDROID_ROOT: '/system',
    ANDROID_STORAGE: '/storage',
    EXTERNAL_STORAGE: '/sdcard',
    ASEC_MOUNTPOINT: '/mnt/asec',
    ANDROID_ASSETS: '/system/app',
  };
}

/**
 * One shell process: variables, exported environment, cwd and `$?` persist across `run()`
 * calls (an interactive session runs each line through the same ShellSession).
 */
export class ShellSession {
  private readonly environment: ShellEnvironment;
  private readonly signal: AbortSignal;
  /** This shell's process id (`$$`); its programs are its children. */
  readonly pid: number;
  /** Who the shell runs as: `root` after `adb root`. */
  readonly user: 'shell' | 'root';
  private readonly process: ShellProcess | undefined;
  private readonly vars = new Map<string, string>();
  private readonly exported = new Set<string>();
  private jobs: Promise<unknown>[] = [];
  cwd: string;
  lastStatus = 0;
  /** Set once `exit` ran at the top level: an interactive session ends. */
  exited = false;

  constructor(
    environment: ShellEnvironment,
    options: { env?: Record<string, string>; cwd?: string; signal: AbortSignal; pid?: number },
  ) {
    this.environment = environment;
    this.signal = options.signal;
    this.cwd = options.cwd ?? '/';
    this.user = environment.os.root ? 'root' : 'shell';
    if (options.pid === undefined) {
      this.process = environment.os.processes.spawn({
        name: 'sh',
        args: [SHELL_NAME],
        ppid: ADBD_PID,
        user: this.user,
      });
      this.pid = this.process.pid;
    } else {
      this.pid = options.pid;
    }
    for (const [name, value] of Object.entries(options.env ?? defaultShellEnv(environment.device))) {
      this.vars.set(name, value);
      this.exported.add(name);
    }
  }

  /**
   * Parses and runs `source`. Resolves to the exit status (a syntax error prints mksh's
   * message and gives 1; a closed stream gives 130). Never rejects for script errors.
   */
  async run(source: string, io: ShellIo): Promise<number> {
    let list: List;
    try {
      list = parseScript(source);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      await io.stderr.write(`${SHELL_NAME}: ${error.message}\n`);
      this.lastStatus = 1;
      return 1;
    }
    try {
      const status = await this.execList(list, io);
      await this.waitJobs();
      return status;
    } catch (error) {
      if (error instanceof ExitSignal) {
        this.lastStatus = error.status;
        this.exited = true;
        return error.status;
      }
      if (error instanceof StopSignal) return 130;
      throw error;
    }
  }

  /** The shell's process ends (the stream closed or the script finished). */
  dispose(): void {
    this.process?.exit();
  }

  private async waitJobs(): Promise<void> {
    const jobs = this.jobs;
    this.jobs = [];
    await Promise.allSettled(jobs);
  }

  private checkStopped(): void {
    if (this.signal.aborted) throw new StopSignal();
  }

  private get expander(): Expander {
    return {
      lookup: (name) => this.lookup(name),
      substitute: (source, stderr) => this.substitute(source, stderr),
      fs: () => this.environment.device.fs,
      cwd: this.cwd,
    };
  }

  private lookup(name: string): string {
    switch (name) {
      case '?':
        return String(this.lastStatus);
      case '$':
        return String(this.pid);
      case '#':
        return '0';
      case '0':
        return SHELL_NAME;
      default:
        return this.vars.get(name) ?? '';
    }
  }

  /** `$(…)`: runs in a copy of this shell, output captured, trailing newlines removed. */
  private async substitute(source: string, stderr: ShellOutput): Promise<string> {
    const child = this.fork();
    const out = new CaptureOutput();
    const status = await child.run(source, { stdin: { read: async () => null }, stdout: out, stderr });
    this.lastStatus = status;
    return out.text().replace(/\n+$/, '');
  }

  /** A subshell: same environment, a copy of the variables. */
  private fork(): ShellSession {
    const child = new ShellSession(this.environment, { env: {}, cwd: this.cwd, signal: this.signal, pid: this.pid });
    for (const [name, value] of this.vars) child.vars.set(name, value);
    for (const name of this.exported) child.exported.add(name);
    child.lastStatus = this.lastStatus;
    return child;
  }

  private exportedEnv(extra: Record<string, string> = {}): Record<string, string> {
    const env: Record<string, string> = {};
    for (const name of this.exported) env[name] = this.vars.get(name) ?? '';
    return { ...env, ...extra };
  }

  private async execList(list: List, io: ShellIo): Promise<number> {
    let status = this.lastStatus;
    for (const item of list.items) {
      this.checkStopped();
      if (item.background) {
        this.jobs.push(
          this.execAndOr(item.command, io).catch((error: unknown) =>
            error instanceof ExitSignal || error instanceof StopSignal ? 0 : Promise.reject(error),
          ),
        );
        status = 0;
      } else {
        status = await this.execAndOr(item.command, io);
      }
      this.lastStatus = status;
    }
    return status;
  }

  private async execAndOr(node: AndOr, io: ShellIo): Promise<number> {
    let status = await this.execPipeline(node.first, io);
    this.lastStatus = status;
    for (const { op, pipeline } of node.rest) {
      if ((op === '&&' && status !== 0) || (op === '||' && status === 0)) continue;
      this.checkStopped();
      status = await this.execPipeline(pipeline, io);
      this.lastStatus = status;
    }
    return status;
  }

  private async execPipeline(pipeline: Pipeline, io: ShellIo): Promise<number> {
    let status: number;
    if (pipeline.commands.length === 1) {
      status = await this.execCommand(pipeline.commands[0] as Command, io);
    } else {
      const channels = pipeline.commands.slice(1).map(() => new ByteChannel());
      const runs = pipeline.commands.map(async (command, i) => {
        const stdin = i === 0 ? io.stdin : (channels[i - 1] as ByteChannel);
        const stdout = i === channels.length ? io.stdout : (channels[i] as ByteChannel);
        // Every stage but the first runs in a subshell, like mksh.
        const shell = i === pipeline.commands.length - 1 ? this : this.fork();
        try {
          return await shell.execCommand(command, { stdin, stdout, stderr: io.stderr });
        } catch (error) {
          if (error instanceof ExitSignal) return error.status;
          throw error;
        } finally {
          channels[i]?.end();
          channels[i - 1]?.closeReader();
        }
      });
      const statuses = await Promise.all(runs);
      status = statuses[statuses.length - 1] ?? 0;
    }
    return pipeline.negate ? (status === 0 ? 1 : 0) : status;
  }

  private async execCommand(command: Command, io: ShellIo): Promise<number> {
    this.checkStopped();
    if (command.kind === 'simple') return this.execSimple(command, io);
    const redirected = await this.redirect(command.redirects, io);
    if (typeof redirected === 'number') return redirected;
    switch (command.kind) {
      case 'group':
        return this.execList(command.body, redirected);
      case 'subshell': {
        try {
          return await this.fork().execList(command.body, redirected);
        } catch (error) {
          if (error instanceof ExitSignal) return error.status;
          throw error;
        }
      }
      case 'while':
      case 'until': {
        let status = 0;
        for (;;) {
          // Yield to the event loop so a busy loop cannot starve the socket that would stop it.
          await new Promise((resolve) => setImmediate(resolve));
          this.checkStopped();
          const condition = await this.execList(command.condition, redirected);
          if (command.kind === 'while' ? condition !== 0 : condition === 0) break;
          status = await this.execList(command.body, redirected);
        }
        return status;
      }
      case 'if': {
        for (const branch of command.branches) {
          if ((await this.execList(branch.condition, redirected)) === 0) return this.execList(branch.body, redirected);
        }
        return command.otherwise ? this.execList(command.otherwise, redirected) : 0;
      }
      case 'for': {
        const items: string[] = [];
        for (const word of command.items) items.push(...(await this.expand(word, io)));
        let status = 0;
        for (const item of items) {
          this.checkStopped();
          this.vars.set(command.name, item);
          status = await this.execList(command.body, redirected);
        }
        return status;
      }
    }
  }

  private expand(word: Word, io: ShellIo): Promise<string[]> {
    return expandWord(word, this.expander, io.stderr);
  }

  /** Applies redirections; a number is the failure status (the message is already printed). */
  private async redirect(redirects: Redirect[], io: ShellIo): Promise<ShellIo | number> {
    if (redirects.length === 0) return io;
    try {
      return await applyRedirects(redirects, io, {
        fs: this.environment.device.fs,
        cwd: this.cwd,
        user: this.user,
        expand: (word) => expandWordSingle(word, this.expander, io.stderr),
      });
    } catch (error) {
      if (!(error instanceof RedirectError)) throw error;
      await io.stderr.write(`${SHELL_NAME}: ${error.message}\n`);
      return 1;
    }
  }

  private async execSimple(command: SimpleCommand, io: ShellIo): Promise<number> {
    const argv: string[] = [];
    for (const word of command.words) argv.push(...(await this.expand(word, io)));
    const assigned: Record<string, string> = {};
    for (const a of command.assignments) assigned[a.name] = await expandWordSingle(a.value, this.expander, io.stderr);
    const redirected = await this.redirect(command.redirects, io);
    if (typeof redirected === 'number') return redirected;
    const [name, ...args] = argv;
    if (name === undefined) {
      for (const [key, value] of Object.entries(assigned)) this.vars.set(key, value);
      return 0;
    }
    const builtin = await this.builtin(name, args, redirected);
    if (builtin !== undefined) return builtin;
    const program = this.environment.commands.get(name);
    if (!program) {
      await redirected.stderr.write(`${SHELL_NAME}: ${name}: not found\n`);
      return 127;
    }
    const process = this.environment.os.processes.spawn({
      name: basename(name),
      args: [name, ...args],
      ppid: this.pid,
      user: this.user,
    });
    const ctx = this.contextFor(name, args, assigned, redirected, process);
    try {
      const status = await program.run(ctx);
      const killedBy = process.killedBy;
      if (killedBy !== undefined && !this.signal.aborted && !program.catches?.includes(killedBy))
        return (128 + killedBy) & 0xff;
      return status & 0xff;
    } catch (error) {
      if (error instanceof ExitSignal || error instanceof StopSignal) throw error;
      if (this.signal.aborted) throw new StopSignal();
      if (process.killedBy !== undefined) return (128 + process.killedBy) & 0xff;
      if (error instanceof CommandError) {
        if (error.message) await redirected.stderr.write(`${error.message}\n`);
        return error.status;
      }
      if (error instanceof VirtualFsError) {
        await redirected.stderr.write(`${name}: ${error.path}: ${error.message}\n`);
        return 1;
      }
      await redirected.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      process.exit();
    }
  }

  private contextFor(
    argv0: string,
    args: string[],
    assigned: Record<string, string>,
    io: ShellIo,
    process: ShellProcess,
  ): CommandContext {
    const env = this.exportedEnv(assigned);
    const cwd = this.cwd;
    const signal = AbortSignal.any([this.signal, process.signal]);
    return {
      argv0,
      args,
      env,
      cwd,
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      device: this.environment.device,
      fs: this.environment.device.fs,
      signal,
      pid: process.pid,
      user: this.user,
      os: this.environment.os,
      hooks: this.environment.hooks,
      commands: this.environment.commands,
      runScript: (source, override = {}) => {
        const child = new ShellSession(this.environment, { env, cwd, signal, pid: process.pid });
        return child.run(source, {
          stdin: override.stdin ?? io.stdin,
          stdout: override.stdout ?? io.stdout,
          stderr: override.stderr ?? io.stderr,
        });
      },
      out: (text) => io.stdout.write(text),
      err: (text) => io.stderr.write(text),
    };
  }

  /** `command -v|-V NAME…` and `type NAME…`: where a name comes from; 1 when one is unknown. */
  private async describe(name: string, args: string[], io: ShellIo): Promise<number> {
    const verbose = name === 'type' || args[0] === '-V';
    let status = 0;
    for (const word of args.filter((a) => a !== '-v' && a !== '-V')) {
      const path = word.includes('/') ? word : `/system/bin/${word}`;
      if (BUILTINS.has(word)) await io.stdout.write(verbose ? `${word} is a shell builtin\n` : `${word}\n`);
      else if (this.environment.commands.has(word) || (word.includes('/') && this.environment.device.fs.stat(word)))
        await io.stdout.write(verbose ? `${word} is ${path}\n` : `${path}\n`);
      else {
        if (verbose) await io.stderr.write(`${word}: not found\n`);
        status = 1;
      }
    }
    return status;
  }

  /** Builtins that change the shell itself; undefined when `name` is not one. */
  private async builtin(name: string, args: string[], io: ShellIo): Promise<number | undefined> {
    switch (name) {
      case ':':
        return 0;
      case 'exit': {
        const status = args[0] === undefined ? this.lastStatus : Number.parseInt(args[0], 10);
        throw new ExitSignal(Number.isNaN(status) ? 255 : status & 0xff);
      }
      case 'cd': {
        const target = resolvePath(this.cwd, args[0] ?? this.vars.get('HOME') ?? '/');
        const stat = this.environment.device.fs.stat(target);
        if (!stat) {
          await io.stderr.write(`${SHELL_NAME}: cd: ${target}: No such file or directory\n`);
          return 2;
        }
        if ((stat.mode & 0o170000) !== 0o040000) {
          await io.stderr.write(`${SHELL_NAME}: cd: ${target}: Not a directory\n`);
          return 2;
        }
        this.cwd = target;
        this.vars.set('PWD', target);
        return 0;
      }
      case 'export':
        for (const arg of args) {
          const eq = arg.indexOf('=');
          const key = eq < 0 ? arg : arg.slice(0, eq);
          if (eq >= 0) this.vars.set(key, arg.slice(eq + 1));
          this.exported.add(key);
        }
        return 0;
      case 'unset':
        for (const arg of args) {
          this.vars.delete(arg);
          this.exported.delete(arg);
        }
        return 0;
      case 'wait':
        await this.waitJobs();
        return 0;
      case 'set':
      case 'trap':
      case 'ulimit':
      case 'umask':
        return 0;
      case 'command':
      case 'type':
        if (name === 'type' || args[0] === '-v' || args[0] === '-V') return this.describe(name, args, io);
        if (args.length === 0) return 0;
        return this.execSimple(
          {
            kind: 'simple',
            assignments: [],
            words: args.map((value) => ({ parts: [{ kind: 'text', value, quoted: true }] })),
            redirects: [],
          },
          io,
        );
      case 'exec':
        if (args.length === 0) return 0;
        return this.execSimple(
          {
            kind: 'simple',
            assignments: [],
            words: args.map((value) => ({ parts: [{ kind: 'text', value, quoted: true }] })),
            redirects: [],
          },
          io,
        );
      default:
        return undefined;
    }
  }
}
