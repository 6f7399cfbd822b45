import { z } from 'zod';
import { ArtifactRef, Bounds, Point } from './common.ts';

/**
 * One element after MobA's view-hierarchy processing. Interactive elements (clickable,
 * long-clickable or scrollable) are numbered 1..N in reading order — the numbers drawn on the
 * set-of-marks screenshot and used by actions; text-only elements have index -1.
 */
export const UiElement = z.object({
  index: z.number().int(),
  bounds: Bounds,
  center: Point,
  text: z.string(),
  contentDesc: z.string(),
  resourceId: z.string(),
  className: z.string(),
  packageName: z.string(),
  /** The boolean attributes that are true: clickable, long-clickable, scrollable, checkable, checked, focusable, focused, selected, password, … */
  trueAttributes: z.array(z.string()),
});
export type UiElement = z.infer<typeof UiElement>;

export const ScreenSize = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  rotation: z.number().int().min(0).max(3).default(0),
});
export type ScreenSize = z.infer<typeof ScreenSize>;

/** ReachAgent-style candidate: an action that the elements make possible. */
export const CandidateAction = z.object({
  action: z.string(),
  elementIndex: z.number().int(),
  /** e.g. the scroll direction. */
  detail: z.string().optional(),
  text: z.string(),
});
export type CandidateAction = z.infer<typeof CandidateAction>;

/** What each rule of the processing did to one dump; `ms` is the processing time. */
export const PerceptionStats = z.object({
  rawNodes: z.number().int(),
  enabledNodes: z.number().int(),
  /** Interactive elements kept (indices 1..N). */
  interactive: z.number().int(),
  textOnly: z.number().int(),
  /** Interactive nodes whose shorter side was ≤ 50 px. */
  droppedSmall: z.number().int(),
  /** Interactive nodes rejected for overlapping elements already chosen. */
  droppedOverlap: z.number().int(),
  /** Enabled nodes with no area left on the screen (zero-size, off-screen). */
  droppedOffscreen: z.number().int(),
  /** Nodes hidden under a window drawn above theirs (a dialog, the keyboard, the status bar). */
  droppedOccluded: z.number().int().default(0),
  /** Labels merged into an interactive element. */
  merged: z.number().int(),
  ms: z.number(),
});
export type PerceptionStats = z.infer<typeof PerceptionStats>;

export const DumpProblem = z.object({
  code: z.enum(['DUMP_FAILED', 'DUMP_INVALID', 'SCREENSHOT_FAILED', 'OCR_FAILED']),
  message: z.string(),
});
export type DumpProblem = z.infer<typeof DumpProblem>;

/**
 * One moment of a device as the agent and the UI see it. Images and dumps are artifacts; a
 * failed dump leaves `xml` null, `elements` from OCR (or empty), and says why in `problems`.
 */
export const Observation = z.object({
  serial: z.string(),
  capturedAt: z.number(),
  /** 'mirror' when the screenshot is a decoded scrcpy frame (frameTime set), else 'screencap'. */
  source: z.enum(['screencap', 'mirror']),
  frameTime: z.number().optional(),
  screen: ScreenSize,
  screenshot: ArtifactRef.nullable(),
  marked: ArtifactRef.nullable(),
  xml: ArtifactRef.nullable(),
  elements: z.array(UiElement),
  elementsFrom: z.enum(['xml', 'ocr', 'none']),
  currentApp: z.object({ packageName: z.string(), activity: z.string() }).nullable(),
  keyboardShown: z.boolean(),
  problems: z.array(DumpProblem),
  timings: z.record(z.string(), z.number()),
});
export type Observation = z.infer<typeof Observation>;
