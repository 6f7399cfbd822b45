import { Field } from '../../ui/field.tsx';

export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  step,
  name,
}: {
  label: string;
  value: number | undefined;
  onChange(v: number | undefined): void;
  error?: string | undefined;
  hint?: string;
  min?: number;
  max?: number;
  step?: number;
  name: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id) => (
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          value={value === undefined || Number.isNaN(value) ? '' : value}
          min={min}
          max={max}
          step={step ?? 1}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      )}
    </Field>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  name,
  type,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  name: string;
  type?: 'text' | 'url' | 'password';
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id) => (
        <input
          id={id}
          name={name}
          type={type ?? 'text'}
          value={value}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  name,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange(v: T): void;
  hint?: string;
  name: string;
}) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
