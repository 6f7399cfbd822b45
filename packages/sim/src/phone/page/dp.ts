/**
 * Density-independent units for the in-page CSS. Apps write `16dp` (and `14sp`); the page
 * converts them to device pixels for the phone's density (px = dp × density / 160), like
 * Android's own layout inflation.
 */

let pxPerDp = 2.625;
const cache = new Map<string, string>();
const UNIT = /(-?\d*\.?\d+)(dp|sp)\b/g;

export function setDensity(density: number): void {
  pxPerDp = density / 160;
  cache.clear();
}

export function dpToPx(dp: number): number {
  return dp * pxPerDp;
}

/** Converts every `Ndp`/`Nsp` in a CSS text to pixels (memoised: styles repeat every render). */
export function css(text: string): string {
  let out = cache.get(text);
  if (out === undefined) {
    out =
      text.includes('dp') || text.includes('sp')
        ? text.replace(UNIT, (_m, n: string) => `${+(Number(n) * pxPerDp).toFixed(3)}px`)
        : text;
    if (cache.size > 5000) cache.clear();
    cache.set(text, out);
  }
  return out;
}
