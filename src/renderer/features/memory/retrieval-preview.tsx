import { useState } from 'react';
import { RETRIEVAL_PURPOSES } from '../../../shared/schemas/memory.ts';
import type { RetrievalPurpose, RetrievalResult } from '../../../shared/schemas/memory.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import type { MemoryApi } from './memory-api.ts';
import './retrieval-preview.css';

const PURPOSE_HINT: Record<RetrievalPurpose, string> = {
  plan: 'Planning: routes of similar goals, failures, user preferences',
  act: 'Acting: successes and failures of similar sub-goals, app pages, answers',
  reflect: 'Reflecting: similar failures',
  select_app: 'Choosing an app: app descriptions, user preferences',
};

/** "What would the agent be given for this task?": the ranked memories with scores and why. */
export function RetrievalPreview({ api, onOpen }: { api: MemoryApi; onOpen(id: string): void }) {
  const [task, setTask] = useState('');
  const [purpose, setPurpose] = useState<RetrievalPurpose>('plan');
  const { busy, error, run: call } = useBusy();
  const [result, setResult] = useState<RetrievalResult | null>(null);
  const run = async () => {
    if (!task.trim()) return;
    const r = await call('Retrieving…', () => api.preview(task.trim(), purpose));
    if (r) setResult(r);
  };
  return (
    <section className="retrieval-preview" data-testid="retrieval-preview">
      <form
        className="preview-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <input
          type="text"
          name="preview.task"
          value={task}
          placeholder="A task, e.g. Set an alarm for 7 AM on weekdays"
          onChange={(e) => setTask(e.target.value)}
          aria-label="Task text"
        />
        <select
          value={purpose}
          onChange={(e) => setPurpose(e.target.value as RetrievalPurpose)}
          name="preview.purpose"
          aria-label="Purpose"
          title={PURPOSE_HINT[purpose]}
        >
          {RETRIEVAL_PURPOSES.map((p) => (
            <option key={p} value={p}>
              {p.replace('_', ' ')}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy !== null || !task.trim()}
          data-action="preview-retrieval"
        >
          {busy ? 'Retrieving…' : 'Preview retrieval'}
        </button>
      </form>
      <p className="field-hint">{PURPOSE_HINT[purpose]}</p>
      <ErrorNote error={error} />
      {result ? (
        <div className="preview-result">
          <p className="muted small">
            {result.items.length} of {result.candidates} candidates · content by{' '}
            {result.contentMode === 'embedding' ? `embeddings (${result.embedderModel})` : 'keywords (BM25)'} ·{' '}
            {Math.round(result.tookMs)} ms
            {result.warnings.length ? <span className="bad-text"> · {result.warnings.join('; ')}</span> : null}
          </p>
          {result.items.length === 0 ? <p className="muted">Nothing relevant in memory for this text.</p> : null}
          <ol className="preview-items">
            {result.items.map((m) => (
              <li key={m.id} data-memory={m.id}>
                <button type="button" className="preview-item" onClick={() => onOpen(m.id)}>
                  <span className="preview-score">{m.score.toFixed(2)}</span>
                  <span className="chip">{m.kind}</span>
                  <span className="preview-summary">{m.summary}</span>
                  <span className="preview-why muted">{m.why}</span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
