/** The memory editor's inputs: one per field kind (text, choice, lines, a table of records, JSON). */
import { PushToTalk } from '../../ui/voice/push-to-talk.tsx';
import type { MemoryField, RowColumn } from './memory-form.ts';

type Row = Record<string, string>;

function parseRows(text: string): Row[] | null {
  try {
    const v = JSON.parse(text || '[]') as unknown;
    return Array.isArray(v) ? (v as Row[]) : null;
  } catch {
    return null;
  }
}

/** A list of flat records (a route's steps) as a table: one row per record, a column per field. */
function RowsInput({
  name,
  columns,
  value,
  set,
}: {
  name: string;
  columns: RowColumn[];
  value: string;
  set(v: string): void;
}) {
  const rows = parseRows(value);
  if (!rows) return <p className="save-error">These steps are not a list; edit them in the JSON view.</p>;
  const write = (next: Row[]) =>
    set(
      JSON.stringify(
        next.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ''))),
        null,
        2,
      ),
    );
  const cell = (i: number, col: string, v: string) => write(rows.map((r, j) => (j === i ? { ...r, [col]: v } : r)));
  return (
    <div className="memory-rows" data-rows={name}>
      <table className="list">
        <thead>
          <tr>
            <th>#</th>
            {columns.map((c) => (
              <th key={c.name} title={c.hint}>
                {c.label}
                {c.optional ? '' : ' *'}
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td className="muted">{i + 1}</td>
              {columns.map((c) => (
                <td key={c.name}>
                  <input
                    type="text"
                    value={String(r[c.name] ?? '')}
                    name={`memory.${name}.${i}.${c.name}`}
                    aria-label={`${c.label} of step ${i + 1}`}
                    onChange={(e) => cell(i, c.name, e.target.value)}
                    spellCheck={false}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="btn btn-small btn-icon"
                  aria-label={`Remove step ${i + 1}`}
                  onClick={() => write(rows.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn-small" onClick={() => write([...rows, {}])}>
        Add a step
      </button>
    </div>
  );
}

function Control({ f, v, set }: { f: MemoryField; v: string; set(next: string): void }) {
  const name = `memory.${f.name}`;
  switch (f.kind) {
    case 'enum':
      return (
        <select value={v} name={name} onChange={(e) => set(e.target.value)}>
          {f.optional ? <option value="">—</option> : null}
          {f.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'rows':
      return <RowsInput name={f.name} columns={f.columns} value={v} set={set} />;
    case 'text':
      return f.multiline ? (
        <textarea value={v} name={name} rows={3} onChange={(e) => set(e.target.value)} spellCheck />
      ) : (
        <input type="text" value={v} name={name} onChange={(e) => set(e.target.value)} spellCheck={false} />
      );
    default:
      return (
        <textarea
          value={v}
          name={name}
          rows={f.kind === 'json' ? Math.min(14, v.split('\n').length + 1) : 4}
          className={f.kind === 'json' ? 'mono-input' : ''}
          onChange={(e) => set(e.target.value)}
          spellCheck={false}
        />
      );
  }
}

/** One labelled field of a memory, with its hint, and dictation for text. */
export function FieldInput({
  f,
  v,
  set,
  voiceKey,
}: {
  f: MemoryField;
  v: string;
  set(next: string): void;
  voiceKey: string;
}) {
  const wide = f.kind === 'json' || f.kind === 'rows' || f.kind === 'lines' || (f.kind === 'text' && f.multiline);
  return (
    <label className={`field ${wide ? 'field-wide' : ''}`} data-field={f.name}>
      <span className="field-label">
        {f.label}
        {f.optional ? '' : ' *'}
      </span>
      <Control f={f} v={v} set={set} />
      {f.hint || f.kind === 'lines' ? (
        <span className="field-hint">
          {f.hint}
          {f.kind === 'lines' ? ' One per line.' : ''}
        </span>
      ) : null}
      {f.kind === 'text' ? (
        <PushToTalk
          purpose="memory"
          draftKey={voiceKey}
          label="Dictate"
          onTranscript={(t) => set(v.trim() ? `${v.trimEnd()} ${t.text}` : t.text)}
        />
      ) : null}
    </label>
  );
}
