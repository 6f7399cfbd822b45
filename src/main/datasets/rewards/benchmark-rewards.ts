/**
 * ReachAgent's 4-level reward on a benchmark's episodes. Every finished episode of one task
 * instance (the same task and seed, so every episode starts on the same phone) becomes a flow:
 *
 * - a step per executed action: the page before it (the explorer's page key of the last
 *   observation), the action in MobA's syntax, whether it executed, the page it led to (the
 *   next observation; when the agent acted again or answered without looking, an unseen page
 *   named by the page and action that led to it), and whether the task was complete after it;
 * - the agent's answer, when it gave one, as a last step `Answer("…")` on the page where it
 *   answered — in MobBench an answer is a step, and question tasks complete with it.
 *
 * "Complete after step k" comes from the episode's score: every milestone was reached at a step
 * ≤ k (k counts executed actions and the answer, as the scorer does; a failed action is not
 * counted). Invariants are judged at the end of an episode only, so they do not enter the labels.
 *
 * The reference flow is the `reference` pseudo-agent's episode of that instance when the
 * benchmark ran it, else the shortest completing episode; an instance where nothing completed
 * has no golden flow, and every valid step in it is Incomplete.
 */
import { formatAction } from '../../../shared/actions.ts';
import type { Direction } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { reachActionSpace } from '../../perception/reach-action-space.ts';
import type { ReachActionSpace } from '../../perception/reach-action-space.ts';
import { candidateActions } from '../../perception/candidate-actions.ts';
import type { EpisodeResult } from '../../../shared/bench/results.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';
import type { Db } from '../../store/database.ts';
import { pageKeyOf } from '../explorer/pages.ts';
import { eventPages } from '../event-pages.ts';
import { labelTask, preferencePairs } from './reach-rewards.ts';
import type { Episode, FlowStep, LabelledStep, PreferencePairOut, RewardLevel } from './reach-rewards.ts';

/** One benchmark episode as the labeller needs it (`BenchRepo.episodes` rows fit). */
export interface BenchmarkEpisodeRow {
  id: string;
  configId: string;
  taskId: string;
  seed: number;
  runId: string | null;
  result: EpisodeResult | null;
}

/**
 * Whether the task was complete after step k: every milestone reached at a step ≤ k (a `final`
 * milestone's step is the one from which it held to the end). Read from the milestones' steps,
 * not the per-step trace: a late evaluation can mark a trace step with what came after it.
 */
export function completionAfter(result: Pick<EpisodeResult, 'milestones'>): (step: number) => boolean {
  const steps = result.milestones.map((m) => (m.reached ? m.step : null));
  return (step) => steps.length > 0 && steps.every((s) => s !== null && s <= step);
}

/**
 * Each page's action space (ReachAgent §4.1), as the runs recorded it: every observation's
 * candidate actions (a click on each clickable element, a long press on each long-clickable one,
 * scrolls in four directions on each scrollable one) and every action taken there that the
 * candidates allow (typing into one of its fields, opening an app, a key, the answer). An
 * action outside it (a tap at a point, a whole-screen swipe, a click on what is not clickable)
 * is labelled Invalid; lower-level partners for golden steps are drawn from it.
 */
export class PageActionSpaces {
  private readonly spaces = new Map<string, Set<string>>();

  private of(page: string): Set<string> {
    let s = this.spaces.get(page);
    if (!s) this.spaces.set(page, (s = new Set()));
    return s;
  }

  /** Records a page's candidate actions. @returns the space's check for actions taken on it */
  observed(page: string, elements: readonly UiElement[]): ReachActionSpace {
    const space = reachActionSpace(elements);
    for (const c of candidateActions(elements)) {
      if (c.action === 'Scroll' && c.detail)
        this.of(page).add(
          formatAction({
            name: 'Scroll',
            params: { index: c.elementIndex, direction: c.detail as Direction, distance: 'medium' },
          }),
        );
      else if (c.action === 'Click' || c.action === 'Long_Press')
        this.of(page).add(formatAction({ name: c.action, params: { index: c.elementIndex } }));
    }
    return space;
  }

  /** An action taken on the page that its space allows. */
  allow(page: string, action: string): void {
    this.of(page).add(action);
  }

  /** The page's action space, sorted (the labeller's `actionSpace`). */
  actions(page: string): string[] {
    return [...(this.spaces.get(page) ?? [])].sort();
  }
}

/**
 * The flow of one run, read from its stored events; with `spaces`, each observed page's action
 * space is recorded there, and an executed action outside it is left out of the page's space
 * (so the labeller calls it Invalid).
 */
export function flowOfRun(
  events: Iterable<RunEvent>,
  completes: (step: number) => boolean,
  spaces?: PageActionSpaces,
): FlowStep[] {
  const steps: FlowStep[] = [];
  let page: string | null = null;
  let space: ReachActionSpace | null = null;
  let executed = 0;
  let waiting: FlowStep | null = null;
  let answer: string | null = null;
  for (const e of events) {
    if (e.type === 'observation') {
      page = pageKeyOf(e.observation);
      space = spaces ? spaces.observed(page, e.observation.elements) : null;
      if (waiting) {
        waiting.next = page;
        waiting = null;
      }
    } else if (e.type === 'step_executed') {
      const before: string = page ?? 'unknown';
      if (!e.ok) {
        steps.push({ page: before, action: formatAction(e.action), valid: false, next: null, completes: false });
        continue;
      }
      executed++;
      // The page it led to is the next observation's. An agent that acts again or answers
      // without looking (the reference does) leaves it unseen: named by where it came from and
      // how (the phone is deterministic), so it is never mistaken for the page before.
      const action = formatAction(e.action);
      // On a page nobody looked at, the space is unknown: what was taken there is allowed.
      if (spaces && (!space || space.refuse(e.action) === null)) spaces.allow(before, action);
      const unseen = `unseen:${before}>${action}`;
      waiting = { page: before, action, valid: true, next: unseen, completes: completes(executed) };
      page = unseen;
      space = null;
      steps.push(waiting);
    } else if (e.type === 'message' && e.from === 'agent') answer = e.text;
    else if (e.type === 'run_finished' && e.answer) answer = e.answer;
  }
  if (answer !== null) {
    const at = page ?? 'unknown';
    const action = `Answer(${JSON.stringify(answer)})`;
    // Answering is ReachAgent's Complete action: always in the space.
    spaces?.allow(at, action);
    steps.push({
      page: at,
      action,
      valid: true,
      next: at,
      completes: completes(executed + 1),
    });
  }
  return steps;
}

export interface BenchmarkRewardStep extends LabelledStep {
  benchmarkId: string;
  taskId: string;
  seed: number;
  configId: string;
  runId: string;
}

export interface BenchmarkRewardPair extends PreferencePairOut {
  benchmarkId: string;
  seed: number;
}

export interface BenchmarkRewards {
  steps: BenchmarkRewardStep[];
  pairs: BenchmarkRewardPair[];
  /** Labelled steps per level. */
  counts: Record<RewardLevel, number>;
  /** Task instances labelled, and those without any completing flow. */
  instances: number;
  withoutGolden: number;
}

/**
 * Labels every finished episode of a benchmark (episodes without a run or a result are left
 * out) and builds the preference pairs of each task instance. Deterministic: the same store
 * gives the same labels and pairs.
 */
export function benchmarkRewards(
  db: Db,
  benchmarkId: string,
  episodes: readonly BenchmarkEpisodeRow[],
  seed = 1,
): BenchmarkRewards {
  const groups = new Map<string, BenchmarkEpisodeRow[]>();
  for (const e of episodes) {
    if (!e.runId || !e.result) continue;
    const key = `${e.taskId}\u0000${e.seed}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const out: BenchmarkRewards = {
    steps: [],
    pairs: [],
    counts: { golden: 0, longer: 0, incomplete: 0, invalid: 0 },
    instances: 0,
    withoutGolden: 0,
  };
  for (const [key, rows] of [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const spaces = new PageActionSpaces();
    const flows = rows.map((r) => ({
      row: r,
      episode: {
        id: r.id,
        steps: flowOfRun(eventsOf(db, r.runId!), completionAfter(r.result!), spaces),
      } satisfies Episode,
    }));
    const completing = flows.filter((f) => f.episode.steps.some((s) => s.completes));
    const reference =
      flows.find((f) => f.row.configId === 'reference' && completing.includes(f)) ??
      [...completing].sort((a, b) => a.episode.steps.length - b.episode.steps.length)[0];
    const taskId = rows[0]!.taskId;
    const instanceSeed = rows[0]!.seed;
    out.instances++;
    if (!reference) out.withoutGolden++;
    const task = {
      id: key.replace('\u0000', '#'),
      // The goal as the instance put it (parameters filled in).
      instruction: rows[0]!.result!.goal,
      // Without a completing flow, an empty reference: no page has a finite distance.
      reference: reference?.episode ?? { id: '(none)', steps: [] },
      episodes: flows.filter((f) => f !== reference).map((f) => f.episode),
      actionSpace: (page: string) => spaces.actions(page),
    };
    const labels = labelTask(task).filter((l) => l.episode !== '(none)');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const l of labels) {
      const row = byId.get(l.episode)!;
      out.steps.push({ ...l, benchmarkId, taskId, seed: instanceSeed, configId: row.configId, runId: row.runId! });
      out.counts[l.level]++;
    }
    for (const p of preferencePairs(task, labels, seed)) out.pairs.push({ ...p, benchmarkId, seed: instanceSeed });
  }
  return out;
}

function* eventsOf(db: Db, runId: string): Generator<RunEvent> {
  for (const page of eventPages(db, runId)) yield* page.events;
}
