/**
 * A web page as the Browser draws it: one `android.webkit.WebView` that scrolls. Like a real
 * WebView without an accessibility bridge, the dump shows only that node (content-desc = the
 * page's title; no text, no children): the headings, paragraphs and links are drawn and can be
 * tapped where they are, but a dump-reading agent does not see them.
 */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import type { BrowserCtx } from './model.ts';
import type { Block, Page } from './web.ts';

function block(b: Block, i: number, open: (href: string) => void): VNode {
  switch (b.kind) {
    case 'link':
      return h(
        'span',
        { key: i, class: 'wb-link', ax: 'skip', onTap: () => open(b.href) },
        h('span', { class: 'wb-link-text' }, b.text),
        b.note ? h('span', { class: 'wb-note' }, b.note) : null,
      );
    case 'facts':
      return h(
        'span',
        { key: i, class: 'wb-facts', ax: 'skip' },
        b.rows.map(([k, v]) => h('span', { key: k, class: 'wb-fact' }, h('b', {}, k), h('span', {}, v))),
      );
    case 'list':
      return h(
        'span',
        { key: i, class: 'wb-list', ax: 'skip' },
        b.items.map((item, j) => h('span', { key: j, class: 'wb-li' }, item)),
      );
    default:
      return h('span', { key: i, class: `wb-${b.kind}`, ax: 'skip' }, b.text);
  }
}

/** The page's content, scaled by the text size setting. */
export function webView(ctx: BrowserCtx, page: Page, open: (href: string) => void): VNode {
  const s = ctx.data.settings;
  const body: VNode[] = page.found
    ? [
        h('span', { key: 'site', class: 'wb-site', ax: 'skip' }, page.site),
        h(
          'span',
          { key: 'main', class: `wb-main ${s.desktopSite ? 'desktop' : ''}`, ax: 'skip' },
          page.blocks.map((b, i) => block(b, i, open)),
        ),
      ]
    : [
        h(
          'span',
          { key: 'err', class: 'wb-error', ax: 'skip' },
          h('span', { class: 'wb-h1' }, 'This site can’t be reached'),
          h('span', { class: 'wb-p' }, `Check if there is a typo in ${page.title}.`),
          h('span', { class: 'wb-meta' }, 'DNS_PROBE_FINISHED_NXDOMAIN'),
        ),
      ];
  return h(
    'WebView',
    {
      key: page.url,
      id: 'web_view',
      scroll: 'v',
      desc: page.title,
      text: '',
      class: 'fill wb-view',
      style: `font-size:${(16 * s.textSize) / 100}sp`,
    },
    body,
  );
}
