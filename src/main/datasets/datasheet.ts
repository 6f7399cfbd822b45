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
import { code, join, Md, md, renderMarkdown } from './markdown.ts';
import type { Block, Inline } from './markdown.ts';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const sum = (c: Record<Split, number>) => SPLITS.reduce((n, s) => n + c[s], 0);
const trusted = (text: string) => new Md(text);

/** A count table of one kind of source, largest first (ties by name), or a line saying there is none. */
function countTable(counts: Record<string, number>, title: string): Block {
  const rows = Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  if (!rows.length) return { paragraph: md`_No ${title.toLowerCase()}._` };
  return { table: { columns: [{ title }, { title: 'count', align: 'right' }], rows } };
}

function describeSelection(s: RunSelection): Md {
  const parts: Md[] = [];
  if (s.runIds) parts.push(md`${s.runIds.length} runs by id`);
  if (s.search) parts.push(md`task or id containing "${s.search}"`);
  if (s.benchmark) parts.push(md`episodes of benchmark ${s.benchmark}`);
  if (s.strategy) parts.push(md`strategy ${s.strategy}`);
  if (s.since !== undefined) parts.push(md`started on or after ${new Date(s.since).toISOString()}`);
  if (s.until !== undefined) parts.push(md`started before ${new Date(s.until).toISOString()}`);
  if (s.tag) parts.push(s.tag === 'any' ? md`with a failure annotation` : md`with a step tagged ${s.tag}`);
  if (s.status?.length) parts.push(md`status ${s.status.join(' or ')}`);
  return parts.length ? join(parts, '; ') : md`every recorded run`;
}

/** The field table's rows: one per top-level field of a step record, from the schema's own descriptions. */
function fieldRows(): Inline[][] {
  const shape = (StepRecord as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, s]) => [
    code(name),
    trusted((s.meta()?.description as string | undefined) ?? ''),
  ]);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function header(o: DatasheetInput): Block[] {
  const s = o.stats;
  const recorded = s.firstRunAt !== null ? md`, recorded ${day(s.firstRunAt)} to ${day(s.lastRunAt!)}` : md``;
  return [
    { heading: 1, text: 'MobA Studio dataset' },
    {
      paragraph: [
        md`Exported ${new Date(o.exportedAt).toISOString()} by ${o.app.name} ${o.app.version} (dataset format ${DATASET_VERSION}).`,
        md`Runs: ${describeSelection(o.selection)} — ${plural(s.runs, 'run')}${recorded}.`,
      ],
    },
  ];
}

function contents(o: DatasheetInput): Block[] {
  const s = o.stats;
  const c = s.corrections;
  const n = (k: Split) => [k, s.tasks[k].length, s.steps[k], s.pairs[k], s.dpo[k], s.sft[k]];
  const right = (title: string) => ({ title, align: 'right' as const });
  const totals = [trusted('**total**'), SPLITS.reduce((t, k) => t + s.tasks[k].length, 0), sum(s.steps)];
  const f = s.files;
  return [
    { heading: 2, text: 'Contents' },
    {
      table: {
        columns: [
          { title: 'split' },
          ...['tasks', 'steps', 'preference pairs', 'DPO records', 'SFT records'].map(right),
        ],
        rows: [...SPLITS.map(n), [...totals, sum(s.pairs), sum(s.dpo), sum(s.sft)]],
      },
    },
    {
      list: [
        md`\`steps/<split>.jsonl\`: one step per line (schema \`schemas/step.schema.json\`).`,
        md`\`preferences/<split>.jsonl\`: human corrections as pairs — ${plural(c.pairs.edit, 'edit')}, ${plural(c.pairs.override, 'override')}, ${plural(c.pairs.reject, 'rejection')} with feedback (${plural(c.unpairedRejections, 'rejection')} gave no pair: no feedback, or nothing ran for the same sub-goal after them; ${plural(c.unchanged, 'edit')} kept the proposed action).`,
        md`\`dpo/<split>.jsonl\`: the pairs in TRL's DPO format (\`images\`, \`prompt\`, \`chosen\`, \`rejected\`)${s.trlSkipped ? md`; ${plural(s.trlSkipped, 'pair has', 'pairs have')} no DPO record (no model call behind the proposal, or an image missing)` : md``}.`,
        md`\`sft/<split>.jsonl\`: approved proposals as positive-only records in TRL's conversational format (\`images\`, \`messages\`).`,
        md`\`images/\` ${plural(f.images, 'file')}, \`dumps/\` ${plural(f.dumps, 'UI dump')}, \`model-inputs/\` ${plural(f.modelInputs, 'model call')}.${f.missing ? md` ${plural(f.missing, 'referenced file was', 'referenced files were')} missing from the data folder; their fields are null.` : md``}${s.skippedEvents ? md` ${plural(s.skippedEvents, 'stored event', 'stored events')} could not be read and ${s.skippedEvents === 1 ? 'was' : 'were'} skipped.` : md``}`,
        md`\`manifest.json\`: the selection, the split settings, the split of every task, the counts.`,
      ],
    },
    {
      paragraph: [
        md`**Splits are by task, never by step**: a task's split follows from a hash of its key (the`,
        md`benchmark task id, else the task text normalised) with seed ${code(o.split.seed)} and fractions`,
        md`train ${o.split.train} / validation ${o.split.validation} / test ${o.split.test}, so every step of a task is in one split and`,
        md`a task keeps its split in later exports.`,
      ],
    },
  ];
}

function tasks(o: DatasheetInput): Block[] {
  const rows = SPLITS.flatMap((k) => o.stats.tasks[k].map((task) => [task, k]));
  return [
    { heading: 2, text: 'Tasks' },
    { paragraph: md`Each task by its key, with its split.` },
    rows.length
      ? { table: { columns: [{ title: 'task' }, { title: 'split' }], rows } }
      : { paragraph: md`_No tasks._` },
  ];
}

function sources(s: DatasetStats): Block[] {
  return [
    { heading: 2, text: 'Sources' },
    countTable(s.strategies, 'Strategy'),
    countTable(s.models, 'Model (act calls)'),
    countTable(s.modes, 'Autonomy mode'),
    countTable(s.statuses, 'Run outcome'),
    ...(Object.keys(s.benchmarks).length ? [countTable(s.benchmarks, 'Benchmark')] : []),
    countTable(s.apps, 'App (package, per step)'),
    countTable(s.sources, 'Step source'),
    countTable(s.performedBy, 'Performed by'),
    countTable(s.outcomes, 'Outcome'),
    countTable(s.actions, 'Action'),
    countTable(s.annotations, 'Failure annotation'),
  ];
}

/** What every datasheet says the same: the fields, the action mapping, the failure categories, loading, the licence. */
function reference(): Block[] {
  return [
    { heading: 2, text: 'Fields of a step record' },
    { paragraph: md`Paths are relative to this folder. Full definitions: \`schemas/step.schema.json\`.` },
    { table: { columns: [{ title: 'field' }, { title: 'meaning' }], rows: fieldRows() } },
    { heading: 2, text: "Actions in AndroidWorld's JSON schema" },
    {
      paragraph: [
        md`Each action is given in the product's syntax (\`moba\`, \`call\`) and in AndroidWorld's JSON`,
        md`action schema, once with points in device pixels (\`androidWorld\`) and once with \`index\` =`,
        md`the 0-based position in the record's \`elements\` (\`androidWorldIndexed\`, for element actions).`,
      ],
    },
    {
      table: {
        columns: [{ title: 'product action' }, { title: 'AndroidWorld' }],
        rows: ACTION_NAMES.map((n) => [code(n), trusted(ANDROID_WORLD_MAPPING[n])]),
      },
    },
    { heading: 2, text: 'Failure categories' },
    { list: FAILURE_CATEGORIES.map((k) => md`${code(k)} — ${trusted(FAILURE_CATEGORY_INFO[k].description)}`) },
    { heading: 2, text: 'Loading' },
    {
      lang: 'python',
      code: [
        'from datasets import load_dataset, Sequence, Image   # run from this folder: image paths are relative',
        'steps = load_dataset("json", data_files={s: f"steps/{s}.jsonl" for s in ["train", "validation", "test"]})',
        'dpo = load_dataset("json", data_files={"train": "dpo/train.jsonl"})["train"].cast_column("images", Sequence(Image()))',
      ].join('\n'),
    },
    { heading: 2, text: 'Collection and licence' },
    {
      paragraph: [
        md`The steps were recorded by MobA Studio while an agent (and the people supervising it) operated`,
        md`Android phones: screenshots and UI dumps of the phone, the model calls, the people's decisions.`,
        md`Screens of real phones can show personal data and third-party content; check them before you`,
        md`share this folder. The dataset carries no licence of its own: whoever recorded the runs decides`,
        md`it, subject to the rights in the apps and content shown. Screens from MobA Studio's simulated`,
        md`phone show only the product's own synthetic apps and data.`,
      ],
    },
  ];
}

export interface DatasheetInput {
  stats: DatasetStats;
  selection: RunSelection;
  split: SplitOptions;
  app: { name: string; version: string };
  exportedAt: number;
}

/** The datasheet as markdown; every name and text that came from runs or the selection is escaped. */
export function renderDatasheet(o: DatasheetInput): string {
  return renderMarkdown([...header(o), ...contents(o), ...tasks(o), ...sources(o.stats), ...reference()]);
}
