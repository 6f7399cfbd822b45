/**
 * Paths into JSON state: `alarms`, `forecast.tomorrow.high`, `orders[-1].items[0]`,
 * `[0]`. A negative index counts from the end. Written by hand because the language is this
 * small: a JSONPath or JMESPath library would accept (and make task authors learn) far more.
 */
export type PathSegment = string | number;

const SEGMENT = /\.?([A-Za-z_$][\w$-]*)|\[(-?\d+)\]/y;

/** @returns the segments, or null when the text is not a path. */
export function parsePath(path: string): PathSegment[] | null {
  if (path === '') return [];
  const out: PathSegment[] = [];
  SEGMENT.lastIndex = 0;
  let at = 0;
  while (at < path.length) {
    SEGMENT.lastIndex = at;
    const m = SEGMENT.exec(path);
    if (!m || m.index !== at) return null;
    if (m[1] !== undefined) {
      // A dot separates names; none before the first, always one after a previous segment.
      if ((at === 0) === m[0].startsWith('.')) return null;
      out.push(m[1]);
    } else out.push(Number(m[2]));
    at = SEGMENT.lastIndex;
  }
  return out;
}

/** The value at `segments`, or undefined when any step is missing. */
export function getPath(value: unknown, segments: readonly PathSegment[]): unknown {
  let cur = value;
  for (const seg of segments) {
    if (cur === null || cur === undefined) return undefined;
    if (typeof seg === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[seg < 0 ? cur.length + seg : seg];
    } else {
      if (typeof cur !== 'object' || Array.isArray(cur)) return undefined;
      cur = Object.hasOwn(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return cur;
}

/** @throws Error naming the path when it does not parse (task files are validated before this). */
export function mustParsePath(path: string): PathSegment[] {
  const segments = parsePath(path);
  if (!segments) throw new Error(`not a path: ${JSON.stringify(path)}`);
  return segments;
}

/** `a.b[2]` from segments. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
