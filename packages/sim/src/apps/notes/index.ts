/**
 * Notes (com.moba.notes/.MainActivity): a list of notes with search, pinned notes first; an
 * editor (.EditorActivity) with title and body that saves on leaving; pin and delete from a
 * long-press menu or the editor, with a confirmation. Handles SEND (text/plain) and
 * CREATE_NOTE intents by opening a prefilled new note.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { LaunchRequest, Route } from '../../phone/page/types.ts';
import { commitDraft, editorScreen } from './editor.ts';
import { EDITOR_ACTIVITY, deleteNoteDialog, listScreen, noteMenuDialog } from './list.ts';
import { initialNotesData } from './model.ts';
import type { NotesCtx, NotesData, NotesUi } from './model.ts';
import { NOTES_CSS } from './notes-css.ts';
import { NOTES_STRINGS } from './strings.ts';

function extra(request: LaunchRequest, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = request.extras?.[key];
    if (value !== undefined) return String(value);
  }
  return undefined;
}

const CREATE_ACTIONS = new Set(['android.intent.action.SEND', 'com.google.android.gms.actions.CREATE_NOTE']);

export const notesApp = defineApp<NotesData, NotesUi>({
  packageName: 'com.moba.notes',
  icon: { bg: '#f6bf26', fg: '#3c2a00', glyph: 'note' },
  strings: NOTES_STRINGS,
  css: NOTES_CSS,
  initialData: initialNotesData,
  initialUi: () => ({ query: '', draft: null }),
  launch(ctx: NotesCtx, request, resuming): Route[] | null {
    const list: Route = { screen: 'list' };
    const wantsEditor =
      (request.action !== undefined && CREATE_ACTIONS.has(request.action)) ||
      request.activity.endsWith(EDITOR_ACTIVITY.slice(1));
    if (wantsEditor) {
      // A half-written note in the old task is kept rather than lost.
      if (ctx.ui.draft) commitDraft(ctx);
      const title = extra(request, 'android.intent.extra.SUBJECT', 'android.intent.extra.TITLE', 'title');
      const body = extra(request, 'android.intent.extra.TEXT', 'text', 'body');
      ctx.ui.draft = { id: null, title: title ?? '', body: body ?? '', pinned: false };
      return [list, { screen: 'editor', activity: EDITOR_ACTIVITY }];
    }
    if (resuming) return null;
    ctx.ui.query = '';
    return [list];
  },
  screens: { list: listScreen, editor: editorScreen },
  dialogs: { 'note-menu': noteMenuDialog, 'delete-note': deleteNoteDialog },
  onBack(ctx) {
    if (ctx.route.screen === 'editor') {
      commitDraft(ctx);
      return false;
    }
    if (ctx.route.screen === 'list' && ctx.ui.query) {
      ctx.ui.query = '';
      ctx.blur();
      return true;
    }
    return false;
  },
  publicState: (data) => ({
    notes: [...data.notes]
      .sort((a, b) => a.id - b.id)
      .map((n) => ({
        id: n.id,
        title: n.title,
        body: n.body,
        pinned: n.pinned,
        createdAt: n.createdAt,
        updatedAt: n.updatedAt,
      })),
  }),
});
