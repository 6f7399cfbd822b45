/**
 * What each purpose retrieves. A profile lists selectors (groups of memory classes with a
 * per-group cap, so ten similar failures cannot crowd out the one route that matters) and the
 * relations to the current run it looks at.
 *
 * - plan: routes of similar goals (how did a similar goal decompose?), failures and planning
 *   notes on similar goals, user preferences/facts; relations: the parent goal, this node's
 *   last failure and planning notes.
 * - act: successes and failures on similar sub-goals, observations of the current app's pages,
 *   answers given before (this run and others), user preferences/facts that match the sub-goal;
 *   relations: the run's last action, this node's last success/failure, answers earlier in this
 *   run, the current page (app + activity), same-app memories.
 * - reflect: failures (with their reflections) and lessons on similar goals, user
 *   preferences/facts that match (is "18:30" right for this user?); relations: this node's last
 *   failure and success, the run's last action.
 * - select_app: app descriptions and user preferences/interactions ("usually uses Calendar").
 */
import { MEMORY_KINDS } from '../../shared/schemas/memory.ts';
import type { MemoryKind, RelationType, RetrievalPurpose } from '../../shared/schemas/memory.ts';
import { classesOfKind } from './memory-text.ts';
import type { MemoryClass } from './memory-text.ts';

export interface Selector {
  label: string;
  classes: MemoryClass[];
  /** At most this many items of the selector in one result (relations excepted). */
  max: number;
  /** Restrict to the request's foreground app, when one is given. */
  scopeToApp?: boolean;
}

export interface Profile {
  selectors: Selector[];
  relations: RelationType[];
}

export const PROFILES: Readonly<Record<RetrievalPurpose, Profile>> = {
  plan: {
    selectors: [
      { label: 'routes', classes: ['route'], max: 4 },
      { label: 'failures', classes: ['action:failure', 'reflection:plan'], max: 3 },
      { label: 'user', classes: ['user:preference', 'user:fact'], max: 2 },
    ],
    relations: ['parent_goal', 'last_failure', 'node_reflection'],
  },
  act: {
    selectors: [
      { label: 'successes', classes: ['action:success'], max: 3 },
      { label: 'failures', classes: ['action:failure'], max: 2 },
      { label: 'pages', classes: ['page'], max: 2, scopeToApp: true },
      { label: 'answers', classes: ['answer'], max: 3 },
      { label: 'user', classes: ['user:preference', 'user:fact'], max: 2 },
    ],
    relations: ['last_action', 'last_success', 'last_failure', 'run_answer', 'current_page', 'same_app'],
  },
  reflect: {
    selectors: [
      { label: 'failures', classes: ['action:failure', 'reflection:execution'], max: 4 },
      { label: 'user', classes: ['user:preference', 'user:fact'], max: 2 },
    ],
    relations: ['last_failure', 'last_success', 'last_action'],
  },
  select_app: {
    selectors: [
      { label: 'apps', classes: ['app'], max: 5 },
      { label: 'user', classes: ['user:preference', 'user:interaction', 'user:fact'], max: 3 },
    ],
    relations: [],
  },
};

/** Relation strengths in [0, 1]; run answers decay by 0.9 per older answer. */
export const RELATION_SCORES: Readonly<Record<RelationType, number>> = {
  last_success: 1,
  last_failure: 1,
  node_reflection: 0.9,
  run_answer: 0.9,
  current_page: 0.9,
  last_action: 0.8,
  parent_goal: 0.7,
  same_app: 0.3,
};

export const RELATION_WHY: Readonly<Record<RelationType, string>> = {
  last_success: 'last success of this sub-goal',
  last_failure: 'last failure of this sub-goal',
  node_reflection: 'note on this sub-goal',
  run_answer: 'answer given earlier in this run',
  current_page: 'the page on screen',
  last_action: 'last action of this run',
  parent_goal: 'parent goal',
  same_app: 'same app',
};

/** The profile for a request; `kinds` replaces the purpose's selectors by one selector. */
export function profileFor(purpose: RetrievalPurpose, kinds: readonly MemoryKind[] | undefined, k: number): Profile {
  const base = PROFILES[purpose];
  if (!kinds?.length) return base;
  const wanted = new Set(kinds);
  return {
    selectors: [
      { label: 'filtered', classes: MEMORY_KINDS.filter((kind) => wanted.has(kind)).flatMap(classesOfKind), max: k },
    ],
    relations: base.relations,
  };
}
