/**
 * Points of `Click_by_Coordinate`: given on the model's 0–1000 grid over the screen (the
 * action's default unit) or in pixels of the screenshot (`px`). One definition of what is on
 * the screen, for the executor, the editor's validation and the markers drawn on screenshots.
 */
export type CoordinateUnit = 'grid' | 'px';

export interface ScreenBox {
  width: number;
  height: number;
}

export const GRID_MAX = 1000;

/** Why a point is not on the screen, or null when it is. */
export function coordinateProblem(x: number, y: number, unit: CoordinateUnit, screen: ScreenBox): string | null {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return 'x and y must be numbers';
  if (x < 0 || y < 0) return `(${x}, ${y}) is left of or above the screen: coordinates start at 0`;
  if (unit === 'grid') return x > GRID_MAX || y > GRID_MAX ? `(${x}, ${y}) is outside the 0–1000 grid.` : null;
  return x >= screen.width || y >= screen.height
    ? `(${x}, ${y}) px is outside the ${screen.width}x${screen.height} screen.`
    : null;
}

/** The point in pixels of the screen (grid points scaled, not rounded). */
export function toPixels(x: number, y: number, unit: CoordinateUnit, screen: ScreenBox): [number, number] {
  return unit === 'grid' ? [(x / GRID_MAX) * screen.width, (y / GRID_MAX) * screen.height] : [x, y];
}

/** A pixel point in `unit`, rounded to whole units. */
export function fromPixels(x: number, y: number, unit: CoordinateUnit, screen: ScreenBox): [number, number] {
  return unit === 'grid'
    ? [Math.round((x / screen.width) * GRID_MAX), Math.round((y / screen.height) * GRID_MAX)]
    : [Math.round(x), Math.round(y)];
}
