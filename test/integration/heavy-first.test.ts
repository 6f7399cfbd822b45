/**
 * The test order's table (test/support/heavy-first.ts): every listed file exists, so a renamed
 * file cannot quietly fall back to starting last, and the listed files go first, longest first,
 * the rest in the order they came.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEASURED_SECONDS, heavyFirst } from '../support/heavy-first.ts';

describe('longest-first test order', () => {
  it('lists only files that exist', () => {
    expect(Object.keys(MEASURED_SECONDS).filter((path) => !existsSync(path))).toEqual([]);
  });

  it('starts the listed files first, longest first, and keeps the others in their order', () => {
    const files = [
      'test/integration/store.test.ts',
      'test/integration/dataset-explorer.test.ts',
      'test/integration/web-host.test.ts',
      'test/integration/bench-suite.test.ts',
      'test/integration/agent-cli.test.ts',
    ];
    expect(heavyFirst(files, (f) => f)).toEqual([
      'test/integration/bench-suite.test.ts',
      'test/integration/dataset-explorer.test.ts',
      'test/integration/agent-cli.test.ts',
      'test/integration/store.test.ts',
      'test/integration/web-host.test.ts',
    ]);
  });
});
