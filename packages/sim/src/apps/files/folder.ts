/**
 * Files' folder browser (.BrowseActivity): the path, sub-folders and files sorted by the
 * setting; new folder and sort in the toolbar; a file's menu (open, rename, move, favourite,
 * delete, info) and a folder's (rename, delete), with their dialogs.
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
  RadioButton,
  Scaffold,
  ScrollList,
} from '../../phone/page/widgets.ts';
import { baseName, deleteFolder, filesIn, makeFolder, parentOf, renameFile, subfolders } from './model.ts';
import type { FilesCtx } from './model.ts';
import { fileRow, folderRow, openFile } from './rows.ts';

export function folderScreen(ctx: FilesCtx): VNode {
  const path = String(ctx.route.params?.path ?? '');
  const folders = subfolders(ctx.data, path);
  const files = filesIn(ctx.data, path);
  const count = (f: string): number => subfolders(ctx.data, f).length + filesIn(ctx.data, f).length;
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: path ? baseName(path) : ctx.t('Internal storage'),
      actions: [
        IconButton({ id: 'action_sort', icon: 'sort', desc: ctx.t('Sort by'), onTap: () => ctx.openDialog('sort') }),
        IconButton({
          id: 'action_new_folder',
          icon: 'folder-add',
          desc: ctx.t('New folder'),
          onTap: () => (ctx.openDialog('new-folder', { parent: path, name: '' }), ctx.focus('folder-name')),
        }),
      ],
      header: h(
        'TextView',
        { id: 'breadcrumb', class: 'fl-crumb' },
        `${ctx.t('Internal storage')}${path ? ` › ${path.split('/').join(' › ')}` : ''}`,
      ),
      body:
        folders.length || files.length
          ? ScrollList(
              { id: 'file_list' },
              folders.map((f) => folderRow(ctx, f, count(f))),
              files.map((f) => fileRow(ctx, f, files)),
            )
          : EmptyState('folder', ctx.t('No files'), 'empty_view'),
    }),
  );
}

function menu(
  ctx: FilesCtx,
  title: string,
  items: Array<[key: string, icon: string, text: string, act: () => void] | null>,
): VNode {
  return Dialog({
    title,
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      items.map((i) =>
        i
          ? ListItem({
              key: i[0],
              id: `menu_${i[0]}`,
              icon: i[1],
              title: i[2],
              onTap: () => (ctx.closeDialog(), i[3]()),
            })
          : null,
      ),
    ),
  });
}

export function fileMenuDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const f = ctx.data.files.find((x) => x.id === dialog.data.id);
  if (!f) return Dialog({ message: ctx.t('No files') });
  return menu(ctx, f.name, [
    ['open', 'file', ctx.t('Open'), () => openFile(ctx, f, filesIn(ctx.data, f.folder))],
    [
      'rename',
      'edit',
      ctx.t('Rename'),
      () => (ctx.openDialog('rename', { id: f.id, name: f.name }), ctx.focus('rename')),
    ],
    [
      'move',
      'move',
      ctx.t('Move to'),
      () => ((ctx.ui.moving = f.id), ctx.navigate('move', { path: '', depth: 1 }, { activity: '.MovePickerActivity' })),
    ],
    [
      'favourite',
      'star',
      ctx.t(f.favourite ? 'Remove from favourites' : 'Add to favourites'),
      () => (f.favourite = !f.favourite),
    ],
    ['info', 'info', ctx.t('File info'), () => ctx.openDialog('info', { id: f.id })],
    ['delete', 'delete', ctx.t('Delete'), () => ctx.openDialog('delete-file', { id: f.id })],
  ]);
}

export function folderMenuDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const path = String(dialog.data.path);
  return menu(ctx, baseName(path), [
    [
      'rename',
      'edit',
      ctx.t('Rename'),
      () => (ctx.openDialog('rename-folder', { path, name: baseName(path) }), ctx.focus('rename')),
    ],
    ['delete', 'delete', ctx.t('Delete'), () => ctx.openDialog('delete-folder', { path })],
  ]);
}

function nameDialog(
  ctx: FilesCtx,
  dialog: DialogState,
  o: { title: string; ok: string; field: string; save: (name: string) => string | null },
): VNode {
  const error = typeof dialog.data.error === 'string' ? dialog.data.error : '';
  const submit = (): void => {
    const problem = o.save(String(dialog.data.name ?? ''));
    if (problem) dialog.data.error = ctx.t(problem);
    else ctx.closeDialog();
  };
  return Dialog({
    title: o.title,
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      EditText(ctx, {
        field: o.field,
        id: 'name_input',
        value: String(dialog.data.name ?? ''),
        onChange: (v) => ((dialog.data.name = v), (dialog.data.error = '')),
        onSubmit: submit,
      }),
      error ? h('TextView', { id: 'name_error', class: 'wall-error' }, error) : null,
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: { text: o.ok, onTap: submit },
  });
}

export function renameDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  return nameDialog(ctx, dialog, {
    title: ctx.t('Rename'),
    ok: ctx.t('OK'),
    field: 'rename',
    save: (name) => renameFile(ctx.data, Number(dialog.data.id), name, ctx.now()),
  });
}

export function newFolderDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  return nameDialog(ctx, dialog, {
    title: ctx.t('New folder'),
    ok: ctx.t('Create'),
    field: 'folder-name',
    save: (name) => makeFolder(ctx.data, String(dialog.data.parent ?? ''), name),
  });
}

export function renameFolderDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const path = String(dialog.data.path);
  return nameDialog(ctx, dialog, {
    title: ctx.t('Rename'),
    ok: ctx.t('OK'),
    field: 'rename',
    save: (name) => {
      const parent = parentOf(path);
      const problem = makeFolder(ctx.data, parent, name);
      if (problem) return baseName(path).toLowerCase() === name.trim().toLowerCase() ? null : problem;
      const next = parent ? `${parent}/${name.trim()}` : name.trim();
      const under = (p: string): boolean => p === path || p.startsWith(`${path}/`);
      ctx.data.folders = ctx.data.folders
        .filter((f) => f !== next)
        .map((f) => (under(f) ? next + f.slice(path.length) : f));
      for (const f of ctx.data.files) if (under(f.folder)) f.folder = next + f.folder.slice(path.length);
      return null;
    },
  });
}

export function sortDialog(ctx: FilesCtx, _dialog: DialogState): VNode {
  const choose = (sort: 'name' | 'date' | 'size', text: string): VNode =>
    RadioButton({
      key: sort,
      id: `sort_${sort}`,
      text: ctx.t(text),
      checked: ctx.data.settings.sort === sort,
      onSelect: () => ((ctx.data.settings.sort = sort), ctx.closeDialog()),
    });
  return Dialog({
    title: ctx.t('Sort by'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      choose('name', 'Name (A to Z)'),
      choose('date', 'Date (newest first)'),
      choose('size', 'Size (largest first)'),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function deleteFileDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const f = ctx.data.files.find((x) => x.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Delete {name}?', { name: f?.name ?? '' }),
    message: ctx.t('It will be in Trash for 30 days.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        if (f) f.trashed = true;
        ctx.closeDialog();
        if (ctx.route.screen === 'viewer' || ctx.route.screen === 'preview') ctx.back();
        ctx.toast(ctx.t('Moved to Trash'));
      },
    },
  });
}

export function deleteFolderDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const path = String(dialog.data.path);
  const n = ctx.data.files.filter((f) => !f.trashed && (f.folder === path || f.folder.startsWith(`${path}/`))).length;
  return Dialog({
    title: ctx.t('Delete folder'),
    message: ctx.t('Delete the folder {name} and the {n} files in it?', { name: baseName(path), n }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: { text: ctx.t('Delete'), onTap: () => (deleteFolder(ctx.data, path), ctx.closeDialog()) },
  });
}
