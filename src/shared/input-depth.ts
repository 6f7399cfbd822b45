/**
 * Inputs nested deeper than any method needs are refused before validation: a settings field
 * such as `extraBody` accepts any JSON, and 100,000 nested objects there once overflowed the
 * stack when the settings were written (INTERNAL instead of INVALID_INPUT). The walk is
 * iterative, so no depth of input can overflow it.
 */

/** Deeper than any contract input (settings and memory drafts are about 6 levels). */
export const MAX_INPUT_DEPTH = 64;

/**
 * @returns the path of the first value nested deeper than `max` (e.g. `patch.models.default.extraBody.a.a…`),
 *   or null when the input is within bounds
 */
export function tooDeepAt(input: unknown, max: number = MAX_INPUT_DEPTH): string | null {
  const path = tooDeepPath(input, max, 9);
  if (!path) return null;
  const shown = path.length > 8 ? [...path.slice(0, 6), '…', ...path.slice(-1)] : path;
  return shown.join('.');
}

/**
 * @param keep how many leading keys of the path to keep (the path of a value 100,000 levels down is not built)
 * @returns the keys (array indices as numbers) down to the first value nested deeper than `max`, or null
 */
export function tooDeepPath(input: unknown, max: number, keep = max): Array<string | number> | null {
  const stack: Array<{ value: unknown; depth: number; path: Array<string | number> }> = [
    { value: input, depth: 0, path: [] },
  ];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return path;
    const isArray = Array.isArray(value);
    for (const [k, v] of Object.entries(value))
      if (v !== null && typeof v === 'object')
        stack.push({ value: v, depth: depth + 1, path: [...path.slice(0, keep - 1), isArray ? Number(k) : k] });
  }
  return null;
}
