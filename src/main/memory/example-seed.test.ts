/**
 * The shipped expert seed (`resources/memory/example-seed.json`) teaches what the agent does:
 * it must parse as a memory file, and its routes must not suggest Finish() before their last
 * step — on a sub-goal Finish() only finishes that sub-goal, and a route that "answers with
 * Finish()" mid-task taught the agent to end runs early.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMemoryFile } from './memory-file.ts';

const SEED = join(import.meta.dirname, '..', '..', '..', 'resources', 'memory', 'example-seed.json');

describe('the example seed memory', () => {
  it('parses, and no route suggests Finish() before its last step', () => {
    const file = parseMemoryFile(JSON.parse(readFileSync(SEED, 'utf8')));
    const routes = file.memories.filter((m) => m.kind === 'route');
    expect(routes.length).toBeGreaterThan(3);
    for (const r of routes) {
      if (r.kind !== 'route') continue;
      r.steps
        .slice(0, -1)
        .forEach((s, i) => expect(s.action, `${r.id} step ${i + 1} ("${s.subGoal}")`).not.toMatch(/\bFinish\(/));
    }
  });

  it('shows a reading sub-goal answered in the message, without an action', () => {
    const file = parseMemoryFile(JSON.parse(readFileSync(SEED, 'utf8')));
    const route = file.memories.find((m) => m.id === 'route:seed-weather-note');
    expect(route?.kind === 'route' && route.steps[1]).toMatchObject({
      subGoal: "Read tomorrow's forecast and answer it",
      action: expect.stringMatching(/^No action: answer in the message/),
    });
  });
});
