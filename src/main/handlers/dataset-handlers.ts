import { join } from 'node:path';
import type { Handlers } from '../contract/router.ts';
import type { EventHub } from '../event-hub.ts';
import type { AnnotationService } from '../annotations/annotation-service.ts';
import { exportDataset } from '../datasets/dataset-export.ts';
import type { BenchmarkRuns } from '../datasets/run-selection.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { Db } from '../store/database.ts';
import { APP_NAME, APP_VERSION } from '../version.ts';

type DatasetHandlerNames = 'exportDataset' | 'annotateStep' | 'removeAnnotation' | 'getFailureSummary';

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * Dataset exports from the UI go to `<data folder>/datasets/<time>-<export id>/` (a web client
 * never picks paths on the host); progress is pushed as didProgressDataset, at most a few a second.
 */
export function datasetHandlers(s: {
  db: Db;
  artifacts: ArtifactStore;
  annotations: AnnotationService;
  events: EventHub;
  paths: { dataDir: string };
  benchmarks?: BenchmarkRuns;
}): Pick<Handlers, DatasetHandlerNames> {
  return {
    exportDataset: async ({ selection, split, exportId }, ctx) => {
      let last = 0;
      return exportDataset({
        db: s.db,
        artifacts: s.artifacts,
        outDir: join(s.paths.dataDir, 'datasets', `${stamp(Date.now())}-${exportId}`),
        selection,
        ...(split ? { split } : {}),
        ...(s.benchmarks ? { benchmarks: s.benchmarks } : {}),
        app: { name: APP_NAME, version: APP_VERSION },
        signal: ctx.signal,
        onProgress: (p) => {
          const now = Date.now();
          if (p.phase === 'runs' && now - last < 200) return;
          last = now;
          s.events.emit('didProgressDataset', { exportId, ...p });
        },
      });
    },
    annotateStep: ({ runId, stepId, category, note, author }) =>
      s.annotations.annotate({ runId, stepId, category, note, ...(author ? { author } : {}) }),
    removeAnnotation: ({ runId, annotationId, author }) => ({
      removed: s.annotations.remove({ runId, annotationId, ...(author ? { author } : {}) }),
    }),
    getFailureSummary: ({ selection }) => s.annotations.summary(selection),
  };
}
