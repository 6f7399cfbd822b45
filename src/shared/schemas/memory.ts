import { z } from 'zod';
import { MEMORY_KINDS, MEMORY_SOURCES, RETRIEVAL_PURPOSES } from '../choices.ts';
import { Shortcut } from './strategy.ts';

/**
 * MobA's memory as data. Task memory (task nodes, action nodes, routes, answers, thoughts,
 * reflections), user memory and app memory share one item shape: common metadata plus the
 * fields of their `kind`. The same schemas validate what the agent records, what the editor
 * changes and what an expert seed file imports, so a bad field is reported the same way
 * everywhere.
 */

export { MEMORY_KINDS, MEMORY_SOURCES, RETRIEVAL_PURPOSES };
export const MemoryKind = z.enum(MEMORY_KINDS);
export type MemoryKind = z.infer<typeof MemoryKind>;

export const MemorySource = z.enum(MEMORY_SOURCES);
export type MemorySource = z.infer<typeof MemorySource>;

export const ACTION_OUTCOMES = ['success', 'failure'] as const;
export const ActionOutcome = z.enum(ACTION_OUTCOMES);
export type ActionOutcome = z.infer<typeof ActionOutcome>;

export const TASK_STATUSES = ['pending', 'active', 'done', 'failed', 'abandoned'] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** `plan`: a plan reflection (the Local Agent said the goal needs splitting); `execution`: after a failed action. */
export const REFLECTION_STAGES = ['plan', 'execution'] as const;
export const ReflectionStage = z.enum(REFLECTION_STAGES);
export type ReflectionStage = z.infer<typeof ReflectionStage>;

export const USER_CATEGORIES = ['preference', 'interaction', 'fact'] as const;
export const UserCategory = z.enum(USER_CATEGORIES);
export type UserCategory = z.infer<typeof UserCategory>;

export const MemoryId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
export type MemoryId = z.infer<typeof MemoryId>;

/** An Android package name such as `com.android.deskclock`. */
export const PackageName = z
  .string()
  .max(255)
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'an Android package name such as com.android.deskclock');

const RefId = z.string().min(1).max(128);
const line = (max: number) => z.string().trim().min(1).max(max);
const note = (max: number) => z.string().max(max).optional();

/** Shared by every kind. Optional in drafts (seed files, create); always set on stored items. */
const meta = {
  id: MemoryId,
  source: MemorySource,
  createdAt: z.number().int().min(0).max(8.64e15),
  updatedAt: z.number().int().min(0).max(8.64e15),
  /** The run and task-tree node that produced it (run memories). */
  runId: RefId.optional(),
  nodeId: RefId.optional(),
  /**
   * Provenance and trust. What a run writes comes from a model's reading of screens — a hostile
   * model or screen can plant text that later prompts would repeat — so run memories say which
   * model(s) wrote them, and a person can approve or quarantine them.
   */
  /** The model(s) of the run that wrote it, e.g. `gpt-4o` or `qwen2.5-vl (planner), gpt-4o (actor)`. */
  model: z.string().min(1).max(300).optional(),
  /** When a person approved it. People's own memories (`manual`) and expert seeds count as approved. */
  approvedAt: z.number().int().min(0).max(8.64e15).optional(),
  /** Kept out of every prompt until a person releases it. */
  quarantined: z.boolean().optional(),
};

export const RouteStep = z
  .object({
    /** The sub-goal this action served. */
    subGoal: line(1_000),
    /** The action as the agent wrote it, e.g. `Click(12)` or `Open_App("Clock")`. */
    action: line(1_000),
    /** What was acted on, e.g. `button "Save"`. */
    element: note(1_000),
    app: PackageName.optional(),
    activity: note(300),
    /** The ActionNode memory this step came from, when recorded by a run. */
    actionId: MemoryId.optional(),
  })
  .strict();
export type RouteStep = z.infer<typeof RouteStep>;

/** The fields of each kind (without the metadata). */
export const KIND_FIELDS = {
  /** A TaskNode of the task tree. */
  task: {
    goal: line(2_000),
    status: TaskStatus,
    parentNodeId: RefId.optional(),
    /** The user's whole task (the root's goal). */
    taskGoal: note(2_000),
  },
  /** An ActionNode: a node that executed an action, with its outcome. */
  action: {
    goal: line(2_000),
    parentGoal: note(2_000),
    taskGoal: note(2_000),
    action: line(1_000),
    element: note(1_000),
    observation: note(4_000),
    thought: note(4_000),
    /** Why it failed and what to do instead (failures). */
    reflection: note(4_000),
    outcome: ActionOutcome,
    app: PackageName.optional(),
    activity: note(300),
    /** A stable key of the screen (e.g. a hash of its element list). */
    screenKey: note(200),
  },
  /** The ordered successful actions that completed a non-leaf goal. */
  route: {
    goal: line(2_000),
    taskGoal: note(2_000),
    steps: z.array(RouteStep).min(1).max(200),
    app: PackageName.optional(),
  },
  /** An answer the agent gave (e.g. "tomorrow: sunny, 24°C"). */
  answer: {
    goal: line(2_000),
    text: line(8_000),
    taskGoal: note(2_000),
    app: PackageName.optional(),
  },
  thought: {
    goal: line(2_000),
    text: line(8_000),
    app: PackageName.optional(),
  },
  reflection: {
    goal: line(2_000),
    text: line(8_000),
    stage: ReflectionStage,
    action: note(1_000),
    app: PackageName.optional(),
  },
  /** User memory: a preference, a fact, or a past interaction (task asked + final answer). */
  user: {
    text: line(4_000),
    category: UserCategory,
    task: note(2_000),
    answer: note(8_000),
  },
  /** App memory: what an app is for and its key screens; one per package. */
  app: {
    app: PackageName,
    name: line(200),
    description: line(4_000),
    keyScreens: z.array(line(500)).max(50).optional(),
  },
  /** App memory: what one page (package + activity) shows and affords. */
  page: {
    app: PackageName,
    activity: line(300),
    description: line(4_000),
    screenKey: note(200),
    affordances: z.array(line(300)).max(50).optional(),
  },
  /** Mobile-Agent-E's long-term Tips: general lessons for future tasks, one list that evolves after each task. */
  tips: {
    tips: z.array(line(1_000)).min(1).max(200),
  },
  /** A Mobile-Agent-E Shortcut: a named, parameterised sequence of atomic actions with a precondition. */
  shortcut: Shortcut.shape,
  /**
   * App memory: AppAgent's documentation of one UI element — what tapping, long-pressing,
   * swiping and typing into it does — written by a model while exploring the app or watching a
   * demonstration, and refined when it meets the element again. One per app and element.
   */
  element: {
    app: PackageName,
    /** The element's stable identity in its app: `id <resource-id>`, else `desc "…" <class>` or `text "…" <class>`. */
    element: line(500),
    tap: note(2_000),
    longPress: note(2_000),
    swipe: note(2_000),
    typing: note(2_000),
  },
} as const;

type Fields<K extends MemoryKind> = (typeof KIND_FIELDS)[K];

function itemOf<K extends MemoryKind>(kind: K) {
  return z.object({ kind: z.literal(kind), ...meta, ...(KIND_FIELDS[kind] as Fields<K>) }).strict();
}
function draftOf<K extends MemoryKind>(kind: K) {
  return z
    .object({
      kind: z.literal(kind),
      id: meta.id.optional(),
      source: meta.source.optional(),
      createdAt: meta.createdAt.optional(),
      updatedAt: meta.updatedAt.optional(),
      runId: meta.runId,
      nodeId: meta.nodeId,
      model: meta.model,
      approvedAt: meta.approvedAt,
      quarantined: meta.quarantined,
      ...(KIND_FIELDS[kind] as Fields<K>),
    })
    .strict();
}

export const TaskMemory = itemOf('task');
export const ActionMemory = itemOf('action');
export const RouteMemory = itemOf('route');
export const AnswerMemory = itemOf('answer');
export const ThoughtMemory = itemOf('thought');
export const ReflectionMemory = itemOf('reflection');
export const UserMemory = itemOf('user');
export const AppMemory = itemOf('app');
export const PageMemory = itemOf('page');
export const TipsMemory = itemOf('tips');
export const ShortcutMemory = itemOf('shortcut');
export const ElementMemory = itemOf('element');

/** A stored memory. */
export const MemoryItem = z.discriminatedUnion('kind', [
  TaskMemory,
  ActionMemory,
  RouteMemory,
  AnswerMemory,
  ThoughtMemory,
  ReflectionMemory,
  UserMemory,
  AppMemory,
  PageMemory,
  TipsMemory,
  ShortcutMemory,
  ElementMemory,
]);
export type MemoryItem = z.infer<typeof MemoryItem>;

/**
 * A memory to create or import: metadata optional. Without an `id` the id is a hash of the
 * content, so importing the same hand-written seed twice does not duplicate it.
 */
export const MemoryDraft = z.discriminatedUnion('kind', [
  draftOf('task'),
  draftOf('action'),
  draftOf('route'),
  draftOf('answer'),
  draftOf('thought'),
  draftOf('reflection'),
  draftOf('user'),
  draftOf('app'),
  draftOf('page'),
  draftOf('tips'),
  draftOf('shortcut'),
  draftOf('element'),
]);
export type MemoryDraft = z.infer<typeof MemoryDraft>;
export type MemoryDraftInput = z.input<typeof MemoryDraft>;

export const MEMORY_FORMAT = 'moba-memory';
export const MEMORY_FORMAT_VERSION = 1;

/** The import/export file. Export writes full items in insertion order; import accepts drafts. */
export const MemoryFile = z
  .object({
    format: z.literal(MEMORY_FORMAT),
    version: z.literal(MEMORY_FORMAT_VERSION),
    /** Free text for people (what the seed is for); kept by export only when given to it. */
    description: z.string().max(4_000).optional(),
    memories: z.array(MemoryDraft).max(2_000_000),
  })
  .strict();
export type MemoryFile = z.infer<typeof MemoryFile>;

/** Editable fields: anything but kind, id, source and timestamps; validated against the kind after merging. */
export const MemoryPatch = z.record(z.string().max(64), z.unknown());
export type MemoryPatch = z.infer<typeof MemoryPatch>;

export const MemoryListQuery = z
  .object({
    kind: MemoryKind.optional(),
    outcome: ActionOutcome.optional(),
    app: PackageName.optional(),
    source: MemorySource.optional(),
    runId: RefId.optional(),
    /** Full-text search over every field (words are matched as prefixes). */
    search: z.string().max(500).optional(),
    /** `relevance` (FTS5 BM25) applies with `search`; otherwise newest first. */
    order: z.enum(['newest', 'oldest', 'relevance']).default('newest'),
    limit: z.number().int().min(1).max(1_000).default(50),
    offset: z.number().int().min(0).max(10_000_000).default(0),
  })
  .strict();
export type MemoryListQuery = z.input<typeof MemoryListQuery>;

export const MemoryPage = z.object({ items: z.array(MemoryItem), total: z.number().int().min(0) });
export type MemoryPage = z.infer<typeof MemoryPage>;

export const RetrievalPurpose = z.enum(RETRIEVAL_PURPOSES);
export type RetrievalPurpose = z.infer<typeof RetrievalPurpose>;

/**
 * How the signals are combined: `score = Σ wᵢ·sᵢ / Σ wᵢ` over the signals available (semantic
 * only with an embedder). Each signal is in [0, 1]. Defaults: see `DEFAULT_RETRIEVAL_WEIGHTS`.
 */
export const RetrievalWeights = z
  .object({
    /** Relation to the current run: last action, last success/failure of this node, parent, answers. */
    relation: z.number().min(0).max(100),
    /** Cosine similarity of embeddings (0 when negative). */
    semantic: z.number().min(0).max(100),
    /** BM25, divided by the best BM25 among the candidates. */
    lexical: z.number().min(0).max(100),
    /** exp(−age / 30 days). */
    recency: z.number().min(0).max(100),
  })
  .strict();
export type RetrievalWeights = z.infer<typeof RetrievalWeights>;

export const DEFAULT_RETRIEVAL_WEIGHTS: RetrievalWeights = { relation: 1, semantic: 1, lexical: 0.5, recency: 0.05 };

export const RELATION_TYPES = [
  'last_action',
  'last_success',
  'last_failure',
  'parent_goal',
  'run_answer',
  'node_reflection',
  'current_page',
  'same_app',
] as const;
export const RelationType = z.enum(RELATION_TYPES);
export type RelationType = z.infer<typeof RelationType>;

export const RetrievalRequest = z
  .object({
    purpose: RetrievalPurpose,
    /** What to look for: the goal being planned, the sub-goal being acted on, the task for app selection… */
    query: z.string().max(8_000),
    runId: RefId.optional(),
    nodeId: RefId.optional(),
    parentGoal: z.string().max(2_000).optional(),
    /** The foreground app and page: scopes page observations and boosts same-app memories. */
    app: PackageName.optional(),
    activity: z.string().max(300).optional(),
    k: z.number().int().min(1).max(50).default(8),
    weights: RetrievalWeights.partial().optional(),
    /** Only memories a person approved (their own, expert seeds, and run memories they approved). */
    approvedOnly: z.boolean().optional(),
    /** Quarantined memories too (never for a prompt; the editor's view). */
    includeQuarantined: z.boolean().optional(),
    /** Hard filters applied to every candidate. `kinds` replaces the purpose's own choice of kinds. */
    filter: z
      .object({
        kinds: z.array(MemoryKind).min(1).max(MEMORY_KINDS.length).optional(),
        apps: z.array(PackageName).min(1).max(50).optional(),
        sources: z.array(MemorySource).min(1).max(MEMORY_SOURCES.length).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type RetrievalRequest = z.input<typeof RetrievalRequest>;

export const RetrievalSignals = z.object({
  relation: z.number(),
  semantic: z.number().nullable(),
  lexical: z.number(),
  recency: z.number(),
});
export type RetrievalSignals = z.infer<typeof RetrievalSignals>;

export const RetrievedMemory = z.object({
  id: MemoryId,
  kind: MemoryKind,
  score: z.number(),
  signals: RetrievalSignals,
  relation: RelationType.nullable(),
  /** A short reason: "last failure of this sub-goal", "similar goal (cos 0.82)", "matches: alarm, gym". */
  why: z.string(),
  /** One compact line for a prompt. */
  summary: z.string(),
  memory: MemoryItem,
});
export type RetrievedMemory = z.infer<typeof RetrievedMemory>;

export const RetrievalResult = z.object({
  purpose: RetrievalPurpose,
  items: z.array(RetrievedMemory),
  /** How content similarity was computed. */
  contentMode: z.enum(['embedding', 'bm25']),
  embedderModel: z.string().nullable(),
  weights: RetrievalWeights,
  /** Candidates considered before ranking. */
  candidates: z.number().int().min(0),
  /** E.g. the embedder failed and BM25 was used; memories not yet embedded. */
  warnings: z.array(z.string()),
  tookMs: z.number(),
});
export type RetrievalResult = z.infer<typeof RetrievalResult>;

export const MemoryStats = z.object({
  total: z.number().int().min(0),
  byKind: z.record(MemoryKind, z.number().int().min(0)),
  bySource: z.record(MemorySource, z.number().int().min(0)),
  embedder: z.object({
    model: z.string().nullable(),
    embedded: z.number().int().min(0),
    pending: z.number().int().min(0),
  }),
});
export type MemoryStats = z.infer<typeof MemoryStats>;

export const ImportSummary = z.object({
  total: z.number().int().min(0),
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const MemoryChange = z.object({
  reason: z.enum(['record', 'create', 'update', 'delete', 'import']),
  /** Up to 100 of the ids changed; `count` has the total. */
  ids: z.array(MemoryId).max(100),
  count: z.number().int().min(0),
});
export type MemoryChange = z.infer<typeof MemoryChange>;
