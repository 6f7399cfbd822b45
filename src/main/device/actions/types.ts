/** What an action executor gets and gives; the type that demands one executor per action. */
import type { ActionName, ActionParams } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import type { AndroidDevice } from '../android-device.ts';
import type { DeviceInput } from '../input/device-input.ts';

/** Picks the app for `Open_App(description)`: the agent asks a model, the CLI matches names. */
export type AppResolver = (
  query: string,
  options: { device: AndroidDevice; signal?: AbortSignal | undefined },
) => Promise<ResolvedApp>;

export interface ResolvedApp {
  packageName: string;
  /** Launch activity (fully qualified or `.Relative`); without it the launcher intent is used. */
  activity?: string | null;
  /** Why this app, for the action's detail. */
  reason?: string;
}

export interface ActionContext {
  /** Shell, apps, keyboard state: everything but input events. */
  device: AndroidDevice;
  /** Taps, swipes, keys and text: the mirror's scrcpy control socket while one runs, else `adb shell input`. */
  input: DeviceInput;
  /** The elements of the observation the action was chosen on (indices as drawn). */
  elements: readonly UiElement[];
  /** That observation's screen, the space of element bounds and of pixel coordinates. */
  screen: { width: number; height: number };
  resolveApp?: AppResolver | undefined;
  signal?: AbortSignal | undefined;
}

export interface ActionEffect {
  /** What was done, for people and logs. */
  detail: string;
  /** Whether to wait for the screen to settle afterwards (false for Wait, Finish, Failed). */
  settle: boolean;
}

export type ActionExecutor<N extends ActionName> = (
  params: ActionParams<N>,
  ctx: ActionContext,
) => Promise<ActionEffect>;

/** One executor for every action in ACTIONS: adding an action without one is a type error. */
export type ActionExecutors = { readonly [N in ActionName]: ActionExecutor<N> };
