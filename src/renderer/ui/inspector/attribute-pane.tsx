/** The inspector's attribute pane: what one element is, where it is in pixels, its flags, and the actions that would use it. */
import { useState } from 'react';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { actionsFor } from './copy-action.ts';
import { keepFocus } from '../keep-focus.ts';

const FLAGS = [
  'clickable',
  'long-clickable',
  'scrollable',
  'checkable',
  'checked',
  'focusable',
  'focused',
  'selected',
  'password',
] as const;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small copy-action"
      title="Copy this call"
      data-copy={text}
      onMouseDown={keepFocus}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      <code>{text}</code>
      {copied ? <span className="ok-text"> ✓</span> : null}
    </button>
  );
}

export function AttributePane({ element }: { element: UiElement | undefined }) {
  if (!element)
    return (
      <p className="muted small attr-empty">Click an element on the screen or in the tree to read its attributes.</p>
    );
  const [x1, y1, x2, y2] = element.bounds;
  const rows: Array<[string, string]> = [
    ['index', element.index > 0 ? String(element.index) : 'text only (no number: context for the model)'],
    ['class', element.className],
    ['text', element.text],
    ['content-desc', element.contentDesc],
    ['resource-id', element.resourceId],
    ['package', element.packageName],
    ['bounds', `[${x1},${y1}][${x2},${y2}] px`],
    ['size', `${x2 - x1} × ${y2 - y1} px, centre (${Math.round(element.center[0])}, ${Math.round(element.center[1])})`],
  ];
  return (
    <div className="attr-pane" data-testid="attribute-pane" data-element-index={element.index}>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-attr={k}>{v || <span className="muted">—</span>}</dd>
          </div>
        ))}
      </dl>
      <div className="attr-flags" aria-label="Flags">
        {FLAGS.map((f) => {
          const on = element.trueAttributes.includes(f);
          return (
            <span key={f} className={`chip ${on ? 'chip-on' : 'chip-off'}`} data-flag={f} data-on={on}>
              {on ? '✓' : '–'} {f}
            </span>
          );
        })}
      </div>
      <div className="attr-actions">
        <span className="field-label">Copy as action</span>
        {actionsFor(element).map((a) => (
          <CopyButton key={a} text={a} />
        ))}
      </div>
    </div>
  );
}
