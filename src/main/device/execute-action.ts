/**
 * Executes one action of MobA's action space on a device and waits for the screen to settle.
 * Failures are results (`ok: false` with a typed error), so a run can record and reflect on
 * them; nothing is thrown for a bad index or a device that went away.
 */
import { ACTIONS, formatAction, validateAction } from '../../shared/actions.ts';
import type { ActionCall, ActionName } from '../../shared/actions.ts';
import type { ActionResult } from '../../shared/contract/devices.ts';
import { MobaError, serializeError } from '../../shared/errors.ts';
import { EXECUTORS } from './actions/index.ts';
import type { ActionContext, ActionExecutor } from './actions/index.ts';
import { screenshotProbe, waitForQuietStream, waitForSettle } from './settle.ts';
import type { SettleProbe, StreamQuiet } from './settle.ts';

export interface ExecuteOptions extends ActionContext {
  /** Upper bound for waiting until the screen settles (`agent.settleTimeoutMs`). */
  settleTimeoutMs: number;
  /** How to read the screen's state while settling. Default: a hash of the screenshot. */
  settleProbe?: SettleProbe;
  /**
   * While a live mirror streams the device: time since its last frame. Without a `settleProbe`,
   * settling then waits for a quiet stream instead of taking screenshots.
   */
  streamQuiet?: StreamQuiet;
}

/**
 * Runs the action's executor, then waits until two consecutive screen readings agree.
 *
 * @returns what happened; `ok: false` with ACTION_INVALID (bad parameters or index),
 *   INPUT_METHOD_MISSING, DEVICE_* , TIMEOUT, CANCELLED… in `error`
 */
export async function executeAction(call: ActionCall, options: ExecuteOptions): Promise<ActionResult> {
  const started = performance.now();
  let text: string = call.name;
  let terminal = false;
  try {
    const valid = validateAction(call);
    if (!valid.ok) throw new MobaError('ACTION_INVALID', valid.error);
    const action = valid.action;
    text = formatAction(action);
    terminal = ACTIONS[action.name].terminal === true;
    const executor = EXECUTORS[action.name] as ActionExecutor<ActionName>;
    const effect = await executor(action.params as never, options);
    let settleMs = 0;
    let settled = true;
    if (effect.settle) {
      const probe = options.settleProbe ?? screenshotProbe(options.device);
      const s =
        !options.settleProbe && options.streamQuiet && options.streamQuiet() !== null
          ? await waitForQuietStream({
              sinceLastFrame: options.streamQuiet,
              fallback: probe,
              timeoutMs: options.settleTimeoutMs,
              signal: options.signal,
            })
          : await waitForSettle({ probe, timeoutMs: options.settleTimeoutMs, signal: options.signal });
      settleMs = s.ms;
      settled = s.settled;
    }
    return {
      ok: true,
      action: text,
      durationMs: performance.now() - started,
      settleMs,
      settled,
      detail: effect.detail,
      terminal,
    };
  } catch (error) {
    const e = serializeError(error);
    return {
      ok: false,
      action: text,
      error: { name: e.name, code: e.code, message: e.message },
      durationMs: performance.now() - started,
      settleMs: 0,
      settled: false,
      detail: e.message,
      terminal,
    };
  }
}
