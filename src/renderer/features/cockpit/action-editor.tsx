import { useCallback, useMemo, useState } from 'react';
import { ACTIONS, formatAction, parseAction } from '../../../shared/actions.ts';
import type { ActionCall, ActionName } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { actionChoices, buildAction, elementParamOf, paramFields, switchAction, valuesOf } from './action-form.ts';
import type { FormValues } from './action-form.ts';

export interface ActionDraft {
  name: ActionName;
  values: FormValues;
  setName(name: ActionName): void;
  setValue(field: string, value: string): void;
  /** An element picked on the overlay: fills the element parameter, or makes the action a Click. */
  pick(element: UiElement): void;
  replace(action: ActionCall): void;
  result: ReturnType<typeof buildAction>;
}

export function useActionDraft(initial: ActionCall): ActionDraft {
  const [name, setNameState] = useState<ActionName>(initial.name);
  const [values, setValues] = useState<FormValues>(() => valuesOf(initial));
  const setName = useCallback(
    (next: ActionName) => {
      setValues((v) => switchAction(v, name, next));
      setNameState(next);
    },
    [name],
  );
  const setValue = useCallback((field: string, value: string) => setValues((v) => ({ ...v, [field]: value })), []);
  const pick = useCallback(
    (element: UiElement) => {
      const param = elementParamOf(name);
      if (param) setValues((v) => ({ ...v, [param]: String(element.index) }));
      else {
        setNameState('Click');
        setValues({ index: String(element.index) });
      }
    },
    [name],
  );
  const replace = useCallback((action: ActionCall) => {
    setNameState(action.name);
    setValues(valuesOf(action));
  }, []);
  const result = useMemo(() => buildAction(name, values), [name, values]);
  return { name, values, setName, setValue, pick, replace, result };
}

function describe(el: UiElement | undefined): string {
  if (!el) return 'not on this screen';
  const text = el.text || el.contentDesc;
  return `${el.className.split('.').pop() ?? ''}${text ? ` “${text.slice(0, 40)}”` : ''}`;
}

/**
 * Edits an action: its kind, its parameters (fields derived from the action space), or the
 * call typed as text. The element parameter can also be picked on the screen overlay.
 */
export function ActionEditor({
  draft,
  elements,
  picking,
  onTogglePick,
}: {
  draft: ActionDraft;
  elements: readonly UiElement[];
  picking: boolean;
  onTogglePick(): void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const typedResult = typed === null ? null : parseAction(typed);
  const fields = paramFields(draft.name);
  return (
    <div className="action-editor" data-testid="action-editor">
      <div className="action-editor-row">
        <label className="field compact">
          <span className="field-label">Action</span>
          <select
            value={draft.name}
            onChange={(e) => draft.setName(e.target.value as ActionName)}
            name="edit.action"
            aria-label="Action"
          >
            {actionChoices().map((g) => (
              <optgroup key={g.kind} label={`${g.kind[0]!.toUpperCase()}${g.kind.slice(1)} actions`}>
                {g.names.map((n) => (
                  <option key={n} value={n}>
                    {ACTIONS[n].signature}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {fields.map((f) => {
          const value = draft.values[f.name] ?? '';
          if (f.kind === 'element') {
            const el = elements.find((e) => e.index === Number(value));
            return (
              <div className="field compact field-element" key={f.name}>
                <span className="field-label">Element</span>
                <div className="element-input">
                  <input
                    type="number"
                    min={1}
                    value={value}
                    name={`edit.${f.name}`}
                    aria-label="Element index"
                    onChange={(e) => draft.setValue(f.name, e.target.value)}
                  />
                  <button
                    type="button"
                    className={`btn btn-small ${picking ? 'btn-active' : ''}`}
                    onClick={onTogglePick}
                    aria-pressed={picking}
                    data-action="pick-element"
                  >
                    {picking ? 'Click an element…' : 'Pick on screen'}
                  </button>
                </div>
                <span className="field-hint">{value ? describe(el) : 'the element’s number on the screen'}</span>
              </div>
            );
          }
          if (f.kind === 'enum') {
            return (
              <label className="field compact" key={f.name}>
                <span className="field-label">{f.name}</span>
                <select
                  value={value || f.defaultValue || ''}
                  name={`edit.${f.name}`}
                  onChange={(e) => draft.setValue(f.name, e.target.value)}
                >
                  {f.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              </label>
            );
          }
          if (f.kind === 'number') {
            return (
              <label className="field compact" key={f.name}>
                <span className="field-label">{f.name}</span>
                <input
                  type="number"
                  value={value}
                  name={`edit.${f.name}`}
                  placeholder={f.defaultValue === undefined ? '' : String(f.defaultValue)}
                  onChange={(e) => draft.setValue(f.name, e.target.value)}
                />
              </label>
            );
          }
          return (
            <label className="field compact field-wide" key={f.name}>
              <span className="field-label">
                {f.name}
                {f.optional ? ' (optional)' : ''}
              </span>
              <input
                type="text"
                value={value}
                name={`edit.${f.name}`}
                onChange={(e) => draft.setValue(f.name, e.target.value)}
              />
            </label>
          );
        })}
      </div>
      <div className="action-editor-typed">
        <label className="field compact field-wide">
          <span className="field-label">…or type the call</span>
          <input
            type="text"
            spellCheck={false}
            name="edit.typed"
            value={typed ?? (draft.result.ok ? formatAction(draft.result.action) : '')}
            placeholder="Click(5)"
            onChange={(e) => {
              setTyped(e.target.value);
              const r = parseAction(e.target.value);
              if (r.ok) draft.replace(r.action);
            }}
            onBlur={() => setTyped(null)}
          />
        </label>
        <p
          className={`action-editor-status ${draft.result.ok && (!typedResult || typedResult.ok) ? 'ok' : 'bad'}`}
          role="status"
        >
          {typedResult && !typedResult.ok
            ? typedResult.error
            : draft.result.ok
              ? `Will run ${formatAction(draft.result.action)}`
              : draft.result.error}
        </p>
      </div>
    </div>
  );
}
