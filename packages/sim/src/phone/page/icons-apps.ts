/**
 * More glyphs of the phone's icon set (24×24 line drawings, stroke = currentColor), used by
 * Email, Files, Browser, Maps, Music, Wallet and the system's notification shade. Merged into
 * `svg(name)` by icons.ts.
 */

export const APP_STROKE: Record<string, string> = {
  copy: '<rect x="8.5" y="8.5" width="11.5" height="11.5" rx="2"/><path d="M15.5 8.5V5.5a1.5 1.5 0 0 0-1.5-1.5H5.5A1.5 1.5 0 0 0 4 5.5V14a1.5 1.5 0 0 0 1.5 1.5h3"/>',
  forward: '<path d="M20 11l-6-6v3.5C8 9 4.5 12.5 4 19c2-3.5 5-5 10-5v3.5z"/>',
  reply: '<path d="M4 11l6-6v3.5c6 .5 9.5 4 10 10.5-2-3.5-5-5-10-5v3.5z"/>',
  'reply-all': '<path d="M8 5 2.5 11 8 17M13 8.5V5l-6 6 6 6v-3.5c4.5 0 7 1.5 9 5-.5-6.5-4-10-9-10z"/>',
  inbox: '<path d="M4 13.5 6.5 5h11l2.5 8.5V19H4zM4 13.5h4.5l1 2h5l1-2H20"/>',
  archive: '<rect x="3.5" y="4.5" width="17" height="4" rx="1"/><path d="M5 8.5V19.5h14V8.5M10 12.5h4"/>',
  draft:
    '<path d="M14 3.5H6.5A1.5 1.5 0 0 0 5 5v14a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19V8.5zM14 3.5v5h5M8.5 13h7M8.5 16.5h4"/>',
  spam: '<path d="M8.2 3.5h7.6l5.2 5.2v7.6l-5.2 5.2H8.2L3 16.3V8.7zM12 7.5v5.5M12 16v.2"/>',
  attach:
    '<path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7-7L13 4.5a3.3 3.3 0 0 1 4.7 4.7l-7.8 7.8a1.7 1.7 0 0 1-2.4-2.4l7.2-7.2"/>',
  folder:
    '<path d="M3.5 6.5a1.5 1.5 0 0 1 1.5-1.5h4.5l2 2.5h7.5a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H5a1.5 1.5 0 0 1-1.5-1.5z"/>',
  'folder-add':
    '<path d="M3.5 6.5a1.5 1.5 0 0 1 1.5-1.5h4.5l2 2.5h7.5a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H5a1.5 1.5 0 0 1-1.5-1.5zM12 10.5v6M9 13.5h6"/>',
  image:
    '<rect x="3.5" y="4.5" width="17" height="15" rx="2"/><circle cx="9" cy="9.5" r="1.8"/><path d="M4 17.5l5-5 3.5 3.5 2.5-2.5 5 4.5"/>',
  file: '<path d="M14 3.5H6.5A1.5 1.5 0 0 0 5 5v14a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19V8.5zM14 3.5v5h5"/>',
  download: '<path d="M12 4v11M7 10.5l5 5 5-5M5 20h14"/>',
  upload: '<path d="M12 16V5M7 9.5l5-5 5 5M5 20h14"/>',
  share:
    '<circle cx="17.5" cy="5.5" r="2.5"/><circle cx="6.5" cy="12" r="2.5"/><circle cx="17.5" cy="18.5" r="2.5"/><path d="M8.7 10.7l6.6-3.9M8.7 13.3l6.6 3.9"/>',
  sort: '<path d="M7 4v16M3.5 16.5 7 20l3.5-3.5M17 20V4M13.5 7.5 17 4l3.5 3.5"/>',
  grid: '<rect x="4" y="4" width="7" height="7" rx="1"/><rect x="13" y="4" width="7" height="7" rx="1"/><rect x="4" y="13" width="7" height="7" rx="1"/><rect x="13" y="13" width="7" height="7" rx="1"/>',
  restore: '<path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4v4.5H9M12 8v4.5l3 2"/>',
  move: '<path d="M3.5 6.5a1.5 1.5 0 0 1 1.5-1.5h4.5l2 2.5h7.5a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H5a1.5 1.5 0 0 1-1.5-1.5zM9 13.5h6.5M13 11l2.5 2.5L13 16"/>',
  tab: '<rect x="3.5" y="5.5" width="17" height="13" rx="2"/><path d="M3.5 9.5h17"/>',
  tabs: '<rect x="7" y="3.5" width="13.5" height="13.5" rx="2"/><path d="M17 20.5H5a1.5 1.5 0 0 1-1.5-1.5V7"/>',
  bookmark: '<path d="M6.5 3.5h11v17L12 16l-5.5 4.5z"/>',
  history: '<path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4v4.5H9M12 8v4.5l3 2"/>',
  'arrow-forward': '<path d="M4 12h15M13 5l7 7-7 7"/>',
  'my-location':
    '<circle cx="12" cy="12" r="3.5"/><circle cx="12" cy="12" r="7.5"/><path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22"/>',
  directions: '<path d="M12 2.5 21.5 12 12 21.5 2.5 12z"/><path d="M9 14.5V11h5.5M12.5 8.5 15 11l-2.5 2.5"/>',
  car: '<path d="M5 16.5V11l2-5h10l2 5v5.5M5 16.5h14M5 16.5V19h2.5v-2.5M16.5 16.5V19H19v-2.5M5 11h14"/><circle cx="8" cy="13.8" r=".8"/><circle cx="16" cy="13.8" r=".8"/>',
  walk: '<circle cx="13" cy="4.5" r="1.8"/><path d="M9 21l3-6.5 2.5 2V21M12 14.5l1-5.5-3 1.5-1.5 3M13 9l2.5 3H18"/>',
  bike: '<circle cx="6" cy="16" r="3.5"/><circle cx="18" cy="16" r="3.5"/><path d="M6 16l4-7h5l3 7M10 9 8.5 6.5H7M12.5 16 15 9"/>',
  bus: '<rect x="5" y="3.5" width="14" height="14" rx="2.5"/><path d="M5 11h14M7.5 17.5V20M16.5 17.5V20M8 14.2h.1M16 14.2h.1"/>',
  layers: '<path d="M12 3.5 21 8.5l-9 5-9-5zM3 12.5l9 5 9-5M3 16.5l9 5 9-5"/>',
  'zoom-in': '<path d="M12 5v14M5 12h14"/>',
  'zoom-out': '<path d="M5 12h14"/>',
  work: '<rect x="3.5" y="7.5" width="17" height="12" rx="2"/><path d="M9 7.5V5.5h6v2M3.5 12.5h17"/>',
  restaurant: '<path d="M7 3v7.5a2 2 0 0 0 2 2V21M9 3v7.5M5 3v7.5a2 2 0 0 0 2 2M17 21V3c-2 1.5-3 4.5-3 8h3"/>',
  cafe: '<path d="M4.5 9h12v6a5 5 0 0 1-5 5h-2a5 5 0 0 1-5-5zM16.5 10.5h1.5a2.5 2.5 0 0 1 0 5h-1.5M8 3.5v2.5M11.5 3.5v2.5"/>',
  hospital: '<rect x="3.5" y="3.5" width="17" height="17" rx="2"/><path d="M12 7.5v9M7.5 12h9"/>',
  hotel: '<path d="M3 19V5.5M3 15.5h18V19M3 12h18v3.5M7.5 9.5a1.5 1.5 0 1 0 0-.1M11 12V9h7a3 3 0 0 1 3 3"/>',
  park: '<path d="M12 21v-5M8 16h8l-4-13-4 13zM9.5 11h5"/>',
  music:
    '<path d="M9 17.5V5.5l10-2v12M9 17.5a2.5 2.5 0 1 1-2.5-2.5A2.5 2.5 0 0 1 9 17.5zM19 15.5a2.5 2.5 0 1 1-2.5-2.5 2.5 2.5 0 0 1 2.5 2.5zM9 9.5l10-2"/>',
  podcast: '<circle cx="12" cy="10" r="2.5"/><path d="M12 12.5V21M7.5 14.5a6 6 0 1 1 9 0M5 17a9.5 9.5 0 1 1 14 0"/>',
  album: '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="2.5"/>',
  artist:
    '<circle cx="9.5" cy="8" r="4"/><path d="M2.5 20a7 7 0 0 1 12.5-4.3M18.5 9.5v8M18.5 17.5a2 2 0 1 1-2-2h2M18.5 9.5l2.5-1"/>',
  playlist: '<path d="M4 6h11M4 11h11M4 16h6.5M17.5 18.5V9.5l3.5-1M17.5 18.5a2 2 0 1 1-2-2h2"/>',
  'playlist-add': '<path d="M4 6h11M4 11h11M4 16h7M18 13v8M14 17h8"/>',
  queue: '<path d="M4 6h16M4 11h16M4 16h9M16.5 14v6l4-3z"/>',
  heart: '<path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z"/>',
  shuffle:
    '<path d="M3.5 7h3.2c2.8 0 4.2 1.2 5.3 3.8l.9 2.4c1 2.6 2.5 3.8 5.3 3.8H20M17 4l3 3-3 3M17 14l3 3-3 3M3.5 17h3.2c1.5 0 2.6-.4 3.4-1.2M14 8.2c.8-.8 1.9-1.2 3.4-1.2H20"/>',
  'repeat-one':
    '<path d="M4 12V9.5A3.5 3.5 0 0 1 7.5 6H19l-3-3M20 12v2.5a3.5 3.5 0 0 1-3.5 3.5H5l3 3M11 10.5l1.5-1v5"/>',
  'skip-next': '<path d="M5 5.5 15 12 5 18.5zM18.5 5.5v13"/>',
  'skip-prev': '<path d="M19 5.5 9 12l10 6.5zM5.5 5.5v13"/>',
  'replay-10': '<path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4v4.5H9M10 10v5M13 10h2v5h-2z"/>',
  'forward-30': '<path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4.5H15M9 10h2v2.5H9.5M11 12.5V15H9M13.5 10h2v5h-2z"/>',
  timer: '<circle cx="12" cy="13.5" r="7"/><path d="M12 13.5v-3.5M10 3h4"/>',
  speed: '<path d="M4 17a8 8 0 1 1 16 0M12 17l4-5"/>',
  wallet:
    '<path d="M4 7.5a2 2 0 0 1 2-2h11.5v4M4 7.5V18a2 2 0 0 0 2 2h14V9.5H6a2 2 0 0 1-2-2z"/><circle cx="16.5" cy="14.5" r="1"/>',
  card: '<rect x="3" y="5.5" width="18" height="13" rx="2"/><path d="M3 10h18M6.5 15h4"/>',
  bank: '<path d="M3 9.5 12 4l9 5.5zM5 9.5v8M9.5 9.5v8M14.5 9.5v8M19 9.5v8M3 20.5h18"/>',
  transfer: '<path d="M4 8h14.5M15 4.5 18.5 8 15 11.5M20 16H5.5M9 12.5 5.5 16 9 19.5"/>',
  receipt: '<path d="M6 3.5h12v17l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5zM9 8h6M9 11.5h6M9 15h3.5"/>',
  eye: '<path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z"/><circle cx="12" cy="12" r="3"/>',
  'eye-off':
    '<path d="M4 4l16 16M10 5.8a9.8 9.8 0 0 1 2-.3c6 0 9.5 6.5 9.5 6.5a16.6 16.6 0 0 1-2.7 3.4M6.4 6.9C3.9 8.6 2.5 12 2.5 12S6 18.5 12 18.5a9.4 9.4 0 0 0 4.5-1.2M9.9 10.1a3 3 0 0 0 4 4"/>',
  snowflake: '<path d="M12 2.5v19M3.8 7.2l16.4 9.6M3.8 16.8 20.2 7.2M9.5 4l2.5 2 2.5-2M9.5 20l2.5-2 2.5 2"/>',
  chart: '<path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3"/>',
  shield: '<path d="M12 3 4.5 6v6c0 4.5 3.3 8 7.5 9 4.2-1 7.5-4.5 7.5-9V6zM8.5 12l2.5 2.5 4.5-5"/>',
  spinner: '<path d="M12 3.5a8.5 8.5 0 1 0 8.5 8.5"/>',
  'notifications-off': '<path d="M4 4l16 16M8.5 5.5A6 6 0 0 1 18 11v4M6 11v6l-2 2h13M10 21h4"/>',
  'clear-all': '<path d="M5 8h14M7 12h12M9 16h10"/>',
  flashlight: '<path d="M8 3.5h8v4l-2 3v10h-4v-10l-2-3zM8 7.5h8"/>',
  rotate: '<path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4.5H15"/>',
  qr: '<rect x="4" y="4" width="6" height="6"/><rect x="14" y="4" width="6" height="6"/><rect x="4" y="14" width="6" height="6"/><path d="M14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5M14 20h1"/>',
};

export const APP_FILL: Record<string, string> = {
  'heart-fill':
    '<path d="M12 20.5s-8.5-4.8-8.5-10.7A4.8 4.8 0 0 1 12 6.9a4.8 4.8 0 0 1 8.5 2.9c0 5.9-8.5 10.7-8.5 10.7z"/>',
  'bookmark-fill': '<path d="M6 3h12v18l-6-5-6 5z"/>',
  'map-pin':
    '<path d="M12 2.5a7 7 0 0 0-7 7c0 5.2 7 12 7 12s7-6.8 7-12a7 7 0 0 0-7-7zm0 9.7a2.7 2.7 0 1 1 0-5.4 2.7 2.7 0 0 1 0 5.4z"/>',
  'skip-next-fill': '<path d="M5 5.5 15 12 5 18.5zM17 5.5h2.5v13H17z"/>',
  'skip-prev-fill': '<path d="M19 5.5 9 12l10 6.5zM4.5 5.5H7v13H4.5z"/>',
  'pause-fill': '<path d="M6.5 5h4v14h-4zM13.5 5h4v14h-4z"/>',
  'navigation-fill': '<path d="M12 2.5 19.5 21 12 16.8 4.5 21z"/>',
};
