/**
 * A fast, strict reader for the XML subset `uiautomator dump` writes: an optional XML
 * declaration, elements with quoted attributes, whitespace between tags, and the five named
 * plus numeric character references. On dumps it is faster than a general parser (see
 * `perf:perception`). Anything outside the subset or not well-formed makes it return false, and
 * the caller hands the text to the general parser (saxes), which either reads it or says
 * precisely what is wrong — so this reader never has to explain errors.
 */
import { MAX_SIGNATURES, matchSignature, nodeSignature } from './node-signature.ts';
import type { NodeSignature } from './node-signature.ts';

/**
 * The attribute names dumps use. The fast reader matches them in place and hands their values
 * over by position in this list: no key string is sliced, hashed or stored per attribute.
 */
export const KNOWN_ATTRIBUTES = [
  'index',
  'text',
  'resource-id',
  'class',
  'package',
  'content-desc',
  'checkable',
  'checked',
  'clickable',
  'enabled',
  'focusable',
  'focused',
  'scrollable',
  'long-clickable',
  'password',
  'selected',
  'bounds',
  'rotation',
  'NAF',
  'visible-to-user',
  'drawing-order',
  'hint',
  'display-id',
] as const;
export type KnownAttribute = (typeof KNOWN_ATTRIBUTES)[number];
/** Position of each known attribute in {@link ScannedTag.known}. */
export const SLOT: Readonly<Record<KnownAttribute, number>> = Object.fromEntries(
  KNOWN_ATTRIBUTES.map((n, i) => [n, i]),
) as Record<KnownAttribute, number>;

/** One start tag. Both arrays are reused for the next tag: read them during `open` only. */
export interface ScannedTag {
  name: string;
  /** Values of the known attributes by {@link SLOT}; undefined where absent. */
  known: Array<string | undefined>;
  /** Names of the other attributes (their values are not needed by anyone). */
  others: string[];
}

/** A tag from a general parser in the same shape. */
export function toScannedTag(name: string, attributes: Record<string, string>): ScannedTag {
  const known: Array<string | undefined> = new Array<string | undefined>(KNOWN_ATTRIBUTES.length).fill(undefined);
  const others: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    const slot = (SLOT as Record<string, number | undefined>)[key];
    if (slot === undefined) others.push(key);
    else known[slot] = value;
  }
  return { name, known, others };
}

export interface ScanHandlers {
  open(tag: ScannedTag): void;
  close(): void;
}

const DECL_RE =
  /<\?xml\s+version\s*=\s*(["'])1\.\d+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>/y;
// In a value: C0 controls but tab/LF/CR and U+FFFE/U+FFFF (XML forbids them), and the marks
// of a wrong decoding, C1 controls and U+FFFD (checkDumpText names them). Lone surrogates are
// caught by isWellFormed.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SUSPECT_IN_VALUE_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u0080-\u009f\ufffd-\uffff]/;
const REF_RE = /&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Reads `xml` calling `open` for each start tag (self-closing ones too) and `close` for each
 * end. Returns false — having possibly called handlers part-way — when the text is outside the
 * subset or not well-formed, or holds a character that XML forbids or that betrays a wrong
 * decoding (C1 controls, U+FFFD, lone surrogates: see `checkDumpText`); the caller must then
 * discard what it collected. Every character is looked at once: names, whitespace and the
 * declaration are ASCII by construction, and values are checked as they are read. Tags are read
 * over char codes (a regular expression per attribute would cost more than the rest of
 * perception), except `<node>` tags shaped like one already read: those are matched whole by
 * one regular expression (`node-signature.ts`).
 */
export function scanDump(xml: string, handlers: ScanHandlers): boolean {
  let pos = 0;
  let tagsRead = 0;
  DECL_RE.lastIndex = 0;
  if (DECL_RE.test(xml)) {
    pos = DECL_RE.lastIndex;
    tagsRead++;
  }
  pos = skipSpace(xml, pos);
  const s = newScan(xml);
  if (xml.charCodeAt(pos) !== LT) return false;
  while (pos < s.end) {
    if (xml.charCodeAt(pos) !== LT) return false; // text content: not in the subset
    tagsRead++;
    const signature = s.signatures.length > 0 ? matchSignature(xml, pos, s.signatures) : undefined;
    if (signature?.match) pos = openLikeBefore(s, signature, signature.match, handlers);
    else if (xml.charCodeAt(pos + 1) === SLASH) pos = closeTag(s, pos, handlers);
    else pos = openTag(s, pos, handlers);
    if (pos === FAILED) return false;
    if (s.stack.length === 0) break;
  }
  // Every `<` must have opened a tag: one inside an attribute value is not well-formed.
  return s.stack.length === 0 && pos === s.end && countChar(xml, '<') === tagsRead;
}

/** Where a reading step returns when the text is outside the subset or not well-formed. */
const FAILED = -1;

/** The reader's state over one document. The tag and its arrays are reused from tag to tag. */
interface Scan {
  xml: string;
  end: number;
  /**
   * Values need a closer look only if the document has references or literal whitespace in
   * it at all; single-line device dumps without `&` skip that work entirely.
   */
  mayNeedNormalising: boolean;
  tag: ScannedTag;
  /** The attributes of the last tag read the long way, in order (slot, or -1 - index in `others`). */
  order: number[];
  signatures: NodeSignature[];
  /** The signature whose slots `tag` holds now, if the last tag was matched by one. */
  filledBy: NodeSignature | undefined;
  /** Names of the open elements. */
  stack: string[];
}

function newScan(xml: string): Scan {
  return {
    xml,
    end: xml.length,
    mayNeedNormalising: xml.includes('&') || xml.includes('\n') || xml.includes('\r') || xml.includes('\t'),
    tag: { name: '', known: new Array<string | undefined>(KNOWN_ATTRIBUTES.length).fill(undefined), others: [] },
    order: [],
    signatures: [],
    filledBy: undefined,
    stack: [],
  };
}

/** A `<node>` tag shaped like one read before, matched whole by its signature. Returns the position after it. */
function openLikeBefore(s: Scan, signature: NodeSignature, match: RegExpExecArray, handlers: ScanHandlers): number {
  const { known, others } = s.tag;
  // The same signature as the tag before sets the same slots: overwriting them is enough.
  if (signature !== s.filledBy) {
    known.fill(undefined);
    others.length = 0;
    for (const o of signature.others) others.push(o);
    s.filledBy = signature;
  }
  const slots = signature.slots;
  for (let g = 0; g < slots.length; g++) {
    const slot = slots[g] as number;
    if (slot >= 0) known[slot] = match[g + 1];
  }
  s.tag.name = 'node';
  handlers.open(s.tag);
  const next = skipSpace(s.xml, signature.re.lastIndex);
  if (match[slots.length + 1] === '/') handlers.close();
  else s.stack.push('node');
  return next;
}

/** An end tag, which must close the innermost open element. */
function closeTag(s: Scan, pos: number, handlers: ScanHandlers): number {
  const { xml } = s;
  let p = pos + 2;
  const ns = p;
  if (!isNameStart(xml.charCodeAt(p))) return FAILED;
  while (isNameChar(xml.charCodeAt(++p)));
  if (!sameName(xml, ns, p, s.stack.pop())) return FAILED;
  p = skipSpace(xml, p);
  if (xml.charCodeAt(p) !== GT) return FAILED;
  handlers.close();
  return skipSpace(xml, p + 1);
}

/** A start tag read attribute by attribute; a `<node>` of a new shape becomes a signature. */
function openTag(s: Scan, pos: number, handlers: ScanHandlers): number {
  const { xml, tag } = s;
  let p = pos + 1;
  if (!isNameStart(xml.charCodeAt(p))) return FAILED; // comment, CDATA, DOCTYPE, PI, or junk
  while (isNameChar(xml.charCodeAt(++p)));
  // Nearly every tag is a <node>; reusing the constant spares a string per tag.
  tag.name = p - pos === 5 && sameName(xml, pos + 1, p, 'node') ? 'node' : xml.slice(pos + 1, p);
  tag.known.fill(undefined);
  tag.others.length = 0;
  s.order.length = 0;
  s.filledBy = undefined;
  const after = readAttributes(s, p);
  if (after === FAILED) return FAILED;
  const selfClosing = xml.charCodeAt(after - 2) === SLASH;
  if (tag.name === 'node' && s.signatures.length < MAX_SIGNATURES) rememberSignature(s);
  handlers.open(tag);
  if (selfClosing) handlers.close();
  else s.stack.push(tag.name);
  return skipSpace(xml, after);
}

/** Reads attributes from `p` to the end of the tag (`>` or `/>`). Returns the position after it. */
function readAttributes(s: Scan, from: number): number {
  const { xml, order } = s;
  const { known, others } = s.tag;
  let p = from;
  let lastSlot = -1;
  for (;;) {
    const before = p;
    p = skipSpace(xml, p);
    const c = xml.charCodeAt(p);
    if (c === GT) return p + 1;
    if (c === SLASH) return xml.charCodeAt(p + 1) === GT ? p + 2 : FAILED;
    if (p === before) return FAILED; // attributes are separated by whitespace
    // Devices write the attributes in one fixed order: the one after the last is the best guess.
    const slot = knownSlot(xml, p, c, lastSlot + 1);
    lastSlot = slot;
    let other: string | undefined;
    if (slot >= 0) p += (KNOWN_ATTRIBUTES[slot] as string).length;
    else {
      const ks = p;
      if (!isNameStart(c)) return FAILED;
      while (isNameChar(xml.charCodeAt(++p)));
      other = xml.slice(ks, p);
    }
    p = skipSpace(xml, p);
    if (xml.charCodeAt(p) !== EQ) return FAILED;
    p = skipSpace(xml, p + 1);
    const q = xml.charCodeAt(p);
    if (q !== QUOT && q !== APOS) return FAILED;
    const ve = xml.indexOf(q === QUOT ? '"' : "'", p + 1);
    if (ve < 0) return FAILED;
    const value = readValue(s, p + 1, ve);
    if (value === undefined) return FAILED;
    // A repeated attribute is not well-formed.
    if (other === undefined) {
      if (known[slot] !== undefined) return FAILED;
      known[slot] = value;
      order.push(slot);
    } else {
      if (others.includes(other)) return FAILED;
      order.push(-1 - others.length);
      others.push(other);
    }
    p = ve + 1;
  }
}

/** The value between the quotes at `start` and `end`, normalised; undefined when XML forbids it. */
function readValue(s: Scan, start: number, end: number): string | undefined {
  const common = commonValue(s.xml, start, end);
  if (common !== undefined) return common;
  const value = s.xml.slice(start, end);
  if (SUSPECT_IN_VALUE_RE.test(value) || !value.isWellFormed()) return undefined;
  return s.mayNeedNormalising && SPECIAL_RE.test(value) ? normaliseValue(value) : value;
}

/** The attribute order of the `<node>` just read, as a signature later tags of that shape match whole. */
function rememberSignature(s: Scan): void {
  const { order } = s;
  const { others } = s.tag;
  const names = order.map((o) => (o >= 0 ? (KNOWN_ATTRIBUTES[o] as string) : (others[-1 - o] as string)));
  if (!s.signatures.some((x) => x.key === names.join(' ')))
    s.signatures.push(
      nodeSignature(
        names,
        order.map((o) => (o >= 0 ? o : -1)),
      ),
    );
}

const SPECIAL_RE = /[&\t\n\r]/;

/**
 * Most values are "", "true" or "false"; returning constants for them spares a string
 * allocation per attribute (short slices are copies in V8). undefined for anything else.
 */
function commonValue(xml: string, start: number, end: number): string | undefined {
  const n = end - start;
  if (n === 0) return '';
  if (
    n === 4 &&
    xml.charCodeAt(start) === 0x74 &&
    xml.charCodeAt(start + 1) === 0x72 &&
    xml.charCodeAt(start + 2) === 0x75 &&
    xml.charCodeAt(start + 3) === 0x65
  )
    return 'true';
  if (
    n === 5 &&
    xml.charCodeAt(start) === 0x66 &&
    xml.charCodeAt(start + 1) === 0x61 &&
    xml.charCodeAt(start + 2) === 0x6c &&
    xml.charCodeAt(start + 3) === 0x73 &&
    xml.charCodeAt(start + 4) === 0x65
  )
    return 'false';
  return undefined;
}

// Known attribute slots by the name's first character, longest name first.
const SLOTS_BY_FIRST: Array<number[] | undefined> = [];
KNOWN_ATTRIBUTES.forEach((name, slot) => (SLOTS_BY_FIRST[name.charCodeAt(0)] ??= []).push(slot));

/**
 * The slot of the known attribute name starting at `p` (a whole name: `=` or whitespace
 * follows), else -1; the slot `guess` is tried first.
 */
function knownSlot(xml: string, p: number, first: number, guess: number): number {
  const guessed = KNOWN_ATTRIBUTES[guess];
  if (guessed !== undefined && guessed.charCodeAt(0) === first && isNameAt(xml, p, guessed)) return guess;
  const candidates = SLOTS_BY_FIRST[first];
  if (!candidates) return -1;
  for (const slot of candidates) if (slot !== guess && isNameAt(xml, p, KNOWN_ATTRIBUTES[slot] as string)) return slot;
  return -1;
}

/** Whether the whole attribute name `name` stands at `p` (its first character already matched). */
function isNameAt(xml: string, p: number, name: string): boolean {
  // A char-code loop: startsWith on a two-byte (CJK) document takes a slow path.
  const n = name.length;
  for (let i = 1; i < n; i++) if (xml.charCodeAt(p + i) !== name.charCodeAt(i)) return false;
  const after = xml.charCodeAt(p + n);
  return after === EQ || after === 0x20 || after === 0x0a || after === 0x09 || after === 0x0d;
}

/** Whether `xml[start, end)` is exactly `name`. */
function sameName(xml: string, start: number, end: number, name: string | undefined): boolean {
  if (name === undefined || end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (xml.charCodeAt(start + i) !== name.charCodeAt(i)) return false;
  return true;
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
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x3a
  );
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
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}
