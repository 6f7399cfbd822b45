/** View choices in the run cockpit that outlive a single wait (tabs, toggles, selections). */
import { create } from 'zustand';

export type ActivityTab = 'timeline' | 'calls' | 'steps';
export type ScreenTab = 'agent' | 'live';

interface CockpitState {
  activityTab: ActivityTab;
  selectedCallId: string | null;
  screenTab: ScreenTab;
  /** A node to highlight in the tree (hovered in the timeline). */
  highlightNode: string | null;
  showShortcuts: boolean;
}

export const useCockpitStore = create<CockpitState>(() => ({
  activityTab: 'timeline',
  selectedCallId: null,
  screenTab: 'agent',
  highlightNode: null,
  showShortcuts: false,
}));
