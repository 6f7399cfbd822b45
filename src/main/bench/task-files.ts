/**
 * Task files on disk: the built-in suite (`resources/benchmark/suite/`), folders and single
 * files given on the command line, and their validation.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { MobaError } from '../../shared/errors.ts';
import { packageRoot } from '../package-root.ts';
import { checkTaskFile } from './task-validate.ts';
import type { TaskProblem } from './task-validate.ts';

/** The name users give the built-in suite (`--suite builtin`). */
export const BUILTIN_SUITE = 'builtin';

export function builtinSuiteDir(): string {
  return join(packageRoot(), 'resources', 'benchmark', 'suite');
}

export interface TaskFileCheck {
  file: string;
  ok: boolean;
  task?: BenchTask;
  problems: TaskProblem[];
}

/** How task files are found in folders. */
export interface TaskFileOptions {
  /** Read task files that are symbolic links to files outside the folder given (default: refused). */
  followLinks?: boolean;
}

interface Found {
  file: string;
  /** Why the file is not read, for a link that leaves the folder. */
  refused?: string;
}

const isJsonTask = (name: string) => name.endsWith('.json') && !name.endsWith('.schema.json');

function outside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/**
 * Every `.json` file under a folder (schema files excepted), sorted. Linked folders are not
 * entered; a linked file is read only when it stays inside the folder, unless `followLinks`.
 */
function jsonFilesUnder(dir: string, root: string, options: TaskFileOptions): Found[] {
  const out: Found[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFilesUnder(p, root, options));
    else if (!isJsonTask(entry.name)) continue;
    else if (entry.isSymbolicLink() && !options.followLinks) {
      let target: string;
      try {
        target = realpathSync(p);
      } catch (error) {
        out.push({ file: p, refused: `a symbolic link that leads nowhere: ${(error as Error).message}` });
        continue;
      }
      out.push(
        outside(root, target)
          ? {
              file: p,
              refused: `a symbolic link to ${target}, outside ${root}: not read (--follow-links reads such links)`,
            }
          : { file: p },
      );
    } else out.push({ file: p });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function expand(paths: readonly string[], options: TaskFileOptions): Found[] {
  const out: Found[] = [];
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      // A missing file is reported by its check.
    }
    out.push(...(isDir ? jsonFilesUnder(p, realpathSync(p), options) : [{ file: p }]));
  }
  return out;
}

/**
 * Checks files and folders; never throws (problems name the file's fields). Every file is read
 * only if it is a regular file of at most MAX_TASK_FILE_BYTES.
 */
export function validateFiles(paths: readonly string[], options: TaskFileOptions = {}): TaskFileCheck[] {
  const found = expand(paths, options);
  const results: TaskFileCheck[] = found.map(({ file, refused }) => {
    if (refused) return { file, ok: false, problems: [{ path: '', message: refused }] };
    const r = checkTaskFile(file);
    return r.ok ? { file, ok: true, task: r.task, problems: [] } : { file, ok: false, problems: r.problems };
  });
  // The same id twice in one set is ambiguous for results and resume.
  const byId = new Map<string, string>();
  for (const r of results) {
    if (!r.task) continue;
    const other = byId.get(r.task.id);
    if (other) {
      r.ok = false;
      r.problems.push({
        path: 'id',
        message: `"${r.task.id}" is also the id of ${relative(process.cwd(), other) || other}`,
      });
    } else byId.set(r.task.id, r.file);
  }
  return results;
}

export interface LoadedTask {
  task: BenchTask;
  file: string;
}

/**
 * Loads tasks for a run: the built-in suite (`builtin`), folders or files.
 * @throws MobaError INVALID_INPUT listing every problem of every invalid file (nothing runs).
 */
export function loadTasks(sources: readonly string[], options: TaskFileOptions = {}): LoadedTask[] {
  const paths = sources.map((s) => (s === BUILTIN_SUITE ? builtinSuiteDir() : resolve(s)));
  const results = validateFiles(paths, options);
  if (results.length === 0) throw new MobaError('INVALID_INPUT', `No task files in ${sources.join(', ')}`);
  const bad = results.filter((r) => !r.ok);
  if (bad.length) {
    const lines = bad.flatMap((r) => r.problems.map((p) => `${r.file}: ${p.path || '(file)'}: ${p.message}`));
    throw new MobaError(
      'INVALID_INPUT',
      `${bad.length} task file${bad.length === 1 ? ' is' : 's are'} invalid:\n${lines.join('\n')}`,
    );
  }
  return results.map((r) => ({ task: r.task!, file: r.file }));
}
