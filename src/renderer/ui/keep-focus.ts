import type { MouseEvent } from 'react';

/**
 * For tabs and list rows clicked with the mouse: keeps the focus where it was, so the cockpit's
 * Enter (approve) and Space (pause) are not swallowed by the last thing clicked. Keyboard users
 * still reach these controls with Tab.
 */
export function keepFocus(e: MouseEvent): void {
  e.preventDefault();
}
