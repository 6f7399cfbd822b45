/** View choices in the run cockpit that outlive a single wait (tabs, toggles, selections). */
import { create } from 'zustand';

export type ActivityTab = 'timeline' | 'calls' | 'steps';
export type ScreenTab = 'agent' | 'live';

interface CockpitState {
  activityTab: ActivityTab;
  selectedCallId: string | null;
  showElements: boolean;
  screenTab: ScreenTab;
  /** A node to highlight in the tree (hovered in the timeline). */
  highlightNode: string | null;
  showShortcuts: boolean;
}

export const useCockpitStore = create<CockpitState>(() => ({
  activityTab: 'timeline',
  selectedCallId: null,
  showElements: true,
  screenTab: 'agent',
  highlightNode: null,
  showShortcuts: false,
}));

export const SHORTCUTS: ReadonlyArray<{ keys: string; what: string }> = [
  { keys: 'Enter', what: 'Approve the proposed action' },
  { keys: 'E', what: 'Edit the action (then pick another element on the screen)' },
  { keys: 'O', what: 'Override: click or drag on the screen to act instead' },
  { keys: 'Esc', what: 'Reject with feedback (Esc again cancels)' },
  { keys: 'T', what: 'Take over the phone' },
  { keys: 'H', what: 'Hand back to the agent' },
  { keys: 'Space', what: 'Pause / resume the run' },
  { keys: '?', what: 'Show or hide these shortcuts' },
  { keys: '← →', what: 'Replay: previous / next step' },
];
