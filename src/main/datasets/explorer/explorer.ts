/**
 * The GUI explorer: seeded random walks through one app of a resettable phone (the simulated
 * phone: `sim-reset` puts every app back in its seeded state), recording the page graph —
 * pages by activity and structure (`pages.ts`), edges the element-level actions between
 * them — and from it MobileReach's sub-tasks: **page reaching** (get to page P, any path; the
 * shortest flow from the app's start page) and **page operation** (do X on page P: an action
 * whose page before and after share their skeleton, reached by the shortest flow to P). Each
 * sub-task's flow is replayed from a reset phone to check it really gets there.
 *
 * Every walk starts from a reset phone with the app freshly launched; the seed alone picks the
 * actions (uniformly from the page's action space), so the same seed on the same phone seed
 * gives the same graph.
 */
import type { ActionCall } from '../../../shared/actions.ts';
import { formatAction } from '../../../shared/actions.ts';
import { MobaError } from '../../../shared/errors.ts';
import type { Observation } from '../../../shared/schemas/perception.ts';
import { mulberry32 } from '@moba/base';
import { actionSpace, pageKeyOf, pageTitleOf, parseActionKey, resolveAction, skeletonOf } from './pages.ts';

/** What the explorer needs of a phone. */
export interface ExplorerDevice {
  /** Back to the seeded initial state with the app under exploration in front. */
  restart(signal?: AbortSignal): Promise<void>;
  observe(signal?: AbortSignal): Promise<Observation>;
  /** Executes the action on the screen it was resolved on and waits for the screen to settle. */
  act(action: ActionCall, seen: Observation, signal?: AbortSignal): Promise<{ ok: boolean; error?: string }>;
}

export interface GraphPage {
  key: string;
  activity: string;
  title: string;
  skeleton: string;
  /** Keys of the page's actions (its action space). */
  actions: string[];
}

export interface GraphEdge {
  from: string;
  action: string;
  label: string;
  to: string;
}

export interface PageGraph {
  app: string;
  seed: number;
  start: string;
  pages: GraphPage[];
  edges: GraphEdge[];
  /** (page, action) pairs that led to different pages on different visits (the first is kept). */
  conflicts: number;
  /** Actions that failed to execute (not in the graph). */
  failed: number;
}

export interface ExploreOptions {
  device: ExplorerDevice;
  app: string;
  seed: number;
  walks: number;
  depth: number;
  signal?: AbortSignal;
}

/** Runs the walks and returns the page graph, pages and edges sorted by key. */
export async function explore(o: ExploreOptions): Promise<PageGraph> {
  const random = mulberry32(o.seed);
  const pages = new Map<string, GraphPage>();
  const edges = new Map<string, GraphEdge>();
  let conflicts = 0;
  let failed = 0;
  let start: string | null = null;
  const visit = (obs: Observation): string => {
    const key = pageKeyOf(obs);
    if (!pages.has(key))
      pages.set(key, {
        key,
        activity: obs.currentApp?.activity ?? '',
        title: pageTitleOf(obs),
        skeleton: skeletonOf(obs),
        actions: actionSpace(obs).map((a) => a.key),
      });
    return key;
  };
  for (let w = 0; w < o.walks; w++) {
    await o.device.restart(o.signal);
    let obs = await o.device.observe(o.signal);
    let here = visit(obs);
    start ??= here;
    for (let d = 0; d < o.depth; d++) {
      if (o.signal?.aborted) throw new MobaError('CANCELLED', 'Exploration cancelled');
      const space = actionSpace(obs);
      // Leaving the app ends the walk: the graph is of this app.
      if (!space.length || obs.currentApp?.packageName !== o.app) break;
      const pick = space[Math.floor(random() * space.length)]!;
      const action = resolveAction(obs, pick)!;
      const r = await o.device.act(action, obs, o.signal);
      if (!r.ok) {
        failed++;
        break;
      }
      obs = await o.device.observe(o.signal);
      const next = visit(obs);
      const id = `${here}\u0000${pick.key}`;
      const known = edges.get(id);
      if (!known) edges.set(id, { from: here, action: pick.key, label: pick.label, to: next });
      else if (known.to !== next) conflicts++;
      here = next;
    }
  }
  if (!start) throw new MobaError('INVALID_INPUT', 'The exploration needs at least one walk');
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    app: o.app,
    seed: o.seed,
    start,
    pages: [...pages.values()].sort((a, b) => byKey(a.key, b.key)),
    edges: [...edges.values()].sort((a, b) => byKey(`${a.from} ${a.action}`, `${b.from} ${b.action}`)),
    conflicts,
    failed,
  };
}

/** Shortest flows (lists of edges) from the start page to every page, breadth first in sorted edge order. */
export function shortestFlows(graph: PageGraph): Map<string, GraphEdge[]> {
  const out = new Map<string, GraphEdge[]>([[graph.start, []]]);
  const queue = [graph.start];
  const from = new Map<string, GraphEdge[]>();
  for (const e of graph.edges) from.set(e.from, [...(from.get(e.from) ?? []), e]);
  while (queue.length) {
    const p = queue.shift()!;
    for (const e of from.get(p) ?? []) {
      if (out.has(e.to)) continue;
      out.set(e.to, [...out.get(p)!, e]);
      queue.push(e.to);
    }
  }
  return out;
}

export interface SubTask {
  id: string;
  type: 'page_reaching' | 'page_operation';
  instruction: string;
  /** The page the flow must end on. */
  target: string;
  flow: Array<{ page: string; action: string; label: string }>;
}

/** MobileReach's page-reaching and page-operation sub-tasks of a graph, with their shortest flows. */
export function subTasks(graph: PageGraph, appLabel: string): SubTask[] {
  const flows = shortestFlows(graph);
  const pageOf = new Map(graph.pages.map((p) => [p.key, p]));
  const out: SubTask[] = [];
  const step = (e: GraphEdge) => ({ page: e.from, action: e.action, label: e.label });
  for (const p of graph.pages) {
    const flow = flows.get(p.key);
    if (!flow || !flow.length) continue;
    out.push({
      id: `reach:${p.key}`,
      type: 'page_reaching',
      instruction: `In ${appLabel}, go to the "${p.title}" page`,
      target: p.key,
      flow: flow.map(step),
    });
  }
  for (const e of graph.edges) {
    const before = pageOf.get(e.from);
    const after = pageOf.get(e.to);
    const flow = flows.get(e.from);
    if (!before || !after || !flow || e.from === e.to || before.skeleton !== after.skeleton) continue;
    out.push({
      id: `operate:${e.from}:${e.action}`,
      type: 'page_operation',
      instruction: `In ${appLabel}, on the "${before.title}" page, ${e.label}`,
      target: e.to,
      flow: [...flow, e].map(step),
    });
  }
  return out;
}

export interface ReplayResult {
  ok: boolean;
  /** The page reached, and where the flow went off track (step index), if it did. */
  reached: string;
  failedAt: number | null;
  actions: string[];
}

/** Replays a sub-task's flow from a restarted phone and checks every page on the way and the target. */
export async function replayFlow(device: ExplorerDevice, task: SubTask, signal?: AbortSignal): Promise<ReplayResult> {
  await device.restart(signal);
  let obs = await device.observe(signal);
  const actions: string[] = [];
  for (let i = 0; i < task.flow.length; i++) {
    const s = task.flow[i]!;
    const action = pageKeyOf(obs) === s.page ? resolveAction(obs, parseActionKey(s.action)) : null;
    if (!action) return { ok: false, reached: pageKeyOf(obs), failedAt: i, actions };
    actions.push(formatAction(action));
    const r = await device.act(action, obs, signal);
    if (!r.ok) return { ok: false, reached: pageKeyOf(obs), failedAt: i, actions };
    obs = await device.observe(signal);
  }
  const reached = pageKeyOf(obs);
  return { ok: reached === task.target, reached, failedAt: reached === task.target ? null : task.flow.length, actions };
}
