/**
 * The pieces of MobA's loop on top of the step kernel: the Local Agent's act call, the Global
 * Agent's plan and reflect calls, the device's time for the prompts, MobA's routes and the
 * memory writes of its modules. `moba-loop.ts` strings them together.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { NodeStatus } from '../../../../shared/schemas/run.ts';
import type { MobaError } from '../../../../shared/errors.ts';
import { describeElement, describeElementForMemory } from '../../../../shared/elements/describe-element.ts';
import { nextId } from '../../../../shared/run/reducer.ts';
import type { RunState, StepState } from '../../../../shared/run/reducer.ts';
import { completedSiblings, pathTo } from '../../../../shared/run/tree.ts';
import { deviceTimeNow } from '../../device-clock.ts';
import type { LoopContext } from '../../run-controller.ts';
import type { DeviceClock } from '../../ports.ts';
import type { StrategyRun } from '../common/runner.ts';
import type { Observed, StepKernel } from '../common/step-kernel.ts';
import { reachActionSpace } from '../common/reach-action-space.ts';
import { buildActMessages } from './prompts/act.ts';
import { buildPlanMessages } from './prompts/plan.ts';
import type { PlanPromptInput } from './prompts/plan.ts';
import { buildReflectMessages } from './prompts/reflect.ts';
import { ReflectReplySchema, actReplySchema, planReplySchema } from './replies.ts';
import type { ActReply, ReflectReply } from './replies.ts';

/** A task-tree node's status as memory's task nodes say it. */
const TASK_STATUS: Record<NodeStatus, 'pending' | 'active' | 'done' | 'failed' | 'abandoned'> = {
  pending: 'pending',
  running: 'active',
  done: 'done',
  failed: 'failed',
  skipped: 'abandoned',
};

export class MobaSteps {
  private readonly ctx: LoopContext;
  private readonly kernel: StepKernel;
  private readonly pagesSeen = new Set<string>();
  /** Nodes whose route is recorded (a node is routed once, when it is done). */
  private readonly routed = new Set<string>();
  private clock: Promise<DeviceClock | null> | undefined;

  constructor(run: StrategyRun) {
    this.ctx = run.ctx;
    this.kernel = run.steps;
  }

  get state(): RunState {
    return this.ctx.state();
  }

  /** The device's date and time now, read from its clock once per loop; null when it cannot tell. */
  async deviceTime(): Promise<string | null> {
    const device = this.ctx.device;
    this.clock ??= device.clock
      ? device.clock(this.ctx.signal).catch((error: unknown) => {
          if (this.ctx.signal.aborted) throw error;
          this.kernel.nonFatal(error);
          return null;
        })
      : Promise.resolve(null);
    const clock = await this.clock;
    return clock ? deviceTimeNow(clock) : null;
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

  /**
   * How many earlier steps' experience (actions, their outcome, reflections) a prompt carries.
   * Without the Memory module (MobA §4.3: no in-context examples and no historical experience —
   * observations, thoughts, previous actions, execution status) only the immediately preceding
   * step is kept, the short-term memory §4.4.3 describes.
   */
  private historyLength(withMemory: number): number {
    return this.kernel.options.useMemory ? withMemory : 1;
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
      this.kernel.retrieve('act', singleLevel ? st.task : node.goal, nodeId, obs.observation.currentApp),
      this.ctx.screens.prepare(obs.id, obs.observation),
      this.deviceTime(),
    ]);
    const space = this.kernel.options.actionSpace === 'candidates' ? reachActionSpace(obs.observation.elements) : null;
    const messages = buildActMessages({
      finalGoal: st.task,
      goal: node.goal,
      parentGoal: path.at(-2)?.goal ?? null,
      completed: singleLevel ? [] : completedSiblings(st, nodeId),
      reflections: node.reflections.slice(-this.historyLength(3)),
      feedback: st.pendingFeedback,
      recentActions: this.recentActions(this.historyLength(singleLevel ? 8 : 4)),
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
      this.kernel.retrieve('plan', node.goal, nodeId, obs.observation.currentApp),
      this.ctx.screens.prepare(obs.id, obs.observation),
      this.deviceTime(),
    ]);
    const messages = buildPlanMessages({
      finalGoal: st.task,
      goal: node.goal,
      parentGoal: path.at(-2)?.goal ?? null,
      completed: completedSiblings(st, nodeId),
      planReflection: node.planReflections.at(-1) ?? null,
      failureReflections: node.reflections.slice(-this.historyLength(3)),
      guidance: st.pendingFeedback,
      memories,
      screen,
      deviceTime,
      reason,
      planning: this.kernel.options.planning ?? 'subgoals',
    });
    const r = await this.ctx.modelStep({
      role: 'planner',
      purpose: 'plan',
      nodeId,
      messages,
      schema: planReplySchema(this.kernel.options.planning),
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
    if (this.kernel.writesMemory)
      await this.kernel.write(() =>
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
    singleLevel = false,
  ): Promise<{ ok: true; reply: ReflectReply } | { ok: false; error: MobaError }> {
    const st = this.state;
    const node = st.nodes[nodeId]!;
    const [memories, b, a] = await Promise.all([
      this.kernel.retrieve('reflect', node.goal, nodeId, after.observation.currentApp),
      this.ctx.screens.prepare(before.id, before.observation),
      this.ctx.screens.prepare(after.id, after.observation),
    ]);
    const messages = buildReflectMessages({
      finalGoal: st.task,
      // Without the Plan module no sub-task is given to the Reflection module (§4.3).
      goal: singleLevel ? null : node.goal,
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
    const chosen = this.kernel.takeAppChoice(step.stepId);
    if (this.kernel.writesMemory) {
      const path = pathTo(this.state, nodeId);
      await this.kernel.write(() =>
        this.ctx.memory.recordAction({
          runId: this.ctx.runId,
          nodeId,
          goal: node.goal,
          parentGoal: path.at(-2)?.goal ?? null,
          taskGoal: st.task,
          action: performed.text,
          element: step.element,
          // The Local Agent's view when it chose the action (§3.2); the reflection's when a person acted.
          observation: step.intent?.observation ?? reply.observation,
          thought: step.intent?.thought ?? reply.thought,
          reflection: reply.subgoalStatus === 'failure' ? reply.reflection : null,
          outcome: reply.subgoalStatus,
          app: before.observation.currentApp?.packageName ?? null,
          activity: before.observation.currentApp?.activity ?? null,
          screenKey: before.screenKey,
        }),
      );
      if (chosen && reply.subgoalStatus === 'success') {
        await this.kernel.learn(
          `app-for:${chosen.description}`,
          `For "${chosen.description}", ${chosen.label === chosen.packageName ? chosen.packageName : `${chosen.label} (${chosen.packageName})`} was the right app.`,
        );
      }
    }
    return { ok: true, reply };
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
      if (node?.children.length) await this.recordRoute(id);
    }
    this.ctx.append({ type: 'cursor_moved', nodeId: next, by: 'agent' });
  }

  /**
   * The task is complete (§3.2: "once the task of the root node is completed, for each non-leaf
   * node a route is generated"): open nodes are done, sub-goals never started are skipped, every
   * non-leaf node and the root get their route, and memory's task nodes their final status.
   */
  async closeTree(): Promise<void> {
    const st = this.state;
    for (const node of Object.values(st.nodes)) {
      if (node.status === 'running' || (node.id === st.rootId && node.status !== 'done'))
        this.ctx.append({ type: 'node_status', nodeId: node.id, status: 'done', by: 'agent' });
      else if (node.status === 'pending')
        this.ctx.append({
          type: 'node_status',
          nodeId: node.id,
          status: 'skipped',
          reason: 'the task was complete without it',
          by: 'agent',
        });
    }
    for (const node of Object.values(this.state.nodes))
      if (node.children.length || node.id === this.state.rootId) await this.recordRoute(node.id);
    if (!this.kernel.writesMemory || !this.ctx.memory.recordTaskStatus) return;
    for (const node of Object.values(this.state.nodes)) {
      const status = TASK_STATUS[node.status];
      await this.kernel.write(() =>
        this.ctx.memory.recordTaskStatus!({
          runId: this.ctx.runId,
          nodeId: node.id,
          goal: node.goal,
          parentNodeId: node.parentId,
          taskGoal: this.state.task,
          status,
        }),
      );
    }
  }

  /** Records a node's route once, when memory is written and the node has successful steps. */
  private async recordRoute(nodeId: string): Promise<void> {
    const node = this.state.nodes[nodeId];
    if (!this.kernel.writesMemory || !node || this.routed.has(nodeId)) return;
    const steps = this.routeOf(nodeId);
    if (!steps.length) return;
    this.routed.add(nodeId);
    await this.kernel.write(() =>
      this.ctx.memory.recordRoute({
        runId: this.ctx.runId,
        nodeId,
        goal: node.goal,
        taskGoal: this.state.task,
        steps,
      }),
    );
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
        element: s.element ? describeElementForMemory(s.element) : null,
        app: this.state.observations[s.observationId]?.currentApp?.packageName ?? null,
      }));
  }

  private async rememberPage(obs: Observed, description: string): Promise<void> {
    const app = obs.observation.currentApp;
    if (!this.kernel.writesMemory || !app || !description.trim()) return;
    const key = `${app.packageName}/${app.activity}`;
    if (this.pagesSeen.has(key)) return;
    this.pagesSeen.add(key);
    await this.kernel.write(() =>
      this.ctx.memory.recordAppPage({
        packageName: app.packageName,
        activity: app.activity,
        description,
        runId: this.ctx.runId,
      }),
    );
  }
}
