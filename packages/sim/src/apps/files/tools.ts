/**
 * Files' other screens: the folder picker of "Move to" (.MovePickerActivity), the trash
 * (.TrashActivity: restore, delete forever, empty), search (.SearchActivity) and settings.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  Icon,
  ListItem,
  Scaffold,
  ScrollList,
  SwitchItem,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { baseName, moveFile, restoreFile, searchFiles, sortFiles, subfolders } from './model.ts';
import type { FilesCtx } from './model.ts';
import { fileRow } from './rows.ts';

export function moveScreen(ctx: FilesCtx): VNode {
  const path = String(ctx.route.params?.path ?? '');
  /** How many picker levels are open (each folder opened is one more). */
  const depth = Number(ctx.route.params?.depth ?? 1);
  const leave = (): void => {
    for (let i = 0; i < depth; i++) ctx.back();
  };
  const f = ctx.data.files.find((x) => x.id === ctx.ui.moving);
  const error = typeof ctx.route.params?.error === 'string' ? ctx.route.params.error : '';
  const here = (): void => {
    if (!f) return;
    const problem = moveFile(ctx.data, f.id, path);
    if (problem) {
      if (ctx.route.params) ctx.route.params.error = ctx.t(problem);
      return;
    }
    ctx.ui.moving = null;
    leave();
    ctx.toast(ctx.t('Moved'));
  };
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      nav: 'close',
      onNav: () => {
        ctx.ui.moving = null;
        leave();
      },
      title: `${ctx.t('Move to')}${path ? ` ${baseName(path)}` : ''}`,
      subtitle: f?.name,
      header: h(
        'TextView',
        { id: 'breadcrumb', class: 'fl-crumb' },
        `${ctx.t('Internal storage')}${path ? ` › ${path.split('/').join(' › ')}` : ''}`,
      ),
      body: ScrollList(
        { id: 'folder_picker' },
        subfolders(ctx.data, path).map((folder) =>
          ListItem({
            key: folder,
            id: 'folder_item',
            icon: 'folder',
            title: baseName(folder),
            onTap: () => ctx.navigate('move', { path: folder, depth: depth + 1 }, { activity: '.MovePickerActivity' }),
          }),
        ),
      ),
      bottom: h(
        'LinearLayout',
        { class: 'fl-bar-row' },
        error
          ? h('TextView', { id: 'move_error', class: 'grow wall-error' }, error)
          : h('View', { class: 'grow', ax: 'skip' }),
        Button({ id: 'move_here', text: ctx.t('Move here'), onTap: here }),
      ),
    }),
  );
}

export function trashScreen(ctx: FilesCtx): VNode {
  const list = sortFiles(
    ctx.data.files.filter((f) => f.trashed),
    'date',
  );
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Trash'),
      actions: list.length
        ? [
            Button({
              id: 'empty_trash',
              text: ctx.t('Empty trash'),
              variant: 'text',
              onTap: () => ctx.openDialog('empty-trash'),
            }),
          ]
        : [],
      body: list.length
        ? ScrollList(
            { id: 'file_list' },
            list.map((f) => fileRow(ctx, f, list, true)),
          )
        : EmptyState('delete', ctx.t('No files'), 'empty_view'),
    }),
  );
}

export function trashMenuDialog(ctx: FilesCtx, dialog: DialogState): VNode {
  const f = ctx.data.files.find((x) => x.id === dialog.data.id);
  return Dialog({
    title: f?.name ?? '',
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({
        key: 'restore',
        id: 'menu_restore',
        icon: 'restore',
        title: ctx.t('Restore'),
        onTap: () => (restoreFile(ctx.data, Number(dialog.data.id)), ctx.closeDialog()),
      }),
      ListItem({
        key: 'delete',
        id: 'menu_delete_forever',
        icon: 'delete',
        title: ctx.t('Delete forever'),
        onTap: () => ((ctx.data.files = ctx.data.files.filter((x) => x.id !== dialog.data.id)), ctx.closeDialog()),
      }),
    ),
  });
}

export function emptyTrashDialog(ctx: FilesCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Empty trash'),
    message: ctx.t('Empty the trash? Its files will be deleted forever.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => ((ctx.data.files = ctx.data.files.filter((f) => !f.trashed)), ctx.closeDialog()),
    },
  });
}

export function searchScreen(ctx: FilesCtx): VNode {
  const hits = searchFiles(ctx.data, ctx.ui.query);
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Toolbar(ctx, { nav: 'back', title: ctx.t('Search files') }),
    h(
      'LinearLayout',
      {
        orientation: 'horizontal',
        class: 'bk-search fl-search',
        style:
          'display:flex;flex-direction:row;align-items:center;gap:8dp;margin:0 16dp 8dp;padding:0 12dp;height:48dp;border-radius:24dp;background:var(--surface-hi);flex:none',
      },
      Icon('search', { size: 20, class: 'muted' }),
      EditText(ctx, {
        field: 'search',
        id: 'search_src_text',
        value: ctx.ui.query,
        hint: ctx.t('Search files'),
        look: 'plain',
        onChange: (v) => (ctx.ui.query = v),
        onSubmit: () => ctx.blur(),
      }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      hits.length
        ? ScrollList(
            { id: 'search_results' },
            hits.map((f) => fileRow(ctx, f, hits)),
          )
        : ctx.ui.query.trim()
          ? EmptyState('search', ctx.t('No results'), 'empty_view')
          : null,
    ),
  );
}

export function settingsScreen(ctx: FilesCtx): VNode {
  const s = ctx.data.settings;
  return h(
    'LinearLayout',
    { class: 'fill files-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Settings'),
      body: ScrollList(
        { id: 'settings_list' },
        SwitchItem({
          key: 'hidden',
          title: ctx.t('Show hidden files'),
          switchId: 'show_hidden',
          checked: s.showHidden,
          onToggle: (v) => (s.showHidden = v),
        }),
        ListItem({
          key: 'sort',
          id: 'sort_setting',
          title: ctx.t('Sort by'),
          summary: ctx.t(
            s.sort === 'name' ? 'Name (A to Z)' : s.sort === 'date' ? 'Date (newest first)' : 'Size (largest first)',
          ),
          onTap: () => ctx.openDialog('sort'),
        }),
      ),
    }),
  );
}
