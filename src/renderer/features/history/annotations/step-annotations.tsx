/**
 * Failure tags on the replayed step: the tags it has (with who and when), and tagging with a
 * category and a note. Keyboard first, as with decisions: `1`–`7` picks a category and opens
 * the note, Enter saves, Esc cancels. Each tag is a run event (`step_annotated`); the replay
 * sees it come back through the run feed.
 */
import { useEffect, useRef, useState } from 'react';
import {
  FAILURE_CATEGORIES,
  FAILURE_CATEGORY_INFO,
  categoryForKey,
} from '../../../../shared/annotations/failure-categories.ts';
import type { FailureCategory } from '../../../../shared/annotations/failure-categories.ts';
import type { MobaClient } from '../../../../shared/contract.ts';
import { useBusy } from '../../../ui/use-busy.ts';
import { useEscapeCloses } from '../../../ui/escape-stack.ts';
import { ErrorNote } from '../../../ui/notes.tsx';
import type { AnnotationState } from '../../../../shared/run/reducer.ts';
import { isTypingTarget } from '../../../ui/keys.ts';
import './annotations.css';

function when(ms: number): string {
  return new Date(ms).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
}

export function StepAnnotations({
  client,
  runId,
  stepId,
  annotations,
}: {
  client: MobaClient;
  runId: string;
  stepId: string;
  annotations: readonly AnnotationState[];
}) {
  const [draft, setDraft] = useState<{ category: FailureCategory; note: string } | null>(null);
  const { busy, error, run, clear } = useBusy();
  useEscapeCloses(draft !== null, () => setDraft(null));
  const noteRef = useRef<HTMLInputElement>(null);
  const mine = annotations.filter((a) => a.stepId === stepId);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const category = categoryForKey(e.key);
      if (!category) return;
      e.preventDefault();
      setDraft({ category, note: '' });
      clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [clear]);
  useEffect(() => {
    if (draft) noteRef.current?.focus();
  }, [draft?.category]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    if (!draft) return;
    const saved = await run('Saving…', () =>
      client.annotateStep({ runId, stepId, category: draft.category, note: draft.note }),
    );
    if (saved) setDraft(null);
  };
  const remove = (annotationId: string) =>
    void run('Removing…', () => client.removeAnnotation({ runId, annotationId }));

  return (
    <section className="step-annotations" data-testid="step-annotations" aria-label="Failure tags of this step">
      <h4 className="call-section">Failure tags</h4>
      {mine.length ? (
        <ul className="annotation-list">
          {mine.map((a) => (
            <li key={a.annotationId} data-annotation={a.annotationId} data-category={a.category}>
              <span className={`chip chip-tag chip-tag-${a.category}`}>{FAILURE_CATEGORY_INFO[a.category].label}</span>
              {a.note ? <span className="annotation-note">{a.note}</span> : null}
              <span className="muted annotation-by">
                {a.author ?? a.by}, {when(a.at)}
              </span>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => remove(a.annotationId)}
                aria-label={`Remove the ${FAILURE_CATEGORY_INFO[a.category].label} tag`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="tag-buttons" role="group" aria-label="Tag this step with a failure category">
        {FAILURE_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            className={`btn btn-small ${draft?.category === c ? 'on' : ''}`}
            data-tag={c}
            title={`${FAILURE_CATEGORY_INFO[c].description} (key ${FAILURE_CATEGORY_INFO[c].key})`}
            onClick={() => setDraft({ category: c, note: draft?.note ?? '' })}
          >
            <kbd>{FAILURE_CATEGORY_INFO[c].key}</kbd> {FAILURE_CATEGORY_INFO[c].label}
          </button>
        ))}
      </div>
      {draft ? (
        <form
          className="tag-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <span className={`chip chip-tag chip-tag-${draft.category}`}>
            {FAILURE_CATEGORY_INFO[draft.category].label}
          </span>
          <input
            ref={noteRef}
            name="annotation.note"
            placeholder="What went wrong? (Enter saves, Esc cancels)"
            value={draft.note}
            maxLength={4000}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
          <button type="submit" className="btn btn-primary btn-small" disabled={busy !== null} data-action="save-tag">
            Tag
          </button>
        </form>
      ) : null}
      <ErrorNote error={error} />
    </section>
  );
}

/** Counts per category over a run's tags, for the replay header. */
export function TagSummary({ annotations }: { annotations: readonly AnnotationState[] }) {
  if (!annotations.length) return null;
  const counts = new Map<FailureCategory, number>();
  for (const a of annotations) counts.set(a.category, (counts.get(a.category) ?? 0) + 1);
  return (
    <span className="tag-summary" data-testid="tag-summary" title="Failure tags in this run">
      {[...counts.entries()].map(([c, n]) => (
        <span key={c} className={`chip chip-tag chip-tag-${c}`}>
          {FAILURE_CATEGORY_INFO[c].label} {n}
        </span>
      ))}
    </span>
  );
}
