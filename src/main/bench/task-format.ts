/**
 * Writes task files the way the built-in suite is written: keys in the format's order, and
 * any object or array that fits in 110 columns on one line — short steps and checks stay
 * readable at a glance. Used by `moba bench measure --write`.
 */
const ORDER = [
  '$schema',
  'id',
  'version',
  'category',
  'apps',
  'title',
  'source',
  'tags',
  'goal',
  'params',
  'device',
  'setup',
  'preconditions',
  'milestones',
  'invariants',
  'solution',
  'human',
  'budget',
  'notes',
];
const WIDTH = 110;

function compact(v: unknown): string {
  return JSON.stringify(v, null, 1)
    .replace(/\n\s*/g, ' ')
    .replace(/\[ /g, '[')
    .replace(/ \]/g, ']')
    .replace(/\{ /g, '{')
    .replace(/ \}/g, '}');
}

function format(v: unknown, indent: number): string {
  const one = compact(v);
  if (
    one.length + indent <= WIDTH ||
    v === null ||
    typeof v !== 'object' ||
    (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0)
  )
    return one;
  const pad = ' '.repeat(indent + 2);
  if (Array.isArray(v)) return `[\n${v.map((x) => pad + format(x, indent + 2)).join(',\n')}\n${' '.repeat(indent)}]`;
  return `{\n${Object.entries(v)
    .map(([k, x]) => `${pad}${JSON.stringify(k)}: ${format(x, indent + 2)}`)
    .join(',\n')}\n${' '.repeat(indent)}}`;
}

export function formatTaskJson(task: Record<string, unknown>): string {
  const ordered: Record<string, unknown> = {};
  for (const k of ORDER) if (task[k] !== undefined) ordered[k] = task[k];
  for (const [k, v] of Object.entries(task)) if (!(k in ordered)) ordered[k] = v;
  return `${format(ordered, 0)}\n`;
}
