/**
 * Fling: a list keeps scrolling after a quick swipe, the way Android's OverScroller does it.
 * The release velocity comes from the gesture's last segment (the last two pointer samples at
 * least a millisecond apart, by their event times rounded to the millisecond — which the Node
 * side sets for `input swipe`, so the same swipe always travels the same distance); a finger
 * that stopped more than 40 ms before lifting gives none. The distance is the spline formula of Android's
 * SplineOverScroller (deceleration ln(0.78)/ln(0.9), inflexion 0.35, scroll friction 0.015,
 * the physical coefficient from the screen density); velocities below 50 dp/s do not fling
 * and those above 8000 dp/s count as 8000 (ViewConfiguration). The scroll lands at the end
 * position at once: no animation, so a screenshot right after the swipe shows where it stops.
 */

export interface PointerSample {
  x: number;
  y: number;
  /** Event time, ms. */
  t: number;
}

const DECELERATION_RATE = Math.log(0.78) / Math.log(0.9);
const INFLEXION = 0.35;
const SCROLL_FRICTION = 0.015;
const GRAVITY_EARTH = 9.80665;
const MIN_FLING_DP = 50;
const MAX_FLING_DP = 8000;
/** VelocityTracker's ASSUME_POINTER_STOPPED_TIME. */
const POINTER_STOPPED_MS = 40;

/** Pixels per second along x and y when the finger lifts (the last segment's speed). */
export function releaseVelocity(samples: readonly PointerSample[]): { vx: number; vy: number } {
  const last = samples[samples.length - 1];
  if (!last) return { vx: 0, vy: 0 };
  let i = samples.length - 2;
  while (i >= 0 && Math.round(last.t - (samples[i] as PointerSample).t) < 1) i--;
  const previous = samples[i];
  if (!previous) return { vx: 0, vy: 0 };
  // When did the finger last move? A still finger before the lift means no fling.
  let movedAt = last.t;
  for (let j = samples.length - 1; j > 0; j--) {
    const a = samples[j] as PointerSample;
    const b = samples[j - 1] as PointerSample;
    if (a.x !== b.x || a.y !== b.y) {
      movedAt = a.t;
      break;
    }
    movedAt = b.t;
  }
  if (Math.round(last.t - movedAt) > POINTER_STOPPED_MS) return { vx: 0, vy: 0 };
  // Whole milliseconds: the page's event times carry a little timer jitter below that.
  const dt = Math.max(1, Math.round(last.t - previous.t)) / 1000;
  return { vx: (last.x - previous.x) / dt, vy: (last.y - previous.y) / dt };
}

/**
 * How far a fling at `velocity` px/s travels (px, always ≥ 0) on a screen of `density`
 * (dp scale, e.g. 2.625 at 420 dpi); 0 below the minimum fling velocity.
 */
export function flingDistance(velocity: number, density: number): number {
  const speed = Math.min(Math.abs(velocity), MAX_FLING_DP * density);
  if (speed < MIN_FLING_DP * density) return 0;
  const physicalCoeff = GRAVITY_EARTH * 39.37 * (density * 160) * 0.84;
  const deceleration = Math.log((INFLEXION * speed) / (SCROLL_FRICTION * physicalCoeff));
  return SCROLL_FRICTION * physicalCoeff * Math.exp((DECELERATION_RATE / (DECELERATION_RATE - 1)) * deceleration);
}
