import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { errorMessage } from '../../shared/errors.ts';
import type { MobaApp } from '../app.ts';
import type { DecisionInput } from '../agent/run-controller.ts';
import type { CliIo } from './io.ts';
import { describeEvent, formatCounts, formatTree } from './run-printer.ts';

const HELP = 'answer with: Enter/a = approve · e ACTION = edit · o ACTION = override · r FEEDBACK = reject · t = take over · h = hand back · g TEXT = guidance · p = pause · s = stop';

/** Reads a person's decision from one line of input; null when the line means pause/stop or is not understood. */
export function parseDecisionLine(line: string): { decision: DecisionInput } | { control: 'pause' | 'stop' } | { error: string } {
  const text = line.trim();
  const [word = '', ...rest] = text.split(/\s+/);
  const arg = text.slice(word.length).trim();
  switch (word.toLowerCase()) {
    case '':
    case 'a':
    case 'approve':
    case 'y':
    case 'yes':
      return { decision: { decision: 'approve' } };
    case 'e':
    case 'edit':
      return arg ? { decision: { decision: 'edit', action: arg } } : { error: 'edit needs an action, e.g. "e Click(4)"' };
    case 'o':
    case 'override':
      return arg ? { decision: { decision: 'override', action: arg } } : { error: 'override needs an action, e.g. "o Back()"' };
    case 'r':
    case 'reject':
    case 'n':
    case 'no':
      return { decision: { decision: 'reject', ...(arg ? { feedback: arg } : {}) } };
    case 't':
    case 'take':
      return { decision: { decision: 'take_over' } };
    case 'h':
    case 'hand':
    case 'done':
      return { decision: { decision: 'hand_back' } };
    case 'g':
    case 'guide':
    case 'answer':
      return arg ? { decision: { decision: 'answer', feedback: arg } } : { error: 'guidance needs text, e.g. "g open the alarm tab first"' };
    case 'p':
    case 'pause':
      return { control: 'pause' };
    case 's':
    case 'stop':
    case 'q':
      return { control: 'stop' };
    default:
      void rest;
      return { error: `not understood: "${text}" — ${HELP}` };
  }
}

export interface FollowOptions {
  json: boolean;
  /** Where decisions come from (stdin); null in auto mode. */
  input: Readable | null;
}

/**
 * Prints a run's events as they happen and feeds decisions typed on stdin to it, until the run
 * ends, pauses, or the person stops following (Ctrl-C pauses the run; it can be resumed).
 * @returns the exit code: 0 succeeded, 1 failed, 2 stopped or paused.
 */
export async function followRun(app: MobaApp, runId: string, io: CliIo, options: FollowOptions): Promise<number> {
  const print = (e: RunEvent) => {
    if (options.json) {
      io.out(`${JSON.stringify({ runId, event: e })}\n`);
      return;
    }
    const line = describeEvent(e, app.runs.state(runId));
    if (line) io.out(`${line}\n`);
    if (e.type === 'human_wait') io.out(`      ${HELP}\n> `);
  };
  for (const e of app.runs.events(runId).events) print(e);
  const ended = () => {
    const st = app.runs.state(runId).status;
    return TERMINAL_STATUSES.includes(st) || st === 'paused';
  };
  const done = new Promise<void>((resolve) => {
    const sub = app.runs.onDidAppend((n) => {
      if (n.runId !== runId) return;
      print(n.event);
      if (ended()) {
        sub.dispose();
        resolve();
      }
    });
    if (ended()) {
      sub.dispose();
      resolve();
    }
    // The loop may also end without a last event of its own: another process took the run over.
    void app.runs.settled(runId).then(() => {
      sub.dispose();
      resolve();
    });
  });
  const rl = options.input ? createInterface({ input: options.input, terminal: false }) : null;
  rl?.on('line', (line) => {
    const parsed = parseDecisionLine(line);
    if ('error' in parsed) {
      io.err(`${parsed.error}\n> `);
      return;
    }
    if ('control' in parsed) {
      void (parsed.control === 'pause' ? app.runs.pause(runId) : app.runs.stop(runId)).catch((e: unknown) => io.err(`${errorMessage(e)}\n`));
      return;
    }
    try {
      app.runs.decide(runId, parsed.decision);
    } catch (error) {
      io.err(`${errorMessage(error)}\n> `);
    }
  });
  const stopped = io.untilStopped().then(async (signal) => {
    if (!ended()) {
      io.err(`\n${signal}: pausing the run (resume it with \`moba runs resume ${runId}\`)\n`);
      await app.runs.pause(runId);
    }
  });
  await Promise.race([done, stopped]);
  rl?.close();
  await app.runs.settled(runId);
  const state = app.runs.state(runId);
  if (options.json) {
    io.out(`${JSON.stringify({ runId, summary: { status: state.status, reason: state.outcomeReason, answer: state.answer, counters: state.counters, tree: formatTree(state).split('\n') } })}\n`);
  } else {
    io.out(`\nTask tree (run ${runId}):\n${formatTree(state)}\n${formatCounts(state)}\n`);
  }
  return state.status === 'succeeded' ? 0 : state.status === 'failed' ? 1 : 2;
}
