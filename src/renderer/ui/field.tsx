import type { ReactNode } from 'react';
import { useId } from 'react';

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (id: string) => ReactNode;
}

/** A labelled form control with an optional hint and an inline error. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint">{hint}</p>
      ) : null}
    </div>
  );
}

export function Toggle({
  id,
  checked,
  onChange,
  label,
}: {
  id?: string;
  checked: boolean;
  onChange(value: boolean): void;
  label: string;
}) {
  return (
    <label className="toggle">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="toggle-track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}
