/**
 * The step kernel every strategy loop (MobA's included) acts through: observing, proposing an
 * action on the observed screen, taking it through the run's human gate, executing what was
 * decided (Open_App names resolved to an app), recording answers, ending the run with its
 * typed cause, and the memory writes that follow from what a person decided. A strategy adds
 * its prompts and what it does between steps; the gate, the event log and recording are these.
 */
import { formatAction, targetIndex } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import { MobaError, isDeviceGone, serializeError } from '../../../../shared/errors.ts';
import { describeElement } from '../../../../shared/elements/describe-element.ts';
import type { EndCause } from '../../../../shared/schemas/end-cause.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { RunOptions } from '../../../../shared/schemas/run.ts';
import { nextId } from '../../../../shared/run/reducer.ts';
import type { RunState, StepState } from '../../../../shared/run/reducer.ts';
import { pathTo } from '../../../../shared/run/tree.ts';
import { gateOnDevice } from '../../gating.ts';
import type { LoopContext, ResolvedDecision } from '../../run-controller.ts';
import type { InstalledApp, MemoryPurpose, ResolvedApp, RetrievedMemoryItem } from '../../ports.ts';
import { screenKeyOf } from '../../screens.ts';

export interface Observed {
  id: string;
  observation: Observation;
  screenKey: string;
}

export type StepOutcome =
  | { kind: 'executed'; step: StepState; action: ActionCall; by: 'agent' | 'person'; ok: boolean; error: string | null }
  | { kind: 'rejected' }
  | { kind: 'person'; step: StepState; actions: string[] };

/**
 * Chooses the app an Open_App description means when no installed app is named exactly by it
 * (MobA's app-selection call, which every strategy uses). It records its own `app_selected`.
 */
export type AppChooser = (
  kernel: StepKernel,
  description: string,
  apps: readonly InstalledApp[],
) => Promise<InstalledApp>;

/** An app chosen for the step being executed, until the strategy learns whether it was right. */
export interface AppChoice {
  description: string;
  packageName: string;
  label: string;
}

const TAKE_OVER_PROMPT = 'You have control of the phone. Act on the mirror, then hand back.';

export class StepKernel {
  readonly ctx: LoopContext;
  private readonly chooseApp: AppChooser | undefined;
  private apps: InstalledApp[] | undefined;
  private readonly chosenApps = new Map<string, AppChoice>();
  private executing: string | null = null;

  /** The device's own screen of the latest observation, when the strategy's view replaced its elements. */
  private deviceScreen: { id: string; observation: Observation } | null = null;

  constructor(ctx: LoopContext, chooseApp?: AppChooser) {
    this.ctx = ctx;
    this.chooseApp = chooseApp;
  }

  get state(): RunState {
    return this.ctx.state();
  }

  get options(): RunOptions {
    return this.state.options!;
  }

  /** Memory is written when the run uses it and is not a replay. */
  get writesMemory(): boolean {
    return this.options.useMemory && !this.options.replayOf;
  }

  /**
   * Observes the device and records the observation as the strategy sees it: `view` may replace
   * the elements (AppAgent's own element rule, the OCR and icon list of the vision strategies),
   * so the overlay, a person's edits and the executors all use the strategy's numbering.
   */
  async observe(view?: (o: Observation) => Promise<Observation>): Promise<Observed> {
    const raw = await this.ctx.device.observe(this.ctx.signal);
    const observation = view ? await view(raw) : raw;
    const id = nextId(this.state, 'o');
    // The gate judges the device's own dump whatever the strategy made of it (only the latest is kept).
    this.deviceScreen = observation === raw ? null : { id, observation: raw };
    const screenKey = screenKeyOf(observation);
    this.ctx.append({ type: 'observation', observationId: id, observation, screenKey });
    return { id, observation, screenKey };
  }

  /** A recorded observation, as it was observed. */
  observed(id: string): Observed | null {
    const o = this.state.observations[id];
    if (!o) return null;
    const { screenKey, ...observation } = o;
    return { id, observation, screenKey };
  }

  /** Records an error the run goes on after (a failed memory write, an unusable reply). */
  nonFatal(error: unknown): void {
    const e = serializeError(error);
    this.ctx.append({ type: 'run_error', error: { name: e.name, code: e.code, message: e.message }, fatal: false });
  }

  /** Memories for a prompt (none without memory); `page` is the foreground app and activity, when there is a screen. */
  async retrieve(
    purpose: MemoryPurpose,
    query: string,
    nodeId: string | null,
    page: Observation['currentApp'],
  ): Promise<RetrievedMemoryItem[]> {
    if (!this.options.useMemory) return [];
    const parent = nodeId ? (pathTo(this.state, nodeId).at(-2)?.goal ?? null) : null;
    try {
      return await this.ctx.memory.retrieve(
        {
          purpose,
          query,
          runId: this.ctx.runId,
          ...(nodeId ? { nodeId } : {}),
          parentGoal: parent,
          app: page?.packageName ?? null,
          activity: page?.activity ?? null,
          k: 6,
          ...(this.options.approvedMemoriesOnly ? { approvedOnly: true } : {}),
        },
        this.ctx.signal,
      );
    } catch (error) {
      if (this.ctx.signal.aborted) throw error;
      this.nonFatal(error);
      return [];
    }
  }

  /** Appends step_proposed for an action on the observed screen; returns the step. */
  propose(nodeId: string, obs: Observed, action: ActionCall): StepState {
    const index = targetIndex(action);
    const element = index === undefined ? null : (obs.observation.elements.find((e) => e.index === index) ?? null);
    const device = this.deviceScreen?.id === obs.id ? this.deviceScreen.observation : obs.observation;
    const gate = gateOnDevice(action, obs.observation, device, this.options);
    const stepId = nextId(this.state, 's');
    this.ctx.append({ type: 'step_proposed', stepId, nodeId, action, element, observationId: obs.id, gate });
    return this.state.steps.at(-1)!;
  }

  /**
   * Takes a proposed step through its gate (if any) and executes what was decided.
   * @throws on device failures that make going on pointless (device gone).
   */
  async gateAndExecute(step: StepState, obs: Observed): Promise<StepOutcome> {
    let action = step.proposed;
    if (step.gate) {
      const d = await this.ctx.waitForPerson(
        this.options.mode === 'copilot' ? 'copilot' : 'approve',
        step.stepId,
        this.gatePrompt(step),
      );
      await this.learnFromDecision(step, d);
      if (d.decision === 'reject') return { kind: 'rejected' };
      if (d.decision === 'hand_back') return { kind: 'person', step, actions: this.personActionsSince(step) };
      if (d.decision === 'take_over') {
        await this.ctx.waitForPerson('take_over', step.stepId, TAKE_OVER_PROMPT);
        return { kind: 'person', step, actions: this.personActionsSince(step) };
      }
      if ((d.decision === 'edit' || d.decision === 'override') && d.action) action = d.action;
    }
    return this.execute(step, obs, action);
  }

  private gatePrompt(step: StepState): string {
    const on = step.element ? ` on ${describeElement(step.element)}` : '';
    return this.options.mode === 'copilot'
      ? `Perform "${formatAction(step.proposed)}"${on} on the phone (or what is right instead), then press Done.`
      : `Approve "${formatAction(step.proposed)}"${on}? (${step.gate})`;
  }

  /** An action other than the proposal is the person's (their edit or override); the proposal is kept beside it. */
  private async execute(step: StepState, obs: Observed, action: ActionCall): Promise<StepOutcome> {
    const replaced = formatAction(action) !== formatAction(step.proposed);
    const by = replaced ? ('person' as const) : ('agent' as const);
    this.executing = step.stepId;
    const result = await this.ctx.device
      .execute(action, { observation: obs.observation, resolveApp: (d) => this.resolveApp(d), signal: this.ctx.signal })
      .finally(() => (this.executing = null));
    this.ctx.append({
      type: 'step_executed',
      stepId: step.stepId,
      action,
      by,
      ...(replaced ? { proposed: step.proposed } : {}),
      ok: result.ok,
      error: result.error ? { name: result.error.name, code: result.error.code, message: result.error.message } : null,
      durationMs: result.durationMs,
      settleMs: result.settleMs,
      detail: result.detail,
    });
    if (!result.ok && result.error && isDeviceGone(result.error))
      throw new MobaError(result.error.code, result.error.message);
    return {
      kind: 'executed',
      step: this.state.steps.find((s) => s.stepId === step.stepId)!,
      action,
      by,
      ok: result.ok,
      error: result.error?.message ?? null,
    };
  }

  /**
   * The app an Open_App description names: an installed app whose package or label it is
   * exactly, else the strategy's app chooser.
   * @throws MobaError ACTION_FAILED when no app can be chosen
   */
  async resolveApp(description: string): Promise<ResolvedApp> {
    this.apps ??= await this.ctx.device.installedApps(this.ctx.signal);
    const wanted = description.trim().toLowerCase();
    const exact = this.apps.find(
      (a) => a.packageName.toLowerCase() === wanted || (a.label !== a.packageName && a.label.toLowerCase() === wanted),
    );
    if (exact) {
      this.ctx.append({
        type: 'app_selected',
        description,
        packageName: exact.packageName,
        activity: exact.activity ?? null,
        method: 'exact',
        callIds: [],
      });
      return { packageName: exact.packageName, activity: exact.activity ?? null };
    }
    if (!this.chooseApp) throw new MobaError('ACTION_FAILED', `No installed app is called "${description}"`);
    const app = await this.chooseApp(this, description, this.apps);
    if (this.executing)
      this.chosenApps.set(this.executing, { description, packageName: app.packageName, label: app.label });
    return { packageName: app.packageName, activity: app.activity ?? null };
  }

  /** The app chosen (not named exactly) while the step executed, once: the strategy learns whether it was right. */
  takeAppChoice(stepId: string): AppChoice | undefined {
    const choice = this.chosenApps.get(stepId);
    this.chosenApps.delete(stepId);
    return choice;
  }

  /** What a person's decision says about their preferences: their feedback, the app they chose instead. */
  private async learnFromDecision(step: StepState, d: ResolvedDecision): Promise<void> {
    const goal = this.state.nodes[step.nodeId]?.goal ?? this.state.task;
    if (d.feedback)
      await this.learn(
        `said-while:${goal}:${d.feedback}`,
        `While "${goal}", the person supervising the agent said: ${d.feedback}`,
      );
    const proposed = step.proposed;
    if (
      d.action?.name === 'Open_App' &&
      proposed.name === 'Open_App' &&
      d.action.params.app.toLowerCase() !== proposed.params.app.toLowerCase()
    ) {
      await this.learn(
        `app-for:${goal}`,
        `For "${goal}", the person opens ${d.action.params.app}, not ${proposed.params.app}.`,
      );
    }
  }

  private personActionsSince(step: StepState): string[] {
    const i = this.state.steps.findIndex((s) => s.stepId === step.stepId);
    return this.state.steps
      .slice(i + 1)
      .filter((s) => s.executed?.by === 'person')
      .map((s) => formatAction(s.executed!.action));
  }

  /** The agent's answer or message to the person, kept as an answer memory. */
  async answer(nodeId: string | null, text: string): Promise<void> {
    this.ctx.append({ type: 'message', from: 'agent', nodeId, text });
    if (this.writesMemory) {
      const goal = nodeId ? (this.state.nodes[nodeId]?.goal ?? this.state.task) : this.state.task;
      await this.write(() =>
        this.ctx.memory.recordAnswer({
          runId: this.ctx.runId,
          nodeId: nodeId ?? this.state.rootId ?? '',
          goal,
          taskGoal: this.state.task,
          text,
        }),
      );
    }
  }

  /** Ends the run: its outcome, the typed cause (what readers decide on) and the reason in words. */
  async finish(outcome: 'succeeded' | 'failed', cause: EndCause, reason: string): Promise<void> {
    const answer = [...this.state.messages].reverse().find((m) => m.from === 'agent')?.text ?? null;
    if (outcome === 'succeeded' && this.state.rootId) {
      for (const n of pathTo(this.state, this.state.cursor ?? this.state.rootId)) {
        if (n.status !== 'done') this.ctx.append({ type: 'node_status', nodeId: n.id, status: 'done', by: 'agent' });
      }
    }
    if (this.writesMemory)
      await this.write(() =>
        this.ctx.memory.recordInteraction({ runId: this.ctx.runId, task: this.state.task, outcome, answer }),
      );
    this.ctx.append({ type: 'run_finished', outcome, cause, reason, answer });
  }

  /**
   * A user preference learned in this run (user memory, one per key). Preferences reach the
   * plan, act, reflect and app-selection prompts of later runs when they match.
   */
  async learn(key: string, text: string): Promise<void> {
    if (!this.writesMemory) return;
    await this.write(() =>
      this.ctx.memory.recordPreference({ runId: this.ctx.runId, key, text, task: this.state.task }),
    );
  }

  /** A memory write, recorded as memory_written; a failure is recorded and the run goes on. */
  async write(fn: () => Promise<string[]>): Promise<void> {
    try {
      const ids = await fn();
      if (ids.length)
        this.ctx.append({
          type: 'memory_written',
          items: ids.map((id) => ({ id, kind: id.split(':')[0] ?? 'memory' })),
        });
    } catch (error) {
      if (this.ctx.signal.aborted) throw error;
      this.nonFatal(error);
    }
  }
}
