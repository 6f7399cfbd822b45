/**
 * ReachAgent's 4-level reward over GUI flows, and its preference pairs.
 *
 * Input: the episodes of one task — its reference solution and any number of agent episodes —
 * each a list of steps (the page, the action taken, whether it was valid, the page it led to,
 * and whether the task's milestone checker found the task complete after it). All episodes
 * start on the task's start page. From the union of their transitions we know, for every
 * page, `d(page)`: the fewest steps to completion over the observed flows (∞ when none
 * completes from there). With G = d(start), the golden length, an action `a` taken at step t
 * (t actions already taken) from page P to page Q is:
 *
 * - **Invalid** — it was not executable, or not in P's action space (when one is given);
 * - **Golden** — t + 1 + d(Q) = G (0 when `a` itself completes): it lies on a completing flow
 *   as short as the golden one (the reference, or any equally short flow);
 * - **Longer** — d(Q) is finite but t + 1 + d(Q) > G: a completing flow exists through it,
 *   only longer;
 * - **Incomplete** — d(Q) = ∞: no observed flow completes the task from where it leads.
 *
 * Pairs (§4.3 of the paper): steps that share their history — the same pages and actions up to
 * their page — form a group; every two actions of a group with different levels give
 * (chosen = higher, rejected = lower). A golden step with nothing lower in its group is paired
 * with a lower-level action drawn (seeded) from the page's action space among those whose
 * outcome on that page was observed in some episode.
 *
 * On a benchmark's episodes: `benchmark-rewards.ts` builds the flows from the stored runs and
 * their scores.
 */
import { mulberry32 } from '@moba/base';

export const REWARD_LEVELS = ['golden', 'longer', 'incomplete', 'invalid'] as const;
export type RewardLevel = (typeof REWARD_LEVELS)[number];
/** Higher is better: R(golden) > R(longer) > R(incomplete) > R(invalid). */
export const REWARD_SCORE: Readonly<Record<RewardLevel, number>> = { golden: 3, longer: 2, incomplete: 1, invalid: 0 };

export interface FlowStep {
  page: string;
  /** The action in a stable form (e.g. MobA syntax, or the explorer's element-level key). */
  action: string;
  /** Executed without error (and, for the caller, in the page's action space). */
  valid: boolean;
  /** The page it led to (null when it could not be executed). */
  next: string | null;
  /** The milestone checker found the task complete after this step. */
  completes: boolean;
}

export interface Episode {
  id: string;
  steps: FlowStep[];
}

export interface RewardTask {
  id: string;
  instruction: string;
  reference: Episode;
  episodes: Episode[];
  /** The page's candidate actions (ReachAgent's action space); optional. */
  actionSpace?(page: string): readonly string[];
}

export interface LabelledStep {
  episode: string;
  index: number;
  page: string;
  action: string;
  level: RewardLevel;
  /** Length of the shortest completing flow through this step (null when none). */
  flowLength: number | null;
}

export interface PreferencePairOut {
  task: string;
  instruction: string;
  /** The shared history: pages and actions before the choice. */
  history: Array<{ page: string; action: string }>;
  page: string;
  chosen: { action: string; level: RewardLevel };
  rejected: { action: string; level: RewardLevel };
}

const INF = Number.POSITIVE_INFINITY;

/** d(page): fewest steps to completion over the observed transitions (backward breadth-first search). */
export function distancesToCompletion(episodes: readonly Episode[]): Map<string, number> {
  const into = new Map<string, Set<string>>();
  const d = new Map<string, number>();
  const queue: string[] = [];
  for (const e of episodes) {
    for (const s of e.steps) {
      if (!s.valid || s.next === null) continue;
      if (s.completes) {
        if ((d.get(s.page) ?? INF) > 1) {
          d.set(s.page, 1);
          queue.push(s.page);
        }
        continue;
      }
      const set = into.get(s.next) ?? new Set<string>();
      set.add(s.page);
      into.set(s.next, set);
    }
  }
  // Pages are settled in order of distance: steps to completion are all 1 long.
  queue.sort((a, b) => d.get(a)! - d.get(b)!);
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    for (const prev of into.get(p) ?? []) {
      if ((d.get(prev) ?? INF) <= d.get(p)! + 1) continue;
      d.set(prev, d.get(p)! + 1);
      queue.push(prev);
    }
  }
  return d;
}

interface Judge {
  level(
    s: Pick<FlowStep, 'page' | 'action' | 'valid' | 'next' | 'completes'>,
    t: number,
  ): { level: RewardLevel; flowLength: number | null };
}

function judge(task: RewardTask): Judge {
  const d = distancesToCompletion([task.reference, ...task.episodes]);
  const start = task.reference.steps[0]?.page;
  const golden = start === undefined ? INF : (d.get(start) ?? INF);
  return {
    level(s, t) {
      const inSpace = !task.actionSpace || task.actionSpace(s.page).includes(s.action);
      if (!s.valid || s.next === null || !inSpace) return { level: 'invalid', flowLength: null };
      const rest = s.completes ? 0 : (d.get(s.next) ?? INF);
      if (rest === INF) return { level: 'incomplete', flowLength: null };
      const flowLength = t + 1 + rest;
      return { level: flowLength <= golden ? 'golden' : 'longer', flowLength };
    },
  };
}

/** Labels every step of every episode (the reference first). */
export function labelTask(task: RewardTask): LabelledStep[] {
  const j = judge(task);
  const out: LabelledStep[] = [];
  for (const e of [task.reference, ...task.episodes]) {
    e.steps.forEach((s, t) => out.push({ episode: e.id, index: t, page: s.page, action: s.action, ...j.level(s, t) }));
  }
  return out;
}

/** Preference pairs at shared states, as the paper builds them. */
export function preferencePairs(task: RewardTask, labels: readonly LabelledStep[], seed = 1): PreferencePairOut[] {
  const all = [task.reference, ...task.episodes];
  const byEpisode = new Map(all.map((e) => [e.id, e]));
  const groups = new Map<
    string,
    { history: Array<{ page: string; action: string }>; page: string; options: Map<string, RewardLevel> }
  >();
  for (const l of labels) {
    const e = byEpisode.get(l.episode)!;
    const history = e.steps.slice(0, l.index).map((s) => ({ page: s.page, action: s.action }));
    const key = JSON.stringify([history, l.page]);
    const g = groups.get(key) ?? { history, page: l.page, options: new Map<string, RewardLevel>() };
    const had = g.options.get(l.action);
    // The same action from the same history has one level; keep the better if logs disagree.
    if (!had || REWARD_SCORE[l.level] > REWARD_SCORE[had]) g.options.set(l.action, l.level);
    groups.set(key, g);
  }
  // Where each (page, action) was seen to lead, for partners drawn from the action space.
  const seen = new Map<string, FlowStep>();
  for (const e of all)
    for (const s of e.steps) if (!seen.has(`${s.page}\u0000${s.action}`)) seen.set(`${s.page}\u0000${s.action}`, s);
  const j = judge(task);
  const random = mulberry32(seed);
  const out: PreferencePairOut[] = [];
  for (const g of [...groups.values()].sort((a, b) =>
    JSON.stringify([a.history, a.page]) < JSON.stringify([b.history, b.page]) ? -1 : 1,
  )) {
    const options = [...g.options.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    let paired = false;
    for (const [wa, wl] of options) {
      for (const [la, ll] of options) {
        if (REWARD_SCORE[wl] <= REWARD_SCORE[ll]) continue;
        out.push({
          task: task.id,
          instruction: task.instruction,
          history: g.history,
          page: g.page,
          chosen: { action: wa, level: wl },
          rejected: { action: la, level: ll },
        });
        paired = true;
      }
    }
    const best = options.find(([, l]) => l === 'golden');
    if (paired || !best || !task.actionSpace) continue;
    const candidates = task
      .actionSpace(g.page)
      .filter((a) => !g.options.has(a))
      .map((a) => {
        const s = seen.get(`${g.page}\u0000${a}`);
        return [a, s ? j.level(s, g.history.length).level : undefined] as const;
      })
      .filter((x): x is readonly [string, RewardLevel] => x[1] !== undefined && x[1] !== 'golden');
    if (!candidates.length) continue;
    const [la, ll] = candidates[Math.floor(random() * candidates.length)]!;
    out.push({
      task: task.id,
      instruction: task.instruction,
      history: g.history,
      page: g.page,
      chosen: { action: best[0], level: 'golden' },
      rejected: { action: la, level: ll },
    });
  }
  return out;
}
