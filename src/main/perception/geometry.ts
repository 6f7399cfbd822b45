import type { Bounds } from '../../shared/schemas/common.ts';

/** `[x1, y1, x2, y2]`, x2/y2 exclusive. Mutable-free helpers over the shared `Bounds` tuple. */
export type Rect = Bounds;

export function rectArea(r: Rect): number {
  const w = r[2] - r[0];
  const h = r[3] - r[1];
  return w > 0 && h > 0 ? w * h : 0;
}

export function intersectionArea(a: Rect, b: Rect): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  if (w <= 0) return 0;
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return h > 0 ? w * h : 0;
}

/** Clips to `[0, 0, width, height]`; the result may be empty (check with `rectArea`). */
export function clipRect(r: Rect, width: number, height: number): Rect {
  return [
    Math.max(0, Math.min(r[0], width)),
    Math.max(0, Math.min(r[1], height)),
    Math.max(0, Math.min(r[2], width)),
    Math.max(0, Math.min(r[3], height)),
  ];
}

/** Integer centre, as a tap would use it. */
export function rectCenter(r: Rect): [number, number] {
  return [Math.floor((r[0] + r[2]) / 2), Math.floor((r[1] + r[3]) / 2)];
}

/**
 * A uniform grid over the screen holding rectangles by id, so that "which kept rectangles
 * touch this one?" costs the cells it covers instead of every rectangle kept so far. Ids are
 * small consecutive integers (positions in the caller's array).
 */
export class SpatialGrid {
  private readonly cellSize: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly cells: number[][];
  private readonly stamps: number[] = [];
  private stamp = 0;

  constructor(width: number, height: number, targetCells = 32) {
    this.cellSize = Math.max(16, Math.ceil(Math.max(width, height) / targetCells));
    this.cols = Math.max(1, Math.ceil(width / this.cellSize));
    this.rows = Math.max(1, Math.ceil(height / this.cellSize));
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
  }

  insert(id: number, r: Rect): void {
    this.forCells(r, (cell) => {
      cell.push(id);
      return true;
    });
  }

  /**
   * Calls `visit` once per id whose cells meet `r` (a superset of the rectangles that
   * intersect it); stops early when `visit` returns false.
   */
  query(r: Rect, visit: (id: number) => boolean): void {
    const stamp = ++this.stamp;
    const stamps = this.stamps;
    this.forCells(r, (cell) => {
      for (const id of cell) {
        if (stamps[id] === stamp) continue;
        stamps[id] = stamp;
        if (!visit(id)) return false;
      }
      return true;
    });
  }

  private forCells(r: Rect, fn: (cell: number[]) => boolean): void {
    const s = this.cellSize;
    const c0 = clampInt(Math.floor(r[0] / s), 0, this.cols - 1);
    const c1 = clampInt(Math.ceil(r[2] / s) - 1, 0, this.cols - 1);
    const r0 = clampInt(Math.floor(r[1] / s), 0, this.rows - 1);
    const r1 = clampInt(Math.ceil(r[3] / s) - 1, 0, this.rows - 1);
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const cell = this.cells[row * this.cols + col];
        if (cell && !fn(cell)) return;
      }
    }
  }
}

function clampInt(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
