/**
 * Maps' search screen (.SearchActivity): recent searches (each removable) and Home and Work
 * while the field is empty; places and categories as you type; ENTER searches.
 */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EditText, IconButton, ListItem, ScrollList, SectionHeader } from '../../phone/page/widgets.ts';
import { openDirections, showResults } from './explore.ts';
import { CATEGORY_ICON, CATEGORY_LABEL, localAddress, noteSearch, suggestions } from './model.ts';
import type { MapsCtx } from './model.ts';
import type { Category } from './places.ts';
import { openPlace, placeRow } from './rows.ts';

function submit(ctx: MapsCtx, query: string, category: Category | null = null): void {
  const q = query.trim();
  if (!q && !category) return;
  noteSearch(ctx.data, category ? ctx.t(CATEGORY_LABEL[category]) : q);
  showResults(ctx, category ? '' : q, category);
  ctx.blur();
  ctx.back();
}

function recent(ctx: MapsCtx): VNode[] {
  const d = ctx.data;
  const rows: VNode[] = [];
  for (const which of ['home', 'work'] as const) {
    const pt = d[which];
    rows.push(
      ListItem({
        key: which,
        id: `${which}_item`,
        icon: which === 'home' ? 'home' : 'work',
        title: ctx.t(which === 'home' ? 'Home' : 'Work'),
        summary: pt ? localAddress(pt, ctx.locale) : ctx.t('Set location'),
        onTap: () =>
          pt
            ? (ctx.back(), openDirections(ctx, which))
            : ctx.navigate('choose', { which }, { activity: '.ChoosePlaceActivity' }),
      }),
    );
  }
  if (d.searches.length) rows.push(SectionHeader(ctx.t('Recent'), 'recent_header'));
  for (const q of d.searches)
    rows.push(
      ListItem({
        key: `q${q}`,
        id: 'recent_item',
        icon: 'history',
        title: q,
        onTap: () => submit(ctx, q),
        trailing: IconButton({
          id: 'remove_recent',
          icon: 'close',
          desc: `${ctx.t('Remove')} ${q}`,
          onTap: () => (d.searches = d.searches.filter((s) => s !== q)),
        }),
      }),
    );
  return rows;
}

function typed(ctx: MapsCtx): VNode[] {
  const text = ctx.ui.draft.trim();
  const s = suggestions(text);
  return [
    ListItem({
      key: 'all',
      id: 'search_for',
      icon: 'search',
      title: ctx.t('Search for “{q}”', { q: text }),
      onTap: () => submit(ctx, text),
    }),
    ...s.categories.map((c) =>
      ListItem({
        key: `c${c}`,
        id: 'category_suggestion',
        icon: CATEGORY_ICON[c],
        title: ctx.t(CATEGORY_LABEL[c]),
        onTap: () => submit(ctx, '', c),
      }),
    ),
    ...s.places
      .map((id) =>
        placeRow(ctx, id, {
          key: `p${id}`,
          onTap: () => {
            noteSearch(ctx.data, text);
            ctx.blur();
            ctx.back();
            openPlace(ctx, id);
          },
        }),
      )
      .filter((v): v is VNode => v !== null),
  ];
}

export function searchScreen(ctx: MapsCtx): VNode {
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-search-head' },
      IconButton({ id: 'search_back', icon: 'back', desc: ctx.t('Back'), onTap: () => (ctx.blur(), ctx.back()) }),
      EditText(ctx, {
        field: 'search',
        id: 'search_src_text',
        value: ctx.ui.draft,
        hint: ctx.t('Search here'),
        look: 'plain',
        class: 'grow',
        onChange: (v) => (ctx.ui.draft = v),
        onSubmit: () => submit(ctx, ctx.ui.draft),
      }),
      ctx.ui.draft
        ? IconButton({ id: 'search_clear', icon: 'close', desc: ctx.t('Clear'), onTap: () => (ctx.ui.draft = '') })
        : null,
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList({ id: 'suggestions' }, ctx.ui.draft.trim() ? typed(ctx) : recent(ctx)),
    ),
  );
}
