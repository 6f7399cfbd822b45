/**
 * What the agent needs from the rest of the app, as narrow interfaces: the device (observe,
 * act), memory (retrieve, record), and the model gateway (from src/main/llm). Adapters in
 * `adapters.ts` bind them to the real services; tests can bind them to anything real.
 */
import type { ActionCall } from '../../shared/actions.ts';
import type { SerializedError } from '../../shared/errors.ts';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import type { Shortcut } from '../../shared/schemas/strategy.ts';
import type { RouteStep } from '../../shared/schemas/memory.ts';

export interface InstalledApp {
  packageName: string;
  label: string;
  activity?: string;
}

export interface ActionResult {
  ok: boolean;
  error: SerializedError | null;
  durationMs: number;
  settleMs: number;
  detail: string;
}

export interface ResolvedApp {
  packageName: string;
  activity: string | null;
}

/** A reading of the device's clock: its time and UTC offset, and when (this computer's `Date.now()`) it was read. */
export interface DeviceClock {
  epochMs: number;
  utcOffsetMinutes: number;
  readAt: number;
}

export interface AgentDevice {
  readonly serial: string;
  /** The device's clock (for "today" and "now" in prompts); optional for devices that cannot tell. */
  clock?(signal: AbortSignal): Promise<DeviceClock>;
  facts(signal: AbortSignal): Promise<{ model: string; androidVersion: string; width: number; height: number }>;
  installedApps(signal: AbortSignal): Promise<InstalledApp[]>;
  /**
   * Screenshot, dump, elements and marks as one observation (artifacts already stored);
   * `screenshot: false` observes from the UI dump alone (no screenshot, no marked image).
   */
  observe(signal: AbortSignal, options?: { screenshot?: boolean }): Promise<Observation>;
  /** Executes one action; Open_App descriptions are resolved through `resolveApp`. */
  execute(
    action: ActionCall,
    context: {
      observation: Observation;
      resolveApp: (description: string) => Promise<ResolvedApp>;
      signal: AbortSignal;
      /** What settling after the action watches: the screenshot (default) or the UI dump alone. */
      settleOn?: 'screenshot' | 'dump';
    },
  ): Promise<ActionResult>;
}

export type MemoryPurpose = 'plan' | 'act' | 'reflect' | 'select_app';

export interface RetrievedMemoryItem {
  id: string;
  kind: string;
  score: number;
  /** Already formatted for a prompt. */
  text: string;
  /** Where it came from, for the prompt line: `run …, gpt-4o, unreviewed`, `a person`, `an expert seed` (memory-provenance.ts). */
  provenance?: string;
}

export interface ActionMemoryRecord {
  runId: string;
  nodeId: string;
  goal: string;
  parentGoal: string | null;
  taskGoal: string;
  action: string;
  element: UiElement | null;
  observation: string;
  thought: string;
  reflection: string | null;
  outcome: 'success' | 'failure';
  app: string | null;
  activity: string | null;
  screenKey: string;
}

export interface AgentMemory {
  /**
   * `app` and `activity` are the foreground page (page memories of it, same-app memories).
   * `approvedOnly`: only memories a person vouched for (the agent setting `approvedMemoriesOnly`).
   */
  retrieve(
    query: {
      purpose: MemoryPurpose;
      query: string;
      runId: string;
      nodeId?: string;
      parentGoal?: string | null;
      app?: string | null;
      activity?: string | null;
      k?: number;
      approvedOnly?: boolean;
    },
    signal: AbortSignal,
  ): Promise<RetrievedMemoryItem[]>;
  recordAction(record: ActionMemoryRecord): Promise<string[]>;
  recordRoute(record: {
    runId: string;
    nodeId: string;
    goal: string;
    taskGoal: string;
    steps: Array<{ subgoal: string; action: string; element: string | null; app: string | null }>;
  }): Promise<string[]>;
  recordAnswer(record: {
    runId: string;
    nodeId: string;
    goal: string;
    taskGoal: string;
    text: string;
  }): Promise<string[]>;
  /** `subgoalIds` are the task-tree ids of the new sub-goals, in order, so memory links them to their parent exactly. */
  recordPlan(record: {
    runId: string;
    nodeId: string;
    goal: string;
    subgoals: string[];
    subgoalIds: string[];
    thought: string;
  }): Promise<string[]>;
  /**
   * A task node's final status (MobA §3.2: the task tree in memory says what was done). Memories
   * without task nodes leave it out.
   */
  recordTaskStatus?(record: {
    runId: string;
    nodeId: string;
    goal: string;
    parentNodeId: string | null;
    taskGoal: string;
    status: 'pending' | 'active' | 'done' | 'failed' | 'abandoned';
  }): Promise<string[]>;
  /** `runId`: the run whose model described the page (its provenance). */
  recordAppPage(record: {
    packageName: string;
    activity: string;
    description: string;
    runId?: string;
  }): Promise<string[]>;
  recordInteraction(record: { runId: string; task: string; outcome: string; answer: string | null }): Promise<string[]>;
  /**
   * A user preference learned in a run (an app that turned out right for a request, what the
   * person said while supervising). `key` makes it one memory: learning it again updates it.
   */
  recordPreference(record: { runId: string; key: string; text: string; task: string }): Promise<string[]>;
  /** App descriptions for app selection. */
  appDescriptions(options?: { approvedOnly?: boolean }): Promise<Record<string, string>>;
  /** The model(s) a run uses, so what it writes says so. */
  noteRun?(runId: string, model: string): void;
}

/** `--no-memory`: nothing retrieved, nothing written. */
export const NO_MEMORY: AgentMemory = {
  retrieve: async () => [],
  recordAction: async () => [],
  recordRoute: async () => [],
  recordAnswer: async () => [],
  recordPlan: async () => [],
  recordAppPage: async () => [],
  recordInteraction: async () => [],
  recordPreference: async () => [],
  appDescriptions: async () => ({}),
};

/** A recorded demonstration (an expert route), as AppAgent learns from it. */
export interface Demonstration {
  id: string;
  goal: string;
  app: string | null;
  steps: RouteStep[];
  /** Where it came from (`provenanceOf`), shown beside what the prompt learned from it. */
  from?: string;
}

/** What an element does, per kind of action (AppAgent's element documentation). */
export interface ElementDocFields {
  tap?: string;
  longPress?: string;
  swipe?: string;
  typing?: string;
}

/** AppAgent's documentation of one element of an app, as stored in memory. */
export interface ElementDoc {
  id: string;
  app: string;
  /** The element's stable identity (`elementKey`). */
  element: string;
  docs: ElementDocFields;
  /** Where it came from (`provenanceOf`): `run …, gpt-4o, unreviewed`, `a person`. */
  from?: string;
}

/** Long-term memory of the strategies. `NO_STRATEGY_MEMORY` is what `--no-memory` gets. */
export interface StrategyMemory {
  /** Demonstrations (expert routes), newest first. */
  demonstrations(): Promise<Demonstration[]>;
  /** Mobile-Agent-E's long-term Tips (one list), or null when none were written yet; `from` is their provenance. */
  tips(): Promise<{ id: string; tips: string[]; from?: string } | null>;
  /** Replaces the long-term Tips. @returns the memory id */
  saveTips(tips: string[], runId: string): Promise<string>;
  /** Learned Shortcuts; `from` (`provenanceOf` of the memory) is printed beside each in the prompts. */
  shortcuts(): Promise<Array<{ id: string; shortcut: Shortcut; from?: string }>>;
  /** Stores a new shortcut. @returns the memory id */
  addShortcut(shortcut: Shortcut, runId: string): Promise<string>;
  /** AppAgent's element docs of one app (quarantined ones left out). */
  elementDocs(app: string): Promise<ElementDoc[]>;
  /**
   * Writes what a model learned about an element: the first observation creates the app's
   * memory of it, a later one refines (replaces) the fields it documents. @returns the memory id
   */
  saveElementDoc(doc: { app: string; element: string; docs: ElementDocFields }, runId: string): Promise<string>;
}

export const NO_STRATEGY_MEMORY: StrategyMemory = {
  demonstrations: async () => [],
  tips: async () => null,
  saveTips: async () => '',
  shortcuts: async () => [],
  addShortcut: async () => '',
  elementDocs: async () => [],
  saveElementDoc: async () => '',
};
