/** Maps' shared pieces: a place in a list, its rating, opening status and distance, stars. */
import { formatTime } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Icon, IconButton } from '../../phone/page/widgets.ts';
import {
  CATEGORY_ICON,
  CATEGORY_NAME,
  allDay,
  distance,
  formatDistance,
  isOpen,
  minuteOfDay,
  placeName,
  ratingOf,
} from './model.ts';
import type { MapsCtx, Point } from './model.ts';
import { placeById } from './places.ts';
import type { PlaceInfo } from './places.ts';

/** Your position when Maps may know it (location permission granted), else null. */
export function knownLocation(ctx: MapsCtx): Point | null {
  const p = ctx.permission('location');
  return p === 'granted' || p === 'once' ? ctx.data.location : null;
}

export function openPlace(ctx: MapsCtx, id: number): void {
  ctx.navigate('place', { id }, { activity: '.PlaceActivity' });
}

const clock = (ctx: MapsCtx, hhmm: string): string =>
  formatTime(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), { locale: ctx.locale, is24Hour: ctx.is24Hour });

/** "Open · Closes 21:00", "Closed · Opens 08:00", "Open 24 hours". */
export function statusText(ctx: MapsCtx, p: PlaceInfo): { open: boolean; text: string } {
  if (allDay(p)) return { open: true, text: ctx.t('Open 24 hours') };
  const open = isOpen(p, minuteOfDay(ctx.now()));
  return open
    ? { open, text: `${ctx.t('Open')} · ${ctx.t('Closes {time}', { time: clock(ctx, p.closes) })}` }
    : { open, text: `${ctx.t('Closed')} · ${ctx.t('Opens {time}', { time: clock(ctx, p.opens) })}` };
}

export const hoursText = (ctx: MapsCtx, p: PlaceInfo): string =>
  allDay(p) ? ctx.t('Open 24 hours') : `${clock(ctx, p.opens)}–${clock(ctx, p.closes)}`;

export function ratingText(ctx: MapsCtx, id: number): string {
  const r = ratingOf(ctx.data, id);
  return r.count ? `${r.rating.toFixed(1)} ★ (${r.count.toLocaleString('en-US')})` : ctx.t('No reviews');
}

export const priceText = (price: number): string => (price ? '¥'.repeat(price) : '');

export function distanceText(ctx: MapsCtx, p: Point): string | null {
  const here = knownLocation(ctx);
  return here ? formatDistance(distance(here, p), ctx.data.settings.units) : null;
}

/** "4.5 ★ (1,203) · Café · ¥¥". */
export function summaryLine(ctx: MapsCtx, p: PlaceInfo): string {
  return [ratingText(ctx, p.id), ctx.t(CATEGORY_NAME[p.category]), priceText(p.price)].filter(Boolean).join(' · ');
}

/** A place in a list: name, rating, category, distance, opening status; a tap opens it. */
export function placeRow(
  ctx: MapsCtx,
  id: number,
  o: { key?: string; onTap?: () => void; onLongPress?: () => void; onRemove?: () => void } = {},
): VNode | null {
  const p = placeById(id);
  if (!p) return null;
  const status = statusText(ctx, p);
  const far = distanceText(ctx, p);
  return h(
    'LinearLayout',
    {
      key: o.key ?? `r${id}`,
      id: 'place_item',
      orientation: 'horizontal',
      class: 'mp-row',
      desc: placeName(p, ctx.locale),
      onTap: o.onTap ?? (() => openPlace(ctx, id)),
      onLongPress: o.onLongPress,
    },
    h('span', { class: `mp-row-icon c-${p.category}`, ax: 'skip' }, Icon(CATEGORY_ICON[p.category], { size: 20 })),
    h(
      'LinearLayout',
      { class: 'grow mp-texts' },
      h('TextView', { id: 'place_name', class: 'mp-title' }, placeName(p, ctx.locale)),
      h('TextView', { id: 'place_summary', class: 'mp-sub' }, summaryLine(ctx, p)),
      h(
        'TextView',
        { id: 'place_status', class: `mp-sub ${status.open ? 'mp-open' : 'mp-closed'}` },
        far ? `${far} · ${status.text}` : status.text,
      ),
    ),
    o.onRemove
      ? IconButton({
          id: 'remove_place',
          icon: 'close',
          desc: `${ctx.t('Remove')} ${placeName(p, ctx.locale)}`,
          onTap: o.onRemove,
        })
      : null,
  );
}

/** Five stars, filled up to `value`; with `onSet` each star is a button. */
export function stars(ctx: MapsCtx, value: number, onSet?: (n: number) => void, id = 'rating_stars'): VNode {
  return h(
    'LinearLayout',
    { id, orientation: 'horizontal', class: `mp-stars ${onSet ? 'big' : ''}`, desc: onSet ? undefined : `${value} ★` },
    [1, 2, 3, 4, 5].map((n) =>
      onSet
        ? IconButton({
            id: `star_${n}`,
            icon: n <= value ? 'star-fill' : 'star',
            desc: ctx.t('{n} stars', { n }),
            onTap: () => onSet(n),
          })
        : h('span', { key: n, ax: 'skip' }, Icon(n <= Math.round(value) ? 'star-fill' : 'star', { size: 14 })),
    ),
  );
}
