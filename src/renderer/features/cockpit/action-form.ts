/**
 * The action editor's fields, derived from the action space itself (`ACTIONS` and their zod
 * params): a new action in `src/shared/actions.ts` shows up in the editor without UI changes.
 * A point (`Click_by_Coordinate`) is edited in pixels of the screenshot unless the person picks
 * the model's 0–1000 grid, and is checked against the screen as it is typed.
 */
import { ACTIONS, ACTION_NAMES, validateAction } from '../../../shared/actions.ts';
import type { ActionCall, ActionDefinition, ActionName, ParseActionResult } from '../../../shared/actions.ts';
import { coordinateProblem, fromPixels, toPixels } from '../../../shared/elements/coordinates.ts';
import type { CoordinateUnit, ScreenBox } from '../../../shared/elements/coordinates.ts';

/** The editor's unit for points: pixels of the screenshot (the action space's own default is the grid). */
export const EDITOR_UNIT: CoordinateUnit = 'px';

/** How the unit choice reads in the editor. */
export const UNIT_LABEL: Record<CoordinateUnit, string> = {
  px: 'pixels of the screenshot',
  grid: '0–1000 grid',
};

export type ParamField =
  | { name: string; kind: 'element'; optional: boolean }
  | { name: string; kind: 'number'; optional: boolean; defaultValue?: number }
  | { name: string; kind: 'enum'; optional: boolean; options: string[]; defaultValue?: string }
  | { name: string; kind: 'text'; optional: boolean; multiline: boolean };

interface ZodLike {
  def: { type: string; innerType?: ZodLike; defaultValue?: unknown };
  options?: readonly string[];
}

function unwrap(schema: ZodLike): { inner: ZodLike; optional: boolean; defaultValue: unknown } {
  let s = schema;
  let optional = false;
  let defaultValue: unknown;
  for (let i = 0; i < 5 && s.def.innerType; i++) {
    if (s.def.type === 'optional') optional = true;
    if (s.def.type === 'default') {
      optional = true;
      defaultValue = s.def.defaultValue;
    }
    s = s.def.innerType;
  }
  return { inner: s, optional, defaultValue };
}

/** The editable parameters of an action, in its positional order. */
export function paramFields(name: ActionName): ParamField[] {
  const def = ACTIONS[name] as ActionDefinition;
  const shape = (def.params as unknown as { shape: Record<string, ZodLike> }).shape;
  return def.args.map((arg): ParamField => {
    const { inner, optional, defaultValue: schemaDefault } = unwrap(shape[arg]!);
    const defaultValue = name === 'Click_by_Coordinate' && arg === 'unit' ? EDITOR_UNIT : schemaDefault;
    if (arg === def.elementParam) return { name: arg, kind: 'element', optional };
    if (inner.def.type === 'enum')
      return {
        name: arg,
        kind: 'enum',
        optional,
        options: [...(inner.options ?? [])],
        ...(typeof defaultValue === 'string' ? { defaultValue } : {}),
      };
    if (inner.def.type === 'number')
      return { name: arg, kind: 'number', optional, ...(typeof defaultValue === 'number' ? { defaultValue } : {}) };
    return { name: arg, kind: 'text', optional, multiline: arg === 'message' || arg === 'reason' };
  });
}

/** Whether an action takes an element index (so picking on the overlay fills it). */
export function elementParamOf(name: ActionName): string | undefined {
  return (ACTIONS[name] as ActionDefinition).elementParam;
}

/** Action names grouped for the editor's picker, MobA's order of preference. */
export function actionChoices(): Array<{ kind: string; names: ActionName[] }> {
  return (['single', 'combination', 'system'] as const).map((kind) => ({
    kind,
    names: ACTION_NAMES.filter((n) => ACTIONS[n].kind === kind),
  }));
}

/** Raw form values (strings from inputs) for an action. */
export type FormValues = Record<string, string>;

/** Form values of an action; with the screen, a point on the grid is shown in the editor's unit (pixels). */
export function valuesOf(action: ActionCall, screen?: ScreenBox): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(action.params as Record<string, unknown>))
    if (v !== undefined) out[k] = String(v);
  if (action.name === 'Click_by_Coordinate' && screen && action.params.unit !== EDITOR_UNIT)
    return convertUnit(out, EDITOR_UNIT, screen);
  return out;
}

/** The point's values in another unit, so it stays where it was on the screen. */
export function convertUnit(values: FormValues, to: CoordinateUnit, screen: ScreenBox): FormValues {
  const from = (values.unit ?? 'grid') as CoordinateUnit;
  const x = Number(values.x);
  const y = Number(values.y);
  if (from === to || values.x === undefined || values.y === undefined || !Number.isFinite(x) || !Number.isFinite(y))
    return { ...values, unit: to };
  const [px, py] = toPixels(x, y, from, screen);
  const [nx, ny] = fromPixels(px, py, to, screen);
  return { ...values, x: String(nx), y: String(ny), unit: to };
}

/**
 * Switches the action kind keeping what still fits (an element index stays an element index;
 * a direction stays a direction); other fields start from their defaults.
 */
export function switchAction(values: FormValues, from: ActionName, to: ActionName): FormValues {
  const fromEl = elementParamOf(from);
  const toEl = elementParamOf(to);
  const out: FormValues = {};
  for (const f of paramFields(to)) {
    if (f.kind === 'element' && fromEl && values[fromEl] !== undefined) out[f.name] = values[fromEl]!;
    else if (values[f.name] !== undefined && f.kind !== 'element') out[f.name] = values[f.name]!;
    else if ((f.kind === 'enum' || f.kind === 'number') && f.defaultValue !== undefined)
      out[f.name] = String(f.defaultValue);
  }
  if (toEl && out[toEl] === undefined && fromEl === undefined) delete out[toEl];
  return out;
}

/** Whether an action can run on this screen: a point must be on it. */
export function checkOnScreen(result: ParseActionResult, screen: ScreenBox | undefined): ParseActionResult {
  if (!result.ok || !screen || result.action.name !== 'Click_by_Coordinate') return result;
  const { x, y, unit } = result.action.params;
  const problem = coordinateProblem(x, y, unit, screen);
  if (!problem) return result;
  return {
    ok: false,
    error: unit === 'grid' ? `${problem} Use the unit “${UNIT_LABEL.px}” for points in pixels.` : problem,
  };
}

/** Builds and validates an action from form values with the contract's own schema (and, given the screen, where it acts). */
export function buildAction(name: ActionName, values: FormValues, screen?: ScreenBox): ParseActionResult {
  const params: Record<string, unknown> = {};
  for (const f of paramFields(name)) {
    const raw = values[f.name];
    if (raw === undefined || raw.trim() === '') {
      if (!f.optional) return { ok: false, error: `${f.name} is required` };
      continue;
    }
    if (f.kind === 'element' || f.kind === 'number') {
      const n = Number(raw);
      if (!Number.isFinite(n)) return { ok: false, error: `${f.name}: expected a number, got ${JSON.stringify(raw)}` };
      params[f.name] = n;
    } else params[f.name] = raw;
  }
  return checkOnScreen(validateAction({ name, params }), screen);
}
