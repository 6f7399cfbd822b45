import type { ReactNode } from 'react';

export interface SectionCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  dirty?: boolean;
  invalid?: boolean;
  saving?: boolean;
  saved?: boolean;
  error?: string | undefined;
  onSave?: () => void;
  onRevert?: () => void;
}

/** One settings section: its fields and, when editable, Save / Revert with the outcome. */
export function SectionCard({
  id,
  title,
  description,
  children,
  dirty,
  invalid,
  saving,
  saved,
  error,
  onSave,
  onRevert,
}: SectionCardProps) {
  return (
    <section className="settings-section" data-section={id} aria-labelledby={`settings-${id}`}>
      <header>
        <h3 id={`settings-${id}`}>{title}</h3>
        {description ? <p className="section-description">{description}</p> : null}
      </header>
      <div className="settings-fields">{children}</div>
      {onSave ? (
        <footer className="section-footer">
          {error ? (
            <span className="save-error" role="alert">
              {error}
            </span>
          ) : saved && !dirty ? (
            <span className="save-ok" role="status">
              Saved
            </span>
          ) : dirty ? (
            <span className="save-pending">Unsaved changes</span>
          ) : null}
          <button type="button" className="btn" onClick={onRevert} disabled={!dirty || saving}>
            Revert
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onSave}
            disabled={!dirty || invalid || saving}
            data-action={`save-${id}`}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </footer>
      ) : null}
    </section>
  );
}
