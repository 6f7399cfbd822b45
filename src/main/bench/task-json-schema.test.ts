import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taskJsonSchemaText } from './task-json-schema.ts';

describe('the committed JSON Schema of the task format', () => {
  it('is what the zod schemas generate (run `moba bench schema --out resources/benchmark/task.schema.json` after changing them)', () => {
    const committed = readFileSync(
      join(import.meta.dirname, '..', '..', '..', 'resources', 'benchmark', 'task.schema.json'),
      'utf8',
    );
    expect(committed).toBe(taskJsonSchemaText());
  });
});
