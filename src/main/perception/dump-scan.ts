/**
 * A fast, strict reader for the XML subset `uiautomator dump` writes: an optional XML
 * declaration, elements with quoted attributes, whitespace between tags, and the five named
 * plus numeric character references. On dumps it is faster than a general parser (see
 * `bench:perception`). Anything outside the subset or not well-formed makes it return false, and
 * the caller hands the text to the general parser (saxes), which either reads it or says
 * precisely what is wrong — so this reader never has to explain errors.
 */

export interface ScannedTag {
  name: string;
  attributes: Record<string, string>;
}

export interface ScanHandlers {
  open(tag: ScannedTag): void;
  close(): void;
}

const DECL_RE = /<\?xml\s+version\s*=\s*(["'])1\.\d+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>/y;
// C0 controls but tab/LF/CR, and U+FFFE/U+FFFF: XML forbids them anywhere.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const REF_RE = /&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Reads `xml` calling `open` for each start tag (self-closing ones too) and `close` for each
 * end (`charsChecked`: the text is known to hold no character XML forbids). Returns false —
 * having possibly called handlers part-way — when the text is outside the
 * subset or not well-formed; the caller must then discard what it collected. Hand-written
 * over char codes: regular expressions per attribute cost more than the rest of perception.
 */
export function scanDump(xml: string, handlers: ScanHandlers, options: { charsChecked?: boolean } = {}): boolean {
  // Lone surrogates are caught by isWellFormed, the other forbidden characters by the regex;
  // a caller that already refused them (checkDumpText) saves the two passes.
  if (!options.charsChecked && (!xml.isWellFormed() || FORBIDDEN_RE.test(xml))) return false;
  // Values need a closer look only if the document has references or literal whitespace in
  // it at all; single-line device dumps without `&` skip that work entirely.
  const mayNeedNormalising = xml.includes('&') || xml.includes('\n') || xml.includes('\r') || xml.includes('\t');
  let pos = 0;
  let tagsRead = 0;
  DECL_RE.lastIndex = 0;
  if (DECL_RE.test(xml)) {
    pos = DECL_RE.lastIndex;
    tagsRead++;
  }
  pos = skipSpace(xml, pos);
  const stack: string[] = [];
  const end = xml.length;
  if (xml.charCodeAt(pos) !== LT) return false;
  while (pos < end) {
    if (xml.charCodeAt(pos) !== LT) return false; // text content: not in the subset
    tagsRead++;
    if (xml.charCodeAt(pos + 1) === SLASH) {
      let p = pos + 2;
      const ns = p;
      if (!isNameStart(xml.charCodeAt(p))) return false;
      while (isNameChar(xml.charCodeAt(++p)));
      if (stack.pop() !== xml.slice(ns, p)) return false;
      p = skipSpace(xml, p);
      if (xml.charCodeAt(p) !== GT) return false;
      handlers.close();
      pos = skipSpace(xml, p + 1);
      if (stack.length === 0) break;
      continue;
    }
    let p = pos + 1;
    if (!isNameStart(xml.charCodeAt(p))) return false; // comment, CDATA, DOCTYPE, PI, or junk
    while (isNameChar(xml.charCodeAt(++p)));
    const name = xml.slice(pos + 1, p);
    const attributes: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      const before = p;
      p = skipSpace(xml, p);
      const c = xml.charCodeAt(p);
      if (c === GT) {
        p++;
        break;
      }
      if (c === SLASH) {
        if (xml.charCodeAt(p + 1) !== GT) return false;
        selfClosing = true;
        p += 2;
        break;
      }
      if (p === before) return false; // attributes are separated by whitespace
      let key = knownName(xml, p, c);
      if (key !== undefined) p += key.length;
      else {
        const ks = p;
        if (!isNameStart(c)) return false;
        while (isNameChar(xml.charCodeAt(++p)));
        key = xml.slice(ks, p);
      }
      p = skipSpace(xml, p);
      if (xml.charCodeAt(p) !== EQ) return false;
      p = skipSpace(xml, p + 1);
      const q = xml.charCodeAt(p);
      if (q !== QUOT && q !== APOS) return false;
      const ve = xml.indexOf(q === QUOT ? '"' : "'", p + 1);
      if (ve < 0) return false;
      let value: string | undefined = commonValue(xml, p + 1, ve);
      if (value === undefined) {
        value = xml.slice(p + 1, ve);
        if (mayNeedNormalising && SPECIAL_RE.test(value)) value = normaliseValue(value);
      }
      if (value === undefined || attributes[key] !== undefined) return false;
      attributes[key] = value;
      p = ve + 1;
    }
    handlers.open({ name, attributes });
    pos = skipSpace(xml, p);
    if (selfClosing) {
      handlers.close();
      if (stack.length === 0) break;
    } else stack.push(name);
  }
  // Every `<` must have opened a tag: one inside an attribute value is not well-formed.
  return stack.length === 0 && pos === end && countChar(xml, '<') === tagsRead;
}

const SPECIAL_RE = /[&\t\n\r]/;

/**
 * Most values are "", "true" or "false"; returning constants for them spares a string
 * allocation per attribute (short slices are copies in V8). undefined for anything else.
 */
function commonValue(xml: string, start: number, end: number): string | undefined {
  const n = end - start;
  if (n === 0) return '';
  if (n === 4 && xml.charCodeAt(start) === 0x74 && xml.charCodeAt(start + 1) === 0x72 && xml.charCodeAt(start + 2) === 0x75 && xml.charCodeAt(start + 3) === 0x65) return 'true';
  if (n === 5 && xml.charCodeAt(start) === 0x66 && xml.charCodeAt(start + 1) === 0x61 && xml.charCodeAt(start + 2) === 0x6c && xml.charCodeAt(start + 3) === 0x73 && xml.charCodeAt(start + 4) === 0x65) return 'false';
  return undefined;
}

// The attribute names dumps use, by first character. Matching them in place avoids slicing a
// new key string per attribute and hashing it for the property store, the scanner's main cost.
const KNOWN_NAMES = ['index', 'text', 'resource-id', 'class', 'package', 'content-desc', 'checkable', 'checked', 'clickable', 'enabled', 'focusable', 'focused', 'scrollable', 'long-clickable', 'password', 'selected', 'bounds', 'rotation', 'NAF', 'visible-to-user', 'drawing-order', 'hint', 'display-id'];
const NAMES_BY_FIRST: Array<string[] | undefined> = [];
for (const name of KNOWN_NAMES) (NAMES_BY_FIRST[name.charCodeAt(0)] ??= []).push(name);

/** The known attribute name starting at `p` (a whole name: `=` or whitespace follows), else undefined. */
function knownName(xml: string, p: number, first: number): string | undefined {
  const candidates = NAMES_BY_FIRST[first];
  if (!candidates) return undefined;
  outer: for (const name of candidates) {
    // A char-code loop: startsWith on a two-byte (CJK) document takes a slow path.
    const n = name.length;
    for (let i = 1; i < n; i++) if (xml.charCodeAt(p + i) !== name.charCodeAt(i)) continue outer;
    const after = xml.charCodeAt(p + n);
    if (after === EQ || after === 0x20 || after === 0x0a || after === 0x09 || after === 0x0d) return name;
  }
  return undefined;
}

function countChar(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;
const QUOT = 0x22;
const APOS = 0x27;

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x3a;
}

function skipSpace(xml: string, pos: number): number {
  let p = pos;
  for (let c = xml.charCodeAt(p); c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d; c = xml.charCodeAt(++p));
  return p;
}

/**
 * Attribute-value normalisation as XML requires: each literal line end, tab or newline
 * becomes a space, references are resolved. undefined when a value is not well-formed.
 */
function normaliseValue(raw: string): string | undefined {
  const v = raw.replace(/\r\n?|[\t\n]/g, ' ');
  if (!v.includes('&')) return v;
  // Every `&` must open a well-formed reference; a bare or unknown one is not well-formed.
  const amps = countChar(v, '&');
  let refs = 0;
  let bad = false;
  const out = v.replace(REF_RE, (_m, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    refs++;
    if (named) return NAMED[named] as string;
    const cp = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
    if (!isXmlChar(cp)) {
      bad = true;
      return '';
    }
    return String.fromCodePoint(cp);
  });
  return bad || refs !== amps ? undefined : out;
}

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}
