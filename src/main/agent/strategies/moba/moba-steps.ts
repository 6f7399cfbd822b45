/**
 * The pieces of MobA's loop: observe, the Local Agent's act call, the Global Agent's plan and
 * reflect calls, app selection, proposing and executing a step through the human gate, and
 * the memory writes. `moba-loop.ts` strings them together.
 */
import { formatAction, targetIndex } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import { MobaError, isDeviceGone, serializeError } from '../../../../shared/errors.ts';
import { describeElement } from '../../../../shared/elements/describe-element.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { EndCause } from '../../../../shared/schemas/end-cause.ts';
import type { RunOptions } from '../../../../shared/schemas/run.ts';
import { nextId } from '../../../../shared/run/reducer.ts';
import type { RunState, StepState } from '../../../../shared/run/reducer.ts';
import { completedSiblings, pathTo } from '../../../../shared/run/tree.ts';
import { gateFor } from '../../gating.ts';
import { deviceTimeNow } from '../../device-clock.ts';
import type { LoopContext, ResolvedDecision } from '../../run-controller.ts';
import type { DeviceClock, InstalledApp, ResolvedApp, RetrievedMemoryItem } from '../../ports.ts';
import { screenKeyOf } from '../../screens.ts';
import { buildActMessages } from './prompts/act.ts';
import { buildPlanMessages } from './prompts/plan.ts';
import type { PlanPromptInput } from './prompts/plan.ts';
import { buildReflectMessages } from './prompts/reflect.ts';
import { buildSelectAppMessages } from './prompts/select-app.ts';
import { PlanReplySchema, ReflectReplySchema, actReplySchema, selectAppReplySchema } from './replies.ts';
import { reachActionSpace } from '../common/reach-action-space.ts';
import type { ActReply, ReflectReply } from './replies.ts';

export interface Observed {
  id: string;
  observation: Observation;
  screenKey: string;
}

export type StepOutcome =
  | { kind: 'executed'; step: StepState; action: ActionCall; by: 'agent' | 'person'; ok: boolean; error: string | null }
  | { kind: 'rejected' }
  | { kind: 'person'; step: StepState; actions: string[] };

export class MobaSteps {
  private readonly ctx: LoopContext;
  private apps: InstalledApp[] | undefined;
  private readonly pagesSeen = new Set<string>();
  private clock: Promise<DeviceClock | null> | undefined;
  /** Apps chosen by the app-selection call, per step, until the reflection tells whether they were right. */
  private readonly chosenApps = new Map<string, { description: string; packageName: string; label: string }>();
  private executing: string | null = null;

  constructor(ctx: LoopContext) {
    this.ctx = ctx;
  }

  get state(): RunState {
    return this.ctx.state();
  }

  get options(): RunOptions {
    return this.state.options!;
  }

  private get writesMemory(): boolean {
    return this.options.useMemory && !this.options.replayOf;
  }

  async observe(): Promise<Observed> {
    const observation = await this.ctx.device.observe(this.ctx.signal);
    const id = nextId(this.state, 'o');
    const screenKey = screenKeyOf(observation);
    this.ctx.append({ type: 'observation', observationId: id, observation, screenKey });
    return { id, observation, screenKey };
  }

  observed(id: string): Observed | null {
    const o = this.state.observations[id];
    if (!o) return null;
    const { screenKey, ...observation } = o;
    return { id, observation, screenKey };
  }

  /** `page` is the foreground app and activity, when there is a screen. */
  private async retrieve(
    purpose: 'plan' | 'act' | 'reflect' | 'select_app',
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

  /** The device's date and time now, read from its clock once per loop; null when it cannot tell. */
  async deviceTime(): Promise<string | null> {
    const device = this.ctx.device;
    this.clock ??= device.clock
      ? device.clock(this.ctx.signal).catch((error: unknown) => {
          if (this.ctx.signal.aborted) throw error;
          this.nonFatal(error);
          return null;
        })
      : Promise.resolve(null);
    const clock = await this.clock;
    return clock ? deviceTimeNow(clock) : null;
  }

  nonFatal(error: unknown): void {
    const e = serializeError(error);
    this.ctx.append({ type: 'run_error', error: { name: e.name, code: e.code, message: e.message }, fatal: false });
  }

  recentActions(limit = 5): string[] {
    return this.state.steps
      .filter((s) => s.executed)
      .slice(-limit)
      .map((s) => {
        const goal = this.state.nodes[s.nodeId]?.goal ?? '';
        const el = s.element ? describeElement(s.element) : null;
        const result = s.reflection
          ? s.reflection.subgoalStatus
          : s.executed!.ok
            ? 'done'
            : `failed: ${s.executed!.error}`;
        return `${formatAction(s.executed!.action)}${el && s.executed!.action === s.proposed ? ` on ${el}` : ''}${s.executed!.by === 'person' ? ' (by the person)' : ''} for "${goal}" → ${result}`;
      });
  }

  /** The Local Agent: can this sub-goal be done with one action, and which. */
  async act(
    nodeId: string,
    obs: Observed,
    singleLevel: boolean,
  ): Promise<{ ok: true; reply: ActReply; callIds: string[] } | { ok: false; error: MobaError }> {
    const st = this.state;
    const path = pathTo(st, nodeId);
    const node = path.at(-1)!;
    const [memories, screen, deviceTime] = await Promise.all([
      this.retrieve('act', singleLevel ? st.task : node.goal, nodeId, obs.observation.currentApp),
      this.ctx.screens.prepare(obs.id, obs.observation),
      this.deviceTime(),
    ]);
    const space = this.options.actionSpace === 'candidates' ? reachActionSpace(obs.observation.elements) : null;
    const messages = buildActMessages({
      finalGoal: st.task,
      goal: node.goal,
      parentGoal: path.at(-2)?.goal ?? null,
      completed: singleLevel ? [] : completedSiblings(st, nodeId),
      reflections: node.reflections.slice(-3),
      feedback: st.pendingFeedback,
      recentActions: this.recentActions(singleLevel ? 8 : 4),
      memories,
      screen,
      singleLevel,
      deviceTime,
      previousReplyChoseNoAction: singleLevel && st.lastAct !== null && st.lastAct.action === null,
      candidates: space?.lines ?? null,
    });
    const indices = new Set(obs.observation.elements.filter((e) => e.index > 0).map((e) => e.index));
    const r = await this.ctx.modelStep({
      role: 'actor',
      purpose: 'act',
      nodeId,
      messages,
      schema: actReplySchema(indices, { requireAction: singleLevel, ...(space ? { allowed: space.refuse } : {}) }),
      memories,
    });
    if (!r.ok) return { ok: false, error: r.error };
    const reply = r.value;
    this.ctx.append({
      type: 'act_decided',
      nodeId,
      callIds: r.callIds,
      observation: reply.observation,
      thought: reply.thought,
      canComplete: reply.canComplete,
      action: reply.action,
      message: reply.message,
    });
    await this.rememberPage(obs, reply.observation);
    return { ok: true, reply, callIds: r.callIds };
  }

  /** The Global Agent's Plan module: split the node; the cursor moves to the first sub-goal. */
  async plan(
    nodeId: string,
    obs: Observed,
    reason: PlanPromptInput['reason'],
  ): Promise<{ ok: true } | { ok: false; error: MobaError }> {
    const st = this.state;
    const path = pathTo(st, nodeId);
    const node = path.at(-1)!;
    const [memories, screen, deviceTime] = await Promise.all([
      this.retrieve('plan', node.goal, nodeId, obs.observation.currentApp),
      this.ctx.screens.prepare(obs.id, obs.observation),
      this.deviceTime(),
    ]);
    const messages = buildPlanMessages({
      finalGoal: st.task,
      goal: node.goal,
      parentGoal: path.at(-2)?.goal ?? null,
      completed: completedSiblings(st, nodeId),
      planReflection: node.planReflections.at(-1) ?? null,
      failureReflections: node.reflections.slice(-3),
      guidance: st.pendingFeedback,
      memories,
      screen,
      deviceTime,
      reason,
      planning: this.options.planning ?? 'subgoals',
    });
    const r = await this.ctx.modelStep({
      role: 'planner',
      purpose: 'plan',
      nodeId,
      messages,
      schema: PlanReplySchema,
      memories,
    });
    if (!r.ok) return { ok: false, error: r.error };
    const { subgoals, observation, thought } = r.value;
    this.ctx.append({ type: 'plan_made', nodeId, callIds: r.callIds, observation, thought, subgoals, reason });
    // A re-plan replaces the open sub-goals; finished ones stay as history.
    for (const childId of this.state.nodes[nodeId]?.children ?? []) {
      const child = this.state.nodes[childId];
      if (child && (child.status === 'pending' || child.status === 'running'))
        this.ctx.append({
          type: 'node_status',
          nodeId: childId,
          status: 'skipped',
          reason: 'replaced by a new plan',
          by: 'agent',
        });
    }
    const ids: string[] = [];
    for (const goal of subgoals) {
      const id = nextId(this.state, 'n');
      this.ctx.append({ type: 'node_added', nodeId: id, parentId: nodeId, goal, by: 'agent' });
      ids.push(id);
    }
    this.ctx.append({ type: 'node_status', nodeId, status: 'running', by: 'agent' });
    this.ctx.append({ type: 'cursor_moved', nodeId: ids[0]!, by: 'agent' });
    if (this.writesMemory)
      await this.write(() =>
        this.ctx.memory.recordPlan({
          runId: this.ctx.runId,
          nodeId,
          goal: node.goal,
          subgoals,
          subgoalIds: ids,
          thought,
        }),
      );
    return { ok: true };
  }

  /** The Global Agent's Reflection module on one step's before and after screens. */
  async reflect(
    nodeId: string,
    step: StepState,
    before: Observed,
    after: Observed,
    performed: { text: string; by: 'agent' | 'person' },
  ): Promise<{ ok: true; reply: ReflectReply } | { ok: false; error: MobaError }> {
    const st = this.state;
    const node = st.nodes[nodeId]!;
    const [memories, b, a] = await Promise.all([
      this.retrieve('reflect', node.goal, nodeId, after.observation.currentApp),
      this.ctx.screens.prepare(before.id, before.observation),
      this.ctx.screens.prepare(after.id, after.observation),
    ]);
    const messages = buildReflectMessages({
      finalGoal: st.task,
      goal: node.goal,
      action: performed.text,
      element: step.element ? describeElement(step.element) : null,
      performedBy: performed.by,
      intent: step.intent,
      before: b,
      after: a,
      memories,
    });
    const r = await this.ctx.modelStep({
      role: 'reflector',
      purpose: 'reflect',
      nodeId,
      messages,
      schema: ReflectReplySchema,
      memories,
    });
    if (!r.ok) return { ok: false, error: r.error };
    const reply = r.value;
    this.ctx.append({
      type: 'reflected',
      stepId: step.stepId,
      nodeId,
      callIds: r.callIds,
      subgoalStatus: reply.subgoalStatus,
      goalDone: reply.goalDone,
      reflection: reply.reflection,
    });
    if (this.writesMemory) {
      const path = pathTo(this.state, nodeId);
      await this.write(() =>
        this.ctx.memory.recordAction({
          runId: this.ctx.runId,
          nodeId,
          goal: node.goal,
          parentGoal: path.at(-2)?.goal ?? null,
          taskGoal: st.task,
          action: performed.text,
          element: step.element,
          observation: reply.observation,
          thought: reply.thought,
          reflection: reply.subgoalStatus === 'failure' ? reply.reflection : null,
          outcome: reply.subgoalStatus,
          app: before.observation.currentApp?.packageName ?? null,
          activity: before.observation.currentApp?.activity ?? null,
          screenKey: before.screenKey,
        }),
      );
      const chosen = this.chosenApps.get(step.stepId);
      if (chosen && reply.subgoalStatus === 'success') {
        await this.learn(
          `app-for:${chosen.description}`,
          `For "${chosen.description}", ${chosen.label === chosen.packageName ? chosen.packageName : `${chosen.label} (${chosen.packageName})`} was the right app.`,
        );
      }
    }
    this.chosenApps.delete(step.stepId);
    return { ok: true, reply };
  }

  /** MobA's separate, text-only app-selection call (skipped when the name is exact). */
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
    const memories = await this.retrieve('select_app', description, null, null);
    let descriptions: Record<string, string> = {};
    if (this.options.useMemory) {
      try {
        descriptions = await this.ctx.memory.appDescriptions(
          this.options.approvedMemoriesOnly ? { approvedOnly: true } : undefined,
        );
      } catch (error) {
        this.nonFatal(error);
      }
    }
    // Only apps a person can launch; devices do not report labels, so App Memory descriptions carry the meaning.
    const launchable = this.apps.filter((a) => a.activity);
    const choices = launchable.length ? launchable : this.apps;
    const messages = buildSelectAppMessages({
      request: description,
      finalGoal: this.state.task,
      apps: choices,
      descriptions,
      memories,
    });
    const r = await this.ctx.modelStep({
      role: 'appSelector',
      purpose: 'select-app',
      nodeId: this.state.cursor,
      messages,
      schema: selectAppReplySchema(choices.map((a) => a.packageName)),
      memories,
    });
    if (!r.ok) throw new MobaError('ACTION_FAILED', `Could not choose an app for "${description}": ${r.error.message}`);
    const app = this.apps.find((a) => a.packageName === r.value.packageName)!;
    this.ctx.append({
      type: 'app_selected',
      description,
      packageName: app.packageName,
      activity: app.activity ?? null,
      method: 'model',
      callIds: r.callIds,
    });
    if (this.executing)
      this.chosenApps.set(this.executing, { description, packageName: app.packageName, label: app.label });
    return { packageName: app.packageName, activity: app.activity ?? null };
  }

  /** Appends step_proposed for an action on the observed screen; returns the step. */
  propose(nodeId: string, obs: Observed, action: ActionCall): StepState {
    const index = targetIndex(action);
    const element = index === undefined ? null : (obs.observation.elements.find((e) => e.index === index) ?? null);
    const gate = gateFor(action, obs.observation, this.options);
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
      const copilot = this.options.mode === 'copilot';
      const prompt = copilot
        ? `Perform "${formatAction(step.proposed)}"${step.element ? ` on ${describeElement(step.element)}` : ''} on the phone (or what is right instead), then press Done.`
        : `Approve "${formatAction(step.proposed)}"${step.element ? ` on ${describeElement(step.element)}` : ''}? (${step.gate})`;
      const d: ResolvedDecision = await this.ctx.waitForPerson(copilot ? 'copilot' : 'approve', step.stepId, prompt);
      await this.learnFromDecision(step, d);
      if (d.decision === 'reject') return { kind: 'rejected' };
      if (d.decision === 'hand_back') return { kind: 'person', step, actions: this.personActionsSince(step) };
      if (d.decision === 'take_over') {
        await this.ctx.waitForPerson(
          'take_over',
          step.stepId,
          'You have control of the phone. Act on the mirror, then hand back.',
        );
        return { kind: 'person', step, actions: this.personActionsSince(step) };
      }
      if ((d.decision === 'edit' || d.decision === 'override') && d.action) action = d.action;
    }
    return this.execute(step, obs, action);
  }

  private async execute(step: StepState, obs: Observed, action: ActionCall): Promise<StepOutcome> {
    this.executing = step.stepId;
    const result = await this.ctx.device
      .execute(action, { observation: obs.observation, resolveApp: (d) => this.resolveApp(d), signal: this.ctx.signal })
      .finally(() => (this.executing = null));
    this.ctx.append({
      type: 'step_executed',
      stepId: step.stepId,
      action,
      by: 'agent',
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
      by: 'agent',
      ok: result.ok,
      error: result.error?.message ?? null,
    };
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

  /** How often this action was already executed on this very screen. */
  repeatsOnScreen(screenKey: string, action: ActionCall): number {
    const text = formatAction(action);
    return this.state.steps.filter(
      (s) =>
        s.executed?.ok &&
        this.state.observations[s.observationId]?.screenKey === screenKey &&
        formatAction(s.executed.action) === text,
    ).length;
  }

  /** Marks nodes done, records routes of finished non-leaf nodes, moves the cursor. */
  async complete(completed: string[], next: string | null): Promise<void> {
    for (const id of completed) {
      this.ctx.append({ type: 'node_status', nodeId: id, status: 'done', by: 'agent' });
      const node = this.state.nodes[id];
      if (this.writesMemory && node && node.children.length) {
        const steps = this.routeOf(id);
        if (steps.length)
          await this.write(() =>
            this.ctx.memory.recordRoute({
              runId: this.ctx.runId,
              nodeId: id,
              goal: node.goal,
              taskGoal: this.state.task,
              steps,
            }),
          );
      }
    }
    this.ctx.append({ type: 'cursor_moved', nodeId: next, by: 'agent' });
  }

  /** The successful actions under a node, in order: MobA's route. */
  routeOf(nodeId: string): Array<{ subgoal: string; action: string; element: string | null; app: string | null }> {
    const under = new Set<string>();
    const stack = [nodeId];
    while (stack.length) {
      const id = stack.pop()!;
      under.add(id);
      stack.push(...(this.state.nodes[id]?.children ?? []));
    }
    return this.state.steps
      .filter((s) => under.has(s.nodeId) && s.executed?.ok && s.reflection?.subgoalStatus === 'success')
      .map((s) => ({
        subgoal: this.state.nodes[s.nodeId]?.goal ?? '',
        action: formatAction(s.executed!.action),
        element: s.element ? describeElement(s.element) : null,
        app: this.state.observations[s.observationId]?.currentApp?.packageName ?? null,
      }));
  }

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

  private async rememberPage(obs: Observed, description: string): Promise<void> {
    const app = obs.observation.currentApp;
    if (!this.writesMemory || !app || !description.trim()) return;
    const key = `${app.packageName}/${app.activity}`;
    if (this.pagesSeen.has(key)) return;
    this.pagesSeen.add(key);
    await this.write(() =>
      this.ctx.memory.recordAppPage({
        packageName: app.packageName,
        activity: app.activity,
        description,
        runId: this.ctx.runId,
      }),
    );
  }

  private async write(fn: () => Promise<string[]>): Promise<void> {
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
