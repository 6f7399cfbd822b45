/**
 * Disturbances: things that interrupt a task the way real phones do — a notification arriving
 * mid-task, a permission dialog, a rating prompt, a one-time login or consent wall, a slow load
 * with a spinner, an interstitial ad. The host schedules them (`sim-disturb add`; the Node side
 * checks and resolves the specs), the page keeps them in its state (so snapshots and resets
 * cover them) and applies them deterministically: a trigger is a number of actions (inputs:
 * taps, swipes, key events, typed text, `am start`) after scheduling and/or a device time; a
 * disturbance that belongs to an app shows the next time that app is in the foreground.
 */
import { hostNow } from './clock.ts';
import { postNotification } from './notifications.ts';
import type { PhoneHost } from './phone-host.ts';
import type { Disturbance, DisturbanceInput, PermissionResult } from './system-types.ts';
export type { Disturbance, DisturbanceInput, DisturbanceKind, PermissionResult } from './system-types.ts';

export function scheduleDisturbances(rt: PhoneHost, inputs: readonly DisturbanceInput[]): void {
  const d = rt.state.disturb;
  for (const input of inputs) {
    const { after, ...rest } = input;
    d.items = d.items.filter((item) => item.id !== input.id);
    d.items.push({
      ...rest,
      afterActions: after === null ? null : d.actions + after,
      status: 'pending',
      outcome: null,
      shown: null,
      form: {},
    });
  }
}

export function clearDisturbances(rt: PhoneHost): void {
  rt.state.disturb.items = [];
}

/**
 * One input happened. When that makes a disturbance due, the screen is redrawn at once (an
 * input that changes nothing else, like a drag on an empty spot, would not redraw it).
 */
export function countAction(rt: PhoneHost, redraw = true): void {
  const d = rt.state.disturb;
  d.actions++;
  if (redraw && d.items.some((i) => i.status === 'pending' && i.afterActions === d.actions))
    rt.dispatch('disturbance', () => undefined);
}

function triggered(rt: PhoneHost, item: Disturbance): boolean {
  const byActions = item.afterActions === null || rt.state.disturb.actions >= item.afterActions;
  const byTime = item.at === null || Date.now() >= item.at;
  return byActions && byTime;
}

/** Seconds since it started showing, by the host's clock or the device's, whichever is further. */
export function shownSeconds(item: Disturbance): number {
  if (!item.shown) return 0;
  return Math.max(hostNow() - item.shown.host, Date.now() - item.shown.device) / 1000;
}

function foregroundApp(rt: PhoneHost): string | null {
  if (rt.state.recents || rt.state.shade) return null;
  return rt.foregroundTask().pkg;
}

export function finishDisturbance(rt: PhoneHost, item: Disturbance, outcome: string): void {
  item.status = 'done';
  item.outcome = outcome;
  if (item.kind === 'permission' && item.app) {
    const perm = String(item.params.permission ?? 'location');
    (rt.state.permissions[item.app] ??= {})[perm] = outcome as PermissionResult;
  }
}

function deliver(rt: PhoneHost, item: Disturbance): void {
  const pkg = item.app ?? '';
  const app = rt.app(pkg);
  const task = rt.state.tasks.find((t) => t.pkg === pkg) ?? { pkg, stack: [], dialog: null };
  const spec =
    app?.receive?.(rt.context(task), item.params) ??
    (typeof item.params.title === 'string'
      ? { title: item.params.title, text: typeof item.params.text === 'string' ? item.params.text : '' }
      : null);
  if (spec) postNotification(rt, pkg, spec, Date.now());
  finishDisturbance(rt, item, 'posted');
}

/**
 * Moves the disturbances on: triggered notifications are posted; the first triggered one whose
 * app is in the foreground starts showing (one at a time); slow loads end after their seconds.
 * Runs before every render, so every input and every device second drives it.
 */
export function checkDisturbances(rt: PhoneHost): void {
  const items = rt.state.disturb.items;
  for (const item of items) {
    if (
      item.status === 'showing' &&
      item.kind === 'slow-load' &&
      shownSeconds(item) >= Number(item.params.seconds ?? 3)
    )
      finishDisturbance(rt, item, 'loaded');
  }
  for (const item of items)
    if (item.status === 'pending' && item.kind === 'notification' && triggered(rt, item)) deliver(rt, item);
  const fg = foregroundApp(rt);
  if (!fg || items.some((i) => i.status === 'showing' && (i.app === null || i.app === fg))) return;
  const next = items.find(
    (i) => i.status === 'pending' && i.kind !== 'notification' && (i.app === null || i.app === fg) && triggered(rt, i),
  );
  if (!next) return;
  next.status = 'showing';
  next.app ??= fg;
  next.shown = { host: hostNow(), device: Date.now() };
  rt.blur();
}

/** The disturbance drawn now: showing, and its app in the foreground. */
export function activeDisturbance(rt: PhoneHost): Disturbance | undefined {
  const fg = foregroundApp(rt);
  return fg ? rt.state.disturb.items.find((i) => i.status === 'showing' && i.app === fg) : undefined;
}

/** An app asks for a permission it has no answer for: the system dialog shows at once. */
export function requestPermission(rt: PhoneHost, pkg: string, permission: string): void {
  if (rt.state.permissions[pkg]?.[permission] && rt.state.permissions[pkg]?.[permission] !== 'once') return;
  if (rt.state.disturb.items.some((i) => i.kind === 'permission' && i.app === pkg && i.status !== 'done')) return;
  scheduleDisturbances(rt, [
    {
      id: `request-${pkg}-${permission}-${rt.state.disturb.items.length}`,
      kind: 'permission',
      app: pkg,
      after: 0,
      at: null,
      params: { permission, requested: true },
    },
  ]);
}

/** What `sim-state` reports under `device.disturbances`. */
export function disturbanceReport(rt: PhoneHost): Array<Record<string, unknown>> {
  return rt.state.disturb.items.map((i) => ({
    id: i.id,
    kind: i.kind,
    app: i.app,
    status: i.status,
    outcome: i.outcome,
    ...(i.afterActions === null ? {} : { afterActions: i.afterActions }),
    ...(i.at === null ? {} : { at: i.at }),
  }));
}
