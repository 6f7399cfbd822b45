/** Reply pieces several strategies share: tolerant text, nullable text, the A/B/C outcome grade. */
import { z } from 'zod';
import type { ActionOutcomeGrade } from '../../../../shared/schemas/strategy.ts';

export const text = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)),
  z.string(),
);

export const nullableText = z.preprocess((v) => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' && /^(none|null|n\/a|nothing|)$/i.test(v.trim())) return null;
  return typeof v === 'string' ? v.trim() : JSON.stringify(v);
}, z.string().nullable());

/** "A", "a", "A: as expected", "Outcome B" → the grade. */
export const grade = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const m = /^\s*(?:outcome\s*[:=]?\s*)?\(?([ABCabc])\b/.exec(v);
    return m ? m[1]!.toUpperCase() : v;
  },
  z.enum(['A', 'B', 'C']),
) as z.ZodType<ActionOutcomeGrade>;
