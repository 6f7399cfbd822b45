/**
 * Files (com.moba.files/.MainActivity): internal storage by category (images, videos, audio,
 * documents, downloads, apps), a folder browser sorted by name, date or size, a Photos tab
 * with every picture by day, a photo viewer (swipe for the next), previews; rename, move,
 * favourite, delete to a trash with restore, new folders, search, hidden files. Its files are
 * its own data (not the phone's /sdcard file system).
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import { categoryScreen, mainScreen } from './browse.ts';
import { FILES_CSS } from './files-css.ts';
import {
  deleteFileDialog,
  deleteFolderDialog,
  fileMenuDialog,
  folderMenuDialog,
  folderScreen,
  newFolderDialog,
  renameDialog,
  renameFolderDialog,
  sortDialog,
} from './folder.ts';
import { pathOf, usedBytes } from './model.ts';
import type { FilesCtx, FilesData, FilesUi } from './model.ts';
import { initialFilesData } from './seed.ts';
import { FILES_STRINGS } from './strings.ts';
import { emptyTrashDialog, moveScreen, searchScreen, settingsScreen, trashMenuDialog, trashScreen } from './tools.ts';
import { infoDialog, previewScreen, viewerScreen } from './viewer.ts';

export const filesApp = defineApp<FilesData, FilesUi>({
  packageName: 'com.moba.files',
  icon: { bg: '#1e8e3e', fg: '#ffffff', glyph: 'folder' },
  strings: FILES_STRINGS,
  css: FILES_CSS,
  initialData: initialFilesData,
  initialUi: () => ({ tab: 'browse', query: '', moving: null }),
  launch(ctx: FilesCtx, request, resuming): Route[] | null {
    const main: Route = { screen: 'main' };
    if (request.activity.endsWith('TrashActivity')) return [main, { screen: 'trash', activity: '.TrashActivity' }];
    if (request.activity.endsWith('BrowseActivity')) {
      const path = typeof request.extras?.path === 'string' ? request.extras.path : '';
      return [
        main,
        {
          screen: 'folder',
          params: { path: ctx.data.folders.includes(path) ? path : '' },
          activity: '.BrowseActivity',
        },
      ];
    }
    if (resuming) return null;
    ctx.ui.tab = request.activity.endsWith('PhotosActivity') ? 'photos' : 'browse';
    return [main];
  },
  screens: {
    main: mainScreen,
    category: categoryScreen,
    folder: folderScreen,
    viewer: viewerScreen,
    preview: previewScreen,
    move: moveScreen,
    trash: trashScreen,
    search: searchScreen,
    settings: settingsScreen,
  },
  dialogs: {
    'file-menu': fileMenuDialog,
    'folder-menu': folderMenuDialog,
    rename: renameDialog,
    'rename-folder': renameFolderDialog,
    'new-folder': newFolderDialog,
    sort: sortDialog,
    'delete-file': deleteFileDialog,
    'delete-folder': deleteFolderDialog,
    info: infoDialog,
    'trash-menu': trashMenuDialog,
    'empty-trash': emptyTrashDialog,
  },
  onBack(ctx) {
    if (ctx.route.screen === 'search') ctx.ui.query = '';
    if (ctx.route.screen === 'main' && ctx.ui.tab !== 'browse') {
      ctx.ui.tab = 'browse';
      return true;
    }
    return false;
  },
  publicState: (data) => ({
    folders: [...data.folders].sort(),
    files: [...data.files]
      .sort((a, b) => a.id - b.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        path: pathOf(f),
        folder: f.folder,
        kind: f.kind,
        size: f.size,
        modifiedAt: f.modifiedAt,
        favourite: f.favourite,
        trashed: f.trashed,
      })),
    usedBytes: usedBytes(data),
    settings: { ...data.settings },
  }),
});
