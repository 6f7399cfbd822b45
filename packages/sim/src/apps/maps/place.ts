/**
 * Maps' place screen (.PlaceActivity): name, rating, category, price, opening status on the
 * device clock, address, hours and phone (a tap copies), Directions, Save to lists, Share;
 * your review (write, edit, delete) and other people's reviews. The review editor
 * (.ReviewActivity) and the save and review dialogs.
 */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  CheckBox,
  Dialog,
  EditText,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
} from '../../phone/page/widgets.ts';
import { openDirections } from './explore.ts';
import {
  allDay,
  deleteReview,
  listsWith,
  localAddress,
  myReviewOf,
  placeName,
  ratingOf,
  saveReview,
  statsOf,
  toggleSaved,
} from './model.ts';
import type { MapsCtx, SavedList } from './model.ts';
import { placeById } from './places.ts';
import type { PlaceInfo } from './places.ts';
import { distanceText, hoursText, stars, statusText, summaryLine } from './rows.ts';

export const placeLink = (id: number): string => `https://maps.moba.test/place/${id}`;

export const listName = (ctx: MapsCtx, l: SavedList): string => (l.kind === 'custom' ? l.name : ctx.t(l.name));

const dateText = (ctx: MapsCtx, at: number): string => formatDateMedium(new Date(at), ctx.locale);

function currentPlace(ctx: MapsCtx): PlaceInfo | undefined {
  return placeById(Number(ctx.route.params?.id));
}

export function writeReview(ctx: MapsCtx, place: number, rating?: number): void {
  const mine = myReviewOf(ctx.data, place);
  ctx.ui.review = { rating: rating ?? mine?.rating ?? 0, text: mine?.text ?? '' };
  ctx.navigate('review', { id: place }, { activity: '.ReviewActivity' });
  ctx.focus('review-text', 'end');
}

function header(ctx: MapsCtx, p: PlaceInfo): VNode {
  const status = statusText(ctx, p);
  const far = distanceText(ctx, p);
  const saved = listsWith(ctx.data, p.id).length > 0;
  return h(
    'LinearLayout',
    { class: 'mp-place-head' },
    h('TextView', { id: 'place_title', class: 'mp-place-title' }, placeName(p, ctx.locale)),
    h('TextView', { id: 'place_summary', class: 'mp-sub' }, summaryLine(ctx, p)),
    h(
      'TextView',
      { id: 'place_status', class: `mp-sub ${status.open ? 'mp-open' : 'mp-closed'}` },
      far ? `${far} · ${status.text}` : status.text,
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-actions' },
      Button({ id: 'directions_button', text: ctx.t('Directions'), onTap: () => openDirections(ctx, p.id) }),
      Button({
        id: 'save_button',
        text: ctx.t(saved ? 'Saved' : 'Save'),
        variant: saved ? 'tonal' : 'outlined',
        onTap: () => ctx.openDialog('save', { place: p.id }),
      }),
      Button({
        id: 'share_button',
        text: ctx.t('Share'),
        variant: 'outlined',
        onTap: () => (ctx.copyText(placeLink(p.id)), ctx.toast(ctx.t('Link copied'))),
      }),
    ),
  );
}

function details(ctx: MapsCtx, p: PlaceInfo): VNode[] {
  const address = localAddress(p, ctx.locale);
  return [
    ListItem({
      key: 'address',
      id: 'address_row',
      icon: 'location',
      title: address,
      onTap: () => (ctx.copyText(address), ctx.toast(ctx.t('Address copied'))),
    }),
    ListItem({
      key: 'hours',
      id: 'hours_row',
      icon: 'clock',
      title: hoursText(ctx, p),
      summary: allDay(p) ? undefined : statusText(ctx, p).text,
    }),
    ListItem({
      key: 'phone',
      id: 'phone_row',
      icon: 'phone',
      title: p.phone,
      onTap: () => (ctx.copyText(p.phone), ctx.toast(ctx.t('Phone number copied'))),
    }),
  ];
}

function myReview(ctx: MapsCtx, p: PlaceInfo): VNode {
  const mine = myReviewOf(ctx.data, p.id);
  if (!mine)
    return h(
      'LinearLayout',
      { key: 'rate', id: 'rate_review', class: 'mp-rate' },
      h('TextView', { class: 'mp-sub' }, ctx.t('Rate and review')),
      stars(ctx, 0, (n) => writeReview(ctx, p.id, n), 'rate_stars'),
    );
  return h(
    'LinearLayout',
    { key: 'mine', id: 'my_review', class: 'mp-review mine' },
    h('TextView', { class: 'mp-review-author' }, ctx.t('Your review')),
    stars(ctx, mine.rating),
    h('TextView', { id: 'my_review_date', class: 'mp-sub' }, dateText(ctx, mine.date)),
    mine.text ? h('TextView', { id: 'my_review_text', class: 'mp-review-text' }, mine.text) : null,
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-actions' },
      Button({ id: 'edit_review', text: ctx.t('Edit'), variant: 'text', onTap: () => writeReview(ctx, p.id) }),
      Button({
        id: 'delete_review',
        text: ctx.t('Delete'),
        variant: 'text',
        onTap: () => ctx.openDialog('delete-review', { place: p.id }),
      }),
    ),
  );
}

function reviews(ctx: MapsCtx, p: PlaceInfo): VNode[] {
  const r = ratingOf(ctx.data, p.id);
  return [
    SectionHeader(ctx.t('Reviews'), 'reviews_header'),
    h(
      'TextView',
      { key: 'overall', id: 'rating_overall', class: 'mp-overall' },
      r.count
        ? `${r.rating.toFixed(1)} ★ · ${ctx.t('{n} reviews', { n: r.count.toLocaleString('en-US') })}`
        : ctx.t('No reviews'),
    ),
    myReview(ctx, p),
    ...(statsOf(ctx.data, p.id)?.reviews ?? []).map((rv, i) =>
      h(
        'LinearLayout',
        { key: `o${i}`, id: 'review_item', class: 'mp-review' },
        h('TextView', { id: 'review_author', class: 'mp-review-author' }, rv.author),
        stars(ctx, rv.rating),
        h('TextView', { class: 'mp-sub' }, dateText(ctx, rv.date)),
        h('TextView', { id: 'review_text', class: 'mp-review-text' }, rv.text),
      ),
    ),
  ];
}

export function placeScreen(ctx: MapsCtx): VNode {
  const p = currentPlace(ctx);
  if (!p) return Scaffold(ctx, { title: ctx.t('Maps'), nav: 'back', body: null });
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    Scaffold(ctx, {
      title: placeName(p, ctx.locale),
      nav: 'back',
      actions: [
        IconButton({
          id: 'place_more',
          icon: 'more-vert',
          desc: ctx.t('More options'),
          onTap: () => ctx.openDialog('place-menu', { place: p.id }),
        }),
      ],
      body: ScrollList({ id: 'place_details' }, header(ctx, p), details(ctx, p), reviews(ctx, p)),
    }),
  );
}

export function reviewScreen(ctx: MapsCtx): VNode {
  const p = currentPlace(ctx);
  const draft = ctx.ui.review;
  const post = (): void => {
    if (!p || draft.rating < 1) return;
    const had = myReviewOf(ctx.data, p.id) !== undefined;
    saveReview(ctx.data, p.id, draft.rating, draft.text, ctx.now());
    ctx.blur();
    ctx.back();
    ctx.toast(ctx.t(had ? 'Review updated' : 'Review posted'));
  };
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    Scaffold(ctx, {
      title: p ? placeName(p, ctx.locale) : '',
      subtitle: ctx.t('Rate and review'),
      nav: 'close',
      actions: [
        Button({ id: 'post_review', text: ctx.t('Post'), variant: 'text', enabled: draft.rating >= 1, onTap: post }),
      ],
      body: ScrollList(
        { id: 'review_form', kind: 'scroll' },
        h(
          'LinearLayout',
          { class: 'mp-form' },
          stars(ctx, draft.rating, (n) => (draft.rating = n), 'review_stars'),
          EditText(ctx, {
            field: 'review-text',
            id: 'review_text_input',
            value: draft.text,
            multiline: true,
            maxLength: 500,
            hint: ctx.t('Share details of your own experience at this place'),
            onChange: (v) => (draft.text = v),
          }),
        ),
      ),
    }),
  );
}

export function deleteReviewDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  const place = Number(dialog.data.place);
  return Dialog({
    title: ctx.t('Delete review?'),
    message: ctx.t('Your rating and review of this place will be removed.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        deleteReview(ctx.data, place);
        ctx.closeDialog();
        ctx.toast(ctx.t('Review deleted'));
      },
    },
  });
}

export function saveDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  const place = Number(dialog.data.place);
  return Dialog({
    title: ctx.t('Save to list'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ctx.data.lists.map((l) =>
        h(
          'LinearLayout',
          { key: l.id, class: 'mp-check-row' },
          CheckBox({
            id: 'list_checkbox',
            text: listName(ctx, l),
            checked: l.places.includes(place),
            onToggle: () => toggleSaved(ctx.data, l.id, place),
          }),
        ),
      ),
      Button({
        id: 'new_list',
        text: ctx.t('New list'),
        variant: 'text',
        onTap: () => (ctx.openDialog('new-list', { name: '', place }), ctx.focus('list-name')),
      }),
    ),
    positive: { text: ctx.t('Done'), onTap: () => ctx.closeDialog() },
  });
}

export function placeMenuDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  const p = placeById(Number(dialog.data.place));
  const set = (which: 'home' | 'work') => () => {
    if (p) ctx.data[which] = { x: p.x, y: p.y };
    ctx.closeDialog();
    ctx.toast(ctx.t(which === 'home' ? 'Home set' : 'Work set'));
  };
  return Dialog({
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({ id: 'set_home', icon: 'home', title: ctx.t('Set as home'), onTap: set('home') }),
      ListItem({ id: 'set_work', icon: 'work', title: ctx.t('Set as work'), onTap: set('work') }),
      ListItem({
        id: 'copy_link',
        icon: 'copy',
        title: ctx.t('Copy link'),
        onTap: () => {
          if (p) ctx.copyText(placeLink(p.id));
          ctx.closeDialog();
          ctx.toast(ctx.t('Link copied'));
        },
      }),
    ),
  });
}
