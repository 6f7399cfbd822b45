/**
 * Maps' Saved tab: Home and Work (change or remove), your lists (Favourites, Want to go,
 * Starred places and lists you make, rename and delete), your reviews and recent trips; a
 * list's screen (.SavedListActivity) where places are removed.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Dialog,
  EditText,
  EmptyState,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
} from '../../phone/page/widgets.ts';
import { MODE_LABEL, endpointName } from './directions.ts';
import { createList, localAddress, placeName, toggleSaved } from './model.ts';
import type { ListKind, MapsCtx } from './model.ts';
import { listName } from './place.ts';
import { placeById } from './places.ts';
import { openPlace, placeRow } from './rows.ts';

const LIST_ICON: Record<ListKind, string> = { favourites: 'heart', want: 'bookmark', starred: 'star', custom: 'list' };

const placesCount = (ctx: MapsCtx, n: number): string => (n === 1 ? ctx.t('1 place') : ctx.t('{n} places', { n }));

function chooseAddress(ctx: MapsCtx, which: 'home' | 'work'): void {
  ctx.ui.pick = '';
  ctx.navigate('choose', { which }, { activity: '.ChoosePlaceActivity' });
}

function addresses(ctx: MapsCtx): VNode[] {
  return (['home', 'work'] as const).map((which) => {
    const pt = ctx.data[which];
    return ListItem({
      key: which,
      id: `${which}_item`,
      icon: which === 'home' ? 'home' : 'work',
      title: ctx.t(which === 'home' ? 'Home' : 'Work'),
      summary: pt ? localAddress(pt, ctx.locale) : ctx.t('Set location'),
      onTap: () => (pt ? ctx.openDialog('edit-address', { which }) : chooseAddress(ctx, which)),
    });
  });
}

export function savedTab(ctx: MapsCtx): VNode {
  const d = ctx.data;
  return Scaffold(ctx, {
    title: ctx.t('Saved'),
    body: ScrollList(
      { id: 'saved_list' },
      addresses(ctx),
      SectionHeader(ctx.t('Your lists'), 'lists_header'),
      d.lists.map((l) =>
        ListItem({
          key: `l${l.id}`,
          id: 'list_item',
          icon: LIST_ICON[l.kind],
          title: listName(ctx, l),
          titleId: 'list_name',
          summary: placesCount(ctx, l.places.length),
          onTap: () => ctx.navigate('list', { id: l.id }, { activity: '.SavedListActivity' }),
        }),
      ),
      ListItem({
        key: 'new',
        id: 'new_list',
        icon: 'add',
        title: ctx.t('New list'),
        onTap: () => (ctx.openDialog('new-list', { name: '', place: null }), ctx.focus('list-name')),
      }),
      d.reviews.length ? SectionHeader(ctx.t('Your reviews'), 'reviews_header') : null,
      d.reviews.map((r) => {
        const p = placeById(r.place);
        return ListItem({
          key: `v${r.id}`,
          id: 'my_review_item',
          icon: 'star',
          title: p ? placeName(p, ctx.locale) : '',
          summary: `${'★'.repeat(r.rating)}${r.text ? ` · ${r.text}` : ''}`,
          onTap: () => openPlace(ctx, r.place),
        });
      }),
      d.trips.length ? SectionHeader(ctx.t('Recent trips'), 'trips_header') : null,
      d.trips.map((t, i) =>
        ListItem({
          key: `t${i}`,
          id: 'trip_item',
          icon: 'directions',
          title: `${endpointName(ctx, t.from)} → ${endpointName(ctx, t.to)}`,
          summary: ctx.t(MODE_LABEL[t.mode]),
          onTap: () => {
            ctx.ui.trip = { from: t.from, to: t.to, mode: t.mode, route: 0 };
            ctx.navigate('directions', undefined, { activity: '.DirectionsActivity' });
          },
        }),
      ),
    ),
  });
}

export function listScreen(ctx: MapsCtx): VNode {
  const id = Number(ctx.route.params?.id);
  const list = ctx.data.lists.find((l) => l.id === id);
  if (!list)
    return Scaffold(ctx, { title: ctx.t('Saved'), nav: 'back', body: EmptyState('bookmark', ctx.t('No list')) });
  const custom = list.kind === 'custom';
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    Scaffold(ctx, {
      title: listName(ctx, list),
      subtitle: placesCount(ctx, list.places.length),
      nav: 'back',
      actions: custom
        ? [
            IconButton({
              id: 'rename_list',
              icon: 'edit',
              desc: ctx.t('Rename'),
              onTap: () => (ctx.openDialog('rename-list', { id, name: list.name }), ctx.focus('list-name', 'end')),
            }),
            IconButton({
              id: 'delete_list',
              icon: 'delete',
              desc: ctx.t('Delete list'),
              onTap: () => ctx.openDialog('delete-list', { id }),
            }),
          ]
        : [],
      body: list.places.length
        ? ScrollList(
            { id: 'list_places' },
            list.places.map((p) =>
              placeRow(ctx, p, {
                onRemove: () => {
                  toggleSaved(ctx.data, list.id, p);
                  ctx.toast(ctx.t('Removed from {list}', { list: listName(ctx, list) }));
                },
              }),
            ),
          )
        : EmptyState('bookmark', ctx.t('No places saved yet'), 'empty_view'),
    }),
  );
}

function nameDialog(ctx: MapsCtx, dialog: DialogState, title: string, onOk: (name: string) => void): VNode {
  const name = String(dialog.data.name ?? '');
  return Dialog({
    title,
    body: EditText(ctx, {
      field: 'list-name',
      id: 'list_name_input',
      value: name,
      hint: ctx.t('List name'),
      maxLength: 40,
      onChange: (v) => (dialog.data.name = v),
      onSubmit: () => name.trim() && onOk(name.trim()),
    }),
    negative: { text: ctx.t('Cancel'), onTap: () => (ctx.blur(), ctx.closeDialog()) },
    positive: { text: ctx.t('Save'), enabled: name.trim() !== '', onTap: () => onOk(name.trim()) },
  });
}

export function newListDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  return nameDialog(ctx, dialog, ctx.t('New list'), (name) => {
    const list = createList(ctx.data, name);
    const place = dialog.data.place;
    if (list && typeof place === 'number') list.places.push(place);
    ctx.blur();
    ctx.closeDialog();
    ctx.toast(ctx.t(typeof place === 'number' ? 'Saved to {list}' : 'List created', { list: name }));
  });
}

export function renameListDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  return nameDialog(ctx, dialog, ctx.t('Rename list'), (name) => {
    const list = ctx.data.lists.find((l) => l.id === Number(dialog.data.id));
    if (list) list.name = name;
    ctx.blur();
    ctx.closeDialog();
  });
}

export function deleteListDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  const id = Number(dialog.data.id);
  const list = ctx.data.lists.find((l) => l.id === id);
  return Dialog({
    title: ctx.t('Delete list?'),
    message: ctx.t('“{name}” and the places saved in it will be removed.', { name: list?.name ?? '' }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.lists = ctx.data.lists.filter((l) => l.id !== id || l.kind !== 'custom');
        ctx.closeDialog();
        ctx.back();
        ctx.toast(ctx.t('List deleted'));
      },
    },
  });
}

export function editAddressDialog(ctx: MapsCtx, dialog: DialogState): VNode {
  const which = dialog.data.which === 'work' ? 'work' : 'home';
  const pt = ctx.data[which];
  return Dialog({
    title: ctx.t(which === 'home' ? 'Home' : 'Work'),
    message: pt ? localAddress(pt, ctx.locale) : undefined,
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({
        id: 'change_address',
        icon: 'edit',
        title: ctx.t('Change'),
        onTap: () => (ctx.closeDialog(), chooseAddress(ctx, which)),
      }),
      ListItem({
        id: 'remove_address',
        icon: 'delete',
        title: ctx.t('Remove'),
        onTap: () => {
          ctx.data[which] = null;
          ctx.closeDialog();
        },
      }),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}
