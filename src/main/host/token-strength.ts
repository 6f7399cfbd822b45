/**
 * How hard a token someone chose (`--token`, `MOBA_TOKEN`, `MOBA_SWEEP_TOKEN`) is to guess, for
 * the ≥ 128-bit rule beyond loopback. Two estimates, the lower counts: the token's alphabet and
 * length with a repeating pattern counted once (`tokenBits`), and zxcvbn's (the `@zxcvbn-ts`
 * port, with its common-password list and keyboard layouts), which finds what people type —
 * one character repeated, keyboard rows, sequences, dates, common passwords. Each part zxcvbn
 * explains counts as its guesses (never more than its characters at the alphabet's rate); what
 * it leaves unexplained counts at the alphabet's rate. Chance structure in a random token (a
 * date-like run of digits) also counts against it, so a token from a generator should have
 * room to spare: 32 random bytes (`openssl rand -hex 32`) carry 256 bits.
 */
import { bitsPerCharacter, tokenBits } from './request-parsing.ts';

export interface TokenStrength {
  /** The lower of the two estimates, in bits. */
  bits: number;
  /** The largest pattern zxcvbn found (e.g. `a repeat "aaaaaaaa…"`), or null. */
  weakness: string | null;
}

/** zxcvbn reads at most this much of a token; the rest counts at the alphabet's rate. */
const ZXCVBN_LENGTH = 256;

type Checker = (token: string) => {
  sequence: ReadonlyArray<{ pattern: string; token: string; guesses?: number | undefined }>;
};
let checker: Promise<Checker> | undefined;

/** zxcvbn with its dictionaries, loaded on first use (it is a few MB, needed only for a token beyond loopback). */
function zxcvbn(): Promise<Checker> {
  checker ??= (async (): Promise<Checker> => {
    const { ZxcvbnFactory } = await import('@zxcvbn-ts/core');
    const common = await import('@zxcvbn-ts/language-common');
    const factory = new ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: ZXCVBN_LENGTH,
    });
    return (token: string) => factory.check(token);
  })();
  return checker!;
}

const PATTERN_NAMES: Record<string, string> = {
  repeat: 'a repeat',
  spatial: 'a keyboard pattern',
  sequence: 'a sequence',
  dictionary: 'a common password or word',
  date: 'a date',
};

export async function tokenStrength(token: string): Promise<TokenStrength> {
  const rate = bitsPerCharacter(token);
  const head = token.slice(0, ZXCVBN_LENGTH);
  let patternBits = (token.length - head.length) * rate;
  let weakness: { length: number; text: string } | null = null;
  for (const m of (await zxcvbn())(head).sequence) {
    const plain = m.token.length * rate;
    if (m.pattern === 'bruteforce') {
      patternBits += plain;
      continue;
    }
    patternBits += Math.min(Math.log2(Math.max(m.guesses ?? 1, 1)), plain);
    const shown = m.token.length > 12 ? `${m.token.slice(0, 12)}…` : m.token;
    if (m.token.length >= 4 && m.token.length > (weakness?.length ?? 0))
      weakness = { length: m.token.length, text: `${PATTERN_NAMES[m.pattern] ?? 'a pattern'} "${shown}"` };
  }
  return { bits: Math.floor(Math.min(tokenBits(token), patternBits)), weakness: weakness?.text ?? null };
}
