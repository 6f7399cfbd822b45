/**
 * Builds uiautomator-style XML for tests and benchmarks: hand-written trees that exercise one
 * rule each, and seeded random screens of any size with realistic nesting and attributes.
 */
/** `[x1, y1, x2, y2]` in device pixels, x2/y2 exclusive (as uiautomator writes bounds). */
export type Rect = [number, number, number, number];
import { mulberry32 } from '@moba/base';

export interface SyntheticNode {
  bounds: Rect;
  text?: string;
  desc?: string;
  id?: string;
  cls?: string;
  pkg?: string;
  clickable?: boolean;
  longClickable?: boolean;
  scrollable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  focused?: boolean;
  password?: boolean;
  enabled?: boolean;
  /** Extra (vendor) attributes, written after the standard ones. */
  extra?: Record<string, string>;
  children?: SyntheticNode[];
}

export interface DumpXmlOptions {
  rotation?: number;
  /** Two-space indentation with this line end; default single-line like `uiautomator dump`. */
  pretty?: '\n' | '\r\n' | '\r\r\n';
}

/** Serialises windows (top-level nodes) as a uiautomator dump. */
export function dumpXml(windows: readonly SyntheticNode[], options: DumpXmlOptions = {}): string {
  const nl = options.pretty ?? '';
  const out: string[] = [
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>${nl}<hierarchy rotation="${options.rotation ?? 0}">${nl}`,
  ];
  // An explicit stack: generated trees can be deeper than the call stack allows.
  const stack: Array<{ node: SyntheticNode; depth: number; index: number; close: boolean }> = [];
  for (let i = windows.length - 1; i >= 0; i--)
    stack.push({ node: windows[i] as SyntheticNode, depth: 1, index: 0, close: false });
  while (stack.length > 0) {
    const { node, depth, index, close } = stack.pop() as (typeof stack)[number];
    const pad = nl ? '  '.repeat(depth) : '';
    if (close) {
      out.push(`${pad}</node>${nl}`);
      continue;
    }
    const kids = node.children ?? [];
    out.push(`${pad}<node ${attributes(node, index)}${kids.length ? '>' : ' />'}${nl}`);
    if (kids.length === 0) continue;
    stack.push({ node, depth, index, close: true });
    for (let i = kids.length - 1; i >= 0; i--)
      stack.push({ node: kids[i] as SyntheticNode, depth: depth + 1, index: i, close: false });
  }
  out.push('</hierarchy>');
  return out.join('');
}

function attributes(n: SyntheticNode, index: number): string {
  const b = (v: boolean | undefined) => (v ? 'true' : 'false');
  const pairs: Array<[string, string]> = [
    ['index', String(index)],
    ['text', n.text ?? ''],
    ['resource-id', n.id ?? ''],
    ['class', n.cls ?? 'android.widget.FrameLayout'],
    ['package', n.pkg ?? 'com.example.app'],
    ['content-desc', n.desc ?? ''],
    ['checkable', b(n.checkable)],
    ['checked', b(n.checked)],
    ['clickable', b(n.clickable)],
    ['enabled', b(n.enabled ?? true)],
    ['focusable', b(n.clickable)],
    ['focused', b(n.focused)],
    ['scrollable', b(n.scrollable)],
    ['long-clickable', b(n.longClickable)],
    ['password', b(n.password)],
    ['selected', 'false'],
    ['bounds', `[${n.bounds[0]},${n.bounds[1]}][${n.bounds[2]},${n.bounds[3]}]`],
    ...Object.entries(n.extra ?? {}),
  ];
  return pairs.map(([k, v]) => `${k}="${escapeAttribute(v)}"`).join(' ');
}

export function escapeAttribute(v: string): string {
  return v.replace(/[&<>"\n\r\t]/g, (c) => ESCAPES[c] ?? c);
}
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

const CLASSES = [
  'android.widget.LinearLayout',
  'android.widget.FrameLayout',
  'android.view.ViewGroup',
  'android.widget.RelativeLayout',
];
const LEAVES = [
  'android.widget.TextView',
  'android.widget.ImageView',
  'android.widget.Button',
  'android.widget.ImageButton',
  'android.widget.EditText',
];

/**
 * A seeded random screen of exactly `nodeCount` nodes: containers split their box into rows
 * or columns (nesting like real layouts, 10–20 levels at 10,000 nodes), about a third of the
 * nodes clickable, some scrollable and long-clickable, half of the leaves labelled.
 */
export function syntheticScreen(
  nodeCount: number,
  options: { seed?: number; width?: number; height?: number } = {},
): SyntheticNode {
  const rand = mulberry32(options.seed ?? 1);
  const width = options.width ?? 1080;
  const height = options.height ?? 2400;
  const root: SyntheticNode = { bounds: [0, 0, width, height], cls: 'android.widget.FrameLayout', children: [] };
  const queue: SyntheticNode[] = [root];
  let made = 1;
  for (let head = 0; made < nodeCount && head < queue.length; head++) {
    const parent = queue[head] as SyntheticNode;
    const [x1, y1, x2, y2] = parent.bounds;
    const k = Math.min(nodeCount - made, 2 + Math.floor(rand() * 4));
    const vertical = y2 - y1 >= x2 - x1;
    const span = vertical ? y2 - y1 : x2 - x1;
    parent.children = [];
    for (let i = 0; i < k; i++) {
      const a = Math.floor((span * i) / k);
      const z = Math.floor((span * (i + 1)) / k);
      // A small inset, so siblings do not touch, and occasionally a node spilling outside its parent.
      const inset = rand() < 0.9 ? 2 : -6;
      const bounds: Rect = vertical
        ? [x1 + inset, y1 + a + inset, x2 - inset, y1 + z - inset]
        : [x1 + a + inset, y1 + inset, x1 + z - inset, y2 - inset];
      const r = rand();
      const leafish = (bounds[2] - bounds[0]) * (bounds[3] - bounds[1]) < 40_000;
      const child: SyntheticNode = {
        bounds,
        cls: leafish
          ? (LEAVES[Math.floor(rand() * LEAVES.length)] as string)
          : (CLASSES[Math.floor(rand() * CLASSES.length)] as string),
        id: rand() < 0.5 ? `com.example.app:id/view_${made}` : '',
        clickable: r < 0.33,
        longClickable: r > 0.95,
        scrollable: !leafish && r > 0.9 && r <= 0.95,
        text: leafish && rand() < 0.5 ? `Item ${made} ${WORDS[made % WORDS.length]}` : '',
        desc: rand() < 0.08 ? `Icon ${made}` : '',
      };
      parent.children.push(child);
      queue.push(child);
      made++;
    }
  }
  return root;
}

const WORDS = ['inbox', '设置', '친구', 'Opcje', 'Você', 'search', '消息', 'profile'];
