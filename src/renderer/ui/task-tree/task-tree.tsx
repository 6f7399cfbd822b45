import { useState } from 'react';
import type { MobaClient } from '../../../shared/contract.ts';
import type { RunState, TaskNodeState } from '../../../shared/run/reducer.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { useBusy } from '../use-busy.ts';
import { ErrorNote } from '../notes.tsx';
import { NodeToolbar } from './node-toolbar.tsx';
import type { PlanEdit } from '../../../shared/contract/runs.ts';
import './task-tree.css';

const STATUS_LABEL: Record<TaskNodeState['status'], string> = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
  skipped: 'skipped',
};

function NodeRow({
  state,
  node,
  depth,
  selected,
  highlight,
  onSelect,
  showNotes,
}: {
  state: RunState;
  node: TaskNodeState;
  depth: number;
  selected: string | null;
  highlight: string | null;
  onSelect(id: string): void;
  showNotes: boolean;
}) {
  const [open, setOpen] = useState(true);
  // A finished run has no cursor to show: nothing works there any more.
  const isCursor = state.cursor === node.id && !TERMINAL_STATUSES.includes(state.status);
  const notes = node.planReflections.length + node.reflections.length;
  return (
    <li
      className="tree-item"
      role="treeitem"
      aria-expanded={node.children.length ? open : undefined}
      aria-selected={selected === node.id}
      data-node={node.id}
      data-goal={node.goal}
      data-status={node.status}
      data-cursor={isCursor ? 'true' : undefined}
    >
      <div
        className={`tree-row status-${node.status} ${selected === node.id ? 'selected' : ''} ${highlight === node.id ? 'highlight' : ''} ${isCursor ? 'cursor' : ''}`}
        style={{ paddingLeft: 6 + depth * 18 }}
        onClick={() => onSelect(node.id)}
      >
        {node.children.length ? (
          <button
            type="button"
            className="tree-twisty"
            aria-label={open ? 'Collapse' : 'Expand'}
            onClick={(e) => {
              e.stopPropagation();
              setOpen(!open);
            }}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="tree-twisty" aria-hidden="true" />
        )}
        <span className={`status-dot dot-${node.status}`} title={STATUS_LABEL[node.status]} aria-hidden="true" />
        <span className="tree-goal">{node.goal}</span>
        <span className="tree-meta">
          {isCursor ? (
            <span className="chip chip-cursor" title="The agent works here">
              cursor
            </span>
          ) : null}
          {node.addedBy === 'person' && node.parentId !== null ? (
            <span className="chip chip-person" title="Added by a person">
              you
            </span>
          ) : null}
          {node.attempts ? (
            <span className="tree-count" title="Actions executed for this sub-goal">
              {node.attempts}×
            </span>
          ) : null}
          <span className={`status-text st-${node.status}`}>{STATUS_LABEL[node.status]}</span>
        </span>
      </div>
      {showNotes && notes ? (
        <ul className="tree-notes" style={{ marginLeft: 30 + depth * 18 }}>
          {node.planReflections.map((t, i) => (
            <li key={`p${i}`} className="note note-plan" title="Plan reflection: why the sub-goal was split">
              <span className="note-kind">plan</span> {t}
            </li>
          ))}
          {node.reflections.map((t, i) => (
            <li key={`r${i}`} className="note note-reflection" title="Reflection after a failed action">
              <span className="note-kind">reflection</span> {t}
            </li>
          ))}
        </ul>
      ) : null}
      {open && node.children.length ? (
        <ul role="group" className="tree-children">
          {node.children.map((c) => {
            const child = state.nodes[c];
            return child ? (
              <NodeRow
                key={c}
                state={state}
                node={child}
                depth={depth + 1}
                selected={selected}
                highlight={highlight}
                onSelect={onSelect}
                showNotes={showNotes}
              />
            ) : null;
          })}
        </ul>
      ) : null}
    </li>
  );
}

export interface TaskTreeProps {
  state: RunState;
  /** With a client and a run id the tree is editable (while the run has not ended). */
  client?: MobaClient;
  editable: boolean;
  highlight?: string | null;
}

/**
 * The run's task tree: nodes with status, the cursor, and the plan reflections and execution
 * reflections on their nodes. Editable while the run goes: select a node, then use the toolbar.
 */
export function TaskTree({ state, client, editable, highlight = null }: TaskTreeProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [showNotes, setShowNotes] = useState(true);
  const { busy, error, run } = useBusy();
  const root = state.rootId ? state.nodes[state.rootId] : undefined;
  if (!root) return <p className="muted">The task tree appears when the run starts.</p>;
  const sel = selected && state.nodes[selected] ? selected : null;

  const apply = (edit: PlanEdit) => {
    if (client) void run('Editing the plan…', () => client.editRunPlan({ runId: state.runId, edit }));
  };

  return (
    <div className="task-tree" data-testid="task-tree">
      {editable && client ? <NodeToolbar state={state} selected={sel} busy={busy !== null} onEdit={apply} /> : null}
      <ErrorNote error={error} />
      <ul className="tree" role="tree" aria-label="Task tree">
        <NodeRow
          state={state}
          node={root}
          depth={0}
          selected={sel}
          highlight={highlight}
          onSelect={setSelected}
          showNotes={showNotes}
        />
      </ul>
      <label className="toggle toggle-small tree-notes-toggle">
        <input type="checkbox" checked={showNotes} onChange={(e) => setShowNotes(e.target.checked)} />
        <span className="toggle-track" aria-hidden="true" />
        <span>Reflections on their nodes</span>
      </label>
    </div>
  );
}
