/**
 * The phone's icon set: simple 24×24 line drawings (stroke = currentColor), drawn for this
 * project. `svg(name)` returns markup for an `html` prop; unknown names draw a dot so a typo
 * is visible instead of blank.
 */
import { APP_FILL, APP_STROKE } from './icons-apps.ts';

const STROKE: Record<string, string> = {
  back: '<path d="M20 12H5M11 5l-7 7 7 7"/>',
  add: '<path d="M12 5v14M5 12h14"/>',
  close: '<path d="M6 6l12 12M18 6L6 18"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7"/>',
  menu: '<path d="M4 7h16M4 12h16M4 17h16"/>',
  search: '<circle cx="10.5" cy="10.5" r="6"/><path d="M15 15l5 5"/>',
  alarm: '<circle cx="12" cy="13" r="7"/><path d="M12 9.5V13l2.5 2M4 6l3-2.5M20 6l-3-2.5"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.5 2"/>',
  globe: '<circle cx="12" cy="12" r="9"/><ellipse cx="12" cy="12" rx="4" ry="9"/><path d="M3 12h18"/>',
  hourglass: '<path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9"/>',
  stopwatch: '<circle cx="12" cy="14" r="7"/><path d="M12 14v-4M10 3h4M12 3v4M18 7l1.5-1.5"/>',
  wifi: '<path d="M2.5 9a14 14 0 0 1 19 0M5.5 12.5a9.5 9.5 0 0 1 13 0M8.8 16a4.8 4.8 0 0 1 6.4 0"/><circle cx="12" cy="19" r="0.8"/>',
  bluetooth: '<path d="M7 7.5l10 9-5 4.5V3l5 4.5-10 9"/>',
  moon: '<path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z"/>',
  info: '<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5v.2"/>',
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/>',
  'chevron-left': '<path d="M15 5l-7 7 7 7"/>',
  'chevron-right': '<path d="M9 5l7 7-7 7"/>',
  'chevron-down': '<path d="M5 9l7 7 7-7"/>',
  'chevron-up': '<path d="M5 15l7-7 7 7"/>',
  delete: '<path d="M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13M10.5 11v5M13.5 11v5"/>',
  label: '<path d="M3.5 12V4h8l9 9-8 8z"/><circle cx="7.5" cy="8" r="1"/>',
  bell: '<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"/>',
  vibrate: '<rect x="8" y="3.5" width="8" height="17" rx="2"/><path d="M4.5 8v8M19.5 8v8M2 10.5v3M22 10.5v3"/>',
  repeat: '<path d="M4 12V9.5A3.5 3.5 0 0 1 7.5 6H19l-3-3M20 12v2.5a3.5 3.5 0 0 1-3.5 3.5H5l3 3"/>',
  edit: '<path d="M4 20l1.2-4.8L16 4.4l3.6 3.6L8.8 18.8zM14 6.5l3.5 3.5"/>',
  location:
    '<path d="M12 21.5s-6.5-6.3-6.5-11.5a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11.5-6.5 11.5z"/><circle cx="12" cy="10" r="2.3"/>',
  keyboard:
    '<rect x="2.5" y="6" width="19" height="12" rx="2"/><path d="M6 9.5h.1M9.5 9.5h.1M13 9.5h.1M16.5 9.5h.1M6 12.5h.1M9.5 12.5h.1M13 12.5h.1M16.5 12.5h.1M8 15.5h8"/>',
  settings:
    '<circle cx="12" cy="12" r="3"/><circle cx="12" cy="12" r="7"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/>',
  apps: '<path d="M5 5h.1M12 5h.1M19 5h.1M5 12h.1M12 12h.1M19 12h.1M5 19h.1M12 19h.1M19 19h.1" stroke-width="3.2"/>',
  brightness:
    '<circle cx="12" cy="12" r="4"/><path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4"/>',
  volume: '<path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11"/>',
  lock: '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>',
  person: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  people:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.5a6.5 6.5 0 0 1 3.5 5.5"/>',
  home: '<path d="M3.5 11 12 3.5l8.5 7.5M5.5 9.5V20h13V9.5"/>',
  note: '<rect x="5" y="3.5" width="14" height="17" rx="2"/><path d="M8.5 8h7M8.5 12h7M8.5 16h4"/>',
  message: '<path d="M4 4.5h16v11.5H9l-5 4z"/><path d="M8 9h8M8 12h5"/>',
  weather: '<path d="M7 18.5h10a4 4 0 0 0 .3-8 5.5 5.5 0 0 0-10.6 1.2A3.4 3.4 0 0 0 7 18.5z"/>',
  sun: '<circle cx="12" cy="12" r="4.5"/><path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"/>',
  rain: '<path d="M7 14.5h10a3.8 3.8 0 0 0 .3-7.6 5.2 5.2 0 0 0-10 1.1A3.3 3.3 0 0 0 7 14.5zM8.5 17.5l-1 2.5M12.5 17.5l-1 2.5M16.5 17.5l-1 2.5"/>',
  shop: '<path d="M5 8h14l-1.2 12.5H6.2zM9 8V6.5a3 3 0 0 1 6 0V8"/>',
  cart: '<path d="M3 4h2.5l2.2 11h10.6L20.5 7H6.6"/><circle cx="9" cy="19" r="1.5"/><circle cx="17" cy="19" r="1.5"/>',
  train:
    '<rect x="5.5" y="3" width="13" height="13.5" rx="3"/><path d="M5.5 10.5h13M9 13.5h.1M15 13.5h.1M8.5 21l2-4.5M15.5 21l-2-4.5"/>',
  phone:
    '<path d="M6.5 3.5h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A16.5 16.5 0 0 1 4.5 5.5a2 2 0 0 1 2-2z"/>',
  backspace: '<path d="M8.5 5.5H20v13H8.5L3 12z"/><path d="M11.5 9.5l5 5M16.5 9.5l-5 5"/>',
  shift: '<path d="M12 4.5 19.5 12h-4v7h-7v-7h-4z"/>',
  enter: '<path d="M19.5 5.5V12H6M10 8l-4 4 4 4"/>',
  battery: '<rect x="7" y="4" width="10" height="17" rx="1.5"/><path d="M10 2.5h4"/>',
  storage:
    '<path d="M4 6.5h16M4 12h16M4 17.5h16"/><circle cx="7" cy="6.5" r=".5"/><circle cx="7" cy="12" r=".5"/><circle cx="7" cy="17.5" r=".5"/>',
  notifications: '<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"/>',
  display: '<rect x="3" y="4.5" width="18" height="12.5" rx="1.5"/><path d="M9 20.5h6M12 17v3.5"/>',
  system: '<circle cx="12" cy="12" r="9"/><path d="M12 8v.2M12 11v5"/>',
  security: '<path d="M12 3 4.5 6v6c0 4.5 3.3 8 7.5 9 4.2-1 7.5-4.5 7.5-9V6z"/>',
  today:
    '<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/><rect x="7" y="13" width="4" height="4" rx=".5"/>',
  pause: '<path d="M8.5 5v14M15.5 5v14" stroke-width="3"/>',
  refresh: '<path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4.5H15"/>',
  schedule: '<path d="M4 6h16M4 12h16M4 18h10"/>',
  'view-day': '<rect x="4" y="4" width="16" height="16" rx="2"/><path d="M4 9h16M4 15h16"/>',
  'view-month':
    '<rect x="3.5" y="4" width="17" height="16" rx="2"/><path d="M3.5 9.5h17M3.5 14.8h17M9.2 4v16M14.8 4v16"/>',
  airplane:
    '<path d="M12 2.5c.8 0 1.4.7 1.4 1.5v5.2l7.1 4.3v1.9l-7.1-2.2v4.7l2 1.5V21L12 20l-3.4 1v-1.6l2-1.5v-4.7l-7.1 2.2v-1.9l7.1-4.3V4c0-.8.6-1.5 1.4-1.5z"/>',
  sunset: '<path d="M3 18h18M6.5 14.5a5.5 5.5 0 0 1 11 0M12 3v5M9 6l3 3 3-3"/>',
  drop: '<path d="M12 3.5s-6 6.5-6 10.5a6 6 0 0 0 12 0c0-4-6-10.5-6-10.5z"/>',
  star: '<path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"/>',
  filter: '<path d="M4 6h16M7 12h10M10 18h4"/>',
  send: '<path d="M4 20 21 12 4 4l2.5 8zM6.5 12H13"/>',
  mic: '<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5.5 11.5a6.5 6.5 0 0 0 13 0M12 18v3"/>',
  swap: '<path d="M7 4 4 7l3 3M4 7h14M17 14l3 3-3 3M20 17H6"/>',
  dot: '<circle cx="12" cy="12" r="2"/>',
  pin: '<path d="M9 3.5h6M10 3.5v6l-3.5 4h11L14 9.5v-6M12 13.5V21"/>',
  'person-add': '<circle cx="10" cy="8" r="4"/><path d="M2.5 21a7.5 7.5 0 0 1 15 0M19 8v6M16 11h6"/>',
  email: '<rect x="3" y="5.5" width="18" height="13" rx="2"/><path d="M3.5 7l8.5 6 8.5-6"/>',
  list: '<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.1M4.5 12h.1M4.5 18h.1" />',
  wind: '<path d="M3 9h11a3 3 0 1 0-3-3M3 15h15a3 3 0 1 1-3 3M3 12h7"/>',
  sunrise: '<path d="M3 18h18M6.5 14.5a5.5 5.5 0 0 1 11 0M12 9V3.5M9 6.5l3-3 3 3"/>',
  thermometer: '<path d="M10 14.5V5a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0z"/><path d="M12 11v6"/>',
  business: '<path d="M4 21V5.5h9V21M13 10h7v11M2.5 21h19M7 9h3M7 12.5h3M7 16h3M16 13.5h1M16 17h1"/>',
};

const FILL: Record<string, string> = {
  'nav-back': '<path d="M17 4.5v15L5.5 12z"/>',
  'nav-home': '<circle cx="12" cy="12" r="7.5"/>',
  'nav-recents': '<rect x="5.5" y="5.5" width="13" height="13" rx="1.5"/>',
  play: '<path d="M8 5v14l11-7z"/>',
  stop: '<rect x="6" y="6" width="12" height="12" rx="1"/>',
  'more-vert': '<circle cx="12" cy="5.5" r="1.9"/><circle cx="12" cy="12" r="1.9"/><circle cx="12" cy="18.5" r="1.9"/>',
  'wifi-full': '<path d="M12 20.5 1 8a16.5 16.5 0 0 1 22 0z"/>',
  'battery-full': '<path d="M10 2.5h4v1.5h2a1 1 0 0 1 1 1v15.5a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h2z"/>',
  'signal-full': '<path d="M21 3v18H3z"/>',
  'dot-fill': '<circle cx="12" cy="12" r="4"/>',
  'star-fill': '<path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"/>',
  'pin-fill': '<path d="M9 2.5h6v1.5h-1v5.3l3.8 4.2v1.5H13v6.5l-1 1-1-1V15H6.2v-1.5L10 9.3V4H9z"/>',
};

const cache = new Map<string, string>();

export function svg(name: string): string {
  let out = cache.get(name);
  if (out) return out;
  const fill = FILL[name] ?? APP_FILL[name];
  if (fill) out = `<svg viewBox="0 0 24 24" fill="currentColor">${fill}</svg>`;
  else {
    const stroke = STROKE[name] ?? APP_STROKE[name] ?? STROKE.dot ?? '';
    out = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">${stroke}</svg>`;
  }
  cache.set(name, out);
  return out;
}
