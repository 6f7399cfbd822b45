/** The executors of MobA's action space, one per action in ACTIONS (checked by the type). */
import { appExecutors } from './apps.ts';
import { controlExecutors } from './control.ts';
import { gestureExecutors } from './gestures.ts';
import { keyExecutors } from './keys.ts';
import { pointExecutors } from './points.ts';
import { textExecutors } from './text.ts';
import { touchExecutors } from './touch.ts';
import type { ActionExecutors } from './types.ts';

export const EXECUTORS: ActionExecutors = {
  ...touchExecutors,
  ...pointExecutors,
  ...gestureExecutors,
  ...keyExecutors,
  ...textExecutors,
  ...appExecutors,
  ...controlExecutors,
};

export type {
  ActionContext,
  ActionEffect,
  ActionExecutor,
  ActionExecutors,
  AppResolver,
  ResolvedApp,
} from './types.ts';
