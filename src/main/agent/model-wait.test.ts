/**
 * What a run does with its models' limits: a 429 with Retry-After is waited for and the wait is
 * in the run's log (the cockpit and `moba run` show it); a vision strategy is refused before it
 * starts when its screenshots would go to a text-only model.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loopHarness, SINGLE } from '../../../test/support/agent-harness.ts';
import type { Harness } from '../../../test/support/agent-harness.ts';
import { MobaError } from '../../shared/errors.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import { describeEvent } from '../cli/run-printer.ts';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

describe('model limits in a run', () => {
  it('records the wait for a rate-limited call, then goes on with the retried reply', async () => {
    const h = await loopHarness({
      steps: [
        { name: 'limited', error: { status: 429, message: 'Rate limit reached for gpt-4o', retryAfter: 0.05 } },
        {
          match: { system: SINGLE },
          reply: { observation: 'home', thought: 'done', can_complete: 'true', action: 'Finish("ok")' },
          times: 'always',
        },
      ],
    });
    harnesses.push(h);
    const endpoint = h.settings.get().models.default;
    h.settings.update({ models: { default: { ...endpoint, maxRetries: 1 } } });
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Say ok',
      options: { mode: 'auto', usePlan: false, maxSteps: 2 },
    });
    await h.runs.settled(runId);
    const { events } = h.runs.events(runId);
    const waits = events.filter((e) => e.type === 'model_waiting');
    expect(waits).toEqual([
      expect.objectContaining({
        role: 'actor',
        purpose: 'act',
        attempt: 1,
        maxAttempts: 2,
        waitMs: 50,
        status: 429,
        serverAsked: true,
      }),
    ]);
    const wait = waits[0]!;
    const next = events.find((e) => e.seq > wait.seq && e.type === 'model_call');
    expect(next?.type === 'model_call' && next.record.attempts).toBe(2);
    expect(describeEvent(wait, foldRun(runId, events))).toBe(
      'retry model act (actor): rate limited — attempt 2 of 2 in 1 s (as the server asked)',
    );
    expect(
      foldRun(
        runId,
        events.filter((e) => e.seq <= wait.seq),
      ).modelWait,
    ).toMatchObject({
      status: 429,
      until: wait.at + 50,
    });
    expect(h.runs.state(runId)).toMatchObject({ status: 'succeeded', modelWait: null });
  });

  it('refuses a vision strategy for a text-only actor before anything is recorded', async () => {
    const h = await loopHarness({ steps: [] });
    harnesses.push(h);
    const endpoint = h.settings.get().models.default;
    h.settings.update({ models: { actor: { ...endpoint, model: 'llama3', capabilities: { vision: false } } } });
    const error = await h.runs
      .start({ serial: 'toy-1', task: 'Open Clock', options: { strategy: 'appagent', mode: 'auto' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MobaError);
    expect((error as MobaError).code).toBe('MODEL_NOT_CAPABLE');
    expect((error as MobaError).message).toMatch(/AppAgent strategy sends screenshots to the actor role.*"llama3"/);
    expect(h.runs.list({}).runs).toEqual([]);
    expect(h.model.requests()).toEqual([]);
  });
});
