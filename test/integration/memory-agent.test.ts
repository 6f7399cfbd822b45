/**
 * The agent's memory port (src/main/agent/ports.ts) bound to the real memory service on a
 * SQLite file: what a run records through the port is retrievable through it, with the ids
 * and scores the run log keeps.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMemory } from '../../src/main/agent/ports.ts';
import { describeElementForMemory } from '../../src/shared/elements/describe-element.ts';
import { agentMemory } from '../../src/main/memory/agent-memory.ts';
import { MemoryService } from '../../src/main/memory/memory-service.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import type { RetrievalResult } from '../../src/shared/schemas/memory.ts';
import type { UiElement } from '../../src/shared/schemas/perception.ts';
import { tempDir } from '@moba/testkit/rigs';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const element: UiElement = {
  index: 5,
  bounds: [900, 2000, 1040, 2140],
  center: [970, 2070],
  text: '',
  contentDesc: 'Add alarm',
  resourceId: 'com.android.deskclock:id/fab',
  className: 'android.widget.ImageButton',
  packageName: 'com.android.deskclock',
  trueAttributes: ['clickable'],
};

describe('agent memory port', () => {
  it('records a run through the port and retrieves it for the next model calls', async () => {
    const dir = tempDir('moba-memory-agent-');
    const db = openDatabase({ path: join(dir.path, 'moba.sqlite') });
    const service = new MemoryService({ db });
    cleanups.push(() => (service.dispose(), db.close(), dir.dispose()));
    const seen: RetrievalResult[] = [];
    const port: AgentMemory = agentMemory(service, { onRetrieved: (r) => seen.push(r) });
    const signal = new AbortController().signal;

    const planIds = await port.recordPlan({
      runId: 'r1',
      nodeId: 'n0',
      goal: 'Set an alarm for 6:30 labeled Work',
      subgoals: ['Open Clock', 'Add an alarm'],
      subgoalIds: ['n1', 'n2'],
      thought: 'Needs several taps',
    });
    // The planned node, one task node per sub-goal (linked by id), and the plan's thought.
    expect(planIds.map((id) => id.split(':')[0]).sort()).toEqual(['reflection', 'task', 'task', 'task']);
    const [actionId] = await port.recordAction({
      runId: 'r1',
      nodeId: 'n2',
      goal: 'Add an alarm',
      parentGoal: 'Set an alarm for 6:30 labeled Work',
      taskGoal: 'Set an alarm for 6:30 labeled Work',
      action: 'Click(5)',
      element,
      observation: 'The alarm list',
      thought: 'Tap +',
      reflection: null,
      outcome: 'success',
      app: 'com.android.deskclock',
      activity: '.DeskClock',
      screenKey: 's1',
    });
    expect(service.get(actionId!)).toMatchObject({
      kind: 'action',
      element: 'ImageButton "Add alarm" (id fab)',
      outcome: 'success',
    });
    await port.recordRoute({
      runId: 'r1',
      nodeId: 'n0',
      goal: 'Set an alarm for 6:30 labeled Work',
      taskGoal: 'Set an alarm for 6:30 labeled Work',
      steps: [
        {
          subgoal: 'Add an alarm',
          action: 'Click(5)',
          element: describeElementForMemory(element),
          app: 'com.android.deskclock',
        },
      ],
    });
    await port.recordAnswer({
      runId: 'r1',
      nodeId: 'n0',
      goal: 'Set an alarm',
      taskGoal: 'Set an alarm',
      text: 'The alarm rings at 18:30',
    });
    await port.recordAppPage({
      packageName: 'com.android.deskclock',
      activity: '.DeskClock',
      description: 'Alarm list',
    });
    const [interaction] = await port.recordInteraction({
      runId: 'r1',
      task: 'Set an alarm for 6:30 labeled Work',
      outcome: 'succeeded',
      answer: null,
    });
    expect(service.get(interaction!)).toMatchObject({
      kind: 'user',
      category: 'interaction',
      text: 'Asked "Set an alarm for 6:30 labeled Work" → succeeded',
    });

    const items = await port.retrieve(
      { purpose: 'plan', query: 'Set an alarm for 7:00 labeled Gym', runId: 'r2', parentGoal: null, app: null, k: 4 },
      signal,
    );
    expect(items[0]).toMatchObject({ kind: 'route' });
    expect(items[0]!.text).toContain('Click(5)');
    for (const i of items) expect(service.get(i.id).kind).toBe(i.kind);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.items.map((i) => [i.id, i.score])).toEqual(items.map((i) => [i.id, i.score]));
    const act = await port.retrieve(
      {
        purpose: 'act',
        query: 'Add an alarm',
        runId: 'r1',
        nodeId: 'n2',
        parentGoal: 'Set an alarm for 6:30 labeled Work',
        app: 'com.android.deskclock',
        k: 6,
      },
      signal,
    );
    expect(act.some((i) => i.id === actionId)).toBe(true);
    expect(await port.appDescriptions()).toEqual({});
    service.upsertAppDescription({ app: 'com.android.deskclock', name: 'Clock', description: 'Alarms and timers' });
    expect(await port.appDescriptions()).toEqual({ 'com.android.deskclock': 'Clock: Alarms and timers' });
  });
});
