/**
 * Ids that may come from elsewhere — a run imported from a sweep worker, a job a Redis writer
 * crafted, a model call's id in an event log — and end up in file or folder names. A safe id
 * is 1–128 of `A–Z a–z 0–9 . _ -`, and neither `.` nor `..`: no path can be built from it.
 */
import { createHash } from 'node:crypto';

export const SAFE_ID_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

export function isSafeId(id: string): boolean {
  return SAFE_ID_PATTERN.test(id);
}

/** The id itself when it is safe, else a name derived from its hash (`id-<16 hex>`), the same for the same id. */
export function fileNameFor(id: string): string {
  return isSafeId(id) ? id : `id-${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
}
