/**
 * Expert warm start: import/export on real SQLite files — a round trip is byte-identical, a
 * broken file changes nothing and names the bad path, re-importing does not duplicate, and the
 * shipped example seed imports and is retrievable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryService } from '../../src/main/memory/memory-service.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import type { Db } from '../../src/main/store/database.ts';
import { MobaError } from '../../src/shared/errors.ts';
import { tempDir } from '@moba/testkit/rigs';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const SEED = join(import.meta.dirname, '..', '..', 'resources', 'memory', 'example-seed.json');
let clock = 1_700_000_000_000;

function openWithDb(): { memory: MemoryService; db: Db } {
  const dir = tempDir('moba-memory-io-');
  const db = openDatabase({ path: join(dir.path, 'moba.sqlite') });
  const memory = new MemoryService({ db, now: () => clock });
  cleanups.push(() => {
    memory.dispose();
    db.close();
    dir.dispose();
  });
  return { memory, db };
}

function open(): MemoryService {
  return openWithDb().memory;
}

function populate(memory: MemoryService): void {
  memory.recordTaskNode({ runId: 'r1', nodeId: 'root', goal: 'Alarm at 6:30 for work', status: 'done' });
  memory.recordAction({
    runId: 'r1',
    nodeId: 'n1',
    goal: 'Set the hour',
    action: 'Click(4)',
    element: 'button "6"',
    outcome: 'failure',
    reflection: 'Missed the number',
    app: 'com.android.deskclock',
    activity: '.DeskClock',
    screenKey: 'abc',
  });
  clock += 1;
  memory.recordRoute({
    runId: 'r1',
    nodeId: 'root',
    goal: 'Alarm at 6:30 for work',
    taskGoal: 'Alarm at 6:30 for work',
    steps: [
      { subGoal: 'Open Clock', action: 'Open_App("Clock")' },
      {
        subGoal: 'Add',
        action: 'Click(9)',
        element: 'fab',
        app: 'com.android.deskclock',
        activity: '.DeskClock',
        actionId: 'action:x',
      },
    ],
  });
  memory.recordAnswer({ runId: 'r1', nodeId: 'n2', goal: 'Weather tomorrow', text: 'Tomorrow: sunny, 24°C — 天气晴' });
  memory.recordThought({ runId: 'r1', nodeId: 'n2', goal: 'Weather tomorrow', text: 'Scroll down' });
  memory.recordReflection({
    runId: 'r1',
    nodeId: 'n2',
    goal: 'Weather tomorrow',
    text: 'Needs the daily list',
    stage: 'plan',
  });
  memory.recordPlan({
    runId: 'r1',
    nodeId: 'root',
    goal: 'Alarm at 6:30 for work',
    subgoals: ['Open Clock', 'Add alarm'],
    subgoalIds: ['a', 'b'],
    thought: 'Two steps',
  });
  memory.recordInteraction({ runId: 'r1', task: 'Alarm at 6:30 for work', outcome: 'succeeded', answer: null });
  memory.addUserMemory({ text: 'Prefers the 24-hour clock', category: 'preference' });
  memory.upsertAppDescription({
    app: 'com.android.deskclock',
    name: 'Clock',
    description: 'Alarms',
    keyScreens: ['Alarm tab'],
  });
  memory.recordAppPage({
    app: 'com.android.deskclock',
    activity: '.DeskClock',
    description: 'Alarm list',
    affordances: ['add alarm'],
    screenKey: 'abc',
  });
}

describe('memory import/export', () => {
  it('round-trips: export → import into an empty store → export gives the same bytes', () => {
    const a = open();
    populate(a);
    const first = a.exportText();
    const parsed = JSON.parse(first) as { format: string; version: number; memories: Array<{ kind: string }> };
    expect(parsed).toMatchObject({ format: 'moba-memory', version: 1 });
    expect(parsed.memories).toHaveLength(a.stats().total);
    expect(new Set(parsed.memories.map((m) => m.kind))).toEqual(
      new Set(['task', 'action', 'route', 'answer', 'thought', 'reflection', 'user', 'app', 'page']),
    );
    const b = open();
    clock += 10_000;
    expect(b.importJson(first)).toEqual({
      total: parsed.memories.length,
      inserted: parsed.memories.length,
      updated: 0,
      unchanged: 0,
    });
    expect(b.exportText()).toBe(first);
    // Importing into the store it came from changes nothing.
    expect(a.importJson(first)).toMatchObject({ inserted: 0, updated: 0, unchanged: parsed.memories.length });
    expect(a.exportText()).toBe(first);
  });

  it('a broken file changes nothing and names the bad item by its path', () => {
    const memory = open();
    populate(memory);
    const before = memory.exportText();
    const good = JSON.parse(readFileSync(SEED, 'utf8')) as { memories: unknown[] };
    const memories = [...good.memories];
    memories.splice(7, 0, { kind: 'route', goal: 'broken', steps: [{ subGoal: 'Open Clock', action: '' }] });
    let error: unknown;
    try {
      memory.importJson({ format: 'moba-memory', version: 1, memories });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MobaError);
    expect((error as MobaError).code).toBe('MEMORY_IMPORT_INVALID');
    expect((error as MobaError).message).toContain('memories[7].steps[0].action');
    expect((error as MobaError).message).toContain('nothing was imported');
    expect(memory.exportText()).toBe(before);
    expect(() => memory.importJson('{"format":"moba-memory","version":1,"memories":[{"kind":"alarm"}]}')).toThrow(
      /memories\[0\]\.kind/,
    );
    expect(() => memory.importJson('not json')).toThrow(/not valid JSON/);
    expect(memory.exportText()).toBe(before);
  });

  it('is one transaction: a failure while writing item 3 leaves items 1–2 unwritten too', async () => {
    const { memory, db } = openWithDb();
    memory.addUserMemory({ text: 'keep me' });
    const before = memory.exportText();
    // A valid file that the database refuses half-way (a temporary trigger, like a full disk).
    db.exec(
      `CREATE TEMP TRIGGER refuse_boom BEFORE INSERT ON memories WHEN NEW.id = 'user:boom' BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    const file = {
      format: 'moba-memory',
      version: 1,
      memories: [
        { kind: 'user', id: 'user:one', text: 'one', category: 'fact' },
        { kind: 'user', id: 'user:two', text: 'two', category: 'fact' },
        { kind: 'user', id: 'user:boom', text: 'three', category: 'fact' },
      ],
    };
    const warm = await memory.retrieve({ purpose: 'select_app', query: 'keep' });
    expect(warm.items).toHaveLength(1);
    expect(() => memory.importJson(file)).toThrow(/disk full/);
    expect(memory.exportText()).toBe(before);
    expect(memory.list({ search: 'one' }).total).toBe(0);
    // Retrieval does not see the rolled-back items either.
    expect((await memory.retrieve({ purpose: 'select_app', query: 'one two three' })).items).toEqual([]);
    db.exec('DROP TRIGGER refuse_boom');
    expect(memory.importJson(file)).toMatchObject({ inserted: 3 });
    // Duplicate ids in one file are refused before anything is written.
    expect(() =>
      memory.importJson({
        format: 'moba-memory',
        version: 1,
        memories: [
          { kind: 'user', id: 'user:a', text: 'one', category: 'fact' },
          { kind: 'user', id: 'user:a', text: 'two', category: 'fact' },
        ],
      }),
    ).toThrow(/memories\[1\]\.id/);
    expect(memory.stats().total).toBe(4);
  });

  it('re-importing a hand-written seed (no ids, no timestamps) does not duplicate', () => {
    const memory = open();
    const seed = {
      format: 'moba-memory',
      version: 1,
      memories: [
        { kind: 'user', text: 'Lives in Shanghai', category: 'fact' },
        { kind: 'route', goal: 'Turn on Wi-Fi', steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }] },
      ],
    };
    expect(memory.importJson(seed)).toMatchObject({ inserted: 2 });
    clock += 5_000;
    expect(memory.importJson(JSON.stringify(seed))).toMatchObject({ inserted: 0, unchanged: 2 });
    expect(memory.stats().total).toBe(2);
    const items = memory.list({}).items;
    expect(items.every((m) => m.source === 'expert')).toBe(true);
    expect(items.every((m) => /^[a-z]+:h[0-9a-f]{24}$/.test(m.id))).toBe(true);
    // A changed item with the same id is updated, not added.
    const edited = JSON.parse(memory.exportText()) as { memories: Array<Record<string, unknown>> };
    edited.memories[0]!.text = 'Lives in Beijing';
    delete edited.memories[0]!.updatedAt;
    expect(memory.importJson(edited)).toMatchObject({ updated: 1, unchanged: 1, inserted: 0 });
    expect(memory.list({ search: 'beijing' }).total).toBe(1);
    expect(memory.list({ search: 'shanghai' }).total).toBe(0);
  });

  it('ships an example seed for the simulated phone that imports and warms up retrieval', async () => {
    const memory = open();
    const r = memory.importJson(readFileSync(SEED, 'utf8'));
    expect(r.inserted).toBeGreaterThanOrEqual(20);
    const apps = memory.list({ kind: 'app', limit: 50 }).items.map((m) => (m.kind === 'app' ? m.app : ''));
    expect(apps.sort()).toEqual([
      'com.android.calendar',
      'com.android.contacts',
      'com.android.deskclock',
      'com.android.launcher3',
      'com.android.messaging',
      'com.android.settings',
      'com.moba.notes',
      'com.moba.railway',
      'com.moba.shop',
      'com.moba.weather',
    ]);
    expect(memory.list({ source: 'expert' }).total).toBe(r.total);
    const plan = await memory.retrieve({ purpose: 'plan', query: 'Set an alarm for 7:00 AM labeled Gym on weekdays' });
    expect(plan.items[0]!.memory).toMatchObject({ kind: 'route', id: 'route:seed-alarm' });
    const select = await memory.retrieve({ purpose: 'select_app', query: "What's the forecast for tomorrow?" });
    expect(select.items[0]!.memory).toMatchObject({ kind: 'app', app: 'com.moba.weather' });
  });
});
