/**
 * `moba dataset validate DIR`: checks every record of an export against the JSON Schemas the
 * export carries (`schemas/*.schema.json`) with a JSON Schema validator (Ajv, draft 2020-12) —
 * what an outsider would do with the files — and that every path a record names exists.
 * Reads the JSONL files line by line, so a large export is checked in bounded memory.
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { DATASET_FORMAT, RECORD_FOLDERS, SPLITS } from '../../shared/datasets/dataset-schema.ts';
import type { RecordKind } from '../../shared/datasets/dataset-schema.ts';
import { MobaError } from '../../shared/errors.ts';

export interface DatasetProblem {
  file: string;
  line: number;
  message: string;
}

export interface DatasetValidation {
  records: Record<string, number>;
  /** Model-input files checked. */
  modelInputs: number;
  problems: DatasetProblem[];
}

/** Paths under these prefixes inside a record must exist in the export. */
const PATH = /^(images|dumps|files|model-inputs)\/[\w./-]+$/;

function collectPaths(v: unknown, out: string[], depth = 0): void {
  if (depth > 12) return;
  if (typeof v === 'string') {
    if (PATH.test(v)) out.push(v);
  } else if (Array.isArray(v)) for (const x of v) collectPaths(x, out, depth + 1);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) collectPaths(x, out, depth + 1);
}

/**
 * @param maxProblems stop listing after this many (the count of records still covers every line)
 * @throws MobaError NOT_FOUND when DIR is not a dataset export
 */
export async function validateDataset(dir: string, maxProblems = 50): Promise<DatasetValidation> {
  const manifestPath = join(dir, 'manifest.json');
  let manifest: { format?: string };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { format?: string };
  } catch (error) {
    throw new MobaError(
      'NOT_FOUND',
      `${dir} is not a dataset export (no readable manifest.json: ${(error as Error).message})`,
    );
  }
  if (manifest.format !== DATASET_FORMAT)
    throw new MobaError(
      'INVALID_INPUT',
      `${manifestPath} is not a ${DATASET_FORMAT} manifest (format ${String(manifest.format)})`,
    );
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  const validator = (kind: RecordKind): ValidateFunction => {
    const file = join(dir, 'schemas', `${kind}.schema.json`);
    try {
      return ajv.compile(JSON.parse(readFileSync(file, 'utf8')) as object);
    } catch (error) {
      throw new MobaError('INVALID_INPUT', `The schema ${file} cannot be used: ${(error as Error).message}`);
    }
  };
  const out: DatasetValidation = { records: {}, modelInputs: 0, problems: [] };
  const problem = (p: DatasetProblem) => {
    if (out.problems.length < maxProblems) out.problems.push(p);
  };
  const checkPaths = (value: unknown, file: string, line: number) => {
    const paths: string[] = [];
    collectPaths(value, paths);
    for (const p of paths) if (!existsSync(join(dir, p))) problem({ file, line, message: `${p} does not exist` });
  };
  const inputs = new Set<string>();
  for (const [kind, folder] of Object.entries(RECORD_FOLDERS) as Array<[Exclude<RecordKind, 'model-input'>, string]>) {
    const validate = validator(kind);
    out.records[kind] = 0;
    for (const split of SPLITS) {
      const rel = `${folder}/${split}.jsonl`;
      const file = join(dir, rel);
      if (!existsSync(file)) {
        problem({ file: rel, line: 0, message: 'missing' });
        continue;
      }
      let line = 0;
      for await (const text of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
        line++;
        if (!text.trim()) continue;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          problem({ file: rel, line, message: `not JSON: ${(error as Error).message}` });
          continue;
        }
        out.records[kind]++;
        if (!validate(value)) problem({ file: rel, line, message: ajv.errorsText(validate.errors) });
        if (kind === 'step' && (value as { split?: string }).split !== split)
          problem({
            file: rel,
            line,
            message: `split is ${String((value as { split?: string }).split)}, the file is ${split}`,
          });
        checkPaths(value, rel, line);
        const refs: string[] = [];
        collectPaths(value, refs);
        for (const r of refs) if (r.startsWith('model-inputs/')) inputs.add(r);
      }
    }
  }
  const validateInput = validator('model-input');
  for (const rel of [...inputs].sort()) {
    const file = join(dir, rel);
    if (!existsSync(file)) continue;
    out.modelInputs++;
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!validateInput(value)) problem({ file: rel, line: 1, message: ajv.errorsText(validateInput.errors) });
    checkPaths(value, rel, 1);
  }
  return out;
}
