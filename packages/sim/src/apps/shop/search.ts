/** Shop's search page (history, popular searches, suggestions) and the results list with sorting and filters. */
import { svg } from '../../phone/page/icons.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, EditText, EmptyState, IconButton, ScrollList, SectionHeader } from '../../phone/page/widgets.ts';
import { Picture, PriceText, categoryName, goBack, openProduct, productTitle, soldText } from './common.ts';
import { openSearch } from './home.ts';
import { money, searchProducts } from './model.ts';
import type { Product, SearchSpec, ShopCtx, SortKey } from './model.ts';

const POPULAR = ['headphones', 'phone', 't-shirt', 'running shoes', 'water bottle', 'laptop'];
const POPULAR_ZH = ['耳机', '手机', 'T恤', '跑步鞋', '保温杯', '笔记本'];

/** Runs a search: remembers it in the history and shows the results (replacing the search page). */
export function runSearch(ctx: ShopCtx, query: string): void {
  const q = query.trim();
  if (!q) return;
  ctx.data.searchHistory = [q, ...ctx.data.searchHistory.filter((s) => s.toLowerCase() !== q.toLowerCase())].slice(
    0,
    10,
  );
  ctx.ui.search = { query: q, category: null, sort: 'best', freeShipping: false, highRating: false };
  ctx.ui.query = q;
  recordLastSearch(ctx);
  const replace = ctx.route.screen === 'search';
  ctx.navigate('results', undefined, { activity: '.SearchResultActivity', replace });
}

function recordLastSearch(ctx: ShopCtx): void {
  ctx.data.lastSearch = { ...ctx.ui.search, results: searchProducts(ctx.data.seed, ctx.ui.search).length };
}

export function searchScreen(ctx: ShopCtx): VNode {
  const q = ctx.ui.query.trim();
  const suggestions = q
    ? searchProducts(ctx.data.seed, {
        query: q,
        category: null,
        sort: 'best',
        freeShipping: false,
        highRating: false,
      }).slice(0, 8)
    : [];
  const chips = (items: string[], id: string): VNode =>
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'sp-chip-wrap' },
      items.map((text, i) =>
        h('TextView', { key: `${i}-${text}`, id, class: 'chip', onTap: () => runSearch(ctx, text) }, text),
      ),
    );
  let body: VNode;
  if (!q) {
    body = ScrollList(
      { id: 'search_suggestions', kind: 'scroll' },
      ctx.data.searchHistory.length
        ? [
            h(
              'LinearLayout',
              { key: 'hh', orientation: 'horizontal', class: 'sp-head-row' },
              SectionHeader(ctx.t('Recent searches')),
              h('View', { class: 'grow', ax: 'skip' }),
              Button({
                id: 'clear_history',
                text: ctx.t('Clear'),
                variant: 'text',
                onTap: () => (ctx.data.searchHistory = []),
              }),
            ),
            h('FrameLayout', { key: 'hist', class: 'sp-pad' }, chips(ctx.data.searchHistory, 'history_item')),
          ]
        : null,
      SectionHeader(ctx.t('Popular searches')),
      h(
        'FrameLayout',
        { key: 'pop', class: 'sp-pad' },
        chips(ctx.locale === 'zh' ? POPULAR_ZH : POPULAR, 'popular_item'),
      ),
    );
  } else {
    body = ScrollList(
      { id: 'search_suggestions' },
      suggestions.map((p) =>
        h(
          'LinearLayout',
          {
            key: p.id,
            id: 'suggestion_item',
            orientation: 'horizontal',
            class: 'sp-suggest',
            onTap: () => runSearch(ctx, productTitle(ctx, p)),
          },
          h('span', { class: 'sp-suggest-icon', ax: 'skip', html: svg('search') }),
          h('TextView', { id: 'suggestion_text', class: 'grow' }, productTitle(ctx, p)),
        ),
      ),
    );
  }
  return h(
    'LinearLayout',
    { class: 'fill sp-screen' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'sp-search-top', id: 'search_bar' },
      IconButton({ icon: 'back', desc: ctx.t('Navigate up'), onTap: () => goBack(ctx) }),
      EditText(ctx, {
        field: 'query',
        id: 'search_src_text',
        value: ctx.ui.query,
        hint: ctx.t('Search products'),
        class: 'grow sp-search-edit',
        onChange: (v) => (ctx.ui.query = v),
        onSubmit: () => runSearch(ctx, ctx.ui.query),
      }),
      Button({
        id: 'search_button',
        text: ctx.t('Search'),
        variant: 'text',
        onTap: () => runSearch(ctx, ctx.ui.query),
      }),
    ),
    h('FrameLayout', { class: 'grow body' }, body),
  );
}

const SORTS: ReadonlyArray<[SortKey, string]> = [
  ['best', 'Best match'],
  ['sales', 'Sales'],
  ['price-asc', 'Price: low to high'],
  ['price-desc', 'Price: high to low'],
  ['rating', 'Rating'],
];

function resultItem(ctx: ShopCtx, p: Product): VNode {
  return h(
    'LinearLayout',
    {
      key: p.id,
      id: 'product_item',
      orientation: 'horizontal',
      class: 'sp-result',
      onTap: () => openProduct(ctx, p.id),
    },
    Picture(p, p.colours[0]?.id ?? null, { size: 104, id: 'product_image' }),
    h(
      'LinearLayout',
      { class: 'grow sp-result-texts' },
      h('TextView', { id: 'product_title', class: 'sp-result-title' }, productTitle(ctx, p)),
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'sp-price-row' },
        PriceText(p.price, { id: 'product_price' }),
        p.originalPrice ? h('TextView', { id: 'original_price', class: 'sp-strike' }, money(p.originalPrice)) : null,
      ),
      h('TextView', { id: 'product_rating', class: 'sp-muted' }, `★ ${p.rating.toFixed(1)} · ${soldText(ctx, p.sold)}`),
      p.freeShipping ? h('TextView', { id: 'free_shipping_tag', class: 'sp-tag' }, ctx.t('Free shipping')) : null,
    ),
  );
}

export function resultsScreen(ctx: ShopCtx): VNode {
  const spec = ctx.ui.search;
  const products = searchProducts(ctx.data.seed, spec);
  const update = (change: Partial<SearchSpec>): void => {
    Object.assign(spec, change);
    recordLastSearch(ctx);
  };
  const chip = (o: { key: string; id: string; text: string; selected: boolean; onTap: () => void }): VNode =>
    h(
      'TextView',
      {
        key: o.key,
        id: o.id,
        class: `chip ${o.selected ? 'selected' : ''}`,
        checkable: true,
        checked: o.selected,
        onTap: o.onTap,
      },
      o.text,
    );
  const title = spec.query || categoryName(ctx, spec.category);
  return h(
    'LinearLayout',
    { class: 'fill sp-screen' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'sp-search-top', id: 'search_bar' },
      IconButton({ icon: 'back', desc: ctx.t('Navigate up'), onTap: () => goBack(ctx) }),
      h(
        'LinearLayout',
        {
          orientation: 'horizontal',
          id: 'search_query_box',
          class: 'grow sp-searchbox flat',
          onTap: () => openSearch(ctx, spec.query),
        },
        h('span', { class: 'sp-sb-icon', ax: 'skip', html: svg('search') }),
        h('TextView', { id: 'search_query', class: 'sp-sb-text' }, title),
      ),
    ),
    h(
      'HorizontalScrollView',
      { id: 'sort_bar', scroll: 'h', class: 'sp-chips' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'sp-chip-row' },
        SORTS.map(([key, label]) =>
          chip({
            key,
            id: `sort_${key.replace('-', '_')}`,
            text: ctx.t(label),
            selected: spec.sort === key,
            onTap: () => update({ sort: key }),
          }),
        ),
      ),
    ),
    h(
      'HorizontalScrollView',
      { id: 'filter_bar', scroll: 'h', class: 'sp-chips' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'sp-chip-row' },
        chip({
          key: 'free',
          id: 'filter_free_shipping',
          text: ctx.t('Free shipping'),
          selected: spec.freeShipping,
          onTap: () => update({ freeShipping: !spec.freeShipping }),
        }),
        chip({
          key: 'rating',
          id: 'filter_rating',
          text: ctx.t('4.5★ & up'),
          selected: spec.highRating,
          onTap: () => update({ highRating: !spec.highRating }),
        }),
      ),
    ),
    h(
      'TextView',
      { id: 'result_count', class: 'sp-count' },
      products.length === 1 ? ctx.t('1 result') : ctx.t('{n} results', { n: products.length }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      products.length
        ? ScrollList(
            { id: 'result_list' },
            products.map((p) => resultItem(ctx, p)),
          )
        : EmptyState('search', ctx.t('No products found'), 'empty_view'),
    ),
  );
}
