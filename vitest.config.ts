import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure, fast, beside the code) and `integration` (real adb server,
 * simulated phone, scripted model server, real SQLite files). Integration tests run one file
 * at a time: they share the machine's two cores with Chromium and ffmpeg.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          environment: 'node',
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
          fileParallelism: false,
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
