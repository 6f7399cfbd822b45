import { useCallback, useMemo, useState } from 'react';
import { ACTIONS, formatAction, parseAction } from '../../../shared/actions.ts';
import type { ActionCall, ActionName } from '../../../shared/actions.ts';
import type { CoordinateUnit, ScreenBox } from '../../../shared/elements/coordinates.ts';
import { fromPixels } from '../../../shared/elements/coordinates.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import {
  UNIT_LABEL,
  actionChoices,
  buildAction,
  checkOnScreen,
  convertUnit,
  elementParamOf,
  paramFields,
  switchAction,
  valuesOf,
} from './action-form.ts';
import type { FormValues, ParamField } from './action-form.ts';

export interface ActionDraft {
  name: ActionName;
  values: FormValues;
  setName(name: ActionName): void;
  setValue(field: string, value: string): void;
  /** An element picked on the overlay: fills the element parameter, or makes the action a Click. */
  pick(element: UiElement): void;
  /** A point picked on the screen (pixels): fills a point action's x and y in its unit. */
  pickPoint(x: number, y: number): void;
  replace(action: ActionCall): void;
  /** The action as it would run on this screen, or why it cannot. */
  result: ReturnType<typeof buildAction>;
  screen: ScreenBox;
}

export function useActionDraft(initial: ActionCall, screen: ScreenBox): ActionDraft {
  const [name, setNameState] = useState<ActionName>(initial.name);
  const [values, setValues] = useState<FormValues>(() => valuesOf(initial, screen));
  const setName = useCallback(
    (next: ActionName) => {
      setValues((v) => switchAction(v, name, next));
      setNameState(next);
    },
    [name],
  );
  const setValue = useCallback(
    (field: string, value: string) =>
      setValues((v) =>
        name === 'Click_by_Coordinate' && field === 'unit'
          ? convertUnit(v, value as CoordinateUnit, screen)
          : { ...v, [field]: value },
      ),
    [name, screen],
  );
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
  const pickPoint = useCallback(
    (x: number, y: number) =>
      setValues((v) => {
        const unit = (v.unit ?? 'px') as CoordinateUnit;
        const [nx, ny] = fromPixels(x, y, unit, screen);
        return { ...v, x: String(nx), y: String(ny), unit };
      }),
    [screen],
  );
  const replace = useCallback((action: ActionCall) => {
    setNameState(action.name);
    setValues(valuesOf(action));
  }, []);
  const result = useMemo(() => buildAction(name, values, screen), [name, values, screen]);
  return { name, values, setName, setValue, pick, pickPoint, replace, result, screen };
}

function describe(el: UiElement | undefined): string {
  if (!el) return 'not on this screen';
  const text = el.text || el.contentDesc;
  return `${el.className.split('.').pop() ?? ''}${text ? ` “${text.slice(0, 40)}”` : ''}`;
}

interface FieldProps {
  f: ParamField;
  draft: ActionDraft;
  elements: readonly UiElement[];
  picking: boolean;
  onTogglePick(): void;
}

function ElementField({ f, draft, elements, picking, onTogglePick }: FieldProps) {
  const value = draft.values[f.name] ?? '';
  const el = elements.find((e) => e.index === Number(value));
  return (
    <div className="field compact field-element">
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

function ParamInput(p: FieldProps) {
  const { f, draft } = p;
  const value = draft.values[f.name] ?? '';
  const point = draft.name === 'Click_by_Coordinate';
  if (f.kind === 'element') return <ElementField {...p} />;
  if (f.kind === 'enum')
    return (
      <label className={point && f.name === 'unit' ? 'field compact field-wide' : 'field compact'} key={f.name}>
        <span className="field-label">{point && f.name === 'unit' ? 'Unit' : f.name}</span>
        <select
          value={value || f.defaultValue || ''}
          name={`edit.${f.name}`}
          onChange={(e) => draft.setValue(f.name, e.target.value)}
        >
          {f.options.map((o) => (
            <option key={o} value={o}>
              {point && f.name === 'unit' ? UNIT_LABEL[o as CoordinateUnit] : o}
            </option>
          ))}
        </select>
      </label>
    );
  if (f.kind === 'number')
    return (
      <label className="field compact field-narrow">
        <span className="field-label">{f.name}</span>
        <input
          type="number"
          min={0}
          value={value}
          name={`edit.${f.name}`}
          placeholder={f.defaultValue === undefined ? '' : String(f.defaultValue)}
          onChange={(e) => draft.setValue(f.name, e.target.value)}
        />
      </label>
    );
  return (
    <label className="field compact field-wide">
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
}

/** The call typed as text, checked against the screen as it is typed. */
function TypedCall({ draft }: { draft: ActionDraft }) {
  const [typed, setTyped] = useState<string | null>(null);
  const typedResult = typed === null ? null : checkOnScreen(parseAction(typed), draft.screen);
  const ok = draft.result.ok && (!typedResult || typedResult.ok);
  return (
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
      <p className={`action-editor-status ${ok ? 'ok' : 'bad'}`} role="status" data-testid="edit-status">
        {typedResult && !typedResult.ok
          ? typedResult.error
          : draft.result.ok
            ? `Will run ${formatAction(draft.result.action)}`
            : draft.result.error}
      </p>
    </div>
  );
}

/**
 * Edits an action: its kind, its parameters (fields derived from the action space), or the
 * call typed as text. The element parameter — or a point — can also be picked on the screen.
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
  const point = draft.name === 'Click_by_Coordinate';
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
        {paramFields(draft.name).map((f) => (
          <ParamInput
            key={f.name}
            f={f}
            draft={draft}
            elements={elements}
            picking={picking}
            onTogglePick={onTogglePick}
          />
        ))}
        {point ? (
          <button
            type="button"
            className={`btn btn-small point-pick ${picking ? 'btn-active' : ''}`}
            onClick={onTogglePick}
            aria-pressed={picking}
            data-action="pick-point"
          >
            {picking ? 'Click the point…' : 'Pick on screen'}
          </button>
        ) : null}
      </div>
      {point ? (
        <p className="field-hint">
          x and y in {UNIT_LABEL[(draft.values.unit ?? 'px') as CoordinateUnit]} ({draft.screen.width}×
          {draft.screen.height} px); the point is drawn on the screen.
        </p>
      ) : null}
      <TypedCall draft={draft} />
    </div>
  );
}
