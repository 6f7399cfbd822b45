/**
 * Whole-tag fast path of the dump reader (`dump-scan.ts`).
 *
 * A dumper writes every node's attributes in the same order. Once one `<node>` has been read
 * the long way, its attribute sequence becomes one sticky regular expression that reads a
 * whole start tag natively — several times faster than walking it in script. It only accepts
 * tags in the shape dumpers write that need nothing but copying: one space before each
 * attribute, `name="value"` with no `&`, `<`, control characters (tabs and line ends
 * included), C1 controls, surrogates or U+FFFD–U+FFFF in the value. Any other tag falls back
 * to the long way, which stays the judge of well-formedness and of odd characters.
 */

export interface NodeSignature {
  key: string;
  /** Sticky: `<node`, the attributes in order, `/`? and `>`; one group per value, then the `/`. */
  re: RegExp;
  /** Per value group: the known attribute's slot, or -1 for another attribute. */
  slots: number[];
  /** Names of the other attributes, for `ScannedTag.others`. */
  others: string[];
  /** The last successful match of `re` (one per scan: signatures are not shared). */
  match: RegExpExecArray | null;
}

/** A dump whose nodes keep changing their attribute order is read the long way after this many. */
export const MAX_SIGNATURES = 4;
// Literal spaces and a plain value class keep the expression a straight run of literals.
const PLAIN_VALUE = '"([^"&<\\u0000-\\u001f\\u0080-\\u009f\\ud800-\\udfff\\ufffd-\\uffff]*)"';

/**
 * The signature of a `<node>` whose attributes were `names`, in order; `slots[i]` is where the
 * value of `names[i]` goes in `ScannedTag.known`, or -1 for an attribute outside it.
 */
export function nodeSignature(names: readonly string[], slots: readonly number[]): NodeSignature {
  const attributes = names.map((n) => ` ${n.replace(/[.\\-]/g, '\\$&')}=${PLAIN_VALUE}`).join('');
  return {
    key: names.join(' '),
    re: new RegExp(`<node${attributes} ?(/?)>`, 'y'),
    slots: [...slots],
    others: names.filter((_, i) => (slots[i] ?? -1) < 0),
    match: null,
  };
}

/** The first signature that reads the start tag at `pos` (its `match` set), else undefined. */
export function matchSignature(
  xml: string,
  pos: number,
  signatures: readonly NodeSignature[],
): NodeSignature | undefined {
  for (const signature of signatures) {
    signature.re.lastIndex = pos;
    signature.match = signature.re.exec(xml);
    if (signature.match) return signature;
  }
  return undefined;
}
