/**
 * Esc closes, and only closes: the newest open overlay (a popover, a menu, an edit mode, a form
 * opened over a view) registers here while it is open, and one Esc closes it — the newest
 * first. Esc never reaches a page's own shortcuts while anything is open, and no page maps Esc
 * to a decision.
 */
import { useEffect, useRef } from 'react';

interface Closer {
  close(): void;
}

const open: Closer[] = [];

if (typeof window !== 'undefined')
  window.addEventListener(
    'keydown',
    (ev) => {
      if (ev.key !== 'Escape' || ev.defaultPrevented || ev.isComposing) return;
      const top = open.at(-1);
      if (!top) return;
      ev.preventDefault();
      ev.stopPropagation();
      top.close();
    },
    { capture: true },
  );

/** While `isOpen`, Esc calls `close` (unless something opened later is still open). */
export function useEscapeCloses(isOpen: boolean, close: () => void): void {
  const ref = useRef(close);
  useEffect(() => {
    ref.current = close;
  });
  useEffect(() => {
    if (!isOpen) return;
    const entry: Closer = { close: () => ref.current() };
    open.push(entry);
    return () => {
      const i = open.indexOf(entry);
      if (i >= 0) open.splice(i, 1);
    };
  }, [isOpen]);
}

/** How many overlays are open (for tests and for pages that must not act under one). */
export function openOverlays(): number {
  return open.length;
}
