/**
 * The order Vitest starts test files in: the longest first, so that the two workers end
 * together instead of one running a long file alone at the end (longest-processing-time-first
 * scheduling). Vitest orders by the durations it kept from earlier runs, and by file size when
 * it has none — which is every file on a fresh clone, as in CI, where a small file that drives
 * a phone for a minute would start last. {@link MEASURED_SECONDS} are the slowest integration
 * files' durations in CI runs (rounded); a file that is not listed keeps Vitest's own order
 * after the listed ones. A stale entry only moves a file earlier: nothing is skipped.
 */
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** Seconds each file took in CI (the mean of three `.ci/run`s on 2 cores), by path from the repository. */
export const MEASURED_SECONDS: Readonly<Record<string, number>> = {
  'test/integration/bench-suite.test.ts': 171,
  'test/integration/strategy-gui-native.test.ts': 93,
  'test/integration/strategy-mobile-agent-v2.test.ts': 66,
  'test/integration/dataset-explorer.test.ts': 57,
  'test/integration/strategy-providers.test.ts': 54,
  'test/integration/strategy-mobile-agent-e.test.ts': 53,
  'test/integration/strategy-appagent.test.ts': 34,
  'packages/sim/test/sim-phone-determinism.test.ts': 34,
  'test/integration/strategy-mobile-agent-v1.test.ts': 32,
  'test/integration/bench-end-causes.test.ts': 31,
  'test/integration/sweep-workers.test.ts': 30,
  'test/integration/agent-cli.test.ts': 27,
  'test/integration/device-actions.test.ts': 27,
  'test/integration/bench-cli.test.ts': 25,
  'packages/sim/test/sim-apps-a-fuzz.test.ts': 22,
  'test/integration/security-device-lock.test.ts': 20,
  'test/integration/strategy-contract.test.ts': 20,
};

/** A file's path from the repository root, with forward slashes. */
function fromRoot(root: string, moduleId: string): string {
  const path = moduleId.replaceAll('\\', '/');
  const base = `${root.replaceAll('\\', '/').replace(/\/$/, '')}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/**
 * `files` in Vitest's order, then the listed ones moved to the front, longest first (a stable
 * sort: projects stay grouped, since every listed file is in one project).
 */
export function heavyFirst<T>(files: readonly T[], pathOf: (file: T) => string): T[] {
  const seconds = (file: T) => MEASURED_SECONDS[pathOf(file)] ?? 0;
  return [...files].sort((a, b) => seconds(b) - seconds(a));
}

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return heavyFirst(ordered, (spec) => fromRoot(spec.project.config.root, spec.moduleId));
  }
}
