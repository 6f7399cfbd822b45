/** Seeded randomness for the simulated phone: the same seed gives the same apps and data. */
import { mulberry32Step } from '@moba/base/random';

export { mulberry32 } from '@moba/base/random';

/** One step of mulberry32 on an explicit state, so the state can live in a snapshot. */
export function nextRandom(state: { rng: number }): number {
  const r = mulberry32Step(state.rng);
  state.rng = r.state;
  return r.value / 4294967296;
}

/** FNV-1a, to derive per-package seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length) % items.length] as T;
}

/** Shuffles `items` in place (Fisher–Yates) with `rng`; returns it. */
export function shuffle<T>(items: T[], rng: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
