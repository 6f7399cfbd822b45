/**
 * The export's `README.md`: a datasheet in the spirit of "Datasheets for Datasets" — what is
 * in it and how many, where it came from, every field, how actions map to AndroidWorld's
 * schema, how to load it, and what the licence of the content is.
 */
import type { z } from 'zod';
import { ACTION_NAMES } from '../../shared/actions.ts';
import { FAILURE_CATEGORIES, FAILURE_CATEGORY_INFO } from '../../shared/annotations/failure-categories.ts';
import { ANDROID_WORLD_MAPPING } from '../../shared/datasets/android-world.ts';
import { DATASET_VERSION, SPLITS, StepRecord } from '../../shared/datasets/dataset-schema.ts';
import type { Split } from '../../shared/datasets/dataset-schema.ts';
import type { DatasetStats } from './dataset-stats.ts';
import type { RunSelection } from './run-selection.ts';
import type { SplitOptions } from './splits.ts';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const sum = (c: Record<Split, number>) => SPLITS.reduce((n, s) => n + c[s], 0);

function table(counts: Record<string, number>, title: string): string {
  const rows = Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  if (!rows.length) return `_No ${title.toLowerCase()}._\n`;
  return `| ${title} | count |\n| --- | ---: |\n${rows.map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${v} |`).join('\n')}\n`;
}

function describeSelection(s: RunSelection): string {
  const parts: string[] = [];
  if (s.runIds) parts.push(`${s.runIds.length} runs by id`);
  if (s.search) parts.push(`task or id containing "${s.search}"`);
  if (s.benchmark) parts.push(`episodes of benchmark ${s.benchmark}`);
  if (s.strategy) parts.push(`strategy ${s.strategy}`);
  if (s.since !== undefined) parts.push(`started on or after ${new Date(s.since).toISOString()}`);
  if (s.until !== undefined) parts.push(`started before ${new Date(s.until).toISOString()}`);
  if (s.tag) parts.push(s.tag === 'any' ? 'with a failure annotation' : `with a step tagged ${s.tag}`);
  if (s.status?.length) parts.push(`status ${s.status.join(' or ')}`);
  return parts.length ? parts.join('; ') : 'every recorded run';
}

/** The field table: one row per top-level field of a step record, from the schema's own descriptions. */
function fieldRows(): string {
  const shape = (StepRecord as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .map(([name, s]) => `| \`${name}\` | ${(s.meta()?.description as string | undefined) ?? ''} |`)
    .join('\n');
}

export function renderDatasheet(o: {
  stats: DatasetStats;
  selection: RunSelection;
  split: SplitOptions;
  app: { name: string; version: string };
  exportedAt: number;
}): string {
  const s = o.stats;
  const steps = sum(s.steps);
  const c = s.corrections;
  const perSplit = SPLITS.map(
    (k) => `| ${k} | ${s.tasks[k].length} | ${s.steps[k]} | ${s.pairs[k]} | ${s.dpo[k]} | ${s.sft[k]} |`,
  ).join('\n');
  return `# MobA Studio dataset

Exported ${new Date(o.exportedAt).toISOString()} by ${o.app.name} ${o.app.version} (dataset format ${DATASET_VERSION}).
Runs: ${describeSelection(o.selection)} — ${s.runs} run${s.runs === 1 ? '' : 's'}${s.firstRunAt !== null ? `, recorded ${day(s.firstRunAt)} to ${day(s.lastRunAt!)}` : ''}.

## Contents

| split | tasks | steps | preference pairs | DPO records | SFT records |
| --- | ---: | ---: | ---: | ---: | ---: |
${perSplit}
| **total** | ${SPLITS.reduce((n, k) => n + s.tasks[k].length, 0)} | ${steps} | ${sum(s.pairs)} | ${sum(s.dpo)} | ${sum(s.sft)} |

- \`steps/<split>.jsonl\`: one step per line (schema \`schemas/step.schema.json\`).
- \`preferences/<split>.jsonl\`: human corrections as pairs — ${c.pairs.edit} edits, ${c.pairs.override} overrides, ${c.pairs.reject} rejections with feedback (${c.unpairedRejections} rejections gave no pair: no feedback, or nothing ran for the same sub-goal after them; ${c.unchanged} edits kept the proposed action).
- \`dpo/<split>.jsonl\`: the pairs in TRL's DPO format (\`images\`, \`prompt\`, \`chosen\`, \`rejected\`)${s.trlSkipped ? `; ${s.trlSkipped} pairs have no DPO record (no model call behind the proposal, or an image missing)` : ''}.
- \`sft/<split>.jsonl\`: approved proposals as positive-only records in TRL's conversational format (\`images\`, \`messages\`).
- \`images/\` ${s.files.images} files, \`dumps/\` ${s.files.dumps} UI dumps, \`model-inputs/\` ${s.files.modelInputs} model calls.${s.files.missing ? ` ${s.files.missing} referenced files were missing from the data folder; their fields are null.` : ''}${s.skippedEvents ? ` ${s.skippedEvents} stored events could not be read and were skipped.` : ''}
- \`manifest.json\`: the selection, the split settings, the split of every task, the counts.

**Splits are by task, never by step**: a task's split follows from a hash of its key (the
benchmark task id, else the task text normalised) with seed \`${o.split.seed}\` and fractions
train ${o.split.train} / validation ${o.split.validation} / test ${o.split.test}, so every step of a task is in one split and
a task keeps its split in later exports.

## Sources

${table(s.strategies, 'Strategy')}
${table(s.models, 'Model (act calls)')}
${table(s.modes, 'Autonomy mode')}
${table(s.statuses, 'Run outcome')}
${Object.keys(s.benchmarks).length ? `${table(s.benchmarks, 'Benchmark')}\n` : ''}${table(s.apps, 'App (package, per step)')}
${table(s.sources, 'Step source')}
${table(s.performedBy, 'Performed by')}
${table(s.outcomes, 'Outcome')}
${table(s.actions, 'Action')}
${table(s.annotations, 'Failure annotation')}
## Fields of a step record

Paths are relative to this folder. Full definitions: \`schemas/step.schema.json\`.

| field | meaning |
| --- | --- |
${fieldRows()}

## Actions in AndroidWorld's JSON schema

Each action is given in the product's syntax (\`moba\`, \`call\`) and in AndroidWorld's JSON
action schema, once with points in device pixels (\`androidWorld\`) and once with \`index\` =
the 0-based position in the record's \`elements\` (\`androidWorldIndexed\`, for element actions).

| product action | AndroidWorld |
| --- | --- |
${ACTION_NAMES.map((n) => `| \`${n}\` | ${ANDROID_WORLD_MAPPING[n]} |`).join('\n')}

## Failure categories

${FAILURE_CATEGORIES.map((k) => `- \`${k}\` — ${FAILURE_CATEGORY_INFO[k].description}`).join('\n')}

## Loading

\`\`\`python
from datasets import load_dataset, Sequence, Image   # run from this folder: image paths are relative
steps = load_dataset("json", data_files={s: f"steps/{s}.jsonl" for s in ["train", "validation", "test"]})
dpo = load_dataset("json", data_files={"train": "dpo/train.jsonl"})["train"].cast_column("images", Sequence(Image()))
\`\`\`

## Collection and licence

The steps were recorded by MobA Studio while an agent (and the people supervising it) operated
Android phones: screenshots and UI dumps of the phone, the model calls, the people's decisions.
Screens of real phones can show personal data and third-party content; check them before you
share this folder. The dataset carries no licence of its own: whoever recorded the runs decides
it, subject to the rights in the apps and content shown. Screens from MobA Studio's simulated
phone show only the product's own synthetic apps and data.
`;
}
