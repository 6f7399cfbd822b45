/**
 * What the task format adds on top of the phone's own commands: JSON Patch (RFC 6902) set-up
 * operations, written to the phone as the merge patch (RFC 7386) `sim-state set` takes, and
 * the task's disturbances in the simulator's spec (apps by package).
 */
import fastJsonPatch from 'fast-json-patch';
import { packageOfApp } from '../../shared/bench/apps.ts';
import type { Disturbance, JsonPatchOp } from '../../shared/bench/task-steps.ts';
import type { JsonValue } from '../../shared/bench/task-values.ts';
import { MobaError } from '../../shared/errors.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The RFC 7386 merge patch that turns `from` into `to` (removed keys become null, lists are replaced whole). */
export function mergePatchBetween(from: unknown, to: unknown): unknown {
  if (!isObject(from) || !isObject(to)) return to;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(from)) if (!(key in to)) out[key] = null;
  for (const [key, value] of Object.entries(to)) {
    if (!(key in from)) out[key] = value;
    else if (JSON.stringify(from[key]) !== JSON.stringify(value)) out[key] = mergePatchBetween(from[key], value);
  }
  return out;
}

/**
 * Applies JSON Patch operations to an app's stored data and returns the merge patch that
 * writes the result.
 * @throws MobaError INVALID_INPUT naming the operation that cannot apply (a path that leads
 *   nowhere, a failed `test`)
 */
export function mergePatchFor(data: unknown, ops: readonly JsonPatchOp[], what: string): unknown {
  const doc = structuredClone(data);
  let result: unknown = doc;
  for (const [i, op] of ops.entries()) {
    try {
      result = fastJsonPatch.applyOperation(result, op as fastJsonPatch.Operation, true, true, false).newDocument;
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new MobaError('INVALID_INPUT', `${what}: ops[${i}] (${op.op} ${op.path}) cannot apply: ${message}`);
    }
  }
  return mergePatchBetween(data, result);
}

/** The task's disturbances as the phone takes them (`sim-disturb add`): apps by package. */
export function phoneDisturbances(list: readonly Disturbance[]): Array<Record<string, JsonValue>> {
  return list.map((d) => {
    const { app, ...rest } = d;
    return (app === undefined ? rest : { ...rest, app: packageOfApp(app) }) as Record<string, JsonValue>;
  });
}
