/**
 * uiautomator2's UiSelector (the JSON its client sends: `text`, `textContains`,
 * `textMatches`, `textStartsWith`, `className`, `description…`, `resourceId…`, `packageName…`,
 * the boolean states, `index`, `instance`) matched against the active window's dump, and the
 * `objInfo` a match reports. Child and sibling selectors are not supported (an error says so).
 */
import { parseDump } from '../testing/ui-dump.ts';
import type { DumpNode } from '../testing/ui-dump.ts';

export type Selector = Record<string, unknown>;

export interface SelectedNode {
  node: DumpNode;
  childCount: number;
}

/** A JSON-RPC error the client recognises (code and message as the Android server words them). */
export class RpcError extends Error {
  readonly code: number;
  readonly data: string | undefined;
  constructor(code: number, message: string, data?: string) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** Java regex `matches()` is a whole-string match. */
function fullMatch(pattern: unknown, value: string): boolean {
  try {
    return new RegExp(`^(?:${String(pattern)})$`, 's').test(value);
  } catch {
    throw new RpcError(-32001, `java.util.regex.PatternSyntaxException: ${String(pattern)}`);
  }
}

const STRING_TESTS: Readonly<Record<string, (node: DumpNode, v: unknown) => boolean>> = {
  text: (n, v) => n.text === v,
  textContains: (n, v) => n.text.includes(String(v)),
  textMatches: (n, v) => fullMatch(v, n.text),
  textStartsWith: (n, v) => n.text.startsWith(String(v)),
  className: (n, v) => n.className === v,
  classNameMatches: (n, v) => fullMatch(v, n.className),
  description: (n, v) => n.contentDesc === v,
  descriptionContains: (n, v) => n.contentDesc.includes(String(v)),
  descriptionMatches: (n, v) => fullMatch(v, n.contentDesc),
  descriptionStartsWith: (n, v) => n.contentDesc.startsWith(String(v)),
  packageName: (n, v) => n.packageName === v,
  packageNameMatches: (n, v) => fullMatch(v, n.packageName),
  resourceId: (n, v) => n.resourceId === v,
  resourceIdMatches: (n, v) => fullMatch(v, n.resourceId),
  index: (n, v) => n.attrs.index === String(v),
};

const BOOLEAN_ATTRS: Readonly<Record<string, string>> = {
  checkable: 'checkable',
  checked: 'checked',
  clickable: 'clickable',
  longClickable: 'long-clickable',
  scrollable: 'scrollable',
  enabled: 'enabled',
  focusable: 'focusable',
  focused: 'focused',
  selected: 'selected',
};

/** `Selector [text='OK', instance=0]`, for error messages. */
export function describeSelector(selector: Selector): string {
  const parts = Object.entries(selector)
    .filter(([k, v]) => k !== 'mask' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return `UiSelector[${parts.join(', ')}]`;
}

function matchesSelector(node: DumpNode, selector: Selector): boolean {
  for (const [key, value] of Object.entries(selector)) {
    if (key === 'mask' || key === 'instance' || key === 'childOrSibling' || key === 'childOrSiblingSelector') continue;
    const test = STRING_TESTS[key];
    if (test) {
      if (!test(node, value)) return false;
    } else if (BOOLEAN_ATTRS[key]) {
      if ((node.attrs[BOOLEAN_ATTRS[key]] === 'true') !== Boolean(value)) return false;
    } else throw new RpcError(-32602, `Unsupported selector field: ${key}`);
  }
  return true;
}

/** Every node the selector matches, in document order (`instance` picks one of them). */
export function selectAll(xml: string, selector: Selector): SelectedNode[] {
  const related = selector.childOrSibling;
  if (Array.isArray(related) && related.length > 0)
    throw new RpcError(
      -32602,
      `child and sibling selectors are not supported by the simulated phone: ${describeSelector(selector)}`,
    );
  const nodes = parseDump(xml);
  const out: SelectedNode[] = [];
  nodes.forEach((node, i) => {
    if (!matchesSelector(node, selector)) return;
    let childCount = 0;
    for (let j = i + 1; j < nodes.length && (nodes[j] as DumpNode).depth > node.depth; j++)
      if ((nodes[j] as DumpNode).depth === node.depth + 1) childCount++;
    out.push({ node, childCount });
  });
  return out;
}

/** The selected node (honouring `instance`), or undefined. */
export function selectOne(xml: string, selector: Selector): SelectedNode | undefined {
  const instance = typeof selector.instance === 'number' ? selector.instance : 0;
  return selectAll(xml, selector)[instance];
}

export function notFound(selector: Selector): RpcError {
  const text = describeSelector(selector);
  return new RpcError(-32002, `androidx.test.uiautomator.UiObjectNotFoundException: ${text}`, text);
}

/** What `objInfo` answers for a node. */
export function objInfo({ node, childCount }: SelectedNode): Record<string, unknown> {
  const a = node.attrs;
  const bounds = { bottom: node.bounds.bottom, left: node.bounds.left, right: node.bounds.right, top: node.bounds.top };
  return {
    bounds,
    checkable: a.checkable === 'true',
    checked: a.checked === 'true',
    childCount,
    className: node.className,
    clickable: a.clickable === 'true',
    contentDescription: node.contentDesc || null,
    enabled: a.enabled === 'true',
    focusable: a.focusable === 'true',
    focused: a.focused === 'true',
    longClickable: a['long-clickable'] === 'true',
    packageName: node.packageName,
    resourceName: node.resourceId || null,
    scrollable: a.scrollable === 'true',
    selected: a.selected === 'true',
    text: node.text,
    visibleBounds: bounds,
  };
}

/** Keeps nodes down to `maxDepth` levels under the hierarchy (uiautomator2's max_depth). */
export function pruneDepth(xml: string, maxDepth: number): string {
  if (!Number.isFinite(maxDepth) || maxDepth <= 0) return xml;
  let depth = 0;
  return xml.replace(/<node\b[^>]*?\/?>|<\/node>/g, (tag) => {
    if (tag === '</node>') {
      depth--;
      // Kept only when its opening tag was kept with its children.
      return depth < maxDepth - 1 ? tag : '';
    }
    const selfClosing = tag.endsWith('/>');
    const keep = depth < maxDepth;
    if (!selfClosing) depth++;
    if (!keep) return '';
    // A node whose children are all cut becomes a leaf.
    return !selfClosing && depth === maxDepth ? `${tag.slice(0, -1)} />` : tag;
  });
}
