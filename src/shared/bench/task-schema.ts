/**
 * The benchmark task format: one JSON file per task. Tasks are data — no code, no `eval`:
 * parameters are drawn from a seeded generator or from the phone's initial state, milestones
 * are predicates in a small declarative language over the apps' `sim-state` JSON, the screen
 * the agent saw and the agent's answer, and the reference solution is a list of element-level
 * steps (by text / resource id / description) that survive a change of seed.
 *
 * This module holds the task itself, its milestones and its simulated user; the parts it is
 * made of live beside it: basic values (`task-values.ts`), conditions and predicates
 * (`task-predicates.ts`), parameters (`task-params.ts`), steps, device set-up and disturbances
 * (`task-steps.ts`).
 *
 * `resources/benchmark/task.schema.json` is generated from these schemas (`moba bench
 * schema`) so editors can check task files; `docs/benchmark.md` documents every field and
 * operator with examples; `moba bench validate FILE…` adds the checks a schema cannot express.
 */
import { z } from 'zod';
import { CATEGORIES } from '../choices.ts';
import { Predicate } from './task-predicates.ts';
import { ParamSpec } from './task-params.ts';
import { DeviceSpec, Disturbance, SetupStep, SolutionStep } from './task-steps.ts';
import { AppRef, Localized, Text } from './task-values.ts';

export const TASK_FORMAT_VERSION = 1;

export { CATEGORIES };
export const Category = z
  .enum(CATEGORIES)
  .describe(
    'MobBench category: easy, medium, hard, indirect (a vague request: the agent picks the app and the way) or cross-app',
  );
export type Category = z.infer<typeof Category>;

export const UserFact = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter'),
    about: z
      .array(z.string().min(1))
      .min(1)
      .describe('words a question about this fact contains (any one, ignoring case; English and Chinese)'),
    answer: Text.describe('what the simulated user says, with {param} placeholders'),
  })
  .strict();

export const UserSpec = z
  .object({
    facts: z.array(UserFact).min(1).describe('what the user knows and the task needs but the goal does not say'),
    known: z
      .array(z.object({ about: z.array(z.string().min(1)).min(1), answer: Text }).strict())
      .optional()
      .describe('what the goal already says: a question about it is answered, but counted as unnecessary'),
  })
  .strict()
  .describe('a simulated user the agent can ask (Ask_User); see docs/benchmark.md § Asking the user');
export type UserSpec = z.infer<typeof UserSpec>;

export const MilestoneId = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter');

export const Milestone = z
  .object({
    id: MilestoneId,
    title: Text.optional(),
    check: Predicate,
    when: z
      .enum(['reached', 'final'])
      .optional()
      .describe(
        'reached: counts once it held after any step (default for screen and answer checks); final: must hold at the end (default for state checks)',
      ),
    firstStep: z
      .string()
      .min(1)
      .optional()
      .describe(
        "why this milestone may be reached by the solution's first step (e.g. the task is to open an app); `moba bench validate --deep` warns about such milestones otherwise",
      ),
  })
  .strict();
export type Milestone = z.infer<typeof Milestone>;

export const Invariant = z.object({ id: MilestoneId, title: Text.optional(), check: Predicate }).strict();

const ParamName = z.string().regex(/^[A-Za-z_]\w*$/, 'a name of letters, digits and _');

export const TaskId = z
  .string()
  .regex(/^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/, 'lower-case words joined by dots or dashes, e.g. clock.alarm-workdays');

export const BenchTask = z
  .object({
    $schema: z.string().optional(),
    id: TaskId,
    version: z.number().int().min(1).describe('raise it when the task changes meaning; results are kept per version'),
    category: Category,
    apps: z.array(AppRef).min(1).describe('the apps the task uses'),
    title: z.string().optional(),
    source: z
      .record(z.string(), z.string())
      .optional()
      .describe('where the task comes from, e.g. {"mobbench": "Hard/Clock"}'),
    tags: z.array(z.string()).optional(),
    goal: Localized.describe('what the agent is told, with {param} placeholders'),
    knowledge: Text.optional().describe(
      'a knowledge hint for the Mobile-Agent strategies (v1, v2, E), with {param} placeholders; the others ignore it',
    ),
    params: z.record(ParamName, ParamSpec).optional(),
    paramsAfterSetup: z
      .record(ParamName, ParamSpec)
      .optional()
      .describe("parameters drawn after the set-up, from the phone's state then (pick, value, if read it)"),
    device: DeviceSpec.optional(),
    setup: z.array(SetupStep).optional(),
    disturbances: z
      .array(Disturbance)
      .optional()
      .describe('interruptions the phone applies during the episode, deterministically from the seed'),
    user: UserSpec.optional(),
    preconditions: z
      .array(Predicate)
      .optional()
      .describe('must hold when the agent starts, else the instance moves on to the next seed'),
    milestones: z.array(Milestone).min(1).max(12),
    invariants: z.array(Invariant).optional().describe('must hold at the end for the task to count as complete'),
    solution: z.array(SolutionStep).min(1).describe('the human reference solution'),
    human: z
      .object({
        steps: z.number().int().min(0).describe('steps of the reference solution, as measured by `moba bench measure`'),
      })
      .strict()
      .optional(),
    budget: z
      .object({
        maxSteps: z
          .number()
          .int()
          .min(1)
          .max(500)
          .optional()
          .describe('executed actions allowed (default: twice the human steps, at least 5)'),
        timeoutS: z.number().int().min(10).max(7200).optional().describe('wall time allowed (default 600)'),
      })
      .strict()
      .optional(),
    notes: z.string().optional(),
  })
  .strict();
export type BenchTask = z.infer<typeof BenchTask>;
