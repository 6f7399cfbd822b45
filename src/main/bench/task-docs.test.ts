import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taskJsonSchemaText } from './task-json-schema.ts';

/** Every property name anywhere in a JSON Schema (objects' `properties`, through unions, arrays and definitions). */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) propertyNames(s, out);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const [name, sub] of Object.entries(value)) {
          out.add(name);
          propertyNames(sub, out);
        }
      else propertyNames(value, out);
    }
  }
  return out;
}

describe('docs/benchmark.md', () => {
  it('mentions every field of the task format’s JSON Schema (as `field` or "field")', () => {
    const docs = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'benchmark.md'), 'utf8');
    const names = propertyNames(JSON.parse(taskJsonSchemaText()));
    expect(names.size).toBeGreaterThan(60);
    const missing = [...names].filter((n) => !docs.includes(`\`${n}\``) && !docs.includes(`"${n}"`)).sort();
    expect(missing).toEqual([]);
  });
});
