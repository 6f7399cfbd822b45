/**
 * Weather's coloured condition icons (48×48 SVG, drawn for this app): sun, moon, clouds,
 * rain, thunder, snow, haze. Decoration: the condition is always also written as text.
 */

const SUN =
  '<circle cx="24" cy="24" r="9" fill="#fbc02d"/><g stroke="#fbc02d" stroke-width="3" stroke-linecap="round"><path d="M24 5v5M24 38v5M5 24h5M38 24h5M10.6 10.6l3.5 3.5M33.9 33.9l3.5 3.5M10.6 37.4l3.5-3.5M33.9 14.1l3.5-3.5"/></g>';
const SMALL_SUN =
  '<circle cx="17" cy="17" r="7" fill="#fbc02d"/><g stroke="#fbc02d" stroke-width="2.5" stroke-linecap="round"><path d="M17 4v3.5M4 17h3.5M7.8 7.8l2.5 2.5M26.2 7.8l-2.5 2.5"/></g>';
const MOON = '<path d="M31 8a15 15 0 1 0 9 25A13 13 0 0 1 31 8z" fill="#b0bec5"/>';
const SMALL_MOON = '<path d="M20 6a10 10 0 1 0 7 16A9 9 0 0 1 20 6z" fill="#b0bec5"/>';
const CLOUD = (fill: string, y = 0): string =>
  `<path d="M14 ${38 + y}h21a8 8 0 0 0 .8-16A11 11 0 0 0 14.5 ${22 + y}A8 8 0 0 0 14 ${38 + y}z" fill="${fill}"/>`;
const DROPS =
  '<g stroke="#1e88e5" stroke-width="2.6" stroke-linecap="round"><path d="M17 36l-2 5M25 36l-2 5M33 36l-2 5"/></g>';
const FLAKES =
  '<g fill="#90caf9"><circle cx="16" cy="39" r="2.2"/><circle cx="24" cy="42" r="2.2"/><circle cx="32" cy="39" r="2.2"/></g>';
const BOLT = '<path d="M25 30l-6 9h5l-3 7 9-11h-5l3-5z" fill="#fbc02d"/>';
const HAZE =
  '<g stroke="#a1887f" stroke-width="3" stroke-linecap="round"><path d="M9 18h30M6 25h36M9 32h30M13 39h22"/></g>';

const ART: Record<string, string> = {
  Sunny: SUN,
  Clear: MOON,
  'Mostly sunny': `${SMALL_SUN}${CLOUD('#cfd8dc', 4)}`,
  'Mostly clear': `${SMALL_MOON}${CLOUD('#b0bec5', 4)}`,
  'Partly cloudy': `${SMALL_SUN}${CLOUD('#b0bec5', 2)}`,
  Cloudy: CLOUD('#90a4ae', -2),
  Haze: HAZE,
  'Light rain': `${CLOUD('#90a4ae', -6)}${DROPS}`,
  Showers: `${SMALL_SUN}${CLOUD('#90a4ae', -4)}${DROPS}`,
  Rain: `${CLOUD('#78909c', -6)}${DROPS}`,
  'Heavy rain': `${CLOUD('#607d8b', -6)}${DROPS}`,
  Thunderstorms: `${CLOUD('#546e7a', -8)}${BOLT}`,
  'Light snow': `${CLOUD('#b0bec5', -6)}${FLAKES}`,
  Snow: `${CLOUD('#90a4ae', -6)}${FLAKES}`,
};

export function conditionSvg(condition: string): string {
  return `<svg viewBox="0 0 48 48" xmlns="http://www.w3.org/2000/svg">${ART[condition] ?? CLOUD('#90a4ae')}</svg>`;
}
