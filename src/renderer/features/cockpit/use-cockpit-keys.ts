import { useEffect, useRef } from 'react';
import type { RunStatus, WaitKind } from '../../../shared/schemas/run.ts';
import { isTypingTarget } from '../../ui/keys.ts';
import { cockpitCommand } from './cockpit-keys.ts';
import type { CockpitCommand, Interaction } from './cockpit-keys.ts';

export interface CockpitKeyState {
  enabled: boolean;
  waiting: WaitKind | null;
  interaction: Interaction;
  status: RunStatus;
  hasProposal: boolean;
  /** What each command does here. */
  run(command: CockpitCommand): void;
}

/** Binds the cockpit's keyboard map (`cockpit-keys.ts`) to the window while the run view is shown. */
export function useCockpitKeys(s: CockpitKeyState): void {
  const ref = useRef(s);
  useEffect(() => {
    ref.current = s;
  });
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      const c = ref.current;
      if (!c.enabled || ev.defaultPrevented) return;
      const target = ev.target;
      const command = cockpitCommand(
        {
          key: ev.key,
          typing: isTypingTarget(target),
          inEditor: target instanceof HTMLElement && !!target.closest('[data-testid="action-editor"]'),
          onButton: target instanceof HTMLButtonElement,
          modifiers: ev.altKey || ev.ctrlKey || ev.metaKey,
        },
        c,
      );
      if (!command) return;
      ev.preventDefault();
      c.run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
