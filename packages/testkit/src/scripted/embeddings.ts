/**
 * Deterministic embeddings without a model: each word (and each CJK character) is hashed into a
 * signed bucket, and the sum is normalised. Equal texts get equal vectors, and texts that share
 * words get a higher cosine similarity, so memory retrieval behaves sensibly in tests.
 */

/** FNV-1a, 32 bit, with a seed so one token can land in two buckets. */
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function tokens(text: string): string[] {
  const out = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // Han, Hiragana/Katakana and Hangul have no spaces: each character is its own token.
  return out.flatMap((t) =>
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(t) ? [...t] : [t],
  );
}

export function scriptedEmbedding(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  const words = tokens(text);
  // A text without words (punctuation, empty) still gets its own stable direction.
  const features = words.length > 0 ? words : [`\u0000${text}`];
  for (const w of features) {
    const a = fnv1a(w, 0);
    const b = fnv1a(w, 0x9e3779b9);
    v[a % dims]! += a & 0x80000000 ? 1 : -1;
    v[b % dims]! += b & 0x80000000 ? 0.5 : -0.5;
  }
  let norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  if (norm === 0) {
    // Two features cancelled out exactly; fall back to one bucket.
    v[fnv1a(text, 1) % dims] = 1;
    norm = 1;
  }
  return v.map((x) => x / norm);
}

/** Little-endian float32 bytes in base64, as the OpenAI API sends `encoding_format: "base64"`. */
export function toBase64Floats(vector: readonly number[]): string {
  const buf = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => buf.writeFloatLE(x, i * 4));
  return buf.toString('base64');
}
