import { useState } from 'react';
import { useEscapeCloses } from '../escape-stack.ts';
import type { RunState } from '../../../shared/run/reducer.ts';
import { addAfterEdit, moveEdit } from './tree-edits.ts';
import type { PlanEdit } from '../../../shared/contract/runs.ts';

type TextMode = { kind: 'rename' | 'child' | 'after'; text: string } | null;

/** Plan edits on the selected node: rename, add, reorder, mark, re-plan, cursor, remove. */
export function NodeToolbar({
  state,
  selected,
  busy,
  onEdit,
}: {
  state: RunState;
  selected: string | null;
  busy: boolean;
  onEdit(edit: PlanEdit): void;
}) {
  const [text, setText] = useState<TextMode>(null);
  useEscapeCloses(text !== null, () => setText(null));
  const node = selected ? state.nodes[selected] : undefined;
  if (!node) return <p className="tree-hint muted">Select a sub-goal to rename, add, move, mark or re-plan it.</p>;
  const isRoot = node.parentId === null;
  const up = moveEdit(state, node.id, -1);
  const down = moveEdit(state, node.id, 1);
  const submit = () => {
    if (!text || !text.text.trim()) return;
    const goal = text.text.trim();
    const edit =
      text.kind === 'rename'
        ? ({ op: 'rename', nodeId: node.id, goal } as const)
        : text.kind === 'child'
          ? ({ op: 'add', parentId: node.id, goal } as const)
          : addAfterEdit(state, node.id, goal);
    if (edit) onEdit(edit);
    setText(null);
  };
  if (text) {
    return (
      <form
        className="tree-toolbar tree-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="field compact field-wide">
          <span className="field-label">
            {text.kind === 'rename'
              ? 'Rename the sub-goal'
              : text.kind === 'child'
                ? `New sub-goal under “${node.goal.slice(0, 40)}”`
                : 'New sub-goal after it'}
          </span>
          <input
            type="text"
            autoFocus
            value={text.text}
            name="tree.goal"
            onChange={(e) => setText({ ...text, text: e.target.value })}
          />
        </label>
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={busy || !text.text.trim()}
          data-action="tree-save"
        >
          Save
        </button>
        <button type="button" className="btn btn-small" onClick={() => setText(null)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="tree-toolbar" role="toolbar" aria-label={`Edit “${node.goal}”`}>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => setText({ kind: 'rename', text: node.goal })}
        data-action="tree-rename"
      >
        Rename
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => setText({ kind: 'child', text: '' })}
        data-action="tree-add-child"
      >
        + Sub-goal
      </button>
      {!isRoot ? (
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => setText({ kind: 'after', text: '' })}
          data-action="tree-add-after"
        >
          + After
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || !up}
        onClick={() => up && onEdit(up)}
        aria-label="Move up"
        data-action="tree-up"
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || !down}
        onClick={() => down && onEdit(down)}
        aria-label="Move down"
        data-action="tree-down"
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || node.status === 'done'}
        onClick={() => onEdit({ op: 'mark', nodeId: node.id, status: 'done' })}
        data-action="tree-done"
      >
        Done
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || node.status === 'failed'}
        onClick={() => onEdit({ op: 'mark', nodeId: node.id, status: 'failed' })}
        data-action="tree-failed"
      >
        Failed
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => onEdit({ op: 'replan', nodeId: node.id })}
        title="Ask the Global Agent to plan this node again"
        data-action="tree-replan"
      >
        Re-plan
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || state.cursor === node.id}
        onClick={() => onEdit({ op: 'cursor', nodeId: node.id })}
        title="Work on this node next"
        data-action="tree-cursor"
      >
        Cursor here
      </button>
      {!isRoot ? (
        <button
          type="button"
          className="btn btn-small btn-danger"
          disabled={busy}
          onClick={() => onEdit({ op: 'remove', nodeId: node.id })}
          data-action="tree-remove"
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}
