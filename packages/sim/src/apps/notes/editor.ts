/**
 * Notes' editor (.EditorActivity): title and body fields, pin, delete, save. Leaving by BACK,
 * the up arrow or the check mark saves, like a notes app that has no explicit save step.
 */
import { formatTime } from '../../phone/page/i18n.ts';
import { formatShortDate } from '../../phone/page/list-dates.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EditText, IconButton, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { saveDraft } from './model.ts';
import type { NotesCtx } from './model.ts';

/** Saves the draft, reports the outcome with a toast, and clears it. Does not navigate. */
export function commitDraft(ctx: NotesCtx): void {
  const draft = ctx.ui.draft;
  if (!draft) return;
  const result = saveDraft(ctx.data, draft, ctx.now());
  if (result === 'discarded') ctx.toast(ctx.t('Empty note discarded'));
  else if (result === 'deleted') ctx.toast(ctx.t('Note deleted'));
  else if (result === 'created' || result === 'updated') ctx.toast(ctx.t('Note saved'));
  ctx.ui.draft = null;
}

function close(ctx: NotesCtx): void {
  commitDraft(ctx);
  ctx.back();
}

function editedText(ctx: NotesCtx, at: number): string {
  const d = new Date(at);
  const sameDay = new Date(ctx.now()).toDateString() === d.toDateString();
  const time = formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour });
  return ctx.t('Edited {time}', {
    time: sameDay ? time : `${formatShortDate(at, { locale: ctx.locale, now: ctx.now() })} ${time}`,
  });
}

export function editorScreen(ctx: NotesCtx): VNode {
  const draft = ctx.ui.draft;
  if (!draft) return h('View', { class: 'fill' });
  const saved = draft.id === null ? undefined : ctx.data.notes.find((n) => n.id === draft.id);
  return h(
    'LinearLayout',
    { class: 'fill notes-app' },
    Toolbar(ctx, {
      nav: 'back',
      onNav: () => close(ctx),
      actions: [
        IconButton({
          id: 'action_pin',
          icon: draft.pinned ? 'pin-fill' : 'pin',
          desc: draft.pinned ? ctx.t('Unpin') : ctx.t('Pin'),
          onTap: () => (draft.pinned = !draft.pinned),
        }),
        IconButton({
          id: 'action_delete',
          icon: 'delete',
          desc: ctx.t('Delete'),
          onTap: () => {
            if (saved) ctx.openDialog('delete-note', { id: saved.id });
            else {
              ctx.ui.draft = null;
              ctx.back();
              ctx.toast(ctx.t('Empty note discarded'));
            }
          },
        }),
        IconButton({ id: 'action_done', icon: 'check', desc: ctx.t('Save'), onTap: () => close(ctx) }),
      ],
    }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'editor_scroll', kind: 'scroll', padBottom: false },
        h(
          'LinearLayout',
          { key: 'fields', class: 'editor-body' },
          EditText(ctx, {
            field: 'title',
            id: 'title',
            value: draft.title,
            hint: ctx.t('Title'),
            look: 'plain',
            class: 'editor-title',
            onChange: (v) => (draft.title = v),
            onSubmit: () => ctx.focus('body'),
          }),
          EditText(ctx, {
            field: 'body',
            id: 'body',
            value: draft.body,
            hint: ctx.t('Note'),
            look: 'plain',
            multiline: true,
            class: 'editor-text',
            onChange: (v) => (draft.body = v),
          }),
        ),
      ),
    ),
    saved ? h('TextView', { id: 'edited_time', class: 'edited-time' }, editedText(ctx, saved.updatedAt)) : null,
  );
}
