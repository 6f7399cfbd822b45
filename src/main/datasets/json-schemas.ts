/**
 * The JSON Schemas of the export's records, generated from the zod schemas the exporter
 * validates with (`src/shared/datasets/dataset-schema.ts`), written into every export as
 * `schemas/<kind>.schema.json` and checked by `moba dataset validate` with a JSON Schema
 * validator, as an outsider would.
 */
import { z } from 'zod';
import { DATASET_VERSION, RECORD_SCHEMAS } from '../../shared/datasets/dataset-schema.ts';
import type { RecordKind } from '../../shared/datasets/dataset-schema.ts';

export const SCHEMA_BASE = 'https://moba-studio.dev/schemas/dataset';

export function recordJsonSchema(kind: RecordKind): Record<string, unknown> {
  const schema = z.toJSONSchema(RECORD_SCHEMAS[kind] as z.ZodType, {
    io: 'output',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  const { $schema, ...rest } = schema;
  return { $schema, $id: `${SCHEMA_BASE}/v${DATASET_VERSION}/${kind}.schema.json`, ...rest };
}

export const RECORD_KINDS = Object.keys(RECORD_SCHEMAS) as RecordKind[];
