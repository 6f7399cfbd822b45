/** How a person likes screens shown, the same on every page and kept for the next visit: element boxes, the inspector's tree, the zoom. */
import { useEffect } from 'react';
import { create } from 'zustand';
import { widenScreen } from '../screen-width.tsx';

interface InspectorPrefs {
  showElements: boolean;
  inspect: boolean;
  /** Over the fitted size; kept from screen to screen (a replay's steps, a new observation). */
  zoom: number;
}

const KEY = 'moba.inspector';

function stored(): InspectorPrefs {
  const prefs: InspectorPrefs = { showElements: true, inspect: false, zoom: 1 };
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<InspectorPrefs>;
    if (typeof raw.showElements === 'boolean') prefs.showElements = raw.showElements;
    if (typeof raw.inspect === 'boolean') prefs.inspect = raw.inspect;
  } catch {
    // A broken or unreadable entry: the defaults.
  }
  return prefs;
}

export const useInspectorPrefs = create<InspectorPrefs>(stored);

useInspectorPrefs.subscribe((p) => {
  try {
    localStorage.setItem(KEY, JSON.stringify({ showElements: p.showElements, inspect: p.inspect }));
  } catch {
    // Storage can be disabled (private windows): the choice lasts until the page closes.
  }
});

/** The props an `Inspector` takes from the preferences. */
export function useInspectorProps(): {
  showElements: boolean;
  inspect: boolean;
  onInspect(on: boolean): void;
  onShowElements(on: boolean): void;
} {
  const { showElements, inspect } = useInspectorPrefs();
  // Opened with the inspector on (kept from the last visit): make room for it as a toggle would.
  useEffect(() => {
    if (inspect) widenScreen();
  }, [inspect]);
  return {
    showElements,
    inspect,
    onInspect: (on) => {
      useInspectorPrefs.setState({ inspect: on });
      // The tree needs room beside the screen: a run view's screen column widens when it is narrow.
      if (on) widenScreen();
    },
    onShowElements: (on) => useInspectorPrefs.setState({ showElements: on }),
  };
}
