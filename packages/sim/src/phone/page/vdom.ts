/**
 * A tiny virtual DOM for the simulated phone's apps (runs inside Chromium). Apps describe
 * screens with `h(tag, props, ...children)`; tags in PascalCase are Android view classes
 * (`h('LinearLayout', …)`, `h('TextView', …)`) and carry their class name into the
 * uiautomator dump. `patch` keeps DOM nodes across renders so scroll offsets survive.
 */
import { css, dpToPx } from './dp.ts';

export type Handler = () => void;

/** Android semantics and DOM attributes an element can carry. */
export interface Props {
  key?: string | number;
  class?: string;
  /** CSS text; `16dp` units are converted to pixels. */
  style?: string;
  /** Resource id: "name" becomes "pkg:id/name"; "android:id/x" is kept as is. */
  id?: string;
  /** content-desc. */
  desc?: string;
  /** Overrides the text the dump reports (default: the element's own text when it is a leaf). */
  text?: string;
  onTap?: Handler;
  onLongPress?: Handler;
  /**
   * A swipe that no scrollable container consumed: its main direction and how far the finger
   * moved (dp; right and down positive).
   */
  onSwipe?: (direction: 'up' | 'down' | 'left' | 'right', moved: { dx: number; dy: number }) => void;
  /**
   * A slider: a tap, or a drag that starts on the element, reports the finger's horizontal
   * position across it (0 at the left edge, 1 at the right).
   */
  onSeek?: (fraction: number) => void;
  clickable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  selected?: boolean;
  enabled?: boolean;
  focusable?: boolean;
  password?: boolean;
  /** A scroll container: 'v' vertical, 'h' horizontal. */
  scroll?: 'v' | 'h';
  /** LinearLayout orientation (default vertical). */
  orientation?: 'horizontal' | 'vertical';
  /** 'skip': not in the dump (decoration); 'flatten': its children are hoisted into the parent. */
  ax?: 'skip' | 'flatten';
  /** Raw HTML (icons). Replaces children. */
  html?: string;
  /** Makes this element a text field bound to a field key (see widgets `EditText`). */
  field?: string;
  value?: string;
  hint?: string;
  onChange?: (value: string) => void;
  /** The IME action (ENTER on a single-line field). */
  onSubmit?: () => void;
  multiline?: boolean;
  maxLength?: number;
  inputType?: 'text' | 'number' | 'decimal' | 'phone' | 'password';
  /** A scroll container's offset (dp) when it is first created (e.g. a day view opening at 7 am). */
  initialScroll?: number;
  /** Anything else becomes a DOM attribute (data-*, etc.). */
  [attr: string]: unknown;
}

export interface VNode {
  tag: string;
  props: Props;
  children: VNode[];
  key: string | number | undefined;
  /** For text nodes (tag '#text'). */
  text?: string;
  el?: Node;
}

export type Child = VNode | string | number | null | undefined | false | Child[];

/** PascalCase tag → [html tag, Android class, base CSS class]. */
const ANDROID_TAGS: Record<string, readonly [string, string, string]> = {
  FrameLayout: ['div', 'android.widget.FrameLayout', 'a-fl'],
  LinearLayout: ['div', 'android.widget.LinearLayout', 'a-ll'],
  RelativeLayout: ['div', 'android.widget.RelativeLayout', 'a-fl'],
  ViewGroup: ['div', 'android.view.ViewGroup', 'a-fl'],
  View: ['div', 'android.view.View', 'a-v'],
  CardView: ['div', 'androidx.cardview.widget.CardView', 'a-fl'],
  Toolbar: ['div', 'android.widget.Toolbar', 'a-tb'],
  TextView: ['div', 'android.widget.TextView', 'a-tv'],
  Button: ['div', 'android.widget.Button', 'a-btn'],
  ImageView: ['div', 'android.widget.ImageView', 'a-iv'],
  ImageButton: ['div', 'android.widget.ImageButton', 'a-iv'],
  EditText: ['div', 'android.widget.EditText', 'a-et'],
  Switch: ['div', 'android.widget.Switch', 'a-sw'],
  CheckBox: ['div', 'android.widget.CheckBox', 'a-cb'],
  RadioButton: ['div', 'android.widget.RadioButton', 'a-rb'],
  ToggleButton: ['div', 'android.widget.ToggleButton', 'a-btn'],
  SeekBar: ['div', 'android.widget.SeekBar', 'a-fl'],
  ProgressBar: ['div', 'android.widget.ProgressBar', 'a-fl'],
  ScrollView: ['div', 'android.widget.ScrollView', 'a-sv'],
  HorizontalScrollView: ['div', 'android.widget.HorizontalScrollView', 'a-hsv'],
  RecyclerView: ['div', 'androidx.recyclerview.widget.RecyclerView', 'a-sv'],
  ListView: ['div', 'android.widget.ListView', 'a-sv'],
  WebView: ['div', 'android.webkit.WebView', 'a-sv'],
  GridView: ['div', 'android.widget.GridView', 'a-fl'],
  ViewPager: ['div', 'androidx.viewpager.widget.ViewPager', 'a-fl'],
  TabWidget: ['div', 'android.widget.TabWidget', 'a-ll'],
  NumberPicker: ['div', 'android.widget.NumberPicker', 'a-ll'],
};

const EMPTY: Props = {};

function flatten(children: Child[], out: VNode[]): VNode[] {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) flatten(child, out);
    else if (typeof child === 'string' || typeof child === 'number')
      out.push({ tag: '#text', props: EMPTY, children: [], key: undefined, text: String(child) });
    else out.push(child);
  }
  return out;
}

export function h(tag: string, props?: Props | null, ...children: Child[]): VNode {
  const p = props ?? EMPTY;
  return { tag, props: p, children: flatten(children, []), key: p.key };
}

/** Keys handled by `applyProps` itself (never DOM attributes). */
const SPECIAL = new Set([
  'key',
  'onSeek',
  'class',
  'style',
  'id',
  'desc',
  'text',
  'onTap',
  'onLongPress',
  'onSwipe',
  'clickable',
  'checkable',
  'checked',
  'selected',
  'enabled',
  'focusable',
  'password',
  'scroll',
  'orientation',
  'ax',
  'html',
  'field',
  'value',
  'hint',
  'onChange',
  'onSubmit',
  'multiline',
  'maxLength',
  'inputType',
  'initialScroll',
]);

/** The handlers and semantics the gesture recogniser and the dumper read from an element. */
export interface ElementMeta {
  props: Props;
}

export function metaOf(el: Element): Props | undefined {
  return (el as Element & { __moba?: ElementMeta }).__moba?.props;
}

function setAttr(el: Element, name: string, value: string | undefined): void {
  if (value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}

function flag(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function applyProps(el: Element, vnode: VNode): void {
  const p = vnode.props;
  const android = ANDROID_TAGS[vnode.tag];
  (el as Element & { __moba?: ElementMeta }).__moba = { props: p };
  let cls = android ? android[2] : '';
  if (vnode.tag === 'LinearLayout' && p.orientation === 'horizontal') cls += ' a-row';
  if (p.class) cls = cls ? `${cls} ${p.class}` : p.class;
  setAttr(el, 'class', cls || undefined);
  setAttr(el, 'style', p.style ? css(p.style) : undefined);
  setAttr(el, 'data-class', android?.[1]);
  setAttr(el, 'data-rid', p.id);
  setAttr(el, 'data-desc', p.desc);
  setAttr(el, 'data-text', p.text);
  setAttr(el, 'data-checkable', flag(p.checkable));
  setAttr(el, 'data-checked', flag(p.checked));
  setAttr(el, 'data-selected', flag(p.selected));
  setAttr(el, 'data-enabled', flag(p.enabled));
  setAttr(el, 'data-focusable', flag(p.focusable));
  setAttr(el, 'data-password', flag(p.password));
  setAttr(el, 'data-clickable', flag(p.clickable ?? (p.onTap ? true : undefined)));
  setAttr(el, 'data-long-clickable', p.onLongPress ? 'true' : undefined);
  setAttr(el, 'data-scroll', p.scroll);
  setAttr(el, 'data-ax', p.ax);
  setAttr(el, 'data-field', p.field);
  for (const name in p) {
    if (SPECIAL.has(name)) continue;
    const value = p[name];
    setAttr(el, name, value === undefined || value === null || value === false ? undefined : String(value));
  }
}

/** Scroll offsets to apply once the new elements are in the document (layout exists). */
const pendingScroll: Array<[Element, number]> = [];

function create(vnode: VNode): Node {
  if (vnode.tag === '#text') {
    vnode.el = document.createTextNode(vnode.text ?? '');
    return vnode.el;
  }
  const android = ANDROID_TAGS[vnode.tag];
  const el = document.createElement(android ? android[0] : vnode.tag);
  applyProps(el, vnode);
  if (typeof vnode.props.initialScroll === 'number') pendingScroll.push([el, vnode.props.initialScroll]);
  if (typeof vnode.props.html === 'string') el.innerHTML = vnode.props.html;
  else for (const child of vnode.children) el.appendChild(create(child));
  vnode.el = el;
  return el;
}

function sameKind(a: VNode, b: VNode): boolean {
  return a.tag === b.tag && a.key === b.key;
}

/** Updates `old`'s DOM node to look like `next`; returns the DOM node now representing `next`. */
function update(old: VNode, next: VNode): Node {
  const el = old.el as Node;
  next.el = el;
  if (next.tag === '#text') {
    if (old.text !== next.text) (el as Text).data = next.text ?? '';
    return el;
  }
  applyProps(el as Element, next);
  for (const name in old.props) {
    if (!SPECIAL.has(name) && !(name in next.props)) (el as Element).removeAttribute(name);
  }
  if (typeof next.props.html === 'string') {
    if (old.props.html !== next.props.html) (el as Element).innerHTML = next.props.html;
    return el;
  }
  if (typeof old.props.html === 'string') (el as Element).textContent = '';
  patchChildren(el as Element, typeof old.props.html === 'string' ? [] : old.children, next.children);
  return el;
}

function patchChildren(parent: Element, oldChildren: VNode[], newChildren: VNode[]): void {
  const byKey = new Map<string | number, VNode>();
  for (const child of oldChildren) if (child.key !== undefined) byKey.set(child.key, child);
  const used = new Set<VNode>();
  const nodes: Node[] = [];
  for (let i = 0; i < newChildren.length; i++) {
    const next = newChildren[i] as VNode;
    let old: VNode | undefined;
    if (next.key !== undefined) old = byKey.get(next.key);
    else {
      const candidate = oldChildren[i];
      if (candidate && candidate.key === undefined) old = candidate;
    }
    if (old && !used.has(old) && sameKind(old, next) && old.el) {
      used.add(old);
      nodes.push(update(old, next));
    } else {
      nodes.push(create(next));
    }
  }
  for (const old of oldChildren)
    if (!used.has(old) && old.el && old.el.parentNode === parent) parent.removeChild(old.el);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    if (parent.childNodes[i] !== node) parent.insertBefore(node, parent.childNodes[i] ?? null);
  }
}

/** Renders `next` into `container`, reusing the DOM built for `previous`. */
export function patch(container: Element, previous: VNode | undefined, next: VNode): void {
  if (previous && previous.el && previous.el.parentNode === container && sameKind(previous, next)) {
    update(previous, next);
  } else {
    container.textContent = '';
    container.appendChild(create(next));
  }
  for (const [el, dp] of pendingScroll.splice(0)) if (el.isConnected) el.scrollTop = dpToPx(dp);
}
