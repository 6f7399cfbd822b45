/** Files' shared pieces: a file row, a folder row, a photo tile, and opening a file. */
import { formatListDate } from '../../phone/page/list-dates.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Icon, IconButton } from '../../phone/page/widgets.ts';
import { artSvg } from './art.ts';
import { baseName, sizeText } from './model.ts';
import type { FileEntry, FilesCtx, Kind } from './model.ts';

export const KIND_ICONS: Record<Kind, string> = {
  image: 'image',
  video: 'play',
  audio: 'music',
  document: 'file',
  archive: 'archive',
  apk: 'apps',
};

export function itemsText(ctx: FilesCtx, n: number): string {
  return n === 1 ? ctx.t('1 item') : ctx.t('{n} items', { n });
}

export function openFile(ctx: FilesCtx, f: FileEntry, list: readonly FileEntry[]): void {
  if (f.kind === 'image')
    ctx.navigate(
      'viewer',
      { id: f.id, ids: list.filter((x) => x.kind === 'image').map((x) => x.id) },
      { activity: '.ViewerActivity' },
    );
  else ctx.navigate('preview', { id: f.id }, { activity: '.PreviewActivity' });
}

function thumb(f: FileEntry): VNode {
  return f.kind === 'image' && f.art !== null
    ? h('span', { class: 'fl-thumb', ax: 'skip', html: artSvg(f.art) })
    : h('span', { class: 'fl-thumb', ax: 'skip' }, Icon(KIND_ICONS[f.kind], { size: 26 }));
}

export function fileRow(ctx: FilesCtx, f: FileEntry, list: readonly FileEntry[], trash = false): VNode {
  const date = formatListDate(f.modifiedAt, { locale: ctx.locale, is24Hour: ctx.is24Hour, now: ctx.now() });
  return h(
    'LinearLayout',
    {
      key: `f${f.id}`,
      id: 'file_item',
      orientation: 'horizontal',
      class: 'fl-row',
      desc: f.name,
      onTap: trash ? () => ctx.openDialog('trash-menu', { id: f.id }) : () => openFile(ctx, f, list),
      onLongPress: () => ctx.openDialog(trash ? 'trash-menu' : 'file-menu', { id: f.id }),
    },
    thumb(f),
    h(
      'LinearLayout',
      { class: 'grow fl-texts' },
      h('TextView', { id: 'file_name', class: 'fl-name' }, f.name),
      h(
        'TextView',
        { id: 'file_details', class: 'fl-meta' },
        `${sizeText(f.size)} · ${date}${trash ? ` · ${f.folder || '/'}` : ''}`,
      ),
    ),
    f.favourite
      ? Icon('star-fill', { size: 18, color: '#f4b400', desc: ctx.t('Favourite'), id: 'favourite_mark' })
      : null,
    IconButton({
      id: 'file_more',
      icon: 'more-vert',
      desc: `${ctx.t('More')} ${f.name}`,
      onTap: () => ctx.openDialog(trash ? 'trash-menu' : 'file-menu', { id: f.id }),
    }),
  );
}

export function folderRow(ctx: FilesCtx, folder: string, count: number): VNode {
  return h(
    'LinearLayout',
    {
      key: `d${folder}`,
      id: 'folder_item',
      orientation: 'horizontal',
      class: 'fl-row',
      desc: baseName(folder),
      onTap: () => ctx.navigate('folder', { path: folder }, { activity: '.BrowseActivity' }),
      onLongPress: () => ctx.openDialog('folder-menu', { path: folder }),
    },
    h('span', { class: 'fl-thumb', ax: 'skip' }, Icon('folder', { size: 26 })),
    h(
      'LinearLayout',
      { class: 'grow fl-texts' },
      h('TextView', { id: 'file_name', class: 'fl-name' }, baseName(folder)),
      h('TextView', { id: 'file_details', class: 'fl-meta' }, itemsText(ctx, count)),
    ),
  );
}

export function photoTile(ctx: FilesCtx, f: FileEntry, list: readonly FileEntry[]): VNode {
  return h(
    'ImageView',
    {
      key: f.id,
      id: 'photo_thumbnail',
      class: 'fl-photo',
      desc: f.name,
      onTap: () => openFile(ctx, f, list),
      onLongPress: () => ctx.openDialog('file-menu', { id: f.id }),
    },
    h('span', { class: 'fill', ax: 'skip', html: artSvg(f.art ?? f.id) }),
    f.favourite ? h('span', { class: 'fl-fav', ax: 'skip' }, Icon('star-fill', { size: 18 })) : null,
  );
}
