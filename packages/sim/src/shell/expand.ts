/**
 * Word expansion: parameters, command substitution, field splitting of unquoted expansions
 * and pathname globbing (`*`, `?`) against the simulated file system.
 */
import type { VirtualFs } from '../fs/virtual-fs.ts';
import { isDirectoryMode, resolvePath, splitPath } from '../fs/virtual-fs.ts';
import type { Word } from './ast.ts';
import type { ShellOutput } from './io.ts';

export interface Expander {
  lookup(name: string): string;
  substitute(source: string, stderr: ShellOutput): Promise<string>;
  fs(): VirtualFs;
  cwd: string;
}

const IFS = /[ \t\n]+/;

/** Expands a word into zero or more fields (arguments). */
export async function expandWord(word: Word, expander: Expander, stderr: ShellOutput): Promise<string[]> {
  const fields: string[] = [];
  let current = '';
  let hasField = false;
  let globbable = false;
  const flush = () => {
    if (!hasField) return;
    if (globbable) fields.push(...glob(current, expander));
    else fields.push(current);
    current = '';
    hasField = false;
    globbable = false;
  };
  for (const part of word.parts) {
    if (part.kind === 'text') {
      current += part.value;
      hasField = hasField || part.quoted || part.value !== '';
      if (!part.quoted && /[*?]/.test(part.value)) globbable = true;
      continue;
    }
    const value = part.kind === 'param' ? expander.lookup(part.name) : await expander.substitute(part.source, stderr);
    if (part.quoted) {
      current += value;
      hasField = true;
      continue;
    }
    const pieces = value.split(IFS);
    pieces.forEach((piece, i) => {
      if (i > 0) flush();
      if (piece !== '') {
        current += piece;
        hasField = true;
      }
    });
  }
  flush();
  return fields;
}

/** Expands a word into exactly one string (assignments, redirection targets): no splitting, no globbing. */
export async function expandWordSingle(word: Word, expander: Expander, stderr: ShellOutput): Promise<string> {
  let out = '';
  for (const part of word.parts) {
    if (part.kind === 'text') out += part.value;
    else if (part.kind === 'param') out += expander.lookup(part.name);
    else out += await expander.substitute(part.source, stderr);
  }
  return out;
}

/** Matches a pattern like `/sdcard/*.png` against the file system; no match keeps the pattern. */
function glob(pattern: string, expander: Expander): string[] {
  const fs = expander.fs();
  const absolute = pattern.startsWith('/');
  const parts = splitPath(pattern);
  let candidates: string[] = [absolute ? '/' : ''];
  for (const part of parts) {
    const next: string[] = [];
    for (const base of candidates) {
      const join = (name: string) => (base === '' ? name : base === '/' ? `/${name}` : `${base}/${name}`);
      if (!/[*?]/.test(part)) {
        next.push(join(part));
        continue;
      }
      const dir = resolvePath(expander.cwd, base === '' ? '.' : base);
      const stat = fs.stat(dir);
      if (!stat || !isDirectoryMode(stat.mode)) continue;
      const regex = new RegExp(
        `^${part
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
      );
      for (const name of fs.readdir(dir)) {
        if (name.startsWith('.') && !part.startsWith('.')) continue;
        if (regex.test(name)) next.push(join(name));
      }
    }
    candidates = next;
  }
  const matches = candidates.filter((path) => fs.lstat(resolvePath(expander.cwd, path)) !== undefined);
  return matches.length > 0 ? matches.sort() : [pattern];
}
