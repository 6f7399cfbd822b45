/**
 * Preparing the phone for one episode: reseed, clock and its policy, language, settings, then
 * the parameters (drawn from the fresh state), the task's setup, the home screen, and the
 * preconditions. An instance whose parameters cannot be drawn or whose preconditions fail
 * moves on to the next seed, deterministically, and says how many it skipped.
 */
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import type { SetupStep, SolutionStep } from '../../shared/bench/task-steps.ts';
import type { Locale } from '../../shared/bench/task-values.ts';
import { MobaError } from '../../shared/errors.ts';
import { packageOfApp } from '../../shared/bench/apps.ts';
import type { AgentDevice, InstalledApp, ResolvedApp } from '../agent/ports.ts';
import { matchApp } from '../device/app-resolver.ts';
import { describeWalkFailure, walkSolution } from './agents/solution-walk.ts';
import { buildInstance, seedOf } from './instance.ts';
import type { TaskInstance } from './instance.ts';
import { evaluatePredicate } from './predicates/evaluate.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import { mergePatchFor, phoneDisturbances } from './setup-data.ts';
import { localToEpoch } from './phone-control.ts';
import type { PhoneControl } from './phone-control.ts';

export const DEFAULT_CLOCK_POLICY = 'frozen';
/** Seeds tried per instance before the instance is an error. */
export const SEED_ATTEMPTS = 5;

export interface PreparedEpisode {
  instance: TaskInstance;
  /** The state when the agent starts (for `new` and `unchanged`). */
  start: PhoneState;
  /** Seeds skipped (preconditions or parameters failed), with why. */
  skipped: Array<{ seed: number; reason: string }>;
}

/** The seed of the nth try of an instance (the instance seed first). */
export function seedForAttempt(seed: number, attempt: number): number {
  return attempt === 0 ? seed : seedOf(`${seed}|next|${attempt}`);
}

function localeSetting(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en-US';
}

/** Open_App for a solution step outside a run: the app labelled so (as a person names it), else the closest match. */
export function labelAppResolver(
  device: AgentDevice,
  signal: AbortSignal,
): (description: string) => Promise<ResolvedApp> {
  let apps: InstalledApp[] | undefined;
  return async (description) => {
    apps ??= await device.installedApps(signal);
    const exact = apps.find((a) => a.label.toLowerCase() === description.trim().toLowerCase());
    if (exact) return { packageName: exact.packageName, activity: exact.activity ?? null };
    const m = matchApp(
      description,
      apps.map((a) => ({ packageName: a.packageName, label: a.label, launchActivity: a.activity ?? null })),
    );
    return { packageName: m.packageName, activity: m.activity ?? null };
  };
}

/** Element-level steps outside a run (setup `ui`): walked as the reference agent walks a solution. */
async function performUi(steps: readonly SolutionStep[], device: AgentDevice, signal: AbortSignal): Promise<void> {
  const resolveApp = labelAppResolver(device, signal);
  const end = await walkSolution(
    steps,
    {
      observe: async () => ({ observation: await device.observe(signal, { screenshot: false }) }),
      perform: async (seen, action) => {
        const done = await device.execute(action, {
          observation: seen.observation,
          resolveApp,
          signal,
          settleOn: 'dump',
        });
        if (!done.ok && done.error?.code && done.error.code !== 'ACTION_FAILED')
          throw new MobaError(done.error.code, `setup ui: ${done.error.message}`);
        return { ok: done.ok, error: done.error?.message ?? (done.ok ? null : done.detail) };
      },
    },
    { signal },
  );
  if (!end.ok) throw new MobaError('INVALID_INPUT', describeWalkFailure(end.failure, 'setup ui step'));
}

async function runSetup(
  steps: readonly SetupStep[],
  phone: PhoneControl,
  device: AgentDevice,
  timeZone: string,
  signal: AbortSignal,
): Promise<void> {
  for (const step of steps) {
    if ('patch' in step && 'ops' in step) {
      const pkg = packageOfApp(step.patch);
      await phone.patch(
        pkg,
        mergePatchFor(await phone.appData(pkg, signal), step.ops, `setup patch ${step.patch}`),
        signal,
      );
    } else if ('patch' in step) await phone.patch(packageOfApp(step.patch), step.merge, signal);
    else if ('setting' in step)
      await phone.putSetting(step.setting.namespace, step.setting.key, step.setting.value, signal);
    else if ('intent' in step) await phone.startIntent(step.intent, signal);
    else if ('clock' in step) await phone.setClock(localToEpoch(step.clock, timeZone), signal);
    else await performUi(step.ui, device, signal);
  }
}

/**
 * @throws MobaError INVALID_INPUT when no seed of the instance works (a broken task); device
 *   errors as they come (infrastructure).
 */
export async function prepareEpisode(options: {
  task: BenchTask;
  seed: number;
  locale: Locale;
  phone: PhoneControl;
  device: AgentDevice;
  signal: AbortSignal;
}): Promise<PreparedEpisode> {
  const { task, phone, device, signal } = options;
  const skipped: PreparedEpisode['skipped'] = [];
  for (let attempt = 0; attempt < SEED_ATTEMPTS; attempt++) {
    const seed = seedForAttempt(options.seed, attempt);
    await phone.reset(task.device?.seed ?? seed, signal, task.device?.clock === 'seeded');
    await phone.clockPolicy(task.device?.clockPolicy ?? DEFAULT_CLOCK_POLICY, signal);
    const zone = String((await phone.state(signal)).device.timezone ?? 'Asia/Shanghai');
    if (task.device?.clock && task.device.clock !== 'seeded')
      await phone.setClock(localToEpoch(task.device.clock, zone), signal);
    const locale = task.device?.locale ?? options.locale;
    await phone.putSetting('system', 'system_locales', localeSetting(locale), signal);
    for (const s of task.device?.settings ?? []) await phone.putSetting(s.namespace, s.key, s.value, signal);
    const initial = await phone.state(signal);
    let instance: TaskInstance;
    try {
      instance = buildInstance(task, { seed, locale: options.locale, initial });
    } catch (error) {
      if (error instanceof MobaError && error.code === 'INVALID_INPUT') {
        skipped.push({ seed, reason: error.message });
        continue;
      }
      throw error;
    }
    await runSetup(instance.setup, phone, device, zone, signal);
    if (task.paramsAfterSetup) {
      try {
        instance = buildInstance(task, {
          seed,
          locale: options.locale,
          initial,
          afterSetup: await phone.state(signal),
        });
      } catch (error) {
        if (error instanceof MobaError && error.code === 'INVALID_INPUT') {
          skipped.push({ seed, reason: error.message });
          continue;
        }
        throw error;
      }
    }
    await phone.home(signal);
    const start = await phone.state(signal);
    const ctx = { now: start, start, screen: null, answer: null };
    const failed = instance.preconditions.findIndex((p) => !evaluatePredicate(p, ctx));
    if (failed >= 0) {
      skipped.push({ seed, reason: `preconditions[${failed}] does not hold` });
      continue;
    }
    await phone.disturb(phoneDisturbances(instance.disturbances), signal);
    return { instance, start, skipped };
  }
  throw new MobaError(
    'INVALID_INPUT',
    `${task.id}: no usable instance in ${SEED_ATTEMPTS} seeds (${skipped.map((s) => `${s.seed}: ${s.reason}`).join('; ')})`,
  );
}
