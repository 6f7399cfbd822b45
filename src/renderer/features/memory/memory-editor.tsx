import { useState } from 'react';
import type { MemoryItem } from '../../../shared/schemas/memory.ts';
import { hrefFor } from '../../routing/router.ts';
import { useBusy } from '../../ui/use-busy.ts';
import type { MemoryApi } from './memory-api.ts';
import { KIND_LABEL, formValues, itemJson, memoryFields, patchFrom, patchFromJson } from './memory-form.ts';
import type { PatchResult } from './memory-form.ts';
import { FieldInput } from './memory-fields.tsx';
import { MemoryTrust } from './memory-trust.tsx';

function EditorHead({ item }: { item: MemoryItem }) {
  return (
    <>
      <header className="memory-editor-head">
        <span className={`chip kind-${item.kind}`}>{KIND_LABEL[item.kind]}</span>
        <span className={`chip source-${item.source}`}>{item.source}</span>
        <span className="mono muted ellipsis" title={item.id}>
          {item.id}
        </span>
      </header>
      <p className="muted small">
        Updated {new Date(item.updatedAt).toLocaleString()}
        {item.runId ? (
          <>
            {' '}
            · from run <a href={hrefFor('history', item.runId)}>{item.runId}</a>
            {item.nodeId ? ` (node ${item.nodeId})` : ''}
          </>
        ) : null}
      </p>
    </>
  );
}

function DeleteButton({ busy, onDelete }: { busy: boolean; onDelete(): void }) {
  const [confirm, setConfirm] = useState(false);
  return confirm ? (
    <>
      <button
        type="button"
        className="btn btn-danger-solid"
        onClick={onDelete}
        disabled={busy}
        data-action="confirm-delete-memory"
      >
        Delete for good
      </button>
      <button type="button" className="btn" onClick={() => setConfirm(false)}>
        Keep
      </button>
    </>
  ) : (
    <button
      type="button"
      className="btn btn-danger"
      onClick={() => setConfirm(true)}
      disabled={busy}
      data-action="delete-memory"
    >
      Delete
    </button>
  );
}

/**
 * One memory's fields, labelled for its kind and editable (validated by main against the
 * kind), or — the advanced view — the whole memory as JSON; with delete.
 */
export function MemoryEditor({
  api,
  item,
  onDeleted,
  onSaved,
  onTrustChanged,
}: {
  api: MemoryApi;
  item: MemoryItem;
  onDeleted(): void;
  onSaved(item: MemoryItem): void;
  onTrustChanged?(text: string): void;
}) {
  const before = formValues(item);
  const [values, setValues] = useState(before);
  const [json, setJson] = useState<string | null>(null);
  const { busy, error, notice, run, clear } = useBusy();
  const result: PatchResult = json !== null ? patchFromJson(item, json) : patchFrom(item.kind, before, values);
  const dirty = result.ok && Object.keys(result.patch).length > 0;
  const working = busy !== null;

  const save = async () => {
    if (!result.ok) return;
    const saved = await run(
      'Saving…',
      () => api.update(item.id, result.patch),
      () => 'Saved',
    );
    if (saved) onSaved(saved);
  };
  const remove = async () => {
    const n = await run('Deleting…', () => api.remove([item.id]));
    if (n !== undefined) onDeleted();
  };
  const message = !result.ok ? result.error : error;
  return (
    <div className="memory-editor" data-testid="memory-editor" data-memory={item.id}>
      <EditorHead item={item} />
      <MemoryTrust api={api} item={item} onChanged={(text) => onTrustChanged?.(text)} />
      <label className="toggle toggle-small memory-json-toggle">
        <input
          type="checkbox"
          checked={json !== null}
          onChange={(e) => setJson(e.target.checked ? itemJson(item) : null)}
          data-action="memory-json"
        />
        <span className="toggle-track" aria-hidden="true" />
        <span>Edit as JSON (advanced)</span>
      </label>
      <form
        className="memory-fields"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {json !== null ? (
          <label className="field field-wide">
            <span className="field-label">The memory’s fields as JSON</span>
            <textarea
              value={json}
              name="memory.json"
              rows={Math.min(24, json.split('\n').length + 1)}
              className="mono-input"
              spellCheck={false}
              onChange={(e) => setJson(e.target.value)}
            />
          </label>
        ) : (
          memoryFields(item.kind).map((f) => (
            <FieldInput
              key={f.name}
              f={f}
              v={values[f.name] ?? ''}
              voiceKey={`memory:${item.id}:${f.name}`}
              set={(next) => {
                setValues((vs) => ({ ...vs, [f.name]: next }));
                clear();
              }}
            />
          ))
        )}
        <footer className="memory-editor-foot">
          {message ? (
            <span className="save-error" role="alert">
              {message}
            </span>
          ) : notice ? (
            <span className="save-ok" role="status">
              {notice}
            </span>
          ) : dirty ? (
            <span className="save-pending">Unsaved changes</span>
          ) : null}
          <DeleteButton busy={working} onDelete={() => void remove()} />
          <button
            type="button"
            className="btn"
            onClick={() => (json !== null ? setJson(itemJson(item)) : setValues(before))}
            disabled={!dirty || working}
          >
            Revert
          </button>
          <button type="submit" className="btn btn-primary" disabled={!dirty || working} data-action="save-memory">
            {busy === 'Saving…' ? 'Saving…' : 'Save'}
          </button>
        </footer>
      </form>
    </div>
  );
}
