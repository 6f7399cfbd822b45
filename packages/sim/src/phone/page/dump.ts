/**
 * uiautomator's window dump, generated from the DOM in one pass: one `node` per Android view,
 * attributes in Android's order, bounds in device pixels clipped to the parent (so they match
 * the screenshot), invisible nodes skipped (leaving index gaps, as on a phone). `compressed`
 * drops layout-only containers and hoists their children, like `uiautomator dump --compressed`.
 *
 * `uiautomator dump` shows the active window only, as Android's does: the dialog when one is
 * open (its root is the dialog's own frame), else the app (or recents) — never the keyboard or
 * the window beneath a dialog. The uiautomator2 server's dump lists every window instead
 * (status bar, app, dialog, keyboard, navigation bar), each node also carrying
 * `visible-to-user`, `drawing-order`, `hint` and `display-id`, as that server writes them.
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

/** Which windows a dump covers and in which attribute layout. */
export interface DumpOptions {
  compressed: boolean;
  /** Every window (the uiautomator2 server's dump) instead of the active one. */
  allWindows?: boolean;
}

function serialize(node: DumpNode, out: string[], extended: boolean): void {
  const b = node.bounds;
  const bounds = `bounds="[${b.l},${b.t}][${b.r},${b.b}]"`;
  out.push(
    `<node index="${node.index}" text="${escapeXml(node.text)}" resource-id="${escapeXml(node.rid)}" class="${node.cls}" package="${node.pkg}" content-desc="${escapeXml(node.desc)}" ` +
      `checkable="${node.checkable}" checked="${node.checked}" clickable="${node.clickable}" enabled="${node.enabled}" focusable="${node.focusable}" focused="${node.focused}" ` +
      `scrollable="${node.scrollable}" long-clickable="${node.longClickable}" password="${node.password}" selected="${node.selected}" ` +
      (extended ? `visible-to-user="true" ${bounds} drawing-order="${node.index + 1}" hint="" display-id="0"` : bounds),
  );
  if (node.children.length === 0) {
    out.push(' />');
    return;
  }
  out.push('>');
  for (const child of node.children) serialize(child, out, extended);
  out.push('</node>');
}

function rectOf(el: Element): Rect {
  const r = el.getBoundingClientRect();
  return { l: round(r.left), t: round(r.top), r: round(r.right), b: round(r.bottom) };
}

/** A system UI view (status bar, navigation bar), which the DOM draws but does not describe. */
function sysNode(
  o: Partial<DumpNode> & { cls: string; bounds: Rect },
  index: number,
  children: DumpNode[] = [],
): DumpNode {
  return {
    index,
    text: '',
    rid: '',
    pkg: 'com.android.systemui',
    desc: '',
    checkable: false,
    checked: false,
    clickable: false,
    enabled: true,
    focusable: false,
    focused: false,
    scrollable: false,
    longClickable: false,
    password: false,
    selected: false,
    children,
    ...o,
  };
}

const STATUS_ICONS: Readonly<Record<string, [string, string]>> = {
  airplane: ['com.android.systemui:id/airplane', 'Airplane mode.'],
  bluetooth: ['com.android.systemui:id/bluetooth', 'Bluetooth on.'],
  wifi: ['com.android.systemui:id/wifi_signal', 'Wifi signal full.'],
  mobile: ['com.android.systemui:id/mobile_signal', 'Phone signal full.'],
};

const NAV_BUTTONS: Readonly<Record<string, [string, string]>> = {
  'nav-back': ['com.android.systemui:id/back', 'Back'],
  'nav-home': ['com.android.systemui:id/home', 'Home'],
  'nav-recents': ['com.android.systemui:id/recent_apps', 'Overview'],
};

/** The status bar and the navigation bar as the uiautomator2 server lists them. */
function systemWindows(): { statusBar?: DumpNode; navBar?: DumpNode } {
  const bars = [...document.querySelectorAll('[data-window="systemui"]')];
  const status = bars.find((el) => el.classList.contains('statusbar'));
  const nav = bars.find((el) => el.classList.contains('navbar'));
  const out: { statusBar?: DumpNode; navBar?: DumpNode } = {};
  if (status) {
    const children: DumpNode[] = [];
    for (const el of status.querySelectorAll('[data-sys]')) {
      const kind = el.getAttribute('data-sys') ?? '';
      const index = children.length;
      if (kind === 'clock')
        children.push(
          sysNode(
            {
              cls: 'android.widget.TextView',
              rid: 'com.android.systemui:id/clock',
              text: el.textContent ?? '',
              bounds: rectOf(el),
            },
            index,
          ),
        );
      else if (kind === 'battery') {
        const level = status.querySelector('.sb-batt')?.textContent?.replace('%', '') ?? '100';
        children.push(
          sysNode(
            {
              cls: 'android.widget.LinearLayout',
              rid: 'com.android.systemui:id/battery',
              desc: `Battery ${level} percent.`,
              bounds: rectOf(el),
            },
            index,
          ),
        );
      } else if (STATUS_ICONS[kind]) {
        const [rid, desc] = STATUS_ICONS[kind];
        children.push(sysNode({ cls: 'android.widget.ImageView', rid, desc, bounds: rectOf(el) }, index));
      }
    }
    const bounds = rectOf(status);
    out.statusBar = sysNode({ cls: 'android.widget.FrameLayout', bounds }, 0, [
      sysNode({ cls: 'android.widget.FrameLayout', rid: 'com.android.systemui:id/status_bar', bounds }, 0, children),
    ]);
  }
  if (nav) {
    const buttons = [...nav.querySelectorAll('[data-sys]')].flatMap((el, index) => {
      const known = NAV_BUTTONS[el.getAttribute('data-sys') ?? ''];
      if (!known) return [];
      return [
        sysNode(
          {
            cls: 'android.widget.ImageView',
            rid: known[0],
            desc: known[1],
            clickable: true,
            focusable: true,
            longClickable: true,
            bounds: rectOf(el),
          },
          index,
        ),
      ];
    });
    out.navBar = sysNode(
      { cls: 'android.widget.FrameLayout', rid: 'com.android.systemui:id/navigation_bar_frame', bounds: rectOf(nav) },
      0,
      buttons,
    );
  }
  return out;
}

/** Surface.ROTATION_* from the settings (user_rotation while auto-rotate is off). */
function rotationOf(rt: PhoneHost): number {
  if (rt.settings.system?.accelerometer_rotation === '1') return 0;
  const value = Number.parseInt(rt.settings.system?.user_rotation ?? '0', 10);
  return value >= 0 && value <= 3 ? value : 0;
}

export function dumpXml(rt: PhoneHost, options: DumpOptions): string {
  const dumper = new Dumper(rt);
  const screen: Rect = { l: 0, t: 0, r: rt.config.width, b: rt.config.height };
  const out: string[] = [
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
    `<hierarchy rotation="${rotationOf(rt)}">`,
  ];
  const windows = options.allWindows
    ? [...document.querySelectorAll('[data-window="app"], [data-window="dialog"], [data-window="ime"]')]
    : // A dialog takes focus (the topmost: the notification shade over a disturbance over an
      // app's dialog); a popup such as the floating text toolbar or a heads-up banner does not.
      [
        [
          ...document.querySelectorAll(
            '.dialog-window[data-window="dialog"], [data-window="dialog"][data-focus="true"]',
          ),
        ].pop() ?? document.querySelector('[data-window="app"]'),
      ];
  const system = options.allWindows ? systemWindows() : {};
  const roots: DumpNode[] = system.statusBar ? [system.statusBar] : [];
  for (const win of windows) {
    if (!win) continue;
    const node = dumper.node(win, win.getAttribute('data-pkg') ?? '', screen, 0, true);
    if (node) roots.push(node);
  }
  if (system.navBar) roots.push(system.navBar);
  for (const root of roots)
    for (const top of options.compressed ? compress(root, true) : [root])
      serialize(top, out, options.allWindows === true);
  out.push('</hierarchy>');
  return out.join('');
}
