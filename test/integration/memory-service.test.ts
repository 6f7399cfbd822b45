/**
 * The memory service on real SQLite files: every kind written and read back, the editor's
 * operations, and retrieval — relations to the current run, BM25, embeddings (a deterministic
 * in-process embedder with controlled vectors), and how the fusion weights change the order.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryService } from '../../src/main/memory/memory-service.ts';
import type { Embedder } from '../../src/main/memory/embeddings.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import type { Db } from '../../src/main/store/database.ts';
import { MEMORY_KINDS } from '../../src/shared/schemas/memory.ts';
import type { MemoryChange, MemoryItem } from '../../src/shared/schemas/memory.ts';
import { tempDir } from '@moba/testkit/rigs';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

let clock = 1_700_000_000_000;

function open(options: { embedder?: () => Embedder | null; path?: string } = {}): {
  db: Db;
  memory: MemoryService;
  path: string;
} {
  let path = options.path;
  if (!path) {
    const dir = tempDir('moba-memory-');
    cleanups.push(() => dir.dispose());
    path = join(dir.path, 'moba.sqlite');
  }
  const db = openDatabase({ path });
  const memory = new MemoryService({
    db,
    now: () => clock,
    ...(options.embedder ? { embedder: options.embedder } : {}),
  });
  cleanups.push(() => {
    memory.dispose();
    db.close();
  });
  return { db, memory, path };
}

/**
 * Topic embeddings: each topic is one axis, recognised by any of its words (synonyms included),
 * so "wake-up call" is close to "alarm" although they share no word — something BM25 cannot do.
 */
const TOPICS: string[][] = [
  ['alarm', 'wake', 'wake-up', 'ring'],
  ['weather', 'forecast', 'rain', 'sunny'],
  ['note', 'notes', 'memo', 'write'],
  ['message', 'sms', 'text', 'send'],
  ['calendar', 'event', 'meeting'],
  ['wifi', 'wi-fi', 'network', 'internet'],
];
function topicEmbedder(calls: string[][] = []): Embedder {
  return {
    model: 'topics-v1',
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((t) => {
        const words = t.toLowerCase().split(/[^a-z-]+/);
        // A small constant component keeps every vector non-zero.
        return [...TOPICS.map((topic) => (words.some((w) => topic.includes(w)) ? 1 : 0)), 0.05];
      });
    },
  };
}

describe('memory service: writing and editing', () => {
  it('writes every kind, reads each back unchanged, and lists, filters and counts them', () => {
    const { memory } = open();
    const written: MemoryItem[] = [
      memory.recordTaskNode({ runId: 'r1', nodeId: 'root', goal: 'Check the weather and note it', status: 'active' }),
      memory.recordAction({
        runId: 'r1',
        nodeId: 'n1',
        goal: 'Open the Weather app',
        parentGoal: 'Check the weather and note it',
        action: 'Open_App("Weather")',
        element: null,
        observation: 'The launcher',
        thought: 'Open it',
        reflection: null,
        outcome: 'success',
        app: 'com.android.launcher3',
        activity: '.Launcher',
        screenKey: 'k1',
      }),
      memory.recordRoute({
        runId: 'r1',
        nodeId: 'root',
        goal: 'Check the weather',
        steps: [
          { subGoal: 'Open the Weather app', action: 'Open_App("Weather")', app: 'com.moba.weather' },
          { subGoal: 'Read tomorrow', action: 'Click(4)', app: 'com.moba.weather' },
        ],
      }),
      memory.recordAnswer({ runId: 'r1', nodeId: 'n2', goal: "Tomorrow's weather", text: 'Tomorrow: sunny, 24°C' }),
      memory.recordThought({
        runId: 'r1',
        nodeId: 'n2',
        goal: "Tomorrow's weather",
        text: 'The forecast row is below the hourly strip',
      }),
      memory.recordReflection({
        runId: 'r1',
        nodeId: 'n2',
        goal: "Tomorrow's weather",
        text: 'Tapped the hourly strip by mistake',
        stage: 'execution',
        action: 'Click(3)',
      }),
      memory.addUserMemory({ text: 'Prefers the 24-hour clock' }),
      memory.upsertAppDescription({
        app: 'com.moba.weather',
        name: 'Weather',
        description: 'Forecasts by city',
        keyScreens: ['Main', 'City list'],
      }),
      memory.recordAppPage({
        app: 'com.moba.weather',
        activity: '.MainActivity',
        description: 'Today and the next days',
      }),
      // Mobile-Agent-E's long-term experience.
      memory.create({ kind: 'tips', tips: ['Close pop-ups first.', 'Tap an input box before typing.'] }, 'run'),
      memory.create(
        {
          kind: 'shortcut',
          name: 'Tap_Type_and_Enter',
          arguments: ['x', 'y', 'text'],
          description: 'Tap a box, type, press Enter.',
          precondition: 'An input box is on the screen.',
          steps: [
            { action: 'Tap', arguments: { x: 'x', y: 'y' } },
            { action: 'Type', arguments: { text: 'text' } },
            { action: 'Enter', arguments: {} },
          ],
        },
        'run',
      ),
      // AppAgent's documentation of one element.
      memory.create(
        { kind: 'element', app: 'com.moba.notes', element: 'id com.moba.notes:id/save', tap: 'Saves the note.' },
        'run',
      ),
    ];
    expect(new Set(written.map((m) => m.kind))).toEqual(new Set(MEMORY_KINDS));
    for (const m of written) {
      expect(memory.get(m.id)).toEqual(m);
      expect(m.id.startsWith(`${m.kind}:`)).toBe(true);
    }
    expect(written[1]).toMatchObject({
      kind: 'action',
      source: 'run',
      app: 'com.android.launcher3',
      outcome: 'success',
      createdAt: clock,
    });
    expect(written[1]).not.toHaveProperty('element');
    expect(written[2]).toMatchObject({ kind: 'route', app: 'com.moba.weather' });
    expect(written[6]).toMatchObject({ kind: 'user', source: 'manual', category: 'preference' });

    expect(memory.list({}).total).toBe(12);
    expect(memory.list({ kind: 'shortcut' }).items.map((m) => (m.kind === 'shortcut' ? m.name : ''))).toEqual([
      'Tap_Type_and_Enter',
    ]);
    expect(memory.list({ search: 'pop-ups' }).items.map((m) => m.kind)).toEqual(['tips']);
    expect(memory.list({ kind: 'action', outcome: 'success' }).items.map((m) => m.id)).toEqual([written[1]!.id]);
    expect(memory.list({ app: 'com.moba.weather' }).total).toBe(3);
    expect(memory.list({ source: 'manual' }).total).toBe(2);
    expect(memory.list({ runId: 'r1' }).total).toBe(6);
    expect(
      memory
        .list({ search: 'forec' })
        .items.map((m) => m.kind)
        .sort(),
    ).toEqual(['app', 'thought']);
    expect(memory.list({ search: 'sunny 24' }).items.map((m) => m.id)).toEqual([written[3]!.id]);
    expect(memory.list({ order: 'oldest', limit: 2, offset: 1 }).items.map((m) => m.id)).toEqual([
      written[1]!.id,
      written[2]!.id,
    ]);
    expect(memory.count({ kind: 'route' })).toBe(1);
    const stats = memory.stats();
    expect(stats.total).toBe(12);
    expect(stats.byKind.page).toBe(1);
    expect(stats.byKind.tips).toBe(1);
    expect(stats.byKind.element).toBe(1);
    expect(stats.bySource).toEqual({ run: 10, expert: 0, manual: 2, benchmark: 0 });
    expect(stats.embedder).toEqual({ model: null, embedded: 0, pending: 0 });
    expect(memory.appDescriptions()).toEqual({ 'com.moba.weather': 'Weather: Forecasts by city' });
  });

  it('keeps one page per package+activity and one description per app, updating them in place', () => {
    const { memory } = open();
    const a = memory.recordAppPage({ app: 'com.android.deskclock', activity: '.DeskClock', description: 'Alarm list' });
    const b = memory.recordAppPage({
      app: 'com.android.deskclock',
      activity: '.DeskClock',
      description: 'Alarm list with the + button',
    });
    expect(b.id).toBe(a.id);
    expect(memory.get(a.id)).toMatchObject({ description: 'Alarm list with the + button', createdAt: a.createdAt });
    memory.upsertAppDescription({ app: 'com.android.deskclock', name: 'Clock', description: 'Alarms' });
    memory.upsertAppDescription({ app: 'com.android.deskclock', name: 'Clock', description: 'Alarms and timers' });
    expect(memory.list({ kind: 'app' }).items).toHaveLength(1);
    expect(memory.get('app:com.android.deskclock')).toMatchObject({ description: 'Alarms and timers' });
  });

  it('edits, deletes and reports every change as an event; a bad write changes nothing', () => {
    const { memory } = open();
    const changes: MemoryChange[] = [];
    memory.onDidChange((c) => changes.push(c));
    const pref = memory.addUserMemory({ text: 'Uses Calendar for reminders' });
    clock += 1_000;
    const edited = memory.update(pref.id, { text: 'Uses Calendar, not alarms, for reminders', category: 'fact' });
    expect(edited).toMatchObject({
      text: 'Uses Calendar, not alarms, for reminders',
      category: 'fact',
      createdAt: pref.createdAt,
      updatedAt: clock,
    });
    expect(memory.list({ search: 'alarms' }).items.map((m) => m.id)).toEqual([pref.id]);
    expect(() => memory.update(pref.id, { category: 'mood' })).toThrow(/category/);
    expect(() => memory.update('user:nope', { text: 'x' })).toThrow(/No memory/);
    expect(() =>
      memory.recordAction({ runId: 'r', nodeId: 'n', goal: '', action: 'Back()', outcome: 'success' }),
    ).toThrow(/goal/);
    expect(memory.list({}).total).toBe(1);
    expect(memory.delete([pref.id, 'user:nope'])).toBe(1);
    expect(memory.list({ search: 'alarms' }).total).toBe(0);
    expect(changes.map((c) => [c.reason, c.count])).toEqual([
      ['record', 1],
      ['update', 1],
      ['delete', 1],
    ]);
    expect(changes[1]!.ids).toEqual([pref.id]);
  });

  it('create() takes a draft of any kind, and refuses a duplicate id', () => {
    const { memory } = open();
    const route = memory.create({
      kind: 'route',
      goal: 'Turn on Wi-Fi',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    expect(route).toMatchObject({ kind: 'route', source: 'manual' });
    const seeded = memory.create(
      { kind: 'user', id: 'user:city', text: 'Lives in Shanghai', category: 'fact' },
      'expert',
    );
    expect(seeded).toMatchObject({ id: 'user:city', source: 'expert' });
    expect(() => memory.create({ kind: 'user', id: 'user:city', text: 'again', category: 'fact' })).toThrow(
      /already exists/,
    );
    expect(() => memory.create({ kind: 'route', goal: 'x', steps: [] })).toThrow(/steps/);
  });
});

describe('memory service: retrieval', () => {
  function seedRun(memory: MemoryService) {
    memory.recordTaskNode({
      runId: 'run-a',
      nodeId: 'root',
      goal: 'Check the weather and write it into a note',
      status: 'active',
    });
    memory.recordTaskNode({
      runId: 'run-a',
      nodeId: 'n1',
      goal: "Find tomorrow's weather",
      status: 'active',
      parentNodeId: 'root',
    });
    memory.recordAction({
      runId: 'run-a',
      nodeId: 'n1',
      goal: "Find tomorrow's weather",
      action: 'Click(3)',
      outcome: 'failure',
      reflection: 'Opened the hourly view; the daily rows are lower',
      app: 'com.moba.weather',
    });
    clock += 10;
    memory.recordAction({
      runId: 'run-a',
      nodeId: 'n1',
      goal: "Find tomorrow's weather",
      action: 'Click(7)',
      outcome: 'success',
      app: 'com.moba.weather',
    });
    clock += 10;
    memory.recordAnswer({
      runId: 'run-a',
      nodeId: 'n1',
      goal: "Find tomorrow's weather",
      text: 'Tomorrow: sunny, 24°C',
    });
    clock += 10;
    memory.recordAction({
      runId: 'run-a',
      nodeId: 'n2',
      goal: 'Open the Notes app',
      action: 'Open_App("Notes")',
      outcome: 'success',
      app: 'com.android.launcher3',
    });
    // An older run, unrelated.
    memory.recordAction({
      runId: 'run-old',
      nodeId: 'n1',
      goal: "Find tomorrow's weather",
      action: 'Click(9)',
      outcome: 'failure',
      reflection: 'Wrong city',
      app: 'com.moba.weather',
    });
  }

  it("relation-based: the last success/failure of the node, the run's last action, the parent goal and earlier answers", async () => {
    const { memory } = open();
    seedRun(memory);
    const act = await memory.retrieve({
      purpose: 'act',
      query: 'Type the forecast into the note',
      runId: 'run-a',
      nodeId: 'n1',
      app: 'com.moba.notes',
      k: 8,
    });
    const byRelation = Object.fromEntries(act.items.filter((i) => i.relation).map((i) => [i.relation, i.memory]));
    expect(byRelation.last_success).toMatchObject({ action: 'Click(7)', runId: 'run-a' });
    expect(byRelation.last_failure).toMatchObject({ action: 'Click(3)', runId: 'run-a' });
    expect(byRelation.run_answer).toMatchObject({ text: 'Tomorrow: sunny, 24°C' });
    expect(byRelation.last_action).toMatchObject({ action: 'Open_App("Notes")' });
    // The other run's failure is not a relation of this node.
    expect(act.items.find((i) => i.memory.runId === 'run-old')?.relation ?? null).toBeNull();
    expect(act.items.find((i) => i.relation === 'last_failure')!.why).toContain('last failure of this sub-goal');
    const plan = await memory.retrieve({
      purpose: 'plan',
      query: "Find tomorrow's weather",
      runId: 'run-a',
      nodeId: 'n1',
      k: 8,
    });
    expect(plan.items.find((i) => i.relation === 'parent_goal')?.memory).toMatchObject({
      kind: 'task',
      goal: 'Check the weather and write it into a note',
    });
    expect(plan.contentMode).toBe('bm25');
    expect(plan.embedderModel).toBeNull();
    // Every item carries an id and a score the run log can record.
    for (const i of [...act.items, ...plan.items]) {
      expect(i.id).toBe(i.memory.id);
      expect(i.score).toBeGreaterThan(0);
      expect(i.summary.length).toBeGreaterThan(0);
    }
    const scores = act.items.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('answers given in one task are found by a later, different task (cross-app hand-over)', async () => {
    const { memory } = open();
    seedRun(memory);
    const r = await memory.retrieve({
      purpose: 'act',
      query: "Write tomorrow's weather into a note",
      runId: 'run-b',
      nodeId: 'x',
      k: 5,
    });
    expect(r.items.map((i) => i.memory.kind)).toContain('answer');
    expect(r.items.find((i) => i.kind === 'answer')!.summary).toContain('sunny, 24°C');
  });

  it('BM25 ranks the obviously relevant route first and explains the match', async () => {
    const { memory } = open();
    const routes = [
      ['Send a message to Alice', 'Open Messages'],
      ['Turn on Wi-Fi in Settings', 'Open Settings'],
      ['Set an alarm for 6:30 labeled Work', 'Open Clock'],
      ['Create a calendar event for the team meeting', 'Open Calendar'],
      ['Buy running shoes in the shop', 'Open Shop'],
    ] as const;
    for (const [goal, sub] of routes)
      memory.recordRoute({ runId: 'seed', nodeId: goal, goal, steps: [{ subGoal: sub, action: 'Open_App()' }] });
    for (let i = 0; i < 40; i++)
      memory.recordAction({
        runId: 'noise',
        nodeId: `n${i}`,
        goal: `Tap the button number ${i}`,
        action: `Click(${i})`,
        outcome: 'failure',
      });
    const r = await memory.retrieve({ purpose: 'plan', query: 'set an alarm for 7:15 labeled gym', k: 3 });
    expect(r.items[0]!.memory).toMatchObject({ kind: 'route', goal: 'Set an alarm for 6:30 labeled Work' });
    expect(r.items[0]!.why).toMatch(/matches: .*alarm/);
    expect(r.items[0]!.signals.lexical).toBe(1);
    const wifi = await memory.retrieve({ purpose: 'plan', query: 'enable wi-fi', k: 3 });
    expect(wifi.items[0]!.memory).toMatchObject({ goal: 'Turn on Wi-Fi in Settings' });
    // select_app sees every app description (a small class is scored whole), best match first.
    memory.upsertAppDescription({ app: 'com.moba.weather', name: 'Weather', description: 'Forecasts for cities' });
    memory.upsertAppDescription({ app: 'com.android.deskclock', name: 'Clock', description: 'Alarms and timers' });
    const sel = await memory.retrieve({ purpose: 'select_app', query: 'an app that rings an alarm' });
    expect(sel.items[0]!.memory).toMatchObject({ kind: 'app', app: 'com.android.deskclock' });
  });

  it('embeddings find synonyms BM25 cannot, and fusion weights change the order as documented', async () => {
    const calls: string[][] = [];
    const { memory } = open({ embedder: () => topicEmbedder(calls) });
    // Shares words with the query but is about something else.
    const lexical = memory.recordRoute({
      runId: 's',
      nodeId: '1',
      goal: 'Schedule a call with the team',
      steps: [{ subGoal: 'Open Calendar', action: 'Open_App("Calendar")' }],
    });
    // Shares no word with the query but is about the same thing.
    const semantic = memory.recordRoute({
      runId: 's',
      nodeId: '2',
      goal: 'Set an alarm for 6:30',
      steps: [{ subGoal: 'Open Clock', action: 'Open_App("Clock")' }],
    });
    const query = 'schedule a wake-up call';

    const fused = await memory.retrieve({ purpose: 'plan', query, k: 2 });
    expect(fused.contentMode).toBe('embedding');
    expect(fused.embedderModel).toBe('topics-v1');
    expect(fused.warnings).toEqual([]);
    expect(fused.items.map((i) => i.id)).toEqual([semantic.id, lexical.id]);
    expect(fused.items[0]!.why).toMatch(/similar \(cos (0\.9\d|1\.00)\)/);

    const lexicalOnly = await memory.retrieve({ purpose: 'plan', query, k: 2, weights: { semantic: 0, lexical: 1 } });
    expect(lexicalOnly.items[0]!.id).toBe(lexical.id);
    const semanticOnly = await memory.retrieve({ purpose: 'plan', query, k: 2, weights: { semantic: 1, lexical: 0 } });
    expect(semanticOnly.items[0]!.id).toBe(semantic.id);
    // score = Σ w·s / Σ w: with only the semantic weight, the score is the cosine itself.
    const pure = await memory.retrieve({
      purpose: 'plan',
      query,
      k: 2,
      weights: { relation: 0, semantic: 1, lexical: 0, recency: 0 },
    });
    expect(pure.items[0]!.score).toBeCloseTo(pure.items[0]!.signals.semantic!, 3);
    expect(pure.items[0]!.score).toBeGreaterThan(0.95);
    // Memories were embedded once (by the first retrieval), queries every time.
    expect(calls.flat().filter((t) => t === 'Set an alarm for 6:30')).toHaveLength(1);

    // Without an embedder the same request is BM25 only: the lexical match wins.
    const bm25 = await new MemoryService({ db: memory['db'], now: () => clock }).retrieve({
      purpose: 'plan',
      query,
      k: 2,
    });
    expect(bm25.contentMode).toBe('bm25');
    expect(bm25.items[0]!.id).toBe(lexical.id);
    expect(bm25.weights.semantic).toBe(0);
    expect(bm25.weights.lexical).toBe(1.5);
  });

  it('relation items are always included; the relation weight decides whether they outrank content', async () => {
    const { memory } = open();
    const route = memory.recordRoute({
      runId: 'old',
      nodeId: 'x',
      goal: 'Set an alarm for 7:00',
      steps: [{ subGoal: 'Open Clock', action: 'Open_App("Clock")' }],
    });
    const failure = memory.recordAction({
      runId: 'now',
      nodeId: 'n1',
      goal: 'Pick the hour',
      action: 'Click(12)',
      outcome: 'failure',
      reflection: 'The clock face missed the tap',
    });
    for (let i = 0; i < 5; i++)
      memory.recordRoute({
        runId: 'old',
        nodeId: `y${i}`,
        goal: `Set an alarm for ${i + 1}:00`,
        steps: [{ subGoal: 'Open Clock', action: 'Open_App("Clock")' }],
      });
    const query = { purpose: 'plan' as const, query: 'set an alarm for 7:00', runId: 'now', nodeId: 'n1', k: 3 };
    // Defaults (BM25 mode: relation 1, lexical 0.5 + 1 moved from semantic): the exact route first,
    // the failure still in the top 3 although five other routes match the words better.
    const byDefault = await memory.retrieve(query);
    expect(byDefault.items[0]!.id).toBe(route.id);
    expect(byDefault.items.map((i) => i.id)).toContain(failure.id);
    const heavy = await memory.retrieve({ ...query, weights: { relation: 3 } });
    expect(heavy.items[0]).toMatchObject({ id: failure.id, relation: 'last_failure' });
    const none = await memory.retrieve({ ...query, weights: { relation: 0 } });
    expect(none.items.slice(0, 2).map((i) => i.memory.kind)).toEqual(['route', 'route']);
  });

  it('act scopes page observations to the foreground app and names the page on screen', async () => {
    const { memory } = open();
    memory.recordAppPage({
      app: 'com.android.deskclock',
      activity: '.DeskClock',
      description: 'Alarm list with the add alarm button',
    });
    memory.recordAppPage({
      app: 'com.moba.notes',
      activity: '.MainActivity',
      description: 'Note list with the add note button',
    });
    memory.recordAppPage({
      app: 'com.android.deskclock',
      activity: '.timer.TimerActivity',
      description: 'Timer with a number pad and the add minute button',
    });
    const r = await memory.retrieve({
      purpose: 'act',
      query: 'Tap the add button',
      app: 'com.android.deskclock',
      activity: '.DeskClock',
      k: 5,
    });
    const pages = r.items.filter((i) => i.memory.kind === 'page');
    expect(pages.length).toBe(2);
    expect(pages.every((i) => i.memory.kind === 'page' && i.memory.app === 'com.android.deskclock')).toBe(true);
    expect(r.items[0]).toMatchObject({ relation: 'current_page', memory: { activity: '.DeskClock' } });
    const notes = await memory.retrieve({ purpose: 'act', query: 'Tap the add button', app: 'com.moba.notes', k: 5 });
    expect(notes.items.map((i) => i.memory.kind === 'page' && i.memory.app)).toEqual(['com.moba.notes']);
  });

  it('recency breaks ties between equal memories, newest first', async () => {
    const { memory } = open();
    const old = memory.recordRoute({
      runId: 'a',
      nodeId: '1',
      goal: 'Turn on Bluetooth',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    clock += 90 * 86_400_000;
    const recent = memory.recordRoute({
      runId: 'b',
      nodeId: '1',
      goal: 'Turn on Bluetooth',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    const r = await memory.retrieve({ purpose: 'plan', query: 'turn on bluetooth', k: 2 });
    expect(r.items.map((i) => i.id)).toEqual([recent.id, old.id]);
    expect(r.items[0]!.signals.recency).toBeGreaterThan(r.items[1]!.signals.recency);
  });

  it('filters by kind, app and source; purposes pick their kinds', async () => {
    const { memory } = open();
    memory.upsertAppDescription({
      app: 'com.moba.weather',
      name: 'Weather',
      description: 'Weather forecasts',
      source: 'expert',
    });
    memory.addUserMemory({ text: 'Checks the weather every morning', category: 'fact' });
    memory.recordRoute({
      runId: 'r',
      nodeId: '1',
      goal: 'Check the weather',
      steps: [{ subGoal: 'Open Weather', action: 'Open_App("Weather")', app: 'com.moba.weather' }],
    });
    memory.recordAction({
      runId: 'r',
      nodeId: '2',
      goal: 'Check the weather',
      action: 'Click(1)',
      outcome: 'failure',
      app: 'com.moba.weather',
    });
    const select = await memory.retrieve({ purpose: 'select_app', query: 'weather' });
    expect(new Set(select.items.map((i) => i.kind))).toEqual(new Set(['app', 'user']));
    const plan = await memory.retrieve({ purpose: 'plan', query: 'weather' });
    expect(new Set(plan.items.map((i) => i.kind))).toEqual(new Set(['route', 'action', 'user']));
    // Reflection gets failures and, when they match the goal, user preferences and facts.
    const reflect = await memory.retrieve({ purpose: 'reflect', query: 'check the weather' });
    expect(new Set(reflect.items.map((i) => i.kind))).toEqual(new Set(['action', 'user']));
    const act = await memory.retrieve({ purpose: 'act', query: 'check the weather' });
    expect(act.items.map((i) => i.kind)).toContain('user');
    expect(act.items.map((i) => i.kind)).not.toContain('route');
    const onlyRoutes = await memory.retrieve({ purpose: 'plan', query: 'weather', filter: { kinds: ['route'] } });
    expect(onlyRoutes.items.map((i) => i.kind)).toEqual(['route']);
    const onlyExpert = await memory.retrieve({
      purpose: 'select_app',
      query: 'weather',
      filter: { sources: ['expert'] },
    });
    expect(onlyExpert.items.map((i) => i.memory.source)).toEqual(['expert']);
    const otherApp = await memory.retrieve({
      purpose: 'plan',
      query: 'weather',
      filter: { apps: ['com.android.deskclock'] },
    });
    expect(otherApp.items).toEqual([]);
    await expect(memory.retrieve({ purpose: 'plan', query: 'x', k: 0 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('falls back to BM25 with a warning when the embedder fails, and honours cancellation', async () => {
    const failing: Embedder = { model: 'broken', embed: async () => Promise.reject(new Error('connection refused')) };
    const { memory } = open({ embedder: () => failing });
    memory.recordRoute({
      runId: 'r',
      nodeId: '1',
      goal: 'Turn on Wi-Fi',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    const r = await memory.retrieve({ purpose: 'plan', query: 'turn on wi-fi' });
    expect(r.contentMode).toBe('bm25');
    expect(r.warnings.join(' ')).toMatch(/broken failed \(connection refused\)/);
    expect(r.items[0]!.memory).toMatchObject({ goal: 'Turn on Wi-Fi' });
    const slow: Embedder = {
      model: 'slow',
      embed: (_t, signal) =>
        new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const { memory: m2 } = open({ embedder: () => slow });
    m2.recordRoute({
      runId: 'r',
      nodeId: '1',
      goal: 'Turn on Wi-Fi',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    const ac = new AbortController();
    const pending = m2.retrieve({ purpose: 'plan', query: 'wi-fi' }, ac.signal);
    ac.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('sees writes made by another connection (the CLI) without restarting', async () => {
    const calls: string[][] = [];
    const { memory, path } = open({ embedder: () => topicEmbedder(calls) });
    memory.recordRoute({
      runId: 'r',
      nodeId: '1',
      goal: 'Send a message to Bob',
      steps: [{ subGoal: 'Open Messages', action: 'Open_App("Messages")' }],
    });
    await memory.retrieve({ purpose: 'plan', query: 'text Bob' });
    // Another process writes to the same file.
    const other = open({ path, embedder: () => topicEmbedder() });
    const note = other.memory.recordRoute({
      runId: 'r2',
      nodeId: '1',
      goal: 'Write a memo about groceries',
      steps: [{ subGoal: 'Open Notes', action: 'Open_App("Notes")' }],
    });
    const r = await memory.retrieve({ purpose: 'plan', query: 'write a memo', k: 1 });
    expect(r.items[0]!.id).toBe(note.id);
    expect(r.items[0]!.signals.semantic).toBeGreaterThan(0.9);
    other.memory.delete([note.id]);
    const after = await memory.retrieve({ purpose: 'plan', query: 'write a memo', k: 3 });
    expect(after.items.map((i) => i.id)).not.toContain(note.id);
  });

  it('re-embeds lazily when a key changes and after the embedder model changes', async () => {
    const calls: string[][] = [];
    let model = 'topics-v1';
    const { memory, db } = open({ embedder: () => ({ ...topicEmbedder(calls), model }) });
    const r = memory.recordRoute({
      runId: 'r',
      nodeId: '1',
      goal: 'Turn on Wi-Fi',
      steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
    });
    expect(await memory.embedPending()).toEqual({ embedded: 1, remaining: 0, model: 'topics-v1' });
    memory.update(r.id, { goal: 'Check the weather forecast' });
    expect(vectorCount(db, 'topics-v1')).toBe(0);
    const found = await memory.retrieve({ purpose: 'plan', query: 'will it rain', k: 1 });
    expect(found.items[0]!.signals.semantic).toBeGreaterThan(0.9);
    expect(vectorCount(db, 'topics-v1')).toBe(1);
    model = 'topics-v2';
    expect(memory.stats().embedder).toEqual({ model: 'topics-v2', embedded: 0, pending: 1 });
    await memory.embedPending();
    expect(vectorCount(db, 'topics-v2')).toBe(1);
    expect(vectorCount(db, 'topics-v1')).toBe(1);
  });
});

function vectorCount(db: Db, model: string): number {
  return (db.prepare('SELECT count(*) AS n FROM memory_vectors WHERE model = ?').get(model) as { n: number }).n;
}
