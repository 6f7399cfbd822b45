/**
 * The part of a run's state that belongs to its strategy, as a pure fold of the strategy
 * events (`STRATEGY_EVENT_BODIES`): Mobile-Agent v2's progress and memory unit, Mobile-Agent-E's
 * plan, sub-goal, notes, Tips and Shortcuts, the A/B/C outcomes and the history that only
 * A-steps enter. The cockpit's strategy panel, the replay and exports read it.
 */
import type { ActionCall } from '../actions.ts';
import type { ActionOutcomeGrade, Shortcut, StrategyEventBody } from '../schemas/strategy.ts';

export interface StrategyState {
  /** Task progress (v2's planning agent; E's Action Reflector). */
  progress: string | null;
  /** v2's memory unit: focus content, oldest first. */
  memoryUnit: string[];
  /** E's Manager: the plan and the current sub-goal. */
  plan: string | null;
  subgoal: string | null;
  /** How often the Manager was called because actions kept failing. */
  escalations: number;
  /** E's Notetaker. */
  notes: string | null;
  /** Every judged step, in order. */
  outcomes: Array<{ stepId: string; outcome: ActionOutcomeGrade; operation: string; text: string }>;
  /** Steps that entered the strategy's history (v2/E: only outcome A), with what each did. */
  history: Array<{ stepId: string; operation: string }>;
  /** E: the experience the task started with and what it learned. */
  tips: string[];
  shortcuts: Shortcut[];
  experienceRetrieved: boolean;
  /** E: where the loaded Tips and learned Shortcuts (by name) came from; absent for the built-in set and older logs. */
  experienceFrom?: { tips?: string; shortcuts?: Record<string, string> };
  evolved: { tips: string[]; shortcut: Shortcut | null; note: string | null } | null;
  /** E: shortcuts chosen by the Operator, in order (refused ones with why). */
  shortcutsUsed: Array<{ name: string; actions: ActionCall[]; refused: boolean; reason: string | null }>;
  /** The last decision of the acting role, as it was written. */
  lastDecision: { role: string; written: string; summary: string; thought: string } | null;
  decisions: number;
  /**
   * Every decision of the acting role, oldest first: what it saw (as it was told), thought and
   * wrote. The GUI-native strategies replay it as the model's own history.
   */
  transcript: Array<{ observation: string; thought: string; written: string; observationId?: string }>;
}

export function initialStrategyState(): StrategyState {
  return {
    progress: null,
    memoryUnit: [],
    plan: null,
    subgoal: null,
    escalations: 0,
    notes: null,
    outcomes: [],
    history: [],
    tips: [],
    shortcuts: [],
    experienceRetrieved: false,
    evolved: null,
    shortcutsUsed: [],
    lastDecision: null,
    decisions: 0,
    transcript: [],
  };
}

/** Applies one strategy event to the strategy's part of the state. Pure. */
export function reduceStrategy(s: StrategyState, event: StrategyEventBody): StrategyState {
  switch (event.type) {
    case 'strategy_decided':
      return {
        ...s,
        decisions: s.decisions + 1,
        lastDecision: { role: event.role, written: event.written, summary: event.summary, thought: event.thought },
        transcript: [
          ...s.transcript,
          {
            observation: event.observation,
            thought: event.thought,
            written: event.written,
            ...(event.observationId ? { observationId: event.observationId } : {}),
          },
        ],
      };
    case 'outcome_judged':
      return {
        ...s,
        outcomes: [
          ...s.outcomes,
          { stepId: event.stepId, outcome: event.outcome, operation: event.operation, text: event.text },
        ],
        history:
          event.outcome === 'A' ? [...s.history, { stepId: event.stepId, operation: event.operation }] : s.history,
        progress: event.progress ?? s.progress,
      };
    case 'progress_updated':
      return { ...s, progress: event.progress };
    case 'memory_unit_added':
      return { ...s, memoryUnit: [...s.memoryUnit, event.content] };
    case 'plan_updated':
      return { ...s, plan: event.plan, subgoal: event.subgoal, escalations: s.escalations + (event.escalated ? 1 : 0) };
    case 'notes_updated':
      return { ...s, notes: event.notes };
    case 'experience_loaded':
      return {
        ...s,
        tips: event.tips,
        shortcuts: event.shortcuts,
        experienceRetrieved: event.retrieved,
        ...(event.provenance ? { experienceFrom: event.provenance } : {}),
      };
    case 'experience_evolved':
      return { ...s, evolved: { tips: event.tips, shortcut: event.shortcut, note: event.shortcutNote } };
    case 'shortcut_invoked':
      return {
        ...s,
        shortcutsUsed: [
          ...s.shortcutsUsed,
          { name: event.name, actions: event.actions, refused: event.refused, reason: event.reason },
        ],
      };
  }
}
