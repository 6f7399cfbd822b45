/**
 * The live mirror inside the cockpit (the mirror component lives in `features/mirror/`). While
 * a step waits, the cockpit's modes reach it: picking another element (edit) and overriding
 * with an element select the element instead of tapping it; otherwise clicks tap the phone.
 */
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { MirrorView } from '../../ui/mirror/mirror-view.tsx';

export interface LiveMirrorProps {
  serial: string;
  /** The run's latest elements, so the overlay shows what the agent's indices refer to. */
  elements?: readonly UiElement[];
  /** pick / override: a click selects an element (handled by `onSelect`); direct: clicks tap the phone. */
  mode?: 'direct' | 'pick' | 'override';
  onSelect?: (element: UiElement) => void;
  selectedIndex?: number | undefined;
  /** The run's newest screenshot, shown until the stream's first frame. */
  placeholder?: { url: string; width: number; height: number } | null;
}

export function LiveMirror({
  serial,
  elements,
  mode = 'direct',
  onSelect,
  selectedIndex,
  placeholder,
}: LiveMirrorProps) {
  const selecting = mode !== 'direct';
  return (
    <div className="live-mirror" data-testid="live-mirror" data-mode={mode}>
      {selecting ? (
        <p className="live-hint">
          {mode === 'pick'
            ? 'Click the element the action should use.'
            : 'Click the element to tap instead (it becomes Click(i)); drag on the Agent view for swipes.'}
        </p>
      ) : null}
      {/* Keyed by mode: the mirror starts in select mode when the cockpit asks for a pick. */}
      <MirrorView
        key={`${serial}-${selecting ? 'select' : 'direct'}`}
        serial={serial}
        {...(elements ? { elements } : {})}
        selectMode={selecting}
        {...(onSelect && selecting ? { onSelectElement: onSelect } : {})}
        {...(selectedIndex !== undefined ? { selectedIndex } : {})}
        placeholder={placeholder ?? null}
      />
    </div>
  );
}
