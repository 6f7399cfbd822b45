/** The inspector's element tree: every element the agent sees, nested by bounds; hover and click sync with the screen. */
import { useEffect, useRef } from 'react';
import { clipText, elementLabel, shortClassName } from '../../../shared/elements/describe-element.ts';
import type { ElementNode } from './element-tree.ts';
import { keepFocus } from '../keep-focus.ts';

interface TreeProps {
  roots: readonly ElementNode[];
  focusKey: number | null;
  hoverKey: number | null;
  onHover(key: number | null): void;
  onFocus(key: number): void;
}

function Row({ n, depth, p }: { n: ElementNode; depth: number; p: TreeProps }) {
  const ref = useRef<HTMLButtonElement>(null);
  const focused = p.focusKey === n.key;
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  const e = n.element;
  const text = elementLabel(e);
  return (
    <li role="treeitem" aria-selected={focused} aria-level={depth + 1}>
      <button
        ref={ref}
        type="button"
        className={`etree-row ${focused ? 'focused' : ''} ${p.hoverKey === n.key ? 'hovered' : ''} ${e.index > 0 ? '' : 'etree-text'}`}
        style={{ paddingLeft: 6 + depth * 12 }}
        onMouseDown={keepFocus}
        onMouseEnter={() => p.onHover(n.key)}
        onMouseLeave={() => p.onHover(null)}
        onClick={() => p.onFocus(n.key)}
        data-tree-key={n.key}
        data-element-index={e.index}
      >
        {e.index > 0 ? <span className="etree-index">{e.index}</span> : null}
        <span className="etree-class">{shortClassName(e.className)}</span>
        {text ? <span className="etree-label">“{clipText(text, 40)}”</span> : null}
      </button>
      {n.children.length ? (
        <ul role="group">
          {n.children.map((c) => (
            <Row key={c.key} n={c} depth={depth + 1} p={p} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ElementTreeView(p: TreeProps) {
  if (!p.roots.length) return <p className="muted small">This screen has no elements (no UI dump was read).</p>;
  return (
    <ul className="etree" role="tree" aria-label="Elements on the screen" data-testid="element-tree">
      {p.roots.map((n) => (
        <Row key={n.key} n={n} depth={0} p={p} />
      ))}
    </ul>
  );
}
