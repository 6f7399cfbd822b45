/**
 * AppAgent's grid fallback: when no numbered element fits, the screen is cut into square areas
 * numbered row by row from 1 (a side between 120 and 180 px that divides the screen, as its
 * released code chooses; the nearest size otherwise), and an action names an area and one of
 * nine sub-areas — `tap(12, "top-left")`.
 */
import type { UiElement } from '../../../../shared/schemas/perception.ts';

export const SUBAREAS = [
  'center',
  'top-left',
  'top',
  'top-right',
  'left',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type Subarea = (typeof SUBAREAS)[number];

export interface Grid {
  cell: number;
  cols: number;
  rows: number;
}

function unitFor(n: number): number | null {
  for (let u = 120; u <= 180; u++) if (n % u === 0) return u;
  return null;
}

export function gridFor(screen: { width: number; height: number }): Grid {
  const cell = unitFor(screen.width) ?? unitFor(screen.height) ?? 120;
  return { cell, cols: Math.ceil(screen.width / cell), rows: Math.ceil(screen.height / cell) };
}

/** The point of a sub-area of an area, in screen pixels; null when the area does not exist. */
export function gridPoint(
  grid: Grid,
  screen: { width: number; height: number },
  area: number,
  subarea: Subarea,
): [number, number] | null {
  if (!Number.isInteger(area) || area < 1 || area > grid.cols * grid.rows) return null;
  const row = Math.floor((area - 1) / grid.cols);
  const col = (area - 1) % grid.cols;
  const x0 = col * grid.cell;
  const y0 = row * grid.cell;
  const w = Math.min(grid.cell, screen.width - x0);
  const h = Math.min(grid.cell, screen.height - y0);
  const fx = subarea.endsWith('left') ? 0.25 : subarea.endsWith('right') ? 0.75 : 0.5;
  const fy = subarea.startsWith('top') ? 0.25 : subarea.startsWith('bottom') ? 0.75 : 0.5;
  return [Math.round(x0 + w * fx), Math.round(y0 + h * fy)];
}

/** The areas as elements, so the set-of-marks painter draws the numbered grid. */
export function gridCells(grid: Grid, screen: { width: number; height: number }): UiElement[] {
  const cells: UiElement[] = [];
  for (let r = 0; r < grid.rows; r++) {
    for (let c = 0; c < grid.cols; c++) {
      const bounds: [number, number, number, number] = [
        c * grid.cell,
        r * grid.cell,
        Math.min(screen.width, (c + 1) * grid.cell),
        Math.min(screen.height, (r + 1) * grid.cell),
      ];
      cells.push({
        index: r * grid.cols + c + 1,
        bounds,
        center: [Math.floor((bounds[0] + bounds[2]) / 2), Math.floor((bounds[1] + bounds[3]) / 2)],
        text: '',
        contentDesc: '',
        resourceId: '',
        className: 'grid.Area',
        packageName: '',
        trueAttributes: ['clickable'],
      });
    }
  }
  return cells;
}
