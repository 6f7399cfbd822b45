/**
 * Shop's product pictures, drawn as SVG shapes in the variant's colour (no image files): one
 * drawing per kind of product, and three "photos" of it (front, turned, close-up).
 */

type Draw = (c: string) => string;

const dark = '#2a2c30';
const glass = '#1d2633';
const shine = 'rgba(255,255,255,.35)';

const ART: Record<string, Draw> = {
  phone: (c) =>
    `<rect x="38" y="14" width="44" height="92" rx="9" fill="${c}"/><rect x="42" y="20" width="36" height="78" rx="5" fill="${glass}"/><circle cx="60" cy="24" r="1.8" fill="#555"/><path d="M46 26l10-4v8z" fill="${shine}"/>`,
  watch: (c) =>
    `<rect x="48" y="8" width="24" height="104" rx="8" fill="${c}"/><circle cx="60" cy="60" r="24" fill="#3a3d42"/><circle cx="60" cy="60" r="19" fill="${glass}"/><path d="M60 60V48M60 60l8 5" stroke="#9fd3ff" stroke-width="2.5" stroke-linecap="round"/>`,
  charger: (c) =>
    `<rect x="36" y="40" width="48" height="56" rx="8" fill="${c}" stroke="#0002"/><rect x="48" y="22" width="6" height="20" rx="2" fill="#a9adb3"/><rect x="66" y="22" width="6" height="20" rx="2" fill="#a9adb3"/><rect x="52" y="80" width="16" height="5" rx="2.5" fill="#0004"/>`,
  case: (c) =>
    `<rect x="36" y="12" width="48" height="96" rx="11" fill="${c}"/><rect x="42" y="18" width="18" height="22" rx="5" fill="#0003"/><circle cx="51" cy="25" r="4" fill="#0005"/><circle cx="51" cy="34" r="3" fill="#0005"/>`,
  laptop: (c) =>
    `<path d="M26 28h68v50H26z" fill="${c}"/><rect x="31" y="33" width="58" height="40" fill="${glass}"/><path d="M14 82h92l-6 10H20z" fill="${c}"/><rect x="50" y="83" width="20" height="3" rx="1.5" fill="#0003"/>`,
  mouse: (c) =>
    `<ellipse cx="60" cy="62" rx="24" ry="36" fill="${c}" stroke="#0002"/><path d="M60 26v26" stroke="#0004" stroke-width="2"/><rect x="57" y="34" width="6" height="10" rx="3" fill="#0005"/>`,
  keyboard: (c) =>
    `<rect x="12" y="38" width="96" height="44" rx="6" fill="${c}" stroke="#0003"/>${[0, 1, 2].map((r) => Array.from({ length: 9 }, (_, i) => `<rect x="${17 + i * 10}" y="${43 + r * 11}" width="8" height="8" rx="1.5" fill="#0002" stroke="#0003"/>`).join('')).join('')}<rect x="37" y="74" width="46" height="5" rx="1.5" fill="#0003"/>`,
  monitor: (c) =>
    `<rect x="14" y="20" width="92" height="58" rx="4" fill="${c}"/><rect x="18" y="24" width="84" height="50" fill="${glass}"/><path d="M54 78h12l4 16H50z" fill="${c}"/><rect x="38" y="94" width="44" height="5" rx="2.5" fill="${c}"/>`,
  headphones: (c) =>
    `<path d="M28 70V56a32 32 0 0 1 64 0v14" fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round"/><rect x="18" y="62" width="22" height="36" rx="10" fill="${c}"/><rect x="80" y="62" width="22" height="36" rx="10" fill="${c}"/><rect x="24" y="68" width="10" height="24" rx="5" fill="#0003"/><rect x="86" y="68" width="10" height="24" rx="5" fill="#0003"/>`,
  earbuds: (c) =>
    `<rect x="30" y="54" width="60" height="44" rx="20" fill="${c}" stroke="#0002"/><path d="M30 70h60" stroke="#0002" stroke-width="2"/><circle cx="44" cy="34" r="11" fill="${c}" stroke="#0002"/><rect x="41" y="36" width="6" height="18" rx="3" fill="${c}" stroke="#0002"/><circle cx="76" cy="34" r="11" fill="${c}" stroke="#0002"/><rect x="73" y="36" width="6" height="18" rx="3" fill="${c}" stroke="#0002"/>`,
  speaker: (c) =>
    `<rect x="22" y="36" width="76" height="50" rx="24" fill="${c}"/><circle cx="44" cy="61" r="14" fill="#0003"/><circle cx="76" cy="61" r="14" fill="#0003"/><circle cx="44" cy="61" r="6" fill="#0004"/><circle cx="76" cy="61" r="6" fill="#0004"/>`,
  tshirt: (c) =>
    `<path d="M40 18l12 6h16l12-6 24 16-10 16-10-6v58H36V44l-10 6-10-16z" fill="${c}" stroke="#0002"/><path d="M52 24a8 6 0 0 0 16 0" fill="none" stroke="#0003" stroke-width="2"/>`,
  hoodie: (c) =>
    `<path d="M40 24l10-4h20l10 4 24 16-10 18-10-6v56H36V52l-10 6-10-18z" fill="${c}" stroke="#0002"/><path d="M48 22c0 14 24 14 24 0" fill="#0002"/><rect x="46" y="76" width="28" height="16" rx="4" fill="#0002"/><path d="M56 34v14M64 34v14" stroke="#fff8" stroke-width="1.5"/>`,
  dress: (c) =>
    `<path d="M48 12h24l-2 22 8 6-4 18 20 50H24l20-50-4-18 8-6z" fill="${c}" stroke="#0002"/><path d="M44 58h32" stroke="#0003" stroke-width="3"/>`,
  jeans: (c) =>
    `<path d="M38 14h44l6 94H66l-6-62-6 62H32z" fill="${c}" stroke="#0002"/><path d="M38 24h44" stroke="#0003" stroke-width="2"/><path d="M60 24v20" stroke="#0003" stroke-width="1.5"/>`,
  jacket: (c) =>
    `<path d="M42 16l18 8 18-8 26 18-8 22-8-4v58H32V52l-8 4-8-22z" fill="${c}" stroke="#0002"/><path d="M60 24v86" stroke="#0004" stroke-width="2"/><path d="M32 50h56M32 68h56M32 86h56" stroke="#0002" stroke-width="2"/>`,
  sneaker: (c) =>
    `<path d="M14 70c10-2 18-16 26-26l16 6c6 6 16 10 30 12 12 2 20 6 22 14v8H14z" fill="${c}" stroke="#0002"/><path d="M14 84h94v8H14z" fill="#f4f4f2" stroke="#0002"/><path d="M44 52l6 4M50 48l6 4M56 46l6 4" stroke="#fff" stroke-width="2.5"/>`,
  boot: (c) =>
    `<path d="M38 14h30v50c10 4 26 8 34 16 4 4 4 10 2 12H34z" fill="${c}" stroke="#0002"/><path d="M34 92h70v8H34z" fill="#3b2a20"/><path d="M38 24h30" stroke="#0003" stroke-width="2"/>`,
  backpack: (c) =>
    `<rect x="30" y="24" width="60" height="82" rx="16" fill="${c}" stroke="#0002"/><path d="M46 24a14 12 0 0 1 28 0" fill="none" stroke="${c}" stroke-width="6"/><rect x="40" y="66" width="40" height="30" rx="8" fill="#0002"/><path d="M40 74h40" stroke="#0003" stroke-width="2"/>`,
  bag: (c) =>
    `<path d="M26 52h68l-6 50H32z" fill="${c}" stroke="#0002"/><path d="M40 52c0-30 40-30 40 0" fill="none" stroke="${dark}" stroke-width="3"/><rect x="54" y="64" width="12" height="8" rx="2" fill="#d4af37"/>`,
  pillow: (c) =>
    `<path d="M16 40q44-14 88 0 6 20 0 40-44 14-88 0-6-20 0-40z" fill="${c}" stroke="#0002"/><path d="M28 60q32 8 64 0" stroke="#0002" stroke-width="2" fill="none"/>`,
  lamp: (c) =>
    `<ellipse cx="52" cy="100" rx="22" ry="6" fill="${c}" stroke="#0002"/><path d="M52 98V56l26-26" stroke="${c}" stroke-width="5" fill="none"/><path d="M70 22l26 18-8 8-26-18z" fill="${c}" stroke="#0002"/><path d="M78 46l-10 14" stroke="#ffe9a8" stroke-width="8" opacity=".6"/>`,
  sheets: (c) =>
    `<rect x="18" y="70" width="84" height="22" rx="4" fill="${c}" stroke="#0002"/><rect x="22" y="50" width="76" height="22" rx="4" fill="${c}" stroke="#0002" opacity=".85"/><rect x="26" y="30" width="68" height="22" rx="4" fill="${c}" stroke="#0002" opacity=".7"/><path d="M18 80h84" stroke="#fff6" stroke-width="2"/>`,
  vacuum: (c) =>
    `<circle cx="60" cy="62" r="42" fill="${c}" stroke="#0003"/><circle cx="60" cy="62" r="30" fill="none" stroke="#0002" stroke-width="2"/><circle cx="60" cy="34" r="6" fill="#0003"/><rect x="50" y="56" width="20" height="12" rx="3" fill="#0002"/>`,
  pan: (c) =>
    `<circle cx="50" cy="62" r="34" fill="${c}"/><circle cx="50" cy="62" r="27" fill="#0003"/><rect x="82" y="57" width="34" height="10" rx="5" fill="${dark}"/>`,
  kettle: (c) =>
    `<path d="M36 40h44l6 60H30z" fill="${c}" stroke="#0002"/><path d="M80 48c18 0 18 36 2 40" fill="none" stroke="${c}" stroke-width="7"/><path d="M36 46L22 34" stroke="${c}" stroke-width="7" stroke-linecap="round"/><rect x="44" y="32" width="28" height="10" rx="4" fill="${dark}"/><rect x="30" y="98" width="56" height="8" rx="3" fill="${dark}"/>`,
  mug: (c) =>
    `<path d="M30 32h48v56a10 10 0 0 1-10 10H40a10 10 0 0 1-10-10z" fill="${c}" stroke="#0002"/><path d="M78 46c20 0 20 32 0 32" fill="none" stroke="${c}" stroke-width="8"/><ellipse cx="54" cy="32" rx="24" ry="5" fill="#6b4226"/>`,
  ricecooker: (c) =>
    `<path d="M22 56h76v34a14 14 0 0 1-14 14H36a14 14 0 0 1-14-14z" fill="${c}" stroke="#0002"/><path d="M22 56c0-26 76-26 76 0z" fill="${c}" stroke="#0002"/><rect x="48" y="70" width="24" height="12" rx="3" fill="${glass}"/><rect x="52" y="26" width="16" height="6" rx="3" fill="${dark}"/>`,
  jar: (c) =>
    `<rect x="28" y="50" width="64" height="48" rx="14" fill="${c}" stroke="#0002"/><rect x="30" y="34" width="60" height="20" rx="6" fill="#c9a86a"/><rect x="40" y="66" width="40" height="14" rx="3" fill="#fff8"/>`,
  lipstick: (c) =>
    `<rect x="44" y="66" width="32" height="42" rx="4" fill="#d4af37"/><rect x="48" y="46" width="24" height="24" fill="#e7c766"/><path d="M50 46V24l20-10v32z" fill="${c}"/>`,
  tube: (c) =>
    `<path d="M40 16h40l-4 70H44z" fill="${c}" stroke="#0002"/><rect x="46" y="86" width="28" height="20" rx="4" fill="#ffffff" stroke="#0002"/><rect x="48" y="34" width="24" height="24" rx="4" fill="#fff9"/>`,
  toothbrush: (c) =>
    `<rect x="52" y="34" width="16" height="76" rx="8" fill="${c}" stroke="#0002"/><rect x="55" y="10" width="10" height="26" rx="4" fill="#f2f2f2" stroke="#0002"/><circle cx="60" cy="64" r="4" fill="#0003"/>`,
  yogamat: (c) =>
    `<rect x="20" y="46" width="70" height="34" rx="4" fill="${c}"/><ellipse cx="90" cy="63" rx="12" ry="17" fill="${c}" stroke="#0003"/><ellipse cx="90" cy="63" rx="6" ry="9" fill="#0003"/>`,
  bottle: (c) =>
    `<rect x="40" y="30" width="40" height="80" rx="12" fill="${c}" stroke="#0002"/><rect x="46" y="12" width="28" height="20" rx="5" fill="${dark}"/><rect x="40" y="56" width="40" height="22" fill="#fff3"/>`,
  ball: (c) =>
    `<circle cx="60" cy="60" r="42" fill="${c}"/><path d="M18 60h84M60 18v84M30 30c20 18 20 42 0 60M90 30c-20 18-20 42 0 60" stroke="${dark}" stroke-width="2.5" fill="none"/>`,
  racket: (c) =>
    `<ellipse cx="48" cy="40" rx="22" ry="28" fill="none" stroke="${c}" stroke-width="5"/><path d="M32 22l32 36M28 38l36 4M36 64l20-46" stroke="#0003" stroke-width="1.2"/><path d="M56 66l28 40" stroke="${c}" stroke-width="6" stroke-linecap="round"/><path d="M96 30l10 10-6 4-8-8z" fill="#fff" stroke="#0004"/>`,
  book: (c) =>
    `<rect x="30" y="14" width="60" height="92" rx="3" fill="${c}"/><rect x="30" y="14" width="8" height="92" fill="#0003"/><rect x="46" y="34" width="36" height="6" rx="2" fill="#fffc"/><rect x="46" y="46" width="26" height="4" rx="2" fill="#fff9"/><circle cx="64" cy="76" r="10" fill="#fff5"/>`,
};

const VIEWS = ['', 'translate(120 0) scale(-1 1) rotate(-8 60 60)', 'translate(-40 -40) scale(1.6)'];

/**
 * SVG markup of a product photo.
 * @param view 0 front, 1 turned, 2 close-up.
 */
export function productArt(kind: string, colour: string, view = 0): string {
  const draw = ART[kind] ?? ART.book ?? ((): string => '');
  const transform = VIEWS[view % VIEWS.length] ?? '';
  return `<svg viewBox="0 0 120 120" xmlns="http://www.w3.org/2000/svg"><g transform="${transform}">${draw(colour)}</g></svg>`;
}

export const PHOTO_COUNT = VIEWS.length;

/** Category glyphs for the home grid (24×24 line drawings, like the system icons). */
const GLYPHS: Record<string, string> = {
  smartphone: '<rect x="7" y="3" width="10" height="18" rx="2"/><path d="M11 18h2"/>',
  laptop: '<rect x="5" y="5" width="14" height="10" rx="1"/><path d="M3 19h18"/>',
  headphones:
    '<path d="M4 15v-3a8 8 0 0 1 16 0v3"/><rect x="3" y="14" width="4" height="6" rx="1.5"/><rect x="17" y="14" width="4" height="6" rx="1.5"/>',
  shirt: '<path d="M8 4l4 2 4-2 5 4-2 3-2-1v10H7V10l-2 1-2-3z"/>',
  shoe: '<path d="M3 16c3 0 5-4 7-7l3 2c2 2 5 3 8 3v4H3z"/>',
  sofa: '<path d="M4 11V8a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3M3 11h18v6H3zM5 17v2M19 17v2"/>',
  pot: '<path d="M5 10h14v7a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3zM3 10h18M10 6h4"/>',
  lipstick: '<path d="M9 13h6v8H9zM10 13V7l4-3v9"/>',
  ball: '<circle cx="12" cy="12" r="8.5"/><path d="M3.5 12h17M12 3.5v17"/>',
  book: '<path d="M5 4h11a2 2 0 0 1 2 2v14H7a2 2 0 0 1-2-2zM5 18a2 2 0 0 1 2-2h11"/>',
  coupon: '<path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z"/><path d="M14 7v10" stroke-dasharray="2 2"/>',
  truck:
    '<path d="M2 6h12v10H2zM14 10h4l3 3v3h-7z"/><circle cx="6" cy="17.5" r="1.8"/><circle cx="17" cy="17.5" r="1.8"/>',
  minus: '<path d="M5 12h14"/>',
  plus: '<path d="M5 12h14M12 5v14"/>',
};

export function glyphSvg(name: string): string {
  return `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[name] ?? '<circle cx="12" cy="12" r="2"/>'}</svg>`;
}
