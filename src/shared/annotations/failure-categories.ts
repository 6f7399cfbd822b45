/**
 * The failure categories a person tags a step with in the replay view: where in the agent's
 * chain a step went wrong. Shared by the run event schema, the replay view's shortcuts, the
 * CLI and the exports, so a category means the same everywhere.
 */
import { z } from 'zod';
import { FAILURE_CATEGORIES } from '../choices.ts';

export { FAILURE_CATEGORIES };
export const FailureCategory = z.enum(FAILURE_CATEGORIES);
export type FailureCategory = z.infer<typeof FailureCategory>;

export interface FailureCategoryInfo {
  label: string;
  /** The key that tags the current step with this category in the replay view. */
  key: string;
  /** When to use it. */
  description: string;
}

export const FAILURE_CATEGORY_INFO: Readonly<Record<FailureCategory, FailureCategoryInfo>> = {
  perception: {
    label: 'Perception',
    key: '1',
    description: 'The screen was misread: a missing or wrong element, OCR error, a dialog or keyboard not noticed.',
  },
  grounding: {
    label: 'Grounding',
    key: '2',
    description:
      'The right intention on the wrong target: another element index, a point beside the control, the wrong scroll container.',
  },
  planning: {
    label: 'Planning',
    key: '3',
    description: 'Wrong, missing or superfluous sub-goals; a split that does not lead to the task.',
  },
  reflection: {
    label: 'Reflection',
    key: '4',
    description:
      'The result of a step was judged wrongly: a failure taken for success or the reverse, the task declared done too early.',
  },
  memory: {
    label: 'Memory',
    key: '5',
    description: 'A retrieved memory misled the agent, or a memory it needed was not used.',
  },
  app_environment: {
    label: 'App / environment',
    key: '6',
    description: 'The app or the device misbehaved: a crash, a slow load, a pop-up, the network.',
  },
  output_format: {
    label: 'Model output format',
    key: '7',
    description: 'The reply could not be parsed or broke the action syntax.',
  },
};

/** The category a key tags with, if any. */
export function categoryForKey(key: string): FailureCategory | undefined {
  return FAILURE_CATEGORIES.find((c) => FAILURE_CATEGORY_INFO[c].key === key);
}
