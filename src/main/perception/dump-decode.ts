import { MobaError } from '../../shared/errors.ts';

/** Larger than any real dump by three orders of magnitude; beyond it the input is not a dump. */
export const MAX_DUMP_CHARS = 64 * 1024 * 1024;

// Everything XML forbids (C0 controls but tab/LF/CR, U+FFFE/U+FFFF) plus the marks of a wrong
// decoding (C1 controls, U+FFFD), plus surrogates: one pass over the text finds any of them, and
// only surrogates (emoji, in pairs) send it on — so well-formed UTF-16 needs no second pass.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SUSPECT_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u0080-\u009f\ud800-\udfff\ufffd-\uffff]/g;

const invalid = (message: string) => new MobaError('DUMP_INVALID', message);

/**
 * Turns dump bytes into text. uiautomator writes UTF-8; a UTF-16 file (with a BOM, or
 * recognisable from its first bytes) and a declared single-byte encoding are decoded as such.
 *
 * @throws MobaError DUMP_INVALID when the bytes are empty, too large or not valid in their encoding.
 */
export function decodeDumpBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) throw invalid('The view-hierarchy dump is empty (0 bytes).');
  if (bytes.length > MAX_DUMP_CHARS * 2)
    throw invalid(`The view-hierarchy dump is too large (${bytes.length} bytes); a real dump is well under 1 MB.`);
  const b0 = bytes[0];
  const b1 = bytes[1];
  let encoding = 'utf-8';
  let start = 0;
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (b0 === 0xff && b1 === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (b0 === 0xfe && b1 === 0xff) [encoding, start] = ['utf-16be', 2];
  else if (b0 === 0x3c && b1 === 0x00) encoding = 'utf-16le';
  else if (b0 === 0x00 && b1 === 0x3c) encoding = 'utf-16be';
  else encoding = declaredSingleByteEncoding(bytes) ?? 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch (error) {
    throw new MobaError(
      'DUMP_INVALID',
      `The view-hierarchy dump is not valid ${encoding.toUpperCase()} text (wrong encoding or binary data).`,
      { cause: error },
    );
  }
}

/** An `encoding="…"` in the XML declaration naming Latin-1 or Windows-1252, else undefined. */
function declaredSingleByteEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 120)));
  const m = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/.exec(head);
  const name = m?.[1]?.toLowerCase();
  if (name === 'iso-8859-1' || name === 'latin1' || name === 'latin-1') return 'latin1';
  if (name === 'windows-1252' || name === 'cp1252') return 'windows-1252';
  return undefined;
}

/**
 * Checks that text handed over as a string really is decoded text, and strips a BOM. The
 * usual accidents are caught here with a message that names them: UTF-16 bytes read as
 * UTF-8 or Latin-1 (NUL characters), Latin-1 or binary bytes read as UTF-8 (U+FFFD), and
 * UTF-8 read as Latin-1 (C1 control characters, which no dump contains). Characters XML
 * forbids are refused here too, so the parsers need not look for them again.
 *
 * @throws MobaError DUMP_INVALID
 */
export function checkDumpText(xml: string): string {
  const text = prepareDumpText(xml);
  const suspect = firstSuspect(text);
  if (suspect === CLEAN) return text;
  if (suspect === LONE_SURROGATE)
    throw invalid('The view-hierarchy dump contains unpaired UTF-16 surrogates: it is not text.');
  // Something is off; say which accident it looks like.
  if (text.includes('\u0000'))
    throw invalid(
      'The view-hierarchy dump contains NUL characters: UTF-16 or binary data was read as UTF-8/Latin-1 text.',
    );
  if (text.includes('\ufffd'))
    throw invalid(
      'The view-hierarchy dump contains U+FFFD replacement characters: its bytes were not valid UTF-8 (Latin-1 or binary data?).',
    );
  if (/[\u0080-\u009f]/.test(text))
    throw invalid('The view-hierarchy dump contains C1 control characters: UTF-8 bytes were decoded as Latin-1.');
  throw invalid('The view-hierarchy dump contains control characters that XML forbids (binary data?).');
}

/**
 * The checks of {@link checkDumpText} that need no pass over the characters: text, no BOM,
 * not empty, not absurdly large. The fast dump reader refuses every suspect character as it
 * reads, so a caller can leave the full check for text that reader did not accept.
 *
 * @throws MobaError DUMP_INVALID
 */
export function prepareDumpText(xml: string): string {
  if (typeof xml !== 'string')
    throw invalid(`The view-hierarchy dump must be text, got ${xml === null ? 'null' : typeof xml}.`);
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  if (text.trim().length === 0) throw invalid('The view-hierarchy dump is empty.');
  if (text.length > MAX_DUMP_CHARS)
    throw invalid(`The view-hierarchy dump is too large (${text.length} characters); a real dump is well under 1 MB.`);
  return text;
}

const CLEAN = -1;
const LONE_SURROGATE = -2;

/** CLEAN, LONE_SURROGATE, or the position of the first other suspect character. */
function firstSuspect(text: string): number {
  SUSPECT_RE.lastIndex = 0;
  for (let m = SUSPECT_RE.exec(text); m; m = SUSPECT_RE.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) return i;
    const d = text.charCodeAt(i + 1);
    if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) return LONE_SURROGATE;
    SUSPECT_RE.lastIndex = i + 2;
  }
  return CLEAN;
}
