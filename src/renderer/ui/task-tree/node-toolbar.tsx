import { useState } from 'react';
import type { ReactNode } from 'react';
import { useEscapeCloses } from '../escape-stack.ts';
import type { RunState, TaskNodeState } from '../../../shared/run/reducer.ts';
import { addAfterEdit, moveEdit } from './tree-edits.ts';
import type { PlanEdit } from '../../../shared/contract/runs.ts';

type TextMode = { kind: 'rename' | 'child' | 'after'; text: string };

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
  const [text, setText] = useState<TextMode | null>(null);
  useEscapeCloses(text !== null, () => setText(null));
  const node = selected ? state.nodes[selected] : undefined;
  if (!node) return <p className="tree-hint muted">Select a sub-goal to rename, add, move, mark or re-plan it.</p>;
  if (text) {
    const submit = (goal: string) => {
      const edit =
        text.kind === 'rename'
          ? ({ op: 'rename', nodeId: node.id, goal } as const)
          : text.kind === 'child'
            ? ({ op: 'add', parentId: node.id, goal } as const)
            : addAfterEdit(state, node.id, goal);
      if (edit) onEdit(edit);
      setText(null);
    };
    return <GoalForm node={node} text={text} busy={busy} onChange={setText} onSubmit={submit} />;
  }
  return <EditButtons state={state} node={node} busy={busy} onEdit={onEdit} onText={setText} />;
}

/** The form that names a sub-goal: a new name, or a new sub-goal under or after the node. */
function GoalForm({
  node,
  text,
  busy,
  onChange,
  onSubmit,
}: {
  node: TaskNodeState;
  text: TextMode;
  busy: boolean;
  onChange(text: TextMode | null): void;
  onSubmit(goal: string): void;
}) {
  const label =
    text.kind === 'rename'
      ? 'Rename the sub-goal'
      : text.kind === 'child'
        ? `New sub-goal under “${node.goal.slice(0, 40)}”`
        : 'New sub-goal after it';
  return (
    <form
      className="tree-toolbar tree-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.text.trim()) onSubmit(text.text.trim());
      }}
    >
      <label className="field compact field-wide">
        <span className="field-label">{label}</span>
        <input
          type="text"
          autoFocus
          value={text.text}
          name="tree.goal"
          onChange={(e) => onChange({ ...text, text: e.target.value })}
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
      <button type="button" className="btn btn-small" onClick={() => onChange(null)}>
        Cancel
      </button>
    </form>
  );
}

/** One small toolbar button; `action` is its `data-action` name. */
function ToolButton({
  action,
  disabled,
  onClick,
  children,
  label,
  title,
  danger,
}: {
  action: string;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
  label?: string;
  title?: string;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'btn btn-small btn-danger' : 'btn btn-small'}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      title={title}
      data-action={action}
    >
      {children}
    </button>
  );
}

/** The node's edits as buttons; the ones that need a name open the form. */
function EditButtons({
  state,
  node,
  busy,
  onEdit,
  onText,
}: {
  state: RunState;
  node: TaskNodeState;
  busy: boolean;
  onEdit(edit: PlanEdit): void;
  onText(text: TextMode): void;
}) {
  const isRoot = node.parentId === null;
  const up = moveEdit(state, node.id, -1);
  const down = moveEdit(state, node.id, 1);
  return (
    <div className="tree-toolbar" role="toolbar" aria-label={`Edit “${node.goal}”`}>
      <ToolButton action="tree-rename" disabled={busy} onClick={() => onText({ kind: 'rename', text: node.goal })}>
        Rename
      </ToolButton>
      <ToolButton action="tree-add-child" disabled={busy} onClick={() => onText({ kind: 'child', text: '' })}>
        + Sub-goal
      </ToolButton>
      {!isRoot ? (
        <ToolButton action="tree-add-after" disabled={busy} onClick={() => onText({ kind: 'after', text: '' })}>
          + After
        </ToolButton>
      ) : null}
      <ToolButton action="tree-up" label="Move up" disabled={busy || !up} onClick={() => up && onEdit(up)}>
        ↑
      </ToolButton>
      <ToolButton action="tree-down" label="Move down" disabled={busy || !down} onClick={() => down && onEdit(down)}>
        ↓
      </ToolButton>
      <ToolButton
        action="tree-done"
        disabled={busy || node.status === 'done'}
        onClick={() => onEdit({ op: 'mark', nodeId: node.id, status: 'done' })}
      >
        Done
      </ToolButton>
      <ToolButton
        action="tree-failed"
        disabled={busy || node.status === 'failed'}
        onClick={() => onEdit({ op: 'mark', nodeId: node.id, status: 'failed' })}
      >
        Failed
      </ToolButton>
      <ToolButton
        action="tree-replan"
        title="Ask the Global Agent to plan this node again"
        disabled={busy}
        onClick={() => onEdit({ op: 'replan', nodeId: node.id })}
      >
        Re-plan
      </ToolButton>
      <ToolButton
        action="tree-cursor"
        title="Work on this node next"
        disabled={busy || state.cursor === node.id}
        onClick={() => onEdit({ op: 'cursor', nodeId: node.id })}
      >
        Cursor here
      </ToolButton>
      {!isRoot ? (
        <ToolButton
          action="tree-remove"
          danger
          disabled={busy}
          onClick={() => onEdit({ op: 'remove', nodeId: node.id })}
        >
          Remove
        </ToolButton>
      ) : null}
    </div>
  );
}
