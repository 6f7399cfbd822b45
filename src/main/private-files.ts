/**
 * The data folder holds every run's screenshots, UI dumps, model prompts and replies, and the
 * memories; exports hold the same. On a shared lab machine none of it is for other users: folders
 * are made 0700 and files 0600 whatever the umask (the usual 022 would leave them readable by
 * everyone). Modes given at creation apply only to new paths, so the data folder itself is also
 * tightened when an older version left it open. No-ops on Windows, which has no such modes.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) as 0700. */
export function mkdirPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Narrows an existing path to `mode` when others can read it — only a path this user owns (a
 * data folder under /tmp or a shared mount is never changed for someone else).
 */
export function tighten(path: string, mode: number): void {
  if (process.platform === 'win32') return;
  try {
    const st = statSync(path);
    if ((st.mode & 0o077) === 0 || (process.getuid && st.uid !== process.getuid())) return;
    chmodSync(path, mode);
  } catch {
    // Missing or not ours to change: nothing to tighten.
  }
}

/** The data folder: created 0700, or narrowed to 0700 when it exists and is open to others. */
export function ensurePrivateDataDir(dir: string): void {
  mkdirPrivate(dir);
  tighten(dir, PRIVATE_DIR_MODE);
}
