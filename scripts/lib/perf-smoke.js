// The performance scripts' smoke test in `npm test`: every `perf:*` npm script runs once with
// MOBA_PERF_QUICK=1 (the smallest inputs) and must exit 0 with one JSON object as its last
// line. Its figures are not checked — a smoke run only shows that the script still works.

/**
 * @param {{ scripts?: Record<string, string> }} pkg package.json
 * @returns {string[]} the `perf:*` script names, sorted
 */
export function perfScripts(pkg) {
  return Object.keys(pkg.scripts ?? {})
    .filter((name) => name.startsWith('perf:'))
    .sort();
}

/**
 * @param {string} stdout what a script printed
 * @returns {string | null} why its output does not end with one JSON object, or null when it does
 */
export function jsonLineProblem(stdout) {
  const last = stdout.trimEnd().split('\n').at(-1) ?? '';
  if (!last) return 'it printed nothing';
  try {
    const value = JSON.parse(last);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? null
      : 'its last line is JSON but not an object';
  } catch {
    return `its last line is not JSON: ${last.slice(0, 120)}`;
  }
}
