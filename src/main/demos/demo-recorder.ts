/**
 * Demonstrations: a person performs a task on the phone through the recorder, which executes
 * each input as an element-level action of MobA's action space (a tap on a numbered element is
 * `Click(i)`, elsewhere `Click_by_Coordinate(x, y, px)`; a drag in a scrollable element is a
 * `Scroll`, elsewhere a `Swipe`), captures the element acted on from the observation the
 * person saw, observes again, and finally saves the steps as a successful route — the memory
 * the Plan module retrieves for similar goals.
 */
import { randomBytes } from 'node:crypto';
import { formatAction, targetIndex } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { ActionResult } from '../../shared/contract/devices.ts';
import type { DemoInput, DemoState, DemoStep } from '../../shared/contract/demos.ts';
import { describeElementForMemory } from '../../shared/elements/describe-element.ts';
import { clickAction, dragAction } from '../../shared/elements/screen-input.ts';
import { MobaError } from '../../shared/errors.ts';
import type { Observation } from '../../shared/schemas/perception.ts';

/** What the recorder needs from the device layer. */
export interface DemoDevice {
  observe(serial: string, signal?: AbortSignal): Promise<Observation>;
  act(serial: string, action: ActionCall, observation: Observation, signal?: AbortSignal): Promise<ActionResult>;
}

/** Where a finished demonstration goes (the memory service's `create`). */
export interface DemoMemory {
  create(draft: unknown, source: 'expert' | 'manual'): { id: string };
}

interface Demo {
  id: string;
  serial: string;
  steps: DemoStep[];
  observation: Observation;
  busy: boolean;
}

/** MobA's action for an input on this observation. */
export function actionForInput(input: DemoInput, observation: Observation): ActionCall {
  const { elements, screen } = observation;
  switch (input.type) {
    case 'tap':
      return clickAction(elements, input.x, input.y, screen);
    case 'swipe':
      return dragAction(elements, [input.x1, input.y1], [input.x2, input.y2], screen);
    case 'text':
      return { name: 'Type', params: { text: input.text } };
    case 'key':
      return input.key === 'back'
        ? { name: 'Back', params: {} }
        : input.key === 'home'
          ? { name: 'Home', params: {} }
          : { name: 'Enter', params: {} };
    case 'action':
      return input.action as ActionCall;
  }
}

export class DemoRecorder {
  private readonly device: DemoDevice;
  private readonly memory: () => DemoMemory | null;
  private readonly demos = new Map<string, Demo>();

  constructor(options: { device: DemoDevice; memory: () => DemoMemory | null }) {
    this.device = options.device;
    this.memory = options.memory;
  }

  private view(d: Demo): DemoState {
    return { demoId: d.id, serial: d.serial, steps: d.steps.map((s) => ({ ...s })), observation: d.observation };
  }

  private get(demoId: string): Demo {
    const d = this.demos.get(demoId);
    if (!d)
      throw new MobaError(
        'NOT_FOUND',
        `No demonstration ${demoId} is being recorded (it was saved, cancelled, or MobA Studio restarted)`,
      );
    return d;
  }

  /** @throws MobaError DEVICE_* when the device cannot be observed */
  async start(serial: string, signal?: AbortSignal): Promise<DemoState> {
    const observation = await this.device.observe(serial, signal);
    const d: Demo = { id: `demo-${randomBytes(4).toString('hex')}`, serial, steps: [], observation, busy: false };
    this.demos.set(d.id, d);
    return this.view(d);
  }

  /**
   * Performs one input and captures it with the element it acted on (from the screen the person saw).
   * @throws MobaError CONFLICT while the previous input is still running; ACTION_FAILED when the action failed (not recorded)
   */
  async input(demoId: string, input: DemoInput, signal?: AbortSignal): Promise<DemoState> {
    const d = this.get(demoId);
    if (d.busy) throw new MobaError('CONFLICT', 'The previous input is still being performed');
    d.busy = true;
    try {
      const before = d.observation;
      const action = actionForInput(input, before);
      const index = targetIndex(action);
      const element = index === undefined ? undefined : before.elements.find((e) => e.index === index);
      const result = await this.device.act(d.serial, action, before, signal);
      if (!result.ok)
        throw new MobaError(
          'ACTION_FAILED',
          `${formatAction(action)} failed: ${result.error?.message ?? result.detail}`,
        );
      d.steps.push({
        action: formatAction(action),
        element: element ? describeElementForMemory(element) : null,
        app: before.currentApp?.packageName ?? null,
        activity: before.currentApp?.activity ?? null,
        ok: true,
        detail: result.detail,
      });
      d.observation = await this.device.observe(d.serial, signal);
      return this.view(d);
    } finally {
      d.busy = false;
    }
  }

  undo(demoId: string): DemoState {
    const d = this.get(demoId);
    d.steps.pop();
    return this.view(d);
  }

  /**
   * Saves the steps as a successful route of `task` (source `expert`).
   * @throws MobaError INVALID_INPUT with no steps; INTERNAL when no memory service is attached
   */
  save(demoId: string, task: string, subGoals: readonly string[] = []): { memoryId: string; steps: number } {
    const d = this.get(demoId);
    if (!d.steps.length)
      throw new MobaError('INVALID_INPUT', 'Nothing was recorded yet: perform the task on the screen first');
    const memory = this.memory();
    if (!memory) throw new MobaError('INTERNAL', 'The memory service is not available in this build');
    const apps = [
      ...new Set(d.steps.map((s) => s.app).filter((a): a is string => !!a && a !== 'com.android.launcher3')),
    ];
    const draft = {
      kind: 'route',
      goal: task,
      taskGoal: task,
      ...(apps.length === 1 ? { app: apps[0] } : {}),
      steps: d.steps.map((s, i) => ({
        subGoal: subGoals[i]?.trim() || `Step ${i + 1} of "${task.slice(0, 200)}"`,
        action: s.action,
        ...(s.element ? { element: s.element } : {}),
        ...(s.app ? { app: s.app } : {}),
        ...(s.activity ? { activity: s.activity } : {}),
      })),
    };
    const item = memory.create(draft, 'expert');
    this.demos.delete(demoId);
    return { memoryId: item.id, steps: d.steps.length };
  }

  cancel(demoId: string): boolean {
    return this.demos.delete(demoId);
  }
}
