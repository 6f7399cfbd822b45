/**
 * The cockpit's own calls: a person acting on the phone during a take-over or a copilot wait,
 * performed and recorded in the run as a step by the person (provenance for the trajectory).
 */
import { z } from 'zod';
import { ActionCallSchema } from '../actions.ts';
import { defineMethod } from './define.ts';
import { ActionResult } from './devices.ts';
import { ScreenSize, UiElement } from '../schemas/perception.ts';

export const cockpitMethods = {
  actAsPerson: defineMethod({
    summary:
      "Perform one action on a run's device as the person (take-over, copilot) and record it in the run as the person's step.",
    input: z
      .object({
        runId: z
          .string()
          .min(1)
          .max(100)
          .regex(/^[\w.-]+$/),
        action: ActionCallSchema,
        /** The elements the index refers to (the screen the person saw). */
        elements: z.array(UiElement).max(5_000),
        screen: ScreenSize,
      })
      .strict(),
    output: ActionResult,
  }),
};
