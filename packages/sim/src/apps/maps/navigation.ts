/**
 * Maps' turn-by-turn navigation (.NavigationActivity). The trip advances on the device clock
 * (`frozen` keeps it at the first step, `stepped` moves it with each input): the current
 * instruction, time and distance left, the arrival time, every step with the current one
 * marked, Exit; on arrival, Done.
 */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, EmptyState, Icon, ListItem, ScrollList } from '../../phone/page/widgets.ts';
import { clockText, durationText, endpointName, routePreview, routesBetween, stepText } from './directions.ts';
import { formatDistance } from './model.ts';
import type { MapsCtx } from './model.ts';
import { progressOf } from './routes.ts';
import type { Step } from './routes.ts';

const TURN_ICON: Record<string, string> = { left: 'chevron-left', right: 'chevron-right' };

function stepIcon(s: Step): string {
  if (s.kind === 'turn' || s.kind === 'exit') return TURN_ICON[s.turn ?? 'right'] ?? 'arrow-forward';
  if (s.kind === 'bus') return 'bus';
  if (s.kind === 'walk' || s.kind === 'walk-to-stop') return 'walk';
  if (s.kind === 'arrive') return 'map-pin';
  return 'navigation-fill';
}

export function endNavigation(ctx: MapsCtx): void {
  ctx.data.navigation = null;
  ctx.back();
}

export function navigationScreen(ctx: MapsCtx): VNode {
  const nav = ctx.data.navigation;
  const route = nav ? routesBetween(ctx, nav.from, nav.to, nav.mode)[nav.route] : undefined;
  if (!nav || !route)
    return h(
      'LinearLayout',
      { class: 'fill maps-app' },
      EmptyState('directions', ctx.t('No navigation'), 'empty_view'),
      Button({ id: 'exit_navigation', text: ctx.t('Exit'), onTap: () => endNavigation(ctx) }),
    );
  const now = ctx.now();
  const progress = progressOf(route, Math.max(0, (now - nav.startedAt) / 1000));
  const step = route.steps[progress.step] as Step;
  const units = ctx.data.settings.units;
  const left = route.steps.slice(progress.step).reduce((sum, s) => sum + s.distance, 0);
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    h(
      'LinearLayout',
      { id: 'instruction_banner', orientation: 'horizontal', class: `mp-banner ${progress.arrived ? 'arrived' : ''}` },
      Icon(progress.arrived ? 'map-pin' : stepIcon(step), { size: 36 }),
      h(
        'LinearLayout',
        { class: 'grow mp-texts' },
        h(
          'TextView',
          { id: 'current_instruction', class: 'mp-banner-text' },
          progress.arrived
            ? ctx.t('You have arrived at {place}', { place: endpointName(ctx, nav.to) })
            : stepText(ctx, step, route.steps[progress.step + 1]),
        ),
        !progress.arrived && step.distance
          ? h('TextView', { id: 'step_distance', class: 'mp-banner-sub' }, formatDistance(step.distance, units))
          : null,
      ),
    ),
    routePreview(ctx, route, nav, 'mp-nav-map', 220),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'steps_list' },
        route.steps.map((s, i) =>
          ListItem({
            key: i,
            id: 'step_item',
            icon: stepIcon(s),
            title: stepText(ctx, s, route.steps[i + 1]),
            summary: s.distance ? formatDistance(s.distance, units) : undefined,
            selected: i === progress.step,
            class: i < progress.step ? 'mp-step-done' : i === progress.step ? 'mp-step-now' : '',
          }),
        ),
      ),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-start-bar' },
      h(
        'LinearLayout',
        { class: 'grow mp-texts' },
        h(
          'TextView',
          { id: 'time_left', class: 'mp-route-time' },
          progress.arrived ? ctx.t('Arrived') : durationText(ctx, progress.left),
        ),
        h(
          'TextView',
          { id: 'trip_summary', class: 'mp-sub' },
          `${formatDistance(left, units)} · ${ctx.t('Arrive at {time}', { time: clockText(ctx, now + progress.left * 1000) })}`,
        ),
      ),
      Button({
        id: 'exit_navigation',
        text: ctx.t(progress.arrived ? 'Done' : 'Exit'),
        variant: progress.arrived ? 'filled' : 'tonal',
        onTap: () => endNavigation(ctx),
      }),
    ),
  );
}
