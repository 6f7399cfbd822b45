/**
 * The JSON Schema of the task format, generated from the zod schemas so the two cannot drift
 * (a unit test compares it with the committed `resources/benchmark/task.schema.json`). Editors
 * use it through a task file's `"$schema"`; `moba bench validate` adds the checks it cannot express.
 */
import { z } from 'zod';
import { BenchTask, TASK_FORMAT_VERSION } from '../../shared/bench/task-schema.ts';

export const TASK_SCHEMA_ID = 'https://moba-studio.dev/schemas/benchmark-task.v1.json';

export function taskJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(BenchTask, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: schema.$schema,
    $id: TASK_SCHEMA_ID,
    title: `MobA Studio benchmark task (format ${TASK_FORMAT_VERSION})`,
    description: 'One task of a MobA Studio benchmark; see docs/benchmark.md.',
    ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== '$schema')),
  };
}

/** The schema as the committed file holds it. */
export function taskJsonSchemaText(): string {
  return `${JSON.stringify(taskJsonSchema(), null, 2)}\n`;
}
