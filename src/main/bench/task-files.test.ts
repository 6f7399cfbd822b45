import { describe, expect, it } from 'vitest';
import { BUILTIN_SUITE, loadTasks, validateFiles, builtinSuiteDir } from './task-files.ts';

describe('the built-in suite', () => {
  it('validates: every pattern runs on RE2, every file is read within the bounds', () => {
    const results = validateFiles([builtinSuiteDir()]);
    expect(results.filter((r) => !r.ok).map((r) => `${r.file}: ${JSON.stringify(r.problems)}`)).toEqual([]);
    expect(loadTasks([BUILTIN_SUITE]).length).toBe(results.length);
  });
});
