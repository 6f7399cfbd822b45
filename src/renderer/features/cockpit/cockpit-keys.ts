/**
 * The cockpit's keyboard map as data: which key does what in which state of the step. Esc is
 * not here: it only closes (see `ui/escape-stack.ts`) and never decides a step. Rejecting has
 * its own key, R, which opens the reason form; the rejection is sent from there (Enter or the
 * button), so no single key press rejects a step.
 */
import type { RunStatus, WaitKind } from '../../../shared/schemas/run.ts';

export type Interaction = 'idle' | 'edit' | 'override' | 'reject';

export type CockpitCommand =
  | 'approve'
  | 'submit-edit'
  | 'edit'
  | 'override'
  | 'reject'
  | 'take-over'
  | 'hand-back'
  | 'pause-resume'
  | 'shortcuts';

export interface KeyContext {
  waiting: WaitKind | null;
  interaction: Interaction;
  status: RunStatus;
  hasProposal: boolean;
}

export interface KeyPress {
  key: string;
  /** In a text field (typing never decides), */
  typing: boolean;
  /** …unless it is the action editor's Enter (submit the edit). */
  inEditor: boolean;
  /** A focused button handles Enter and Space itself. */
  onButton: boolean;
  /** Alt, Ctrl or Meta held: the browser's and the system's. */
  modifiers: boolean;
}

const LIVE: readonly RunStatus[] = ['running', 'paused', 'waiting'];

/** What a key press does in the cockpit, or null (the key is left alone). */
export function cockpitCommand(p: KeyPress, c: KeyContext): CockpitCommand | null {
  if (p.modifiers || p.key === 'Escape') return null;
  if (p.typing && !(p.inEditor && p.key === 'Enter')) return null;
  if ((p.key === 'Enter' || p.key === ' ') && p.onButton) return null;
  const stepWait = c.waiting === 'approve' || c.waiting === 'copilot';
  const idle = c.interaction === 'idle';
  switch (p.key.length === 1 ? p.key.toLowerCase() : p.key) {
    case 'Enter':
      if (!c.waiting || c.waiting === 'take_over') return null;
      return c.interaction === 'edit' ? 'submit-edit' : idle ? 'approve' : null;
    case 'e':
      return stepWait && idle && c.hasProposal ? 'edit' : null;
    case 'o':
      return stepWait && idle ? 'override' : null;
    case 'r':
      return stepWait && idle ? 'reject' : null;
    case 't':
      return c.waiting !== 'take_over' && LIVE.includes(c.status) ? 'take-over' : null;
    case 'h':
      return c.waiting === 'take_over' || c.waiting === 'copilot' ? 'hand-back' : null;
    case ' ':
      return LIVE.includes(c.status) ? 'pause-resume' : null;
    case '?':
      return 'shortcuts';
    default:
      return null;
  }
}

/** The `?` sheet: every key, what it does. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; what: string }> = [
  { keys: 'Enter', what: 'Approve the proposed action (in the editor: run the edited action)' },
  { keys: 'E', what: 'Edit the action (then pick another element or point on the screen)' },
  { keys: 'O', what: 'Override: click or drag on the screen to act instead' },
  { keys: 'R', what: 'Reject: opens the reason form; Enter there sends the rejection' },
  { keys: 'T', what: 'Take over the phone' },
  { keys: 'H', what: 'Hand back to the agent' },
  { keys: 'Space', what: 'Pause / resume the run' },
  { keys: 'Esc', what: 'Close: this sheet, a form, the editor, picking — never decides a step' },
  { keys: '?', what: 'Show or hide these shortcuts' },
  { keys: '← →', what: 'Replay: previous / next step' },
];
