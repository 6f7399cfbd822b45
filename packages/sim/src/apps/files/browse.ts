/**
 * Files' main screen: the Browse tab (categories with counts, internal storage and its usage,
 * favourites, trash) and the Photos tab (every image by day, newest first); a category's list.
 */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EmptyState, Icon, IconButton, ListItem, Scaffold, ScrollList, Tabs } from '../../phone/page/widgets.ts';
import { STORAGE_BYTES, filesOfKind, sizeText, usedBytes } from './model.ts';
import type { FilesCtx, Kind } from './model.ts';
import { fileRow, itemsText, KIND_ICONS, photoTile } from './rows.ts';

type Category = Kind | 'download' | 'favourite';

const CATEGORY_TITLES: Record<Category, string> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  document: 'Documents',
  archive: 'Archives',
  apk: 'Apps',
  download: 'Downloads',
  favourite: 'Favourites',
};

function openCategory(ctx: FilesCtx, kind: Category): void {
  ctx.navigate('category', { kind }, { activity: '.CategoryActivity' });
}

function browseTab(ctx: FilesCtx): VNode {
  const cats: Category[] = ['image', 'video', 'audio', 'document', 'download', 'apk'];
  const used = usedBytes(ctx.data);
  return ScrollList(
    { id: 'browse_scroll', kind: 'scroll' },
    h(
      'ViewGroup',
      { key: 'cats', class: 'fl-cats', id: 'categories' },
      cats.map((kind) =>
        h(
          'LinearLayout',
          {
            key: kind,
            id: `category_${kind}`,
            class: 'fl-cat',
            desc: ctx.t(CATEGORY_TITLES[kind]),
            onTap: () => openCategory(ctx, kind),
          },
          Icon(kind === 'download' ? 'download' : KIND_ICONS[kind as Kind], { size: 24 }),
          h('TextView', { class: 'fl-cat-name' }, ctx.t(CATEGORY_TITLES[kind])),
          h('TextView', { class: 'fl-cat-count' }, itemsText(ctx, filesOfKind(ctx.data, kind).length)),
        ),
      ),
    ),
    h(
      'LinearLayout',
      {
        key: 'storage',
        id: 'internal_storage',
        class: 'fl-storage',
        onTap: () => ctx.navigate('folder', { path: '' }, { activity: '.BrowseActivity' }),
      },
      h('TextView', { class: 'fl-cat-name' }, ctx.t('Internal storage')),
      h(
        'View',
        { class: 'fl-bar', ax: 'skip' },
        h('span', { class: 'fl-bar-fill', style: `width:${Math.max(2, (used / STORAGE_BYTES) * 100)}%` }),
      ),
      h(
        'TextView',
        { id: 'storage_used', class: 'fl-cat-count' },
        ctx.t('{used} used of {total}', { used: sizeText(used), total: sizeText(STORAGE_BYTES) }),
      ),
    ),
    ListItem({
      key: 'fav',
      id: 'favourites',
      icon: 'star',
      title: ctx.t('Favourites'),
      summary: itemsText(ctx, filesOfKind(ctx.data, 'favourite').length),
      onTap: () => openCategory(ctx, 'favourite'),
    }),
    ListItem({
      key: 'trash',
      id: 'trash',
      icon: 'delete',
      title: ctx.t('Trash'),
      summary: itemsText(ctx, ctx.data.files.filter((f) => f.trashed).length),
      onTap: () => ctx.navigate('trash', undefined, { activity: '.TrashActivity' }),
    }),
  );
}

function dayLabel(ctx: FilesCtx, ms: number): string {
  const day = (t: number): number => new Date(new Date(t).toDateString()).getTime();
  const diff = Math.round((day(ctx.now()) - day(ms)) / 86_400_000);
  if (diff === 0) return ctx.t('Today');
  if (diff === 1) return ctx.t('Yesterday');
  return formatDateMedium(new Date(ms), ctx.locale);
}

function photosTab(ctx: FilesCtx): VNode {
  const photos = filesOfKind(ctx.data, 'image');
  if (!photos.length) return EmptyState('image', ctx.t('No files'), 'empty_view');
  const groups: Array<{ label: string; tiles: VNode[] }> = [];
  for (const f of photos) {
    const label = dayLabel(ctx, f.modifiedAt);
    let group = groups[groups.length - 1];
    if (!group || group.label !== label) groups.push((group = { label, tiles: [] }));
    group.tiles.push(photoTile(ctx, f, photos));
  }
  return ScrollList(
    { id: 'photo_grid_scroll', kind: 'recycler' },
    groups.map((g) => [
      h('TextView', { key: `l${g.label}`, id: 'date_header', class: 'fl-day' }, g.label),
      h('ViewGroup', { key: `g${g.label}`, class: 'fl-grid' }, g.tiles),
    ]),
  );
}

export function mainScreen(ctx: FilesCtx): VNode {
  const tab = ctx.ui.tab;
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      title: ctx.t(tab === 'browse' ? 'Files' : 'Photos'),
      actions: [
        IconButton({
          id: 'action_search',
          icon: 'search',
          desc: ctx.t('Search files'),
          onTap: () => (ctx.navigate('search', undefined, { activity: '.SearchActivity' }), ctx.focus('search')),
        }),
        IconButton({
          id: 'action_settings',
          icon: 'settings',
          desc: ctx.t('Settings'),
          onTap: () => ctx.navigate('settings', undefined, { activity: '.SettingsActivity' }),
        }),
      ],
      body: tab === 'browse' ? browseTab(ctx) : photosTab(ctx),
      bottom: Tabs([
        {
          text: ctx.t('Browse'),
          icon: 'folder',
          id: 'tab_browse',
          selected: tab === 'browse',
          onTap: () => (ctx.ui.tab = 'browse'),
        },
        {
          text: ctx.t('Photos'),
          icon: 'image',
          id: 'tab_photos',
          selected: tab === 'photos',
          onTap: () => (ctx.ui.tab = 'photos'),
        },
      ]),
    }),
  );
}

export function categoryScreen(ctx: FilesCtx): VNode {
  const kind = String(ctx.route.params?.kind) as Category;
  const list = filesOfKind(ctx.data, kind);
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t(CATEGORY_TITLES[kind] ?? 'Files'),
      body: list.length
        ? ScrollList(
            { id: 'file_list' },
            list.map((f) => fileRow(ctx, f, list)),
          )
        : EmptyState('folder', ctx.t('No files'), 'empty_view'),
    }),
  );
}
