/** Notes' main screen: the search bar, pinned and other notes as cards, the new-note FAB. */
import { formatListDate } from '../../phone/page/list-dates.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Dialog,
  EditText,
  EmptyState,
  Fab,
  Icon,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
} from '../../phone/page/widgets.ts';
import { searchNotes, snippet, sortNotes } from './model.ts';
import type { Note, NotesCtx } from './model.ts';

export const EDITOR_ACTIVITY = '.EditorActivity';

/** Opens the editor on a note, or on a new one with the body focused (keyboard up). */
export function openEditor(ctx: NotesCtx, note: Note | null, prefill?: { title?: string; body?: string }): void {
  ctx.ui.draft = note
    ? { id: note.id, title: note.title, body: note.body, pinned: note.pinned }
    : { id: null, title: prefill?.title ?? '', body: prefill?.body ?? '', pinned: false };
  ctx.navigate('editor', undefined, { activity: EDITOR_ACTIVITY });
  if (!note) ctx.focus('body');
}

function noteCard(ctx: NotesCtx, note: Note): VNode {
  const date = formatListDate(note.updatedAt, { locale: ctx.locale, is24Hour: ctx.is24Hour, now: ctx.now() });
  const preview = snippet(note.body);
  return h(
    'LinearLayout',
    {
      key: note.id,
      id: 'note_item',
      class: `note-card ${note.pinned ? 'pinned' : ''}`,
      onTap: () => openEditor(ctx, note),
      onLongPress: () => ctx.openDialog('note-menu', { id: note.id }),
    },
    note.title ? h('TextView', { id: 'note_title', class: 'note-title' }, note.title) : null,
    preview ? h('TextView', { id: 'note_snippet', class: `note-snippet ${note.title ? '' : 'solo'}` }, preview) : null,
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'note-foot' },
      h('TextView', { id: 'note_date', class: 'grow note-date' }, date),
      note.pinned
        ? Icon('pin-fill', { size: 18, desc: ctx.t('Pinned'), id: 'pin_indicator', class: 'pin-mark' })
        : null,
    ),
  );
}

function section(text: string, key: string): VNode {
  return h('TextView', { key, class: 'notes-section', id: 'section_header' }, text);
}

export function listScreen(ctx: NotesCtx): VNode {
  const query = ctx.ui.query.trim();
  const searching = query !== '';
  const notes = searching ? searchNotes(ctx.data.notes, query) : sortNotes(ctx.data.notes);
  const rows: VNode[] = [];
  const pinned = notes.filter((n) => n.pinned);
  if (!searching && pinned.length > 0) {
    rows.push(section(ctx.t('Pinned'), 's-pinned'));
    rows.push(...pinned.map((n) => noteCard(ctx, n)));
    if (pinned.length < notes.length) rows.push(section(ctx.t('Others'), 's-others'));
    rows.push(...notes.filter((n) => !n.pinned).map((n) => noteCard(ctx, n)));
  } else rows.push(...notes.map((n) => noteCard(ctx, n)));

  const searchBar = h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'notes-search', id: 'search_bar' },
    Icon('search', { size: 22 }),
    EditText(ctx, {
      field: 'search',
      id: 'search_src_text',
      value: ctx.ui.query,
      hint: ctx.t('Search notes'),
      look: 'plain',
      class: 'grow',
      onChange: (v) => (ctx.ui.query = v),
      onSubmit: () => ctx.blur(),
    }),
    searching
      ? IconButton({
          id: 'search_close_btn',
          icon: 'close',
          desc: ctx.t('Clear search'),
          onTap: () => ((ctx.ui.query = ''), ctx.blur()),
        })
      : null,
  );
  const empty = searching
    ? EmptyState('search', ctx.t('No matching notes'), 'empty_view')
    : EmptyState('note', ctx.t('No notes yet. Tap + to write one.'), 'empty_view');
  return h(
    'LinearLayout',
    { class: 'fill notes-app' },
    Scaffold(ctx, {
      title: ctx.t('Notes'),
      header: searchBar,
      body: notes.length ? ScrollList({ id: 'notes_list' }, rows) : empty,
      fab: Fab({ id: 'fab_new_note', icon: 'add', desc: ctx.t('New note'), onTap: () => openEditor(ctx, null) }),
    }),
  );
}

/** Long press on a card: pin / unpin, delete. */
export function noteMenuDialog(ctx: NotesCtx, dialog: DialogState): VNode {
  const note = ctx.data.notes.find((n) => n.id === dialog.data.id);
  if (!note) return Dialog({ message: ctx.t('No matching notes') });
  return Dialog({
    title: note.title || ctx.t('(Untitled)'),
    class: 'note-menu',
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({
        key: 'pin',
        id: 'menu_pin',
        icon: 'pin',
        title: note.pinned ? ctx.t('Unpin') : ctx.t('Pin'),
        onTap: () => ((note.pinned = !note.pinned), ctx.closeDialog()),
      }),
      ListItem({
        key: 'delete',
        id: 'menu_delete',
        icon: 'delete',
        title: ctx.t('Delete'),
        onTap: () => ctx.openDialog('delete-note', { id: note.id }),
      }),
    ),
  });
}

/** The confirmation before a note is deleted (from the menu or the editor). */
export function deleteNoteDialog(ctx: NotesCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Delete note'),
    message: ctx.t('Delete this note?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.notes = ctx.data.notes.filter((n) => n.id !== dialog.data.id);
        ctx.closeDialog();
        if (ctx.route.screen === 'editor') {
          ctx.ui.draft = null;
          ctx.back();
        }
        ctx.toast(ctx.t('Note deleted'));
      },
    },
  });
}
