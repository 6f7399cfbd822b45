/**
 * A cross-app task on the simulated phone — "check tomorrow's weather and save it in a new
 * note" — where the forecast read in Weather reaches the note-writing step through memory: the
 * Local Agent's answer is stored as answer memory and retrieved into the later prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';

const TASK = "Check tomorrow's weather in Shanghai and save it in a new note";

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: loadScript('weather-to-note.json') });
});
afterAll(async () => {
  await t?.dispose();
});

describe('cross-app task through memory', () => {
  it('reads the forecast in Weather and writes it into a note, passing it through answer memory', {
    timeout: 300_000,
  }, async () => {
    const { runId } = await t.app.runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'auto' } });
    await t.waitFor(runId);
    const state = t.app.runs.state(runId);
    expect(state.status, state.outcomeReason ?? '').toBe('succeeded');
    // The answer is what the Weather screen said for tomorrow.
    expect(state.answer).toMatch(/^Tomorrow in Shanghai: \w[\w ]*, high -?\d+°, low -?\d+°, \d+% chance of rain$/);

    const events = t.app.runs.events(runId).events;
    const written = events.flatMap((e) => (e.type === 'memory_written' ? e.items : []));
    const answerId = written.find((i) => i.kind === 'answer')?.id;
    expect(answerId, 'an answer memory was written').toBeDefined();

    const writeNode = Object.values(state.nodes).find((n) => n.goal === "Write tomorrow's forecast in the note")!;
    const writeCall = events.find(
      (e) => e.type === 'model_call' && e.nodeId === writeNode.id && e.record.purpose === 'act',
    );
    expect(writeCall?.type === 'model_call' && writeCall.memories.map((m) => m.id)).toContain(answerId);
    expect(JSON.stringify(writeCall?.type === 'model_call' ? writeCall.record.request.messages : [])).toContain(
      `[answer] Answer for \\"Read tomorrow's forecast for Shanghai\\": ${state.answer}`,
    );

    const notes = await t.rig.simState<{ notes: Array<{ body: string }> }>('com.moba.notes');
    expect(notes.notes.map((n) => n.body)).toContain(state.answer);
  });
});
