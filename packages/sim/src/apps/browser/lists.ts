/**
 * The Browser's lists: open tabs (.TabSwitcherActivity: switch, close, new), bookmarks
 * (.BookmarksActivity: open, edit name and address, delete) and history (.HistoryActivity:
 * search, open, remove an entry, clear browsing data).
 */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
} from '../../phone/page/widgets.ts';
import { open, shortAddress, startEditing } from './main.ts';
import { closeTab, newTab, titleOf, urlOf } from './model.ts';
import type { BrowserCtx, Visit } from './model.ts';

export function tabsScreen(ctx: BrowserCtx): VNode {
  const d = ctx.data;
  return h(
    'LinearLayout',
    { class: 'fill browser-app' },
    Scaffold(ctx, {
      title: ctx.t(d.tabs.length === 1 ? '1 open tab' : '{n} open tabs', { n: d.tabs.length }),
      nav: 'back',
      actions: [
        IconButton({
          id: 'new_tab_button',
          icon: 'add',
          desc: ctx.t('New tab'),
          onTap: () => (newTab(d), ctx.back(), startEditing(ctx)),
        }),
      ],
      body: ScrollList(
        { id: 'tab_list' },
        d.tabs.map((tab) => {
          const url = urlOf(tab);
          return ListItem({
            key: tab.id,
            id: 'tab_item',
            icon: 'globe',
            title: ctx.t(titleOf(url)),
            summary: url.startsWith('about:') ? undefined : shortAddress(url),
            selected: tab.id === d.current,
            class: tab.id === d.current ? 'wb-current' : '',
            onTap: () => ((d.current = tab.id), ctx.back()),
            trailing: IconButton({
              id: 'close_tab',
              icon: 'close',
              desc: `${ctx.t('Close tab')} ${ctx.t(titleOf(url))}`,
              onTap: () => closeTab(d, tab.id),
            }),
          });
        }),
      ),
    }),
  );
}

export function bookmarksScreen(ctx: BrowserCtx): VNode {
  const d = ctx.data;
  return h(
    'LinearLayout',
    { class: 'fill browser-app' },
    Scaffold(ctx, {
      title: ctx.t('Bookmarks'),
      nav: 'back',
      body: d.bookmarks.length
        ? ScrollList(
            { id: 'bookmark_list' },
            d.bookmarks.map((b) =>
              ListItem({
                key: b.id,
                id: 'bookmark_item',
                icon: 'globe',
                title: b.title,
                summary: shortAddress(b.url),
                onTap: () => (ctx.back(), open(ctx, b.url)),
                onLongPress: () => ctx.openDialog('bookmark-menu', { id: b.id }),
                trailing: IconButton({
                  id: 'bookmark_more',
                  icon: 'more-vert',
                  desc: `${ctx.t('More options')} ${b.title}`,
                  onTap: () => ctx.openDialog('bookmark-menu', { id: b.id }),
                }),
              }),
            ),
          )
        : EmptyState('bookmark', ctx.t('No bookmarks'), 'empty_view'),
    }),
  );
}

export function bookmarkMenuDialog(ctx: BrowserCtx, dialog: DialogState): VNode {
  const id = Number(dialog.data.id);
  const b = ctx.data.bookmarks.find((x) => x.id === id);
  return Dialog({
    title: b?.title,
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ListItem({
        id: 'edit_bookmark',
        icon: 'edit',
        title: ctx.t('Edit'),
        onTap: () => {
          ctx.openDialog('bookmark-edit', { id, title: b?.title ?? '', url: b?.url ?? '' });
          ctx.focus('bookmark-title', 'end');
        },
      }),
      ListItem({
        id: 'delete_bookmark',
        icon: 'delete',
        title: ctx.t('Delete'),
        onTap: () => {
          ctx.data.bookmarks = ctx.data.bookmarks.filter((x) => x.id !== id);
          ctx.closeDialog();
          ctx.toast(ctx.t('Bookmark deleted'));
        },
      }),
    ),
  });
}

export function bookmarkEditDialog(ctx: BrowserCtx, dialog: DialogState): VNode {
  const title = String(dialog.data.title ?? '');
  const url = String(dialog.data.url ?? '');
  const ok = title.trim() !== '' && /^(https?:\/\/|about:)\S+$/.test(url.trim());
  const save = (): void => {
    const b = ctx.data.bookmarks.find((x) => x.id === Number(dialog.data.id));
    if (b) Object.assign(b, { title: title.trim(), url: url.trim() });
    ctx.blur();
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('Edit bookmark'),
    body: h(
      'LinearLayout',
      { class: 'wb-form' },
      EditText(ctx, {
        field: 'bookmark-title',
        id: 'bookmark_title_input',
        value: title,
        hint: ctx.t('Name'),
        onChange: (v) => (dialog.data.title = v),
      }),
      EditText(ctx, {
        field: 'bookmark-url',
        id: 'bookmark_url_input',
        value: url,
        hint: ctx.t('URL'),
        onChange: (v) => (dialog.data.url = v),
        onSubmit: () => ok && save(),
      }),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => (ctx.blur(), ctx.closeDialog()) },
    positive: { text: ctx.t('Save'), enabled: ok, onTap: save },
  });
}

function visitRows(ctx: BrowserCtx, visits: Visit[]): VNode[] {
  const rows: VNode[] = [];
  let day = '';
  for (const v of visits) {
    const label = formatDateMedium(new Date(v.at), ctx.locale);
    if (label !== day) rows.push(SectionHeader(label, 'history_day'));
    day = label;
    rows.push(
      ListItem({
        key: v.id,
        id: 'history_item',
        icon: 'globe',
        title: v.title,
        summary: shortAddress(v.url),
        onTap: () => (ctx.back(), open(ctx, v.url)),
        trailing: IconButton({
          id: 'remove_history',
          icon: 'close',
          desc: `${ctx.t('Remove')} ${v.title}`,
          onTap: () => (ctx.data.history = ctx.data.history.filter((x) => x.id !== v.id)),
        }),
      }),
    );
  }
  return rows;
}

export function historyScreen(ctx: BrowserCtx): VNode {
  const q = ctx.ui.filter.trim().toLowerCase();
  const visits = ctx.data.history.filter((v) => !q || `${v.title} ${v.url}`.toLowerCase().includes(q));
  return h(
    'LinearLayout',
    { class: 'fill browser-app' },
    Scaffold(ctx, {
      title: ctx.t('History'),
      nav: 'back',
      header: h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'wb-history-head' },
        EditText(ctx, {
          field: 'history-search',
          id: 'search_history',
          value: ctx.ui.filter,
          hint: ctx.t('Search your history'),
          class: 'grow',
          onChange: (v) => (ctx.ui.filter = v),
          onSubmit: () => ctx.blur(),
        }),
        Button({
          id: 'clear_browsing_data',
          text: ctx.t('Clear data'),
          variant: 'text',
          onTap: () => ctx.openDialog('clear-data'),
        }),
      ),
      body: visits.length
        ? ScrollList({ id: 'history_list' }, visitRows(ctx, visits))
        : EmptyState('history', ctx.t(q ? 'No results' : 'No history'), 'empty_view'),
    }),
  );
}

export function clearDataDialog(ctx: BrowserCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Clear browsing data?'),
    message: ctx.t('Your browsing history will be removed. Bookmarks and open tabs are kept.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Clear data'),
      onTap: () => {
        ctx.data.history = [];
        ctx.closeDialog();
        ctx.toast(ctx.t('Browsing data cleared'));
      },
    },
  });
}
