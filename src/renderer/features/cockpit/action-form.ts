/**
 * The action editor's fields, derived from the action space itself (`ACTIONS` and their zod
 * params): a new action in `src/shared/actions.ts` shows up in the editor without UI changes.
 */
import { ACTIONS, ACTION_NAMES, validateAction } from '../../../shared/actions.ts';
import type { ActionCall, ActionDefinition, ActionName, ParseActionResult } from '../../../shared/actions.ts';

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
    const { inner, optional, defaultValue } = unwrap(shape[arg]!);
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

export function valuesOf(action: ActionCall): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(action.params as Record<string, unknown>))
    if (v !== undefined) out[k] = String(v);
  return out;
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

/** Builds and validates an action from form values with the contract's own schema. */
export function buildAction(name: ActionName, values: FormValues): ParseActionResult {
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
  return validateAction({ name, params });
}
