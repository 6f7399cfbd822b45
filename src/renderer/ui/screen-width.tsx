/**
 * How wide the screen column of the run views is (the cockpit and the replay): dragged by its
 * edge, from a phone-sized column up to half the window, kept for the next visit.
 */
import { useEffect, useState } from 'react';
import type { CSSProperties, PointerEvent } from 'react';
import { create } from 'zustand';

const KEY = 'moba.screenWidth';
const MIN_PX = 260;

function stored(): number | null {
  try {
    const v = Number(localStorage.getItem(KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

const useScreenWidth = create<{ px: number | null }>(() => ({ px: stored() }));

/** The widest the screen column may be: half the window. */
function maxPx(): number {
  return Math.max(MIN_PX, Math.floor(window.innerWidth / 2));
}

/** The style that gives a run view's grid its screen column width (none until a person drags it). */
export function useScreenWidthStyle(): CSSProperties | undefined {
  const px = useScreenWidth((s) => s.px);
  const [max, setMax] = useState(maxPx);
  useEffect(() => {
    const onResize = () => setMax(maxPx());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // Never so wide that the step (380 px) and the task tree (260 px) columns and their gaps no longer fit.
  return px === null
    ? undefined
    : ({ '--screen-w': `max(${MIN_PX}px, min(${Math.min(px, max)}px, 100% - 664px))` } as CSSProperties);
}

/** The handle on the screen panel's right edge. Double-click: back to the default width. */
export function ScreenResizer() {
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const panel = e.currentTarget.parentElement;
    if (!panel || e.button !== 0) return;
    e.preventDefault();
    const left = panel.getBoundingClientRect().left;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) =>
      useScreenWidth.setState({ px: Math.round(Math.min(maxPx(), Math.max(MIN_PX, ev.clientX - left))) });
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      const px = useScreenWidth.getState().px;
      try {
        if (px !== null) localStorage.setItem(KEY, String(px));
      } catch {
        // Storage can be disabled: the width just does not persist.
      }
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  return (
    <div
      className="screen-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Drag to widen the screen (up to half the window)"
      title="Drag to widen the screen (up to half the window); double-click for the default"
      onPointerDown={onPointerDown}
      onDoubleClick={() => {
        useScreenWidth.setState({ px: null });
        try {
          localStorage.removeItem(KEY);
        } catch {
          // ignored, as above
        }
      }}
      data-testid="screen-resizer"
    />
  );
}

/** Makes the screen column wide enough for the inspector's tree beside the screen (45 % of the window, at most half). */
export function widenScreen(): void {
  const want = Math.floor(window.innerWidth * 0.45);
  const px = useScreenWidth.getState().px;
  if (px === null || px < want) useScreenWidth.setState({ px: Math.min(maxPx(), want) });
}
