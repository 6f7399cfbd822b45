/**
 * Task files on disk: the built-in suite (`resources/benchmark/suite/`), folders and single
 * files given on the command line, and their validation.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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

/** Every `.json` file under a folder (schema files excepted), sorted. */
function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFilesUnder(p));
    else if (entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json')) out.push(p);
  }
  return out.sort();
}

function expand(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      // A missing file is reported by its check.
    }
    out.push(...(isDir ? jsonFilesUnder(p) : [p]));
  }
  return out;
}

/** Checks files and folders; never throws (problems name the file's fields). */
export function validateFiles(paths: readonly string[]): TaskFileCheck[] {
  const files = expand(paths);
  const results: TaskFileCheck[] = files.map((file) => {
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
export function loadTasks(sources: readonly string[]): LoadedTask[] {
  const paths = sources.map((s) => (s === BUILTIN_SUITE ? builtinSuiteDir() : resolve(s)));
  const results = validateFiles(paths);
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
