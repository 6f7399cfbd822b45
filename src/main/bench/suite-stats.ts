/**
 * `moba bench stats`: what a suite holds, counted from its task files alone (no phone), and
 * the targets a suite of MobBench's shape should meet (docs/benchmark.md § Suite statistics).
 */
import { CATEGORIES } from '../../shared/bench/task-schema.ts';
import type { BenchTask, Category } from '../../shared/bench/task-schema.ts';
import type { SetupStep } from '../../shared/bench/task-steps.ts';
import { placeholdersIn } from './templates.ts';

export interface SuiteStats {
  tasks: number;
  apps: string[];
  categories: Record<Category, number>;
  /** Tasks that use two apps or more (the launcher not counted). */
  crossApp: number;
  crossAppShare: number;
  /** Mean of `human.steps` over the tasks that have it. */
  meanHumanSteps: number | null;
  /** Tasks whose reference solution scrolls or swipes. */
  scrolling: number;
  milestones: {
    /** Tasks with 2 milestones or more, and their share. */
    twoOrMore: number;
    twoOrMoreShare: number;
    /**
     * How far apart along the reference solution a task's milestones are reached: for each
     * milestone the position (0–1) of the last step annotated with it; the spread is the
     * difference between the first and the last. Mean over the tasks with ≥ 2 annotated milestones.
     */
    meanSpread: number | null;
    /** Tasks with ≥ 2 milestones all annotated on the final step (no partial credit along the way). */
    bunchedAtEnd: number;
  };
  /** Tasks with `params` or `paramsAfterSetup`; every task should have them. */
  parameterised: number;
  /** Of those, tasks with a value drawn from the phone's seeded data (`pick`, `value`, `if`, a `clock` on a seeded clock). */
  fromPhoneData: number;
  /** Tasks without parameters whose `notes` say why none makes sense (a single switch, say). */
  noParamsExplained: number;
  paramsAfterSetup: number;
  clockParams: number;
  /** Tasks whose set-up patches app data (merge or ops), and those whose patches depend on the seed ({param}). */
  setupPatching: number;
  setupPatchingPerSeed: number;
  disturbances: number;
  disturbanceKinds: Record<string, number>;
  askUser: number;
}

export interface StatsTarget {
  name: string;
  target: string;
  value: number;
  ok: boolean;
}

const isPatch = (s: SetupStep) => 'patch' in s;
const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
const PHONE_KINDS = ['pick', 'value', 'if'];

/** Whether a parameter reads the phone's seeded data (its state, or the seeded clock's today). */
function fromPhone(task: BenchTask, param: object): boolean {
  if (PHONE_KINDS.some((k) => k in param)) return true;
  return 'clock' in param && task.device?.clock === 'seeded';
}

function milestoneSpread(task: BenchTask): number | null {
  const last = new Map<string, number>();
  task.solution.forEach((s, i) => {
    if (s.milestone) last.set(s.milestone, i);
  });
  if (last.size < 2 || task.solution.length < 2) return null;
  const positions = [...last.values()].map((i) => i / (task.solution.length - 1));
  return Math.max(...positions) - Math.min(...positions);
}

export function suiteStats(tasks: readonly BenchTask[]): SuiteStats {
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const apps = new Set<string>();
  const kinds: Record<string, number> = {};
  let crossApp = 0;
  let scrolling = 0;
  let twoOrMore = 0;
  let bunched = 0;
  const spreads: number[] = [];
  const steps: number[] = [];
  let parameterised = 0;
  let phoneData = 0;
  let explained = 0;
  let afterSetup = 0;
  let clock = 0;
  let patching = 0;
  let perSeed = 0;
  let disturbed = 0;
  let asking = 0;
  for (const t of tasks) {
    categories[t.category]++;
    for (const a of t.apps) apps.add(a);
    if (t.apps.filter((a) => a !== 'launcher').length >= 2) crossApp++;
    if (t.human?.steps !== undefined) steps.push(t.human.steps);
    if (t.solution.some((s) => s.action === 'Scroll' || s.action === 'Swipe')) scrolling++;
    if (t.milestones.length >= 2) {
      twoOrMore++;
      const spread = milestoneSpread(t);
      if (spread !== null) spreads.push(spread);
      if (spread === 0) bunched++;
    }
    const params = { ...t.params, ...t.paramsAfterSetup };
    if (Object.keys(params).length) parameterised++;
    else if (t.notes?.trim()) explained++;
    if (Object.values(params).some((p) => fromPhone(t, p))) phoneData++;
    if (t.paramsAfterSetup && Object.keys(t.paramsAfterSetup).length) afterSetup++;
    if (Object.values(params).some((p) => 'clock' in p)) clock++;
    const patches = (t.setup ?? []).filter(isPatch);
    if (patches.length) patching++;
    if (patches.some((p) => placeholdersIn(JSON.stringify(p)).length > 0)) perSeed++;
    if (t.disturbances?.length) {
      disturbed++;
      for (const k of new Set(t.disturbances.map((d) => d.kind))) kinds[k] = (kinds[k] ?? 0) + 1;
    }
    if (t.user) asking++;
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  return {
    tasks: tasks.length,
    apps: [...apps].sort(),
    categories,
    crossApp,
    crossAppShare: share(crossApp, tasks.length),
    meanHumanSteps: mean(steps),
    scrolling,
    milestones: {
      twoOrMore,
      twoOrMoreShare: share(twoOrMore, tasks.length),
      meanSpread: mean(spreads),
      bunchedAtEnd: bunched,
    },
    parameterised,
    fromPhoneData: phoneData,
    noParamsExplained: explained,
    paramsAfterSetup: afterSetup,
    clockParams: clock,
    setupPatching: patching,
    setupPatchingPerSeed: perSeed,
    disturbances: disturbed,
    disturbanceKinds: kinds,
    askUser: asking,
  };
}

/** The targets of a suite of MobBench's shape (docs/benchmark.md § Suite statistics). */
export function statsTargets(s: SuiteStats): StatsTarget[] {
  const t = (name: string, target: string, value: number, ok: boolean): StatsTarget => ({ name, target, value, ok });
  return [
    t('tasks', '≥ 150', s.tasks, s.tasks >= 150),
    ...CATEGORIES.map((c) => t(`category ${c}`, '≥ 20', s.categories[c], s.categories[c] >= 20)),
    t('cross-app share', '≥ 40 %', round(100 * s.crossAppShare), s.crossAppShare >= 0.4),
    t('mean human steps', '≥ 9', round(s.meanHumanSteps ?? 0), (s.meanHumanSteps ?? 0) >= 9),
    t('scrolling tasks', '≥ 20', s.scrolling, s.scrolling >= 20),
    t(
      'tasks with ≥ 2 milestones',
      '≥ 70 %',
      round(100 * s.milestones.twoOrMoreShare),
      s.milestones.twoOrMoreShare >= 0.7,
    ),
    t(
      'every task parameterised (or says why not)',
      `= ${s.tasks}`,
      s.parameterised + s.noParamsExplained,
      s.parameterised + s.noParamsExplained === s.tasks,
    ),
    t('set-up patching per seed', '≥ 30', s.setupPatchingPerSeed, s.setupPatchingPerSeed >= 30),
    t('tasks with disturbances', '≥ 25', s.disturbances, s.disturbances >= 25),
    t('ask-user tasks', '≥ 15', s.askUser, s.askUser >= 15),
  ];
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The statistics as a table for a terminal, then each target with ✓ or ✗. */
export function formatStats(s: SuiteStats, targets: readonly StatsTarget[]): string {
  const pct = (x: number) => `${round(100 * x)} %`;
  const lines = [
    `tasks                       ${s.tasks}`,
    `apps                        ${s.apps.length} (${s.apps.join(', ')})`,
    `per category                ${CATEGORIES.map((c) => `${c} ${s.categories[c]}`).join(', ')}`,
    `cross-app (≥ 2 apps)        ${s.crossApp} (${pct(s.crossAppShare)})`,
    `mean human steps            ${s.meanHumanSteps === null ? '—' : round(s.meanHumanSteps)}`,
    `scrolling tasks             ${s.scrolling}`,
    `≥ 2 milestones              ${s.milestones.twoOrMore} (${pct(s.milestones.twoOrMoreShare)}); mean spread along the path ${s.milestones.meanSpread === null ? '—' : round(s.milestones.meanSpread)}; all on the last step ${s.milestones.bunchedAtEnd}`,
    `parameterised               ${s.parameterised} (from the phone's data ${s.fromPhoneData}, after set-up ${s.paramsAfterSetup}, clock ${s.clockParams}); without, saying why ${s.noParamsExplained}`,
    `set-up patches              ${s.setupPatching} (per seed ${s.setupPatchingPerSeed})`,
    `disturbances                ${s.disturbances} (${Object.entries(s.disturbanceKinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
    `ask-user tasks              ${s.askUser}`,
    '',
    'targets:',
    ...targets.map((t) => `  ${t.ok ? '✓' : '✗'} ${t.name} ${t.target}: ${t.value}`),
  ];
  return `${lines.join('\n')}\n`;
}
