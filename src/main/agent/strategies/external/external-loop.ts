/**
 * The `external` strategy: a program of the user's drives the run through the agent protocol
 * (docs/agent-protocol.md). The loop starts the session's server, starts the program with the
 * session's address and token in its environment (`MOBA_AGENT_URL`, `MOBA_AGENT_TOKEN`,
 * `MOBA_RUN_ID`), and carries out its requests through the step kernel until it finishes. A
 * program that exits without finishing ends the run with the cause `agent_failed`; a stop, a
 * pause or an episode's time limit ends the program (it is started again when a paused run resumes).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { MobaError } from '../../../../shared/errors.ts';
import { NO_STRATEGY_MEMORY } from '../../ports.ts';
import type { CustomLoop } from '../../run-handle.ts';
import type { StrategyArtifacts } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { AppChooser } from '../common/runner.ts';
import { AgentSession, ProtocolError } from './agent-session.ts';
import { startSessionServer } from './session-server.ts';

/** The program's last output kept for the reason of a failed run. */
const OUTPUT_TAIL = 2_000;
/** How long a program that has finished may take to exit by itself. */
const EXIT_GRACE_MS = 5_000;
/** How long the program has to exit after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2_000;
/** How long a paused or stopped run's program has to read the event and exit by itself. */
const NOTICE_GRACE_MS = 1_000;

/** A session offered to an agent that connects on its own (`moba bench serve`). */
export interface SessionOffer {
  url: string;
  token: string;
  runId: string;
  task: string;
}

export interface ExternalAgentOptions {
  /** The program and its arguments, e.g. `['python3', 'my_agent.py']` (no shell). */
  command?: readonly string[];
  /**
   * Instead of starting a program: offers the session to an agent that connects on its own;
   * returns how to withdraw the offer. The run then ends when the agent finishes, or is stopped.
   */
  connect?: (offer: SessionOffer) => () => void;
  artifacts: StrategyArtifacts;
  /** Its working folder (default this process's). */
  cwd?: string;
  /** Added to this process's environment for the program. */
  env?: NodeJS.ProcessEnv;
  /** Chooses the app an Open_App description means when no app is named exactly by it. */
  chooseApp?: AppChooser;
}

/**
 * Splits a command line into words as a shell would for plain words, 'single' and "double"
 * quotes (a backslash escapes the next character outside single quotes); nothing is expanded.
 * @throws MobaError INVALID_INPUT on an unclosed quote
 */
export function splitCommand(line: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else word = (word ?? '') + (c === '\\' && i + 1 < line.length ? line[++i]! : c);
  }
  if (quote) throw new MobaError('INVALID_INPUT', `The command has an unclosed ${quote} quote: ${line}`);
  if (word !== null) out.push(word);
  return out;
}

interface ProgramEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  error: string | null;
}

function tail(text: string): string {
  return text.length > OUTPUT_TAIL ? `…${text.slice(-OUTPUT_TAIL)}` : text;
}

/** Ends the program and whatever it started in its process group. */
function kill(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      child.kill(s);
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), KILL_GRACE_MS);
  return exited.then(() => clearTimeout(timer));
}

function describeEnd(end: ProgramEnd): string {
  if (end.error) return `could not be started: ${end.error}`;
  return end.signal ? `was killed (${end.signal})` : `exited with code ${end.code}`;
}

/** Why a run of the `external` strategy cannot go on without the program it was started with. */
export function externalProgramMissing(): MobaError {
  return new MobaError(
    'INVALID_INPUT',
    'The external strategy is driven by a program given when the run starts: `moba run --strategy external --external-cmd "python3 my_agent.py"`, or a benchmark configuration with externalCommand.',
  );
}

/** The program of a run: started with the session's address and token, its output kept. */
function startProgram(
  command: readonly string[],
  options: ExternalAgentOptions,
  env: NodeJS.ProcessEnv,
): { exited: Promise<ProgramEnd>; output: () => string; kill: () => Promise<void> } {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = tail(output + chunk.toString('utf8')));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<ProgramEnd>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error: error.message }));
    child.once('exit', (code, signal) => resolve({ code, signal, error: null }));
  });
  return { exited, output: () => output, kill: () => kill(child, exited) };
}

export function externalAgentLoop(options: ExternalAgentOptions): CustomLoop {
  const command = options.command ?? [];
  if (!command.length && !options.connect)
    throw new MobaError('INVALID_INPUT', 'The external agent needs a program to run');
  return {
    name: 'external',
    description: command.length
      ? `An external agent program drives this run: ${command.join(' ')}`
      : 'An external agent that connected on its own drives this run',
    loop: async (ctx) => {
      const run = new StrategyRun(ctx, {
        artifacts: options.artifacts,
        memory: NO_STRATEGY_MEMORY,
        ocr: () => {
          throw new MobaError('INVALID_INPUT', 'The external strategy reads no text from screenshots');
        },
        ...(options.chooseApp ? { chooseApp: options.chooseApp } : {}),
      });
      await run.resumeOpenWork();
      if (run.done) return;
      const session = new AgentSession(run, options.artifacts);
      let fatal: unknown = null;
      const problems: string[] = [];
      let wake: () => void = () => undefined;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const server = await startSessionServer(
        async (name, body) => {
          try {
            return await session.handle(name, body);
          } catch (error) {
            if (!(error instanceof ProtocolError)) {
              fatal ??= error;
              wake();
            }
            throw error;
          } finally {
            if (session.finished || run.done) wake();
          }
        },
        (problem) => problems.push(problem),
        () => session.pendingEvents(),
      );
      const sessionEnv = { MOBA_AGENT_URL: server.url, MOBA_AGENT_TOKEN: server.token, MOBA_RUN_ID: ctx.runId };
      const program = command.length
        ? startProgram(command, options, sessionEnv)
        : { exited: new Promise<ProgramEnd>(() => undefined), output: () => '', kill: async () => undefined };
      const { exited } = program;
      const withdraw =
        options.connect?.({ url: server.url, token: server.token, runId: ctx.runId, task: run.state.task }) ??
        (() => undefined);
      const aborted = new Promise<void>((resolve) => {
        if (ctx.signal.aborted) resolve();
        ctx.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      try {
        const first = await Promise.race([
          exited,
          woken.then(() => 'session' as const),
          aborted.then(() => 'abort' as const),
        ]);
        if (first === 'abort' || ctx.signal.aborted) throw ctx.signal.reason;
        if (fatal) throw fatal;
        if (first !== 'session' && !run.done) {
          const last = problems.at(-1);
          await run.finish(
            'failed',
            'agent_failed',
            `The agent program ${describeEnd(first)} before it finished${last ? `; its last refused request: ${last}` : ''}${program.output().trim() ? `. Its last output: ${program.output().trim()}` : ''}`,
          );
        }
        // After finish the program may still be writing its own results: it gets a moment to exit.
        if (first === 'session') await Promise.race([exited, new Promise((r) => setTimeout(r, EXIT_GRACE_MS))]);
      } finally {
        // A pause or stop reached the program as an event: it gets a moment to exit by itself.
        if (ctx.signal.aborted) await Promise.race([exited, new Promise((r) => setTimeout(r, NOTICE_GRACE_MS))]);
        withdraw();
        session.close();
        await program.kill();
        await server.close();
      }
    },
  };
}
