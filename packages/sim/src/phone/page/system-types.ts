/**
 * The state types of the phone's system UI — notifications and disturbances — apart from the
 * code that drives them, so the page's host interface (phone-host.ts) can name them without an
 * import cycle.
 */
import type { DisturbanceKind } from '@moba/base/disturbances';
import type { LaunchRequest } from './types.ts';

export interface PhoneNotification {
  id: number;
  pkg: string;
  title: string;
  text: string;
  /** Device time it was posted (epoch ms). */
  at: number;
  /** What a tap opens (an intent to the posting app); null opens the app as it is. */
  open: Partial<LaunchRequest> | null;
}

export interface NotificationSpec {
  title: string;
  text: string;
  open?: Partial<LaunchRequest> | null;
}

export { DISTURBANCE_KINDS } from '@moba/base/disturbances';
export type { DisturbanceKind } from '@moba/base/disturbances';

/** A disturbance as the host hands it over (already checked and resolved on the Node side). */
export interface DisturbanceInput {
  id: string;
  kind: DisturbanceKind;
  /** The app it belongs to; null: whatever is in the foreground. */
  app: string | null;
  /** Actions after scheduling before it may show (0 = at once); null when only `at` counts. */
  after: number | null;
  /** Device time (epoch ms) from which it may show; null when only `after` counts. */
  at: number | null;
  /** Kind-specific settings (see the simulator's README, *Disturbances*). */
  params: Record<string, unknown>;
}

export interface Disturbance extends Omit<DisturbanceInput, 'after'> {
  /** The action count at which it triggers (absolute), or null. */
  afterActions: number | null;
  status: 'pending' | 'showing' | 'done';
  /** How it ended: dismissed, granted, denied, once, rated:4, not-now, signed-in, skipped, accepted, rejected, custom, loaded, closed, clicked, posted. */
  outcome: string | null;
  /** When it started showing: host and device time (ms), for countdowns and slow loads. */
  shown: { host: number; device: number } | null;
  /** Form state of the walls (password typed, stars picked, consent switches). */
  form: Record<string, unknown>;
}

export interface DisturbState {
  /** Actions (inputs) since the phone was reset. */
  actions: number;
  items: Disturbance[];
}

export type PermissionResult = 'granted' | 'denied' | 'once';
