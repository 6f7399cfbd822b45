import { foundation } from './001-foundation.ts';
import { runs } from './002-runs.ts';
import { deviceLocks } from './008-device-locks.ts';
import { memory } from './010-memory.ts';
import { benchmarks } from './030-benchmarks.ts';
import { benchmarkReports } from './031-benchmark-reports.ts';
import type { Migration } from './types.ts';

/**
 * Every migration, in order. Numbers are reserved per area so parallel work does not collide:
 * 1 foundation, 2–9 runs and events, 10–19 memory, 20–29 devices and mirror, 30–39 benchmarks.
 */
export const MIGRATIONS: readonly Migration[] = [foundation, runs, deviceLocks, memory, benchmarks, benchmarkReports];
