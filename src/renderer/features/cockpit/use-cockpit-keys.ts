import { useEffect, useRef } from 'react';
import type { RunStatus, WaitKind } from '../../../shared/schemas/run.ts';
import { useCockpitStore } from './cockpit-store.ts';
import type { Interaction } from './step-card.tsx';
import { isTypingTarget } from '../../ui/keys.ts';

export interface CockpitKeyHandlers {
  enabled: boolean;
  waiting: WaitKind | null;
  interaction: Interaction;
  status: RunStatus;
  onApprove(): void;
  onEscape(): void;
  onEdit(): void;
  onOverride(): void;
  onTakeOver(): void;
  onHandBack(): void;
  onPauseResume(): void;
}

/**
 * The cockpit's keyboard: Enter approve, Esc reject / cancel, E edit, O override, T take over,
 * H hand back, Space pause/resume, ? the shortcut list. Keys typed into fields are left alone,
 * except Enter in the action editor (submit the edit) and Esc (cancel).
 */
export function useCockpitKeys(h: CockpitKeyHandlers): void {
  const ref = useRef(h);
  useEffect(() => {
    ref.current = h;
  });
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      const c = ref.current;
      if (!c.enabled || ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) return;
      const typing = isTypingTarget(ev.target);
      const inEditor = ev.target instanceof HTMLElement && !!ev.target.closest('[data-testid="action-editor"]');
      const waitingForStep = c.waiting === 'approve' || c.waiting === 'copilot';
      const key = ev.key;
      if (key === 'Escape') {
        if (c.waiting || c.interaction !== 'idle') {
          ev.preventDefault();
          c.onEscape();
        }
        return;
      }
      if (typing && !(inEditor && key === 'Enter')) return;
      // A focused button handles Enter and Space itself.
      if ((key === 'Enter' || key === ' ') && ev.target instanceof HTMLButtonElement) return;
      if (key === 'Enter') {
        if (c.waiting && c.waiting !== 'take_over' && (c.interaction === 'idle' || c.interaction === 'edit')) {
          ev.preventDefault();
          c.onApprove();
        }
      } else if (key === 'e' || key === 'E') {
        if (waitingForStep && c.interaction === 'idle') {
          ev.preventDefault();
          c.onEdit();
        }
      } else if (key === 'o' || key === 'O') {
        if (waitingForStep && c.interaction === 'idle') {
          ev.preventDefault();
          c.onOverride();
        }
      } else if (key === 't' || key === 'T') {
        if (c.waiting !== 'take_over') {
          ev.preventDefault();
          c.onTakeOver();
        }
      } else if (key === 'h' || key === 'H') {
        if (c.waiting === 'take_over' || c.waiting === 'copilot') {
          ev.preventDefault();
          c.onHandBack();
        }
      } else if (key === ' ') {
        if (c.status === 'running' || c.status === 'paused' || c.status === 'waiting') {
          ev.preventDefault();
          c.onPauseResume();
        }
      } else if (key === '?') {
        ev.preventDefault();
        useCockpitStore.setState((s) => ({ showShortcuts: !s.showShortcuts }));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
