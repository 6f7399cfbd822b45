import { join } from 'node:path';
import type { Handlers } from '../contract/router.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { RunsRepo } from '../store/runs-repo.ts';
import { writeRunExport } from '../export/run-export.ts';
import type { RunSource } from '../export/run-export.ts';
import { APP_NAME, APP_VERSION } from '../version.ts';

/**
 * Exports from the UI always go to `<data folder>/exports/<run id>/`: a web client never picks
 * paths on the host. Pages read only their rows (each row is parsed and validated once).
 */
export function exportHandlers(s: {
  runs: RunSource;
  repo: Pick<RunsRepo, 'events'>;
  artifacts: ArtifactStore;
  paths: { dataDir: string };
}): Pick<Handlers, 'exportRun' | 'getRunPage'> {
  return {
    getRunPage: ({ runId, from, limit }) => {
      const summary = s.runs.get(runId);
      const { events, skipped } = s.repo.events(runId, { from, to: from + limit - 1 });
      const end = from + limit;
      return { summary, events, skipped, nextFrom: end < summary.events ? end : null };
    },
    exportRun: ({ runId, html }) =>
      writeRunExport({
        runs: s.runs,
        artifacts: s.artifacts,
        runId,
        html,
        outDir: join(s.paths.dataDir, 'exports', runId),
        app: { name: APP_NAME, version: APP_VERSION },
      }),
  };
}
