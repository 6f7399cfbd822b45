/**
 * The soft keyboards: LatinIME's QWERTY keyboard (letters and symbols layouts, shift, delete,
 * enter) and ADB Keyboard's status strip. Each is its own window in the dump, like the real
 * IME window (package com.android.inputmethod.latin / com.android.adbkeyboard).
 */
import { svg } from './icons.ts';
import { KEY } from './keycodes.ts';
import type { PhoneHost } from './phone-host.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';

const LETTER_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const SYMBOL_ROWS = ['1234567890', '@#$_&-+()/', '*"\':;!?'];

interface KeySpec {
  label: string;
  desc: string;
  /** Width in key units (a letter key is 1). */
  width: number;
  icon?: string;
  kind?: 'fn' | 'action' | 'space' | 'spacer';
  press: () => void;
}

function keyView(spec: KeySpec, index: number): VNode {
  if (spec.kind === 'spacer') return h('View', { key: index, ax: 'skip', style: `flex:${spec.width} 1 0` });
  return h(
    'FrameLayout',
    {
      key: index,
      desc: spec.desc,
      onTap: spec.press,
      class: `kb-key ${spec.kind ?? ''}`,
      style: `flex:${spec.width} 1 0`,
    },
    h(
      'span',
      { class: 'kb-cap', ax: 'skip' },
      spec.icon ? h('span', { class: 'kb-icon', html: svg(spec.icon) }) : spec.label,
    ),
  );
}

export function latinKeyboard(rt: PhoneHost): VNode {
  const ime = rt.state.ime;
  const type = (ch: string): void => {
    rt.typeText(ime.shift ? ch.toUpperCase() : ch);
    ime.shift = false;
  };
  const rows: KeySpec[][] = [];
  const source = ime.symbols ? SYMBOL_ROWS : LETTER_ROWS;
  source.forEach((chars, r) => {
    const row: KeySpec[] = [...chars].map((ch) => {
      const shown = ime.shift && !ime.symbols ? ch.toUpperCase() : ch;
      return { label: shown, desc: shown, width: 1, press: () => type(ch) };
    });
    if (r === 1 && !ime.symbols) {
      row.unshift({ label: '', desc: '', width: 0.5, kind: 'spacer', press: () => undefined });
      row.push({ label: '', desc: '', width: 0.5, kind: 'spacer', press: () => undefined });
    }
    if (r === 2) {
      if (!ime.symbols)
        row.unshift({
          label: '',
          desc: 'Shift',
          icon: 'shift',
          width: 1.5,
          kind: 'fn',
          press: () => (ime.shift = !ime.shift),
        });
      else row.unshift({ label: '=\\<', desc: 'More symbols', width: 1.5, kind: 'fn', press: () => undefined });
      row.push({ label: '', desc: 'Delete', icon: 'backspace', width: 1.5, kind: 'fn', press: () => rt.key(KEY.DEL) });
    }
    rows.push(row);
  });
  rows.push([
    {
      label: ime.symbols ? 'ABC' : '?123',
      desc: ime.symbols ? 'Letters' : 'Symbols',
      width: 1.5,
      kind: 'fn',
      press: () => ((ime.symbols = !ime.symbols), (ime.shift = false)),
    },
    { label: ',', desc: ',', width: 1, press: () => type(',') },
    {
      label: rt.locale() === 'zh' ? '中文' : 'English',
      desc: 'Space',
      width: 5,
      kind: 'space',
      press: () => type(' '),
    },
    { label: '.', desc: '.', width: 1, press: () => type('.') },
    { label: '', desc: 'Enter', icon: 'enter', width: 1.5, kind: 'action', press: () => rt.key(KEY.ENTER) },
  ]);
  return h(
    'FrameLayout',
    { class: 'kb', id: 'com.android.inputmethod.latin:id/keyboard_view' },
    h('View', { class: 'kb-strip', ax: 'skip' }),
    h(
      'LinearLayout',
      { class: 'kb-rows', ax: 'flatten' },
      rows.map((row, r) =>
        h(
          'LinearLayout',
          { key: `${ime.symbols ? 's' : 'l'}${r}`, orientation: 'horizontal', class: 'kb-row', ax: 'flatten' },
          row.map(keyView),
        ),
      ),
    ),
  );
}

export function adbKeyboardBar(): VNode {
  return h(
    'FrameLayout',
    { class: 'adbkb' },
    h('TextView', { id: 'com.android.adbkeyboard:id/keyboard_text', class: 'adbkb-text' }, 'ADB Keyboard {ON}'),
  );
}
