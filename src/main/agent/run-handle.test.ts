import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../shared/schemas/run.ts';
import { RunEventSchema } from '../../shared/schemas/run.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import { RunService } from './run-service.ts';
import { NO_MEMORY } from './ports.ts';
import type { RunLoop } from './run-controller.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { tempDir } from '@moba/testkit/rigs';
import { loopHarness } from '../../../test/support/agent-harness.ts';
import type { Harness } from '../../../test/support/agent-harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

/** A loop that looks once and gives up, as a pseudo-agent does. */
const looksAndGivesUp: RunLoop = async (ctx) => {
  const observation = await ctx.device.observe(ctx.signal);
  ctx.append({ type: 'observation', observationId: 'o1', observation, screenKey: 'k' });
  ctx.append({ type: 'run_finished', outcome: 'failed', cause: 'gave_up', reason: 'Nothing to do here', answer: null });
};

/** A loop that waits for a person forever (until it is stopped). */
const waitsForever: RunLoop = async (ctx) => {
  await ctx.waitForPerson('escalation', null, 'Anyone there?');
};

describe('RunService.start: the run handle', () => {
  it('replays the run from run_started to a listener that subscribes after start returned, then goes live', async () => {
    h = await loopHarness({});
    const run = await h.runs.start({
      serial: 'toy-1',
      task: 'Look around',
      options: { mode: 'auto' },
      loop: { name: 'looker', description: 'A loop that looks once.', loop: looksAndGivesUp },
    });
    const outcome = await run.done;
    const seen: RunEvent[] = [];
    run.events((e) => seen.push(e)).dispose();
    expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i));
    expect(seen.map((e) => e.type)).toEqual([
      'run_started',
      'message',
      'node_added',
      'cursor_moved',
      'observation',
      'run_finished',
    ]);
    expect(seen[0]).toMatchObject({ type: 'run_started', driver: 'looker' });
    expect(seen[1]).toMatchObject({ type: 'message', from: 'system', text: 'A loop that looks once.' });
    expect(outcome).toMatchObject({
      runId: run.runId,
      status: 'failed',
      ended: true,
      cause: 'gave_up',
      reason: 'Nothing to do here',
      error: null,
    });
    expect(run.state().cause).toBe('gave_up');
  });

  it("delivers only this run's events, live and in order, to a listener that stays", async () => {
    h = await loopHarness({});
    const first = await h.runs.start({
      serial: 'toy-1',
      task: 'Wait',
      options: { mode: 'step' },
      loop: { name: 'waiter', description: 'Waits.', loop: waitsForever },
    });
    const seen: RunEvent[] = [];
    const sub = first.events((e) => seen.push(e));
    await first.stop('Enough waiting');
    sub.dispose();
    expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i));
    expect(seen.at(-1)).toMatchObject({ type: 'run_finished', outcome: 'stopped', cause: 'stopped_by_person' });
    expect(seen.some((e) => e.type === 'human_wait')).toBe(true);
    const outcome = await first.done;
    expect(outcome).toMatchObject({ status: 'stopped', cause: 'stopped_by_person', reason: 'Enough waiting' });
  });

  it('stop with a system cause records it (the person is not blamed) and resolves with the ended outcome', async () => {
    h = await loopHarness({});
    const run = await h.runs.start({
      serial: 'toy-1',
      task: 'Wait',
      options: { mode: 'step' },
      loop: { name: 'waiter', description: 'Waits.', loop: waitsForever },
    });
    const outcome = await run.stop('The time is up', 'time_limit');
    expect(outcome).toMatchObject({ ended: true, status: 'stopped', cause: 'time_limit', reason: 'The time is up' });
    const events = h.runs.events(run.runId).events;
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', cause: 'time_limit' });
  });

  it('a loop that throws pauses the run; done says so, with the error and no end cause', async () => {
    h = await loopHarness({});
    const run = await h.runs.start({
      serial: 'toy-1',
      task: 'Break',
      options: { mode: 'auto' },
      loop: {
        name: 'breaker',
        description: 'Breaks.',
        loop: async () => {
          throw new Error('wires crossed');
        },
      },
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ status: 'paused', ended: false, cause: null, error: { code: 'INTERNAL' } });
    expect(outcome.error?.message).toContain('wires crossed');
  });

  it('follow() on an ended run resolves at once and replays from the given event', async () => {
    h = await loopHarness({});
    const run = await h.runs.start({
      serial: 'toy-1',
      task: 'Look around',
      options: { mode: 'auto' },
      loop: { name: 'looker', description: 'Looks.', loop: looksAndGivesUp },
    });
    await run.done;
    const again = h.runs.follow(run.runId, 4);
    expect(await again.done).toMatchObject({ ended: true, cause: 'gave_up' });
    const seen: string[] = [];
    again.events((e) => seen.push(e.type)).dispose();
    expect(seen).toEqual(['observation', 'run_finished']);
  });

  it("a pseudo-agent's run cannot be resumed by a process that did not start it: refused before anything is recorded", async () => {
    h = await loopHarness({});
    const run = await h.runs.start({
      serial: 'toy-1',
      task: 'Wait',
      options: { mode: 'step' },
      loop: { name: 'reference', description: 'Waits.', loop: waitsForever },
    });
    await h.runs.pause(run.runId);
    const dir = tempDir('moba-handle-');
    const other = new RunService({
      repo: new RunsRepo(h.db),
      artifacts: new ArtifactStore(h.db, dir.path),
      settings: h.settings,
      appVersion: 'test',
      device: () => h!.phone,
      memory: () => NO_MEMORY,
    });
    try {
      const before = other.events(run.runId).events.length;
      expect(() => other.resume(run.runId)).toThrow(/driven by "reference".*cannot be continued/);
      expect(other.events(run.runId).events).toHaveLength(before);
      expect(other.state(run.runId).status).toBe('paused');
      // The process that started it still can.
      h.runs.resume(run.runId);
      await vi.waitUntil(() => h!.runs.state(run.runId).status === 'waiting');
    } finally {
      await other.dispose();
      dir.dispose();
    }
  });
});

describe('run_finished causes in old logs', () => {
  it('an event stored without a cause still parses and folds: success is finished, anything else unknown', () => {
    const start = {
      seq: 0,
      at: 1,
      type: 'run_started',
      task: 't',
      serial: 's',
      options: {
        strategy: 'moba',
        mode: 'auto',
        usePlan: true,
        useMemory: false,
        maxSteps: 5,
        planBudget: 5,
        settleTimeoutMs: 0,
        approvalRules: [],
        models: {},
      },
      appVersion: 'old',
      device: null,
    };
    for (const [outcome, cause] of [
      ['succeeded', 'finished'],
      ['failed', 'unknown'],
      ['stopped', 'unknown'],
    ] as const) {
      const legacy = {
        seq: 1,
        at: 2,
        type: 'run_finished',
        outcome,
        reason: 'The step limit was reached',
        answer: null,
      };
      const parsed = RunEventSchema.parse(legacy);
      expect(parsed).toMatchObject({ type: 'run_finished', cause });
      // Folding the raw stored form (no parsing) derives the same cause.
      const st = foldRun('r', [start, legacy] as unknown as RunEvent[]);
      expect(st).toMatchObject({ status: outcome, cause });
    }
  });
});
