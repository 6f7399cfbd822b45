/**
 * uiautomator's window dump, generated from the DOM in one pass: one `node` per Android view,
 * attributes in Android's order, bounds in device pixels clipped to the parent (so they match
 * the screenshot), invisible nodes skipped (leaving index gaps, as on a phone). `compressed`
 * drops layout-only containers and hoists their children, like `uiautomator dump --compressed`.
 */
import type { PhoneHost } from './phone-host.ts';
import { metaOf } from './vdom.ts';

interface Rect {
  l: number;
  t: number;
  r: number;
  b: number;
}

interface DumpNode {
  index: number;
  text: string;
  rid: string;
  cls: string;
  pkg: string;
  desc: string;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  bounds: Rect;
  children: DumpNode[];
}

const SKIP_TAGS = new Set(['svg', 'style', 'script', 'SVG', 'STYLE', 'SCRIPT']);

/** Android's Rect rounding of a float edge. */
const round = (v: number): number => Math.floor(v + 0.5);

function intersect(a: Rect, b: Rect): Rect {
  return { l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b) };
}

function isNodeElement(el: Element): boolean {
  return !SKIP_TAGS.has(el.tagName) && el.getAttribute('data-ax') !== 'skip';
}

/** Whether any descendant would be reported as its own node (then this one is a container). */
function hasNodeChildren(el: Element): boolean {
  for (const child of el.children) {
    if (!isNodeElement(child)) continue;
    if (child.getAttribute('data-ax') === 'flatten') {
      if (hasNodeChildren(child)) return true;
      continue;
    }
    return true;
  }
  return false;
}

function directText(el: Element): string {
  let out = '';
  for (const node of el.childNodes) if (node.nodeType === 3) out += node.nodeValue ?? '';
  return out.trim();
}

function escapeXml(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else if (ch === '\n') out += '&#10;';
    else if (ch === '\r') out += '&#13;';
    else if (ch === '\t') out += '&#9;';
    else if (code < 0x20) continue;
    else if (code > 0xffff) out += `&#${code};`;
    else out += ch;
  }
  return out;
}

class Dumper {
  private readonly focused: Element | undefined;
  constructor(rt: PhoneHost) {
    this.focused = rt.focusedElement();
  }

  node(el: Element, pkg: string, clip: Rect, index: number, root: boolean): DumpNode | undefined {
    const r = el.getBoundingClientRect();
    const box = intersect({ l: round(r.left), t: round(r.top), r: round(r.right), b: round(r.bottom) }, clip);
    if (!root && (box.r <= box.l || box.b <= box.t)) return undefined;
    const props = metaOf(el);
    const attr = (name: string): string | null => el.getAttribute(name);
    const containers = hasNodeChildren(el);
    const explicitText = attr('data-text');
    const text = explicitText ?? (containers ? directText(el) : (el.textContent ?? ''));
    let cls = attr('data-class');
    if (!cls)
      cls = containers
        ? 'android.view.ViewGroup'
        : text
          ? 'android.widget.TextView'
          : el.querySelector('svg')
            ? 'android.widget.ImageView'
            : 'android.view.View';
    const rid = attr('data-rid');
    const isEdit = props?.field !== undefined;
    const enabled = attr('data-enabled') !== 'false';
    const clickable = attr('data-clickable') === 'true';
    const checkable = attr('data-checkable') === 'true';
    const scrollAxis = attr('data-scroll');
    const he = el as HTMLElement;
    const node: DumpNode = {
      index,
      text,
      rid: rid ? (rid.includes(':') ? rid : `${pkg}:id/${rid}`) : '',
      cls,
      pkg,
      desc: attr('data-desc') ?? '',
      checkable,
      checked: attr('data-checked') === 'true',
      clickable,
      enabled,
      focusable:
        attr('data-focusable') === 'true' || ((clickable || checkable || isEdit) && attr('data-focusable') !== 'false'),
      focused: this.focused === el,
      scrollable:
        scrollAxis === 'v'
          ? he.scrollHeight > he.clientHeight + 1
          : scrollAxis === 'h'
            ? he.scrollWidth > he.clientWidth + 1
            : false,
      longClickable: attr('data-long-clickable') === 'true' || (isEdit && enabled),
      password: attr('data-password') === 'true',
      selected: attr('data-selected') === 'true',
      bounds: box,
      children: [],
    };
    if (containers) {
      const counter = { next: 0 };
      this.children(el, pkg, box, node.children, counter);
    }
    return node;
  }

  private children(el: Element, pkg: string, clip: Rect, out: DumpNode[], counter: { next: number }): void {
    for (const child of el.children) {
      if (!isNodeElement(child)) continue;
      if (child.getAttribute('data-ax') === 'flatten') {
        this.children(child, pkg, clip, out, counter);
        continue;
      }
      const node = this.node(child, pkg, clip, counter.next++, false);
      if (node) out.push(node);
    }
  }
}

/** Layout-only nodes (nothing to read or act on) are dropped; their children move up. */
function compress(node: DumpNode, root: boolean): DumpNode[] {
  const children = node.children.flatMap((child) => compress(child, false));
  const important =
    root ||
    node.text !== '' ||
    node.desc !== '' ||
    node.clickable ||
    node.longClickable ||
    node.checkable ||
    node.scrollable ||
    node.focusable;
  if (!important) return children;
  children.forEach((child, i) => (child.index = i));
  return [{ ...node, children }];
}

function serialize(node: DumpNode, out: string[]): void {
  const b = node.bounds;
  out.push(
    `<node index="${node.index}" text="${escapeXml(node.text)}" resource-id="${escapeXml(node.rid)}" class="${node.cls}" package="${node.pkg}" content-desc="${escapeXml(node.desc)}" ` +
      `checkable="${node.checkable}" checked="${node.checked}" clickable="${node.clickable}" enabled="${node.enabled}" focusable="${node.focusable}" focused="${node.focused}" ` +
      `scrollable="${node.scrollable}" long-clickable="${node.longClickable}" password="${node.password}" selected="${node.selected}" bounds="[${b.l},${b.t}][${b.r},${b.b}]"`,
  );
  if (node.children.length === 0) {
    out.push(' />');
    return;
  }
  out.push('>');
  for (const child of node.children) serialize(child, out);
  out.push('</node>');
}

export function dumpXml(rt: PhoneHost, compressed: boolean): string {
  const dumper = new Dumper(rt);
  const screen: Rect = { l: 0, t: 0, r: rt.config.width, b: rt.config.height };
  const out: string[] = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">'];
  for (const win of document.querySelectorAll('[data-window="app"], [data-window="dialog"], [data-window="ime"]')) {
    const pkg = win.getAttribute('data-pkg') ?? '';
    const node = dumper.node(win, pkg, screen, 0, true);
    if (!node) continue;
    for (const top of compressed ? compress(node, true) : [node]) serialize(top, out);
  }
  out.push('</hierarchy>');
  return out.join('');
}
