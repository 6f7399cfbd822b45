/**
 * The web host's reading of what a client sends: cookies, paths, redirect targets, tokens.
 * Every function here is total — malformed input gives `undefined` (or a refusal the caller
 * answers with 400), never an exception, because an exception in a request handler takes the
 * whole host down with every run, mirror and simulated phone in it.
 */

/** `decodeURIComponent` that answers `undefined` instead of throwing on bad percent-encoding. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The request's cookies. Cookies are shared across ports on one host, so any other app on
 * localhost may have set one we cannot decode (`theme=100%`): such a cookie is skipped, it does
 * not make the request fail.
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    const name = part.slice(0, Math.max(i, 0)).trim();
    if (!name) continue;
    const value = safeDecode(part.slice(i + 1).trim());
    if (value !== undefined) out.set(name, value);
  }
  return out;
}

/**
 * A redirect target on this host for a request path: `//evil.example` (which browsers read as
 * another host) becomes `/evil.example`, and backslashes, which some browsers treat as slashes,
 * are refused the same way.
 */
export function sameOriginLocation(pathname: string, search: string): string {
  const path = `/${pathname.replace(/^[/\\]+/, '')}`;
  return path + search;
}

const LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether an address to bind reaches only this machine. */
export function isLoopbackBind(host: string): boolean {
  return LOOPBACK_BINDS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Below this many bits a token may not guard a host that other machines can reach. */
export const MIN_REMOTE_TOKEN_BITS = 128;

/**
 * A conservative estimate of a token's strength: its length times the bits per character of
 * the smallest usual alphabet its characters fit in (hex 4, one-case letters ≈4.7, base32 5, alphanumeric ≈5.95,
 * base64url 6, printable ≈6.55). A token built from fewer than 8 distinct characters counts
 * as 1 bit per character: `aaaa…` is not a secret however long it is; nor is a pattern repeated
 * (`abcdefgh` sixteen times), so only one period of a repeating token counts.
 */
export function tokenBits(token: string): number {
  token = token.slice(0, periodOf(token));
  return Math.floor(token.length * bitsPerCharacter(token));
}

/** The bits one character of `token` carries by the smallest usual alphabet it fits in (1 for fewer than 8 distinct characters). */
export function bitsPerCharacter(token: string): number {
  if (new Set(token).size < 8) return 1;
  let alphabet: number;
  if (/^[0-9a-f]+$/i.test(token)) alphabet = 16;
  else if (/^[a-z]+$/.test(token) || /^[A-Z]+$/.test(token)) alphabet = 26;
  // Base32 is one case (RFC 4648): a mixed-case token that happens to use only the digits 2–7 is
  // base64url or alphanumeric, not base32.
  else if (/^[A-Z2-7]+$/.test(token) || /^[a-z2-7]+$/.test(token)) alphabet = 32;
  else if (/^[0-9a-z]+$/i.test(token)) alphabet = 62;
  else if (/^[0-9a-z_-]+$/i.test(token)) alphabet = 64;
  else alphabet = 94;
  return Math.log2(alphabet);
}

/** The length of the shortest unit `text` repeats (its own length when it does not repeat), by the KMP failure function. */
function periodOf(text: string): number {
  const fail = new Array<number>(text.length).fill(0);
  for (let i = 1, k = 0; i < text.length; i++) {
    while (k > 0 && text[i] !== text[k]) k = fail[k - 1]!;
    if (text[i] === text[k]) k++;
    fail[i] = k;
  }
  const p = text.length - (fail[text.length - 1] ?? 0);
  // Two whole repetitions or more, a partial last one included (`abcabcab`): the rest adds nothing unguessable.
  return p > 0 && p * 2 <= text.length ? p : text.length;
}
