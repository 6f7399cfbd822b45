import { useState } from 'react';
import type { MemoryItem } from '../../../shared/schemas/memory.ts';
import { hrefFor } from '../../routing/router.ts';
import { toMobaError } from '../../../shared/errors.ts';
import type { MemoryApi } from './memory-api.ts';
import { KIND_LABEL, formValues, memoryFields, patchFrom } from './memory-form.ts';
import { PushToTalk } from '../../ui/voice/push-to-talk.tsx';
import { MemoryTrust } from './memory-trust.tsx';

/** One memory's fields, editable (validated by main against its kind), with delete. */
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
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [confirm, setConfirm] = useState(false);
  const fields = memoryFields(item.kind);
  const result = patchFrom(item.kind, before, values);
  const dirty = result.ok && Object.keys(result.patch).length > 0;

  const save = async () => {
    if (!result.ok) return;
    setBusy('Saving…');
    setMessage(undefined);
    try {
      const saved = await api.update(item.id, result.patch);
      setMessage({ ok: true, text: 'Saved' });
      onSaved(saved);
    } catch (e) {
      setMessage({ ok: false, text: toMobaError(e).message });
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('Deleting…');
    try {
      await api.remove([item.id]);
      onDeleted();
    } catch (e) {
      setMessage({ ok: false, text: toMobaError(e).message });
      setBusy(null);
    }
  };
  return (
    <div className="memory-editor" data-testid="memory-editor" data-memory={item.id}>
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
      <MemoryTrust api={api} item={item} onChanged={(text) => onTrustChanged?.(text)} />
      <form
        className="memory-fields"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {fields.map((f) => {
          const v = values[f.name] ?? '';
          const set = (next: string) => {
            setValues({ ...values, [f.name]: next });
            setMessage(undefined);
          };
          const label = `${f.name}${f.optional ? '' : ' *'}`;
          return (
            <label
              key={f.name}
              className={`field ${f.kind === 'json' || (f.kind === 'text' && f.multiline) || f.kind === 'lines' ? 'field-wide' : ''}`}
            >
              <span className="field-label">{label}</span>
              {f.kind === 'enum' ? (
                <select value={v} name={`memory.${f.name}`} onChange={(e) => set(e.target.value)}>
                  {f.optional ? <option value="">—</option> : null}
                  {f.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : f.kind === 'text' && !f.multiline ? (
                <input
                  type="text"
                  value={v}
                  name={`memory.${f.name}`}
                  onChange={(e) => set(e.target.value)}
                  spellCheck={false}
                />
              ) : (
                <textarea
                  value={v}
                  name={`memory.${f.name}`}
                  rows={f.kind === 'json' ? Math.min(14, v.split('\n').length + 1) : f.kind === 'lines' ? 4 : 3}
                  className={f.kind === 'json' ? 'mono-input' : ''}
                  onChange={(e) => set(e.target.value)}
                  spellCheck={f.kind === 'text'}
                />
              )}
              {f.kind === 'lines' ? <span className="field-hint">One per line.</span> : null}
              {f.kind === 'text' ? (
                <PushToTalk
                  purpose="memory"
                  draftKey={`memory:${item.id}:${f.name}`}
                  label="Dictate"
                  onTranscript={(t) => set(v.trim() ? `${v.trimEnd()} ${t.text}` : t.text)}
                />
              ) : null}
            </label>
          );
        })}
        <footer className="memory-editor-foot">
          {!result.ok ? (
            <span className="save-error">{result.error}</span>
          ) : message ? (
            <span className={message.ok ? 'save-ok' : 'save-error'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </span>
          ) : dirty ? (
            <span className="save-pending">Unsaved changes</span>
          ) : null}
          {confirm ? (
            <>
              <button
                type="button"
                className="btn btn-danger-solid"
                onClick={() => void remove()}
                disabled={!!busy}
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
              disabled={!!busy}
              data-action="delete-memory"
            >
              Delete
            </button>
          )}
          <button type="button" className="btn" onClick={() => setValues(before)} disabled={!dirty || !!busy}>
            Revert
          </button>
          <button type="submit" className="btn btn-primary" disabled={!dirty || !!busy} data-action="save-memory">
            {busy === 'Saving…' ? 'Saving…' : 'Save'}
          </button>
        </footer>
      </form>
    </div>
  );
}
