/**
 * DATA.md names every field of every app's stored-data schema (in that app's section) and
 * every system setting the phone has: a field or setting added without documentation fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defaultSettings } from '../phone/defaults.ts';
import { APP_STORES } from './schemas.ts';

const doc = readFileSync(join(import.meta.dirname, 'DATA.md'), 'utf8');

/** The doc's `### … — \`pkg\`` section (up to the next heading). */
function section(pkg: string): string {
  const start = doc.indexOf(`— \`${pkg}\``);
  if (start < 0) return '';
  const rest = doc.slice(start);
  const end = rest.slice(1).search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** Every object key anywhere in a zod schema (through arrays, nullables, unions…). */
function fieldNames(schema: z.ZodType, out = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const walk = (s: unknown): void => void fieldNames(s as z.ZodType, out);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.add(key);
        walk(value);
      }
      break;
    case 'array':
      walk(def.element);
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
      walk(def.innerType);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'record':
      walk(def.valueType);
      break;
  }
  return out;
}

describe('DATA.md', () => {
  it("names every field of every app's stored data in the app's section", () => {
    const missing: string[] = [];
    for (const [pkg, store] of Object.entries(APP_STORES)) {
      const text = section(pkg);
      if (!text) missing.push(`${pkg}: no section`);
      for (const field of fieldNames(store.schema))
        if (!text.includes(`\`${field}\``)) missing.push(`${pkg}: ${field}`);
    }
    expect(missing).toEqual([]);
  });

  it('lists every system setting the phone has', () => {
    const settings = doc.slice(doc.indexOf('## System settings'));
    const missing = Object.entries(defaultSettings(0)).flatMap(([ns, values]) =>
      Object.keys(values)
        .filter((key) => !settings.includes(`\`${key}\``))
        .map((key) => `${ns} ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds fields the way the check above relies on', () => {
    expect([...fieldNames(APP_STORES['com.moba.notes']!.schema)]).toEqual([
      'notes',
      'id',
      'title',
      'body',
      'pinned',
      'createdAt',
      'updatedAt',
      'nextId',
    ]);
  });
});
