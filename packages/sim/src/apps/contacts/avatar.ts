/** Letter avatars (a coloured circle with the first letter), as Contacts and Messages draw them. */
import { hashString } from '../../phone/page/rng.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { svg } from '../../phone/page/icons.ts';

const COLOURS = [
  '#1a73e8',
  '#d93025',
  '#188038',
  '#e37400',
  '#9334e6',
  '#007b83',
  '#c5221f',
  '#3f51b5',
  '#b06000',
  '#00796b',
];

/** Decoration only (not a node in the dump); a person glyph when the label has no letter. */
export function Avatar(label: string, sizeDp: number, key?: string | number): VNode {
  const first = [...label.trim()][0] ?? '';
  const letter = /[\p{L}]/u.test(first) ? first.toUpperCase() : '';
  // Unknown senders get the neutral grey Messages uses for numbers without a contact.
  const bg = letter ? (COLOURS[hashString(label) % COLOURS.length] ?? '#1a73e8') : '#7b8794';
  return h(
    'span',
    {
      key,
      class: 'avatar',
      ax: 'skip',
      style: `width:${sizeDp}dp;height:${sizeDp}dp;font-size:${Math.round(sizeDp * 0.45)}sp;background:${bg}`,
    },
    letter ? letter : h('span', { class: 'avatar-glyph', html: svg('person') }),
  );
}

export const AVATAR_CSS = `
.avatar{display:flex;align-items:center;justify-content:center;border-radius:50%;color:#ffffff;flex:none;font-weight:500;line-height:1}
.avatar-glyph{display:block;width:58%;height:58%}
.avatar-glyph svg{display:block;width:100%;height:100%}
`;
