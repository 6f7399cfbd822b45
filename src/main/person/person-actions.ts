/**
 * A person's action on a device, from wherever it comes (the Devices panel's action box, the
 * cockpit during a take-over or a copilot wait, a click or a key on the mirror): performed
 * through the device's input port — the mirror's scrcpy control socket while one runs, else
 * adb — and recorded as the person's step, with provenance, in the one run the device's actions
 * belong to (`RunService.runOnDevice`: the run driving the device, else the one paused last).
 * Mirror input is translated here into an action of the action space — element-level where the
 * point lands on a numbered element of that run's latest screen (`mirror-input.ts`). This is the
 * only path that records a person's step; the handlers call {@link PersonActions.perform}.
 *
 * Only what was performed is recorded: an action that failed (a stale index, a device that
 * went away) is returned to the person but never enters the run, whose reflection would
 * otherwise judge an action that did not happen. A decision on a waiting step (`decideRun`:
 * approve, edit, override…) is not a person's action: the run's loop executes what was decided
 * and records it as the agent's step; it does not come through here.
 */
import type { ActionCall } from '../../shared/actions.ts';
import type { ActionResult } from '../../shared/contract/devices.ts';
import type { MirrorInputParsed } from '../../shared/contract/mirror.ts';
import type { ScreenSize, UiElement } from '../../shared/schemas/perception.ts';
import type { DeviceActGuard } from '../agent/device-lock.ts';
import type { RunService } from '../agent/run-service.ts';
import { actOnDevice } from '../device/device-actions.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { Observer } from '../device/observe.ts';
import type { MirrorService } from '../mirror/mirror-service.ts';
import { actionFromMirrorInput } from './mirror-input.ts';

/** An action of MobA's action space, with the screen its index refers to (default: the device's last observation). */
export interface PersonAction {
  action: ActionCall;
  elements?: readonly UiElement[] | undefined;
  screen?: ScreenSize | undefined;
}

/** Direct control on the mirror, in device pixels. */
export interface PersonInput {
  input: MirrorInputParsed;
}

export interface MirrorInputResult {
  via: 'scrcpy' | 'adb';
  durationMs: number;
}

export interface PersonActionsOptions {
  devices: DeviceService;
  observer: Observer;
  mirror: Pick<MirrorService, 'input'>;
  runs: Pick<RunService, 'get' | 'state' | 'runOnDevice' | 'recordPersonStep'>;
  /** Read at every action (`agent.settleTimeoutMs`). */
  settleTimeoutMs: () => number;
  /** Refuses an action on a device another process's run holds. */
  deviceLock?: DeviceActGuard | undefined;
}

export class PersonActions {
  private readonly o: PersonActionsOptions;

  constructor(options: PersonActionsOptions) {
    this.o = options;
  }

  /**
   * Performs a person's action on a device and records it in the run active on that device.
   *
   * @returns for an action, its result (failures are `ok: false` results, not thrown); for a
   *   mirror input, how it was delivered
   * @throws MobaError CONFLICT when another process's run holds the device; for a mirror input: MobaError NOT_FOUND when no mirror runs for the device,
   *   MIRROR_FAILED / DEVICE_* / INPUT_METHOD_MISSING / CANCELLED
   */
  perform(serial: string, act: PersonAction, signal?: AbortSignal): Promise<ActionResult>;
  perform(serial: string, act: PersonInput, signal?: AbortSignal): Promise<MirrorInputResult>;
  async perform(
    serial: string,
    act: PersonAction | PersonInput,
    signal?: AbortSignal,
  ): Promise<ActionResult | MirrorInputResult> {
    // Another process's run drives this phone: a person's action would go behind its back.
    this.o.deviceLock?.assertMayAct(serial);
    if ('input' in act) {
      const result = await this.o.mirror.input(serial, act.input, signal);
      this.record(serial, (runId) => this.mirrorAction(runId, act.input), result.durationMs);
      return result;
    }
    const { devices, observer } = this.o;
    const result = await actOnDevice({
      devices,
      observer,
      serial,
      action: act.action,
      elements: act.elements,
      screen: act.screen,
      settleTimeoutMs: this.o.settleTimeoutMs(),
      signal,
    });
    if (result.ok) this.record(serial, () => act.action, result.durationMs);
    return result;
  }

  /** Records what was performed in the run the device's actions belong to, if there is one. */
  private record(serial: string, actionIn: (runId: string) => ActionCall | null, durationMs: number): void {
    const runId = this.o.runs.runOnDevice(serial);
    if (!runId) return;
    const action = actionIn(runId);
    if (action) this.o.runs.recordPersonStep(runId, action, { ok: true, durationMs });
  }

  /** Mirror input as the run saw the screen last: element-level where the point lands on one of its elements. */
  private mirrorAction(runId: string, input: MirrorInputParsed): ActionCall | null {
    const st = this.o.runs.state(runId);
    const seen = st.lastObservationId ? st.observations[st.lastObservationId] : undefined;
    return actionFromMirrorInput(input, seen?.elements ?? [], seen?.screen ?? { width: 1080, height: 2400 });
  }

  /**
   * {@link perform} on the device of a run (the cockpit acts on the run it shows).
   *
   * @throws MobaError RUN_NOT_FOUND
   */
  performInRun(runId: string, act: PersonAction, signal?: AbortSignal): Promise<ActionResult> {
    return this.perform(this.o.runs.get(runId).serial, act, signal);
  }
}
