/**
 * The records of a dataset export (`moba dataset export`), one zod schema each: the exporter
 * validates every record against them before writing it, and the JSON Schemas written into
 * the export (`schemas/*.schema.json`) are generated from them, so the documentation, the
 * files and the checks cannot drift. `docs/datasets.md` shows one example of each.
 *
 * Paths in records (`images/…`, `dumps/…`, `model-inputs/…`) are relative to the export folder.
 */
import { z } from 'zod';
import { ActionCallSchema } from '../actions.ts';
import { FailureCategory } from '../annotations/failure-categories.ts';
import { UiElement } from '../schemas/perception.ts';
import { AndroidWorldAction } from './android-world.ts';

export const DATASET_FORMAT = 'moba-dataset';
export const DATASET_VERSION = 1;

export const SPLITS = ['train', 'validation', 'test'] as const;
export const Split = z.enum(SPLITS);
export type Split = z.infer<typeof Split>;

const Path = z.string().meta({ description: 'A file path relative to the export folder.' });

/** One action in every form the export gives. */
export const ActionForms = z
  .object({
    moba: z
      .string()
      .meta({ description: 'The product syntax, as the model writes it: `Click(3)`, `Box_Input(5, "Work")`.' }),
    call: (ActionCallSchema as unknown as z.ZodType).meta({
      description: 'The same action as structured data: `{ name, params }`.',
    }),
    androidWorld: AndroidWorldAction.meta({
      description: "AndroidWorld's JSON action with points in device pixels (element actions at the element's centre).",
    }),
    androidWorldIndexed: AndroidWorldAction.nullable().meta({
      description:
        "AndroidWorld's JSON action with `index` = the 0-based position of the target in this record's `elements`; null when the action has no target element.",
    }),
    element: UiElement.nullable().meta({
      description: 'The element the action targets, when it targets one that is on the screen.',
    }),
  })
  .strict();
export type ActionForms = z.infer<typeof ActionForms>;

export const Actor = z.enum(['agent', 'person', 'system']);

export const RunInfo = z
  .object({
    id: z.string(),
    strategy: z.string().meta({ description: 'The agent strategy (e.g. `moba`).' }),
    mode: z.string().meta({ description: 'Autonomy mode: auto, step, guarded, copilot.' }),
    model: z
      .string()
      .nullable()
      .meta({ description: 'The model that answered the act calls (the most frequent one), or null.' }),
    status: z
      .string()
      .meta({ description: 'How the run ended: succeeded, failed, stopped (or paused, waiting, running).' }),
    createdAt: z.number().meta({ description: 'Start of the run, ms since 1970.' }),
    benchmark: z
      .object({ id: z.string(), taskId: z.string() })
      .nullable()
      .meta({ description: 'The benchmark and task the run was an episode of, or null.' }),
  })
  .strict();
export type RunInfo = z.infer<typeof RunInfo>;

export const Screen = z
  .object({
    width: z.number().int(),
    height: z.number().int(),
    screenshot: Path.nullable(),
    marked: Path.nullable().meta({
      description: 'The screenshot with every numbered element drawn on it (set-of-marks), as the model saw it.',
    }),
    uiDump: Path.nullable().meta({ description: "The uiautomator dump (Android's XML)." }),
    app: z.object({ packageName: z.string(), activity: z.string() }).nullable(),
    keyboardShown: z.boolean(),
  })
  .strict();
export type Screen = z.infer<typeof Screen>;

export const Annotation = z
  .object({
    id: z.string(),
    category: FailureCategory,
    note: z.string(),
    by: Actor,
    author: z.string().nullable(),
    at: z.number().meta({ description: 'When it was written, ms since 1970.' }),
  })
  .strict();
export type Annotation = z.infer<typeof Annotation>;

export const STEP_SOURCES = [
  'agent',
  'approved',
  'edited',
  'overridden',
  'rejected',
  'person',
  'abandoned',
  'pending',
] as const;

/** `steps/<split>.jsonl`: one step of one run. */
export const StepRecord = z
  .object({
    id: z.string().meta({ description: '`<run id>/<step id>`, unique in the export.' }),
    split: Split.meta({ description: "train, validation or test: the split of the step's task (the file it is in)." }),
    run: RunInfo.meta({
      description:
        'The run: id, strategy, autonomy mode, the model of its act calls, how it ended, when it started, its benchmark episode.',
    }),
    stepId: z.string().meta({ description: "The step's id in its run (s1, s2, …)." }),
    position: z.number().int().min(1).meta({ description: "The step's 1-based position in its run." }),
    task: z.string().meta({ description: "The user's task." }),
    taskKey: z
      .string()
      .meta({ description: 'What the split groups by: the benchmark task id, or the normalised task text.' }),
    subgoal: z
      .string()
      .nullable()
      .meta({ description: 'The sub-goal the step was for (null when a person removed it later).' }),
    subgoalPath: z.array(z.string()).meta({ description: 'The goals from the task down to the sub-goal.' }),
    screen: Screen.meta({ description: 'The screen before the step.' }),
    elements: z.array(UiElement).meta({
      description: "The indexed elements on that screen (MobA's view-hierarchy processing); `index` -1 = text only.",
    }),
    elementsFrom: z.enum(['xml', 'ocr', 'none']).meta({
      description: 'Where the elements came from: the UI dump, OCR of the screenshot (the dump failed), or nowhere.',
    }),
    after: Screen.nullable().meta({ description: 'The first screen after the step was executed.' }),
    modelInputs: z
      .object({ act: z.array(Path), reflect: z.array(Path) })
      .strict()
      .meta({
        description:
          'The model calls behind the proposal and the reflection, each a JSON file of messages (images as paths).',
      }),
    agent: z
      .object({ observation: z.string(), thought: z.string(), canComplete: z.enum(['true', 'possibly', 'false']) })
      .strict()
      .nullable()
      .meta({ description: "The Local Agent's reply behind the proposal (null for steps a person performed)." }),
    proposed: ActionForms.meta({ description: 'What was proposed (by the agent, or the action a person performed).' }),
    gate: z.string().nullable().meta({ description: 'Why the step waited for a person, or null.' }),
    decision: z
      .object({ kind: z.string(), by: Actor, feedback: z.string().nullable(), action: ActionForms.nullable() })
      .strict()
      .nullable()
      .meta({
        description:
          "The person's decision: approve, edit, override, reject, take_over (with the action of an edit or override).",
      }),
    action: ActionForms.nullable().meta({
      description: 'What was executed (null when nothing was: rejected, abandoned, pending).',
    }),
    performedBy: z
      .enum(['agent', 'person'])
      .nullable()
      .meta({ description: 'Who carried the action out on the phone.' }),
    source: z.enum(STEP_SOURCES).meta({
      description:
        'Where the executed action came from: the agent unsupervised, approved, edited, overridden, rejected (nothing ran), performed by a person, abandoned, pending.',
    }),
    outcome: z
      .object({
        executed: z.boolean().meta({ description: 'Something was executed for this step.' }),
        ok: z
          .boolean()
          .nullable()
          .meta({ description: 'The device executed it without error (null when nothing was executed).' }),
        error: z.string().nullable(),
        reflection: z
          .object({ status: z.enum(['success', 'failure']), goalDone: z.boolean(), text: z.string() })
          .strict()
          .nullable(),
      })
      .strict()
      .meta({
        description: "Whether it ran, whether the device reported an error, and the Global Agent's reflection on it.",
      }),
    annotations: z.array(Annotation).meta({ description: 'Failure tags people gave the step in the replay view.' }),
  })
  .strict()
  .meta({
    title: 'MobA Studio dataset: step',
    description:
      'One step of a recorded run: the screen, the elements, the task, the proposal, the decision and the outcome.',
  });
export type StepRecord = z.infer<typeof StepRecord>;

/** The context a preference pair shares: the state where the model chose. */
export const PairContext = z
  .object({
    task: z.string(),
    subgoal: z.string().nullable(),
    screen: Screen,
    elements: z.array(UiElement),
    modelInputs: z.array(Path).meta({ description: 'The act call(s) whose reply was the rejected proposal.' }),
  })
  .strict();

/** Who chose the `chosen` action of a pair: never the model's output unless it says `model`. */
export const ChosenBy = z.enum(['person', 'model']).meta({
  description:
    "Who chose the `chosen` action: `person` (an edit or override, or what a person did after a rejection) or `model` (the model's next proposal after a rejection, which the person let run).",
});

/** `preferences/<split>.jsonl`: a human correction as a preference pair. */
export const PreferencePair = z
  .object({
    id: z.string(),
    split: Split,
    kind: z.enum(['edit', 'override', 'reject']),
    run: RunInfo,
    stepId: z.string().meta({ description: 'The step whose proposal was corrected.' }),
    chosenStepId: z.string().meta({
      description:
        'The step whose executed action is `chosen` (the same step for an edit or override; the next executed step for a rejection).',
    }),
    context: PairContext,
    chosen: ActionForms.meta({
      description:
        'What the person did (an edit or override), or, after a rejection, the action that ran next from the same state.',
    }),
    rejected: ActionForms.meta({ description: 'What the model proposed.' }),
    chosenBy: ChosenBy,
    feedback: z.string().nullable(),
    by: Actor,
    at: z.number().meta({ description: 'When the person decided, ms since 1970.' }),
  })
  .strict()
  .meta({
    title: 'MobA Studio dataset: preference pair',
    description: "A person's correction: what they chose over what the model proposed, at the same state.",
  });
export type PreferencePair = z.infer<typeof PreferencePair>;

/** A chat message in TRL's conversational format; images are placeholders matched in order with `images`. */
export const TrlMessage = z
  .object({
    role: z.enum(['system', 'user', 'assistant']),
    content: z.array(
      z.union([
        z.object({ type: z.literal('text'), text: z.string() }).strict(),
        z.object({ type: z.literal('image') }).strict(),
      ]),
    ),
  })
  .strict();
export type TrlMessage = z.infer<typeof TrlMessage>;

/** `dpo/<split>.jsonl`: TRL's preference format (conversational, with images). */
export const DpoRecord = z
  .object({
    id: z.string().meta({ description: 'The preference pair it comes from.' }),
    images: z.array(Path).meta({ description: 'The images of `prompt`, in the order of its image placeholders.' }),
    prompt: z.array(TrlMessage),
    chosen: z.array(TrlMessage),
    rejected: z.array(TrlMessage),
    chosenBy: ChosenBy,
  })
  .strict()
  .meta({
    title: 'MobA Studio dataset: DPO record',
    description: "TRL's DPOTrainer format: prompt, chosen and rejected as conversations, images as paths.",
  });
export type DpoRecord = z.infer<typeof DpoRecord>;

/** `sft/<split>.jsonl`: an approved proposal as a positive-only record in TRL's conversational format. */
export const SftRecord = z
  .object({
    id: z.string().meta({ description: 'The step it comes from (`<run id>/<step id>`).' }),
    images: z.array(Path),
    messages: z
      .array(TrlMessage)
      .meta({ description: "The act call's messages followed by the model's reply that the person approved." }),
  })
  .strict()
  .meta({
    title: 'MobA Studio dataset: SFT record',
    description: "An approved proposal in TRL's SFTTrainer conversational format.",
  });
export type SftRecord = z.infer<typeof SftRecord>;

/** `model-inputs/<run>/<call>.json`: what one model call was given. */
export const ModelInputFile = z
  .object({
    run: z.string(),
    callId: z.string(),
    purpose: z.string(),
    model: z.string(),
    messages: z.array(
      z
        .object({
          role: z.enum(['system', 'user', 'assistant']),
          content: z.array(
            z.union([
              z.object({ type: z.literal('text'), text: z.string() }).strict(),
              z.object({ type: z.literal('image'), image: Path }).strict(),
            ]),
          ),
        })
        .strict(),
    ),
    reply: z.string().nullable(),
  })
  .strict()
  .meta({
    title: 'MobA Studio dataset: model input',
    description: 'The messages of one model call (images as paths) and its reply.',
  });
export type ModelInputFile = z.infer<typeof ModelInputFile>;

/** The record kinds and the files that hold them. */
export const RECORD_SCHEMAS = {
  step: StepRecord,
  preference: PreferencePair,
  dpo: DpoRecord,
  sft: SftRecord,
  'model-input': ModelInputFile,
} as const;
export type RecordKind = keyof typeof RECORD_SCHEMAS;

/** Which folder of JSONL files holds each record kind (model inputs are single JSON files). */
export const RECORD_FOLDERS: Readonly<Record<Exclude<RecordKind, 'model-input'>, string>> = {
  step: 'steps',
  preference: 'preferences',
  dpo: 'dpo',
  sft: 'sft',
};
