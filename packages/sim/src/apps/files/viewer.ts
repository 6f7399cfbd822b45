/**
 * Files' photo viewer (.ViewerActivity: swipe sideways for the next or previous picture;
 * favourite, rename, info, delete), the preview of other files (.PreviewActivity), file info.
 */
import { formatDateMedium, formatTime } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Dialog,
  EmptyState,
  Icon,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { artSvg } from './art.ts';
import { pathOf, sizeText } from './model.ts';
import type { FileEntry, FilesCtx } from './model.ts';
import { KIND_ICONS } from './rows.ts';

function whenText(ctx: FilesCtx, ms: number): string {
  const d = new Date(ms);
  return `${formatDateMedium(d, ctx.locale)} ${formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour })}`;
}

function actions(ctx: FilesCtx, f: FileEntry, light: boolean): VNode[] {
  const color = light ? '#ffffff' : undefined;
  return [
    IconButton({
      id: 'action_favourite',
      icon: f.favourite ? 'star-fill' : 'star',
      color: f.favourite ? '#f4b400' : color,
      desc: ctx.t(f.favourite ? 'Remove from favourites' : 'Add to favourites'),
      onTap: () => (f.favourite = !f.favourite),
    }),
    IconButton({
      id: 'action_rename',
      icon: 'edit',
      color,
      desc: ctx.t('Rename'),
      onTap: () => (ctx.openDialog('rename', { id: f.id, name: f.name }), ctx.focus('rename')),
    }),
    IconButton({
      id: 'action_info',
      icon: 'info',
      color,
      desc: ctx.t('Info'),
      onTap: () => ctx.openDialog('info', { id: f.id }),
    }),
    IconButton({
      id: 'action_delete',
      icon: 'delete',
      color,
      desc: ctx.t('Delete'),
      onTap: () => ctx.openDialog('delete-file', { id: f.id }),
    }),
  ];
}

export function viewerScreen(ctx: FilesCtx): VNode {
  const ids = ((ctx.route.params?.ids as number[] | undefined) ?? []).filter((id) =>
    ctx.data.files.some((f) => f.id === id && !f.trashed),
  );
  const f = ctx.data.files.find((x) => x.id === Number(ctx.route.params?.id) && !x.trashed);
  if (!f) return Scaffold(ctx, { nav: 'back', body: EmptyState('image', ctx.t('No files')) });
  const at = ids.indexOf(f.id);
  const go = (delta: number): void => {
    const next = ids[at + delta];
    if (next !== undefined && ctx.route.params) ctx.route.params.id = next;
  };
  return h(
    'FrameLayout',
    {
      class: 'fill files-app fl-viewer',
      onSwipe: (dir) => (dir === 'left' ? go(1) : dir === 'right' ? go(-1) : undefined),
    },
    h('ImageView', { id: 'photo_view', class: 'fl-picture', desc: f.name, html: artSvg(f.art ?? f.id) }),
    h(
      'TextView',
      { id: 'photo_caption', class: 'fl-caption' },
      `${whenText(ctx, f.modifiedAt)}${ids.length > 1 ? ` · ${at + 1}/${ids.length}` : ''}`,
    ),
    h(
      'div',
      { class: 'fill', ax: 'flatten', style: 'bottom:auto' },
      Toolbar(ctx, { nav: 'back', title: f.name, actions: actions(ctx, f, true) }),
    ),
  );
}

const PREVIEW: Record<string, string> = {
  'Notes.txt': 'Call the dentist\nBuy a birthday present for Mom\nBook train tickets to Hangzhou',
  'Meeting_notes.docx': 'Design review moved to Thursday 14:00.\nRelease candidate is green.',
  'Boarding_Pass_MU5101.pdf': 'MU5101 · Shanghai Hongqiao → Chengdu Tianfu\nGate 23 · Seat 32A · Boarding 07:45',
  'Invoice_2025-05.pdf': 'Invoice for May\nTotal: ¥1,280.00\nDue: June 15',
};

export function previewScreen(ctx: FilesCtx): VNode {
  const f = ctx.data.files.find((x) => x.id === Number(ctx.route.params?.id) && !x.trashed);
  if (!f) return Scaffold(ctx, { nav: 'back', body: EmptyState('file', ctx.t('No files')) });
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: f.name,
      actions: actions(ctx, f, false),
      body: ScrollList(
        { id: 'preview_scroll', kind: 'scroll' },
        h(
          'LinearLayout',
          { key: 'icon', class: 'bk-pad', style: 'align-items:center' },
          Icon(KIND_ICONS[f.kind], { size: 72, class: 'muted' }),
        ),
        h(
          'TextView',
          { key: 'text', id: 'preview_text', class: 'fl-preview' },
          PREVIEW[f.name] ?? `${f.name}\n${sizeText(f.size)}`,
        ),
      ),
    }),
  );
}

export function infoDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const f = ctx.data.files.find((x) => x.id === dialog.data.id);
  if (!f) return Dialog({ message: ctx.t('No files') });
  return Dialog({
    title: ctx.t('File info'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({ key: 'name', id: 'info_name', title: ctx.t('Name'), summary: f.name }),
      ListItem({ key: 'path', id: 'info_path', title: ctx.t('Location'), summary: `/sdcard/${pathOf(f)}` }),
      ListItem({ key: 'size', id: 'info_size', title: ctx.t('Size'), summary: sizeText(f.size) }),
      ListItem({ key: 'date', id: 'info_modified', title: ctx.t('Modified'), summary: whenText(ctx, f.modifiedAt) }),
    ),
    positive: { text: ctx.t('OK'), onTap: () => ctx.closeDialog() },
  });
}
