/**
 * Recording a demonstration: a person performs a task on the phone, each tap / swipe / text is
 * executed and captured as an element-level action (the element under the pointer in the
 * newest observation), and the sequence is saved to memory as a successful route of that task.
 */
import { z } from 'zod';
import { ActionCallSchema } from '../actions.ts';
import { defineMethod } from './define.ts';
import { DeviceSerial } from './devices.ts';
import { Observation } from '../schemas/perception.ts';

const DemoId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/);
const px = z.number().finite().min(0).max(100_000);

/** What the person did, in device pixels (taps and drags on the screen, typed text, keys). */
export const DemoInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tap'), x: px, y: px }).strict(),
  z.object({ type: z.literal('swipe'), x1: px, y1: px, x2: px, y2: px }).strict(),
  z.object({ type: z.literal('text'), text: z.string().min(1).max(2_000) }).strict(),
  z.object({ type: z.literal('key'), key: z.enum(['back', 'home', 'enter']) }).strict(),
  /** An action given directly (e.g. Open_App("Clock")). */
  z.object({ type: z.literal('action'), action: ActionCallSchema }).strict(),
]);
export type DemoInput = z.input<typeof DemoInput>;

export const DemoStep = z.object({
  /** The action as MobA writes it, e.g. `Click(5)`. */
  action: z.string(),
  /** What was acted on, e.g. `Button "Add alarm"`. */
  element: z.string().nullable(),
  app: z.string().nullable(),
  activity: z.string().nullable(),
  ok: z.boolean(),
  detail: z.string(),
});
export type DemoStep = z.infer<typeof DemoStep>;

export const DemoState = z.object({
  demoId: z.string(),
  serial: z.string(),
  steps: z.array(DemoStep),
  /** The screen now, for the next input. */
  observation: Observation,
});
export type DemoState = z.infer<typeof DemoState>;

export const demoMethods = {
  startDemo: defineMethod({
    summary: 'Start recording a demonstration on a device; returns the current screen.',
    input: z.object({ serial: DeviceSerial }).strict(),
    output: DemoState,
  }),
  demoInput: defineMethod({
    summary: 'Perform one input of the demonstration (a tap becomes Click(i) on the element under it) and capture it.',
    input: z.object({ demoId: DemoId, input: DemoInput }).strict(),
    output: DemoState,
  }),
  undoDemoStep: defineMethod({
    summary: 'Forget the last captured step (the phone is not changed back).',
    input: z.object({ demoId: DemoId }).strict(),
    output: DemoState,
  }),
  saveDemo: defineMethod({
    summary: 'Save the demonstration as a successful route of the task (an expert memory) and end the recording.',
    input: z
      .object({
        demoId: DemoId,
        task: z.string().trim().min(1).max(2_000),
        subGoals: z.array(z.string().max(1_000)).max(200).optional(),
      })
      .strict(),
    output: z.object({ memoryId: z.string(), steps: z.number().int() }),
  }),
  cancelDemo: defineMethod({
    summary: 'End a recording without saving.',
    input: z.object({ demoId: DemoId }).strict(),
    output: z.object({ cancelled: z.boolean() }),
  }),
};
