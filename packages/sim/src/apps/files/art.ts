/**
 * The pictures in Files and its Photos tab: a small landscape or city scene drawn as SVG from a
 * number (sky, sun or moon, hills or buildings, water), so every photo looks different and the
 * same number always draws the same picture.
 */
import { mulberry32 } from '../../phone/page/rng.ts';

const SKIES = [
  ['#87ceeb', '#e0f6ff'],
  ['#ff9a5a', '#ffd39b'],
  ['#1d2b53', '#4a5a8c'],
  ['#a1c4fd', '#c2e9fb'],
  ['#f7797d', '#fbd786'],
  ['#5f9ea0', '#b0e0e6'],
];
const LANDS = ['#3b7d3b', '#6b8e23', '#556b2f', '#8b7d6b', '#2f4f4f', '#a0522d'];

export function artSvg(art: number): string {
  const r = mulberry32(Math.imul(art, 2654435761) >>> 0);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const [top, bottom] = pick(SKIES);
  const night = top === '#1d2b53';
  const land = pick(LANDS);
  const sunX = 20 + Math.floor(r() * 60);
  const sunY = 15 + Math.floor(r() * 25);
  const city = r() < 0.4;
  let ground = '';
  if (city) {
    let x = 0;
    while (x < 100) {
      const w = 8 + Math.floor(r() * 14);
      const h = 20 + Math.floor(r() * 40);
      ground += `<rect x="${x}" y="${90 - h}" width="${w - 1}" height="${h}" fill="${night ? '#2a2a3a' : '#6e7b8b'}"/>`;
      x += w;
    }
  } else {
    const a = 45 + Math.floor(r() * 20);
    const b = 40 + Math.floor(r() * 25);
    ground = `<path d="M0 ${a} Q25 ${a - 20} 50 ${b} T100 ${a - 5} V100 H0Z" fill="${land}"/><path d="M0 ${a + 15} Q40 ${b} 100 ${a + 10} V100 H0Z" fill="${land}" opacity=".7"/>`;
  }
  const water = r() < 0.35 ? `<rect x="0" y="86" width="100" height="14" fill="#3a7bd5" opacity=".85"/>` : '';
  return (
    `<svg viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" width="100%" height="100%">` +
    `<defs><linearGradient id="s${art}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#s${art})"/>` +
    `<circle cx="${sunX}" cy="${sunY}" r="${night ? 6 : 9}" fill="${night ? '#f4f1c9' : '#fff3b0'}"/>` +
    `${ground}${water}</svg>`
  );
}
