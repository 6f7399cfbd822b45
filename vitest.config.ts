import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './test/support/heavy-first.ts';

/**
 * Two projects: `unit` (pure, fast, beside the code) and `integration` (real adb server,
 * simulated phone, scripted model server, real SQLite files). Each runs two files at a time —
 * Vitest's default on a 2-core machine is one — since an integration file spends most of its
 * time waiting on its adb server, Chromium and model server, each on free ports and in its own
 * temporary folders, and a unit file's worker waits on its imports. Files start longest first
 * (test/support/heavy-first.ts), so that both workers end together on a fresh clone too.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
