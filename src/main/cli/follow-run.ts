import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { errorMessage } from '../../shared/errors.ts';
import type { MobaApp } from '../app.ts';
import type { DecisionInput } from '../agent/run-controller.ts';
import type { RunHandle } from '../agent/run-handle.ts';
import type { CliIo } from './io.ts';
import { describeEvent, formatCounts, formatTree } from './run-printer.ts';

const HELP =
  'answer with: Enter/a = approve · e ACTION = edit · o ACTION = override · r FEEDBACK = reject · t = take over · h = hand back · g TEXT = guidance · p = pause · s = stop';

/** Reads a person's decision from one line of input; null when the line means pause/stop or is not understood. */
export function parseDecisionLine(
  line: string,
): { decision: DecisionInput } | { control: 'pause' | 'stop' } | { error: string } {
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
      return arg
        ? { decision: { decision: 'edit', action: arg } }
        : { error: 'edit needs an action, e.g. "e Click(4)"' };
    case 'o':
    case 'override':
      return arg
        ? { decision: { decision: 'override', action: arg } }
        : { error: 'override needs an action, e.g. "o Back()"' };
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
      return arg
        ? { decision: { decision: 'answer', feedback: arg } }
        : { error: 'guidance needs text, e.g. "g open the alarm tab first"' };
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

/**
 * `moba run` and `moba runs resume` exit codes. 3 is for scripts and CI: the run needs a
 * decision but stdin is closed, so it was paused where it stands (`moba runs resume ID`
 * from a terminal, or the UI, continues it).
 */
export const EXIT = { succeeded: 0, failed: 1, stoppedOrPaused: 2, waitingForPerson: 3 } as const;

export interface FollowOptions {
  json: boolean;
  /** Where decisions come from (stdin); null in auto mode. */
  input: Readable | null;
}

/**
 * Prints a run's events as they happen and feeds decisions typed on stdin to it, until the run
 * ends, pauses, or the person stops following (Ctrl-C pauses the run; it can be resumed). When
 * the run waits for a person and stdin has ended (or there is none in a waiting mode), nobody can
 * answer: the run is paused with that reason and the person is told how to resume it.
 * @returns the exit code (`EXIT`): 0 succeeded, 1 failed, 2 stopped or paused, 3 paused because it waits for a person and stdin is closed.
 */
export async function followRun(app: MobaApp, run: RunHandle, io: CliIo, options: FollowOptions): Promise<number> {
  const { runId } = run;
  const print = (e: RunEvent) => {
    if (options.json) {
      io.out(`${JSON.stringify({ runId, event: e })}\n`);
      return;
    }
    const line = describeEvent(e, app.runs.state(runId));
    if (line) io.out(`${line}\n`);
    if (e.type === 'human_wait') io.out(`      ${HELP}\n> `);
  };
  const ended = () => {
    const st = run.state().status;
    return TERMINAL_STATUSES.includes(st) || st === 'paused';
  };
  let stopFollowing!: () => void;
  const done = new Promise<void>((resolve) => (stopFollowing = resolve));
  // Everything the run recorded so far is printed first, then each event as it comes.
  const printing = run.events((e) => {
    print(e);
    if (ended()) stopFollowing();
  });
  if (ended()) stopFollowing();
  // The loop may also end without a last event of its own: another process took the run over.
  void run.done.then(() => stopFollowing());
  const rl = options.input ? createInterface({ input: options.input, terminal: false }) : null;
  let inputEnded = false;
  let nobodyToAsk = false;
  const pauseIfNobodyCanAnswer = () => {
    const st = app.runs.state(runId);
    if (!inputEnded || nobodyToAsk || st.status !== 'waiting') return;
    nobodyToAsk = true;
    const what = st.waiting?.prompt ? ` (${st.waiting.prompt})` : '';
    io.err(
      `\nThe run is waiting for a person${what}, but stdin is closed, so nobody can answer here. It is paused: continue it with \`moba runs resume ${runId}\` from a terminal, or in the UI.\n`,
    );
    void app.runs
      .pause(runId, {
        by: 'system',
        reason: 'Waiting for a person, but `moba` has no input (stdin is closed). Resume to answer.',
      })
      .catch((e: unknown) => io.err(`${errorMessage(e)}\n`));
  };
  const waits = rl
    ? run.events((e) => {
        // After the loop has appended the wait and settled into it.
        if (e.type === 'human_wait') setImmediate(pauseIfNobodyCanAnswer);
      })
    : null;
  rl?.on('line', (line) => {
    const parsed = parseDecisionLine(line);
    if ('error' in parsed) {
      io.err(`${parsed.error}\n> `);
      return;
    }
    if ('control' in parsed) {
      void (parsed.control === 'pause' ? app.runs.pause(runId) : app.runs.stop(runId)).catch((e: unknown) =>
        io.err(`${errorMessage(e)}\n`),
      );
      return;
    }
    try {
      app.runs.decide(runId, parsed.decision);
    } catch (error) {
      io.err(`${errorMessage(error)}\n> `);
    }
  });
  rl?.on('close', () => {
    inputEnded = true;
    pauseIfNobodyCanAnswer();
  });
  const stopped = io.untilStopped().then(async (signal) => {
    if (!ended()) {
      io.err(`\n${signal}: pausing the run (resume it with \`moba runs resume ${runId}\`)\n`);
      await app.runs.pause(runId);
    }
  });
  await Promise.race([done, stopped]);
  printing.dispose();
  waits?.dispose();
  rl?.close();
  await app.runs.settled(runId);
  const state = app.runs.state(runId);
  if (options.json) {
    io.out(
      `${JSON.stringify({ runId, summary: { status: state.status, cause: state.cause, reason: state.outcomeReason, answer: state.answer, waiting: state.waiting, counters: state.counters, tree: formatTree(state).split('\n') } })}\n`,
    );
  } else {
    io.out(`\nTask tree (run ${runId}):\n${formatTree(state)}\n${formatCounts(state)}\n`);
  }
  if (state.status === 'succeeded') return EXIT.succeeded;
  if (state.status === 'failed') return EXIT.failed;
  return nobodyToAsk && state.status === 'paused' ? EXIT.waitingForPerson : EXIT.stoppedOrPaused;
}
