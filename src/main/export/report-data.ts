/**
 * Gathers a report file's data (`shared/report/report-data.ts`): the runs' summaries and events,
 * a benchmark's report, and the images the events name — screenshots re-encoded as JPEG (full
 * size for a run; smaller for a benchmark's many episodes), other images as stored.
 */
import sharp from 'sharp';
import type { BenchReport } from '../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import { REPORT_FORMAT, REPORT_VERSION } from '../../shared/report/report-data.ts';
import type { ReportData, ReportImage, ReportRun } from '../../shared/report/report-data.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import { collectArtifactRefs } from './asset-files.ts';
import type { RunSource } from './run-export-format.ts';

export interface ReportSources {
  runs: RunSource;
  artifacts: Pick<ArtifactStore, 'has' | 'read'>;
  app: { name: string; version: string };
  now?: number;
}

/** How images go into a report: the widest screenshot kept, and the JPEG quality. */
export interface ImageBudget {
  maxWidth: number;
  quality: number;
}

/** A run's report keeps its screenshots sharp; a benchmark's holds many episodes, so smaller ones. */
export const RUN_IMAGES: ImageBudget = { maxWidth: 1080, quality: 82 };
export const BENCHMARK_IMAGES: ImageBudget = { maxWidth: 540, quality: 70 };

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp']);

async function image(bytes: Buffer, mime: string, budget: ImageBudget): Promise<ReportImage> {
  if (mime !== 'image/png') return { mime, base64: bytes.toString('base64') };
  const jpeg = await sharp(bytes)
    .resize({ width: budget.maxWidth, withoutEnlargement: true })
    .jpeg({ quality: budget.quality, mozjpeg: true })
    .toBuffer();
  return { mime: 'image/jpeg', base64: jpeg.toString('base64') };
}

/** Every image the runs' events name, read from the data folder and encoded for the file. */
async function images(
  runs: readonly ReportRun[],
  artifacts: ReportSources['artifacts'],
  budget: ImageBudget,
): Promise<{ images: Record<string, ReportImage>; missing: number }> {
  const out: Record<string, ReportImage> = {};
  let missing = 0;
  for (const r of runs)
    for (const [sha, ref] of collectArtifactRefs(r.events)) {
      if (out[sha] || !IMAGE_MIMES.has(ref.mime)) continue;
      if (!artifacts.has(sha)) {
        missing++;
        continue;
      }
      out[sha] = await image(artifacts.read(sha), ref.mime, budget);
    }
  return { images: out, missing };
}

function readRuns(src: ReportSources, runIds: readonly string[]): ReportRun[] {
  return runIds.map((id) => ({ summary: src.runs.get(id), events: src.runs.events(id, 0).events }));
}

/** A run's report. @throws MobaError RUN_NOT_FOUND */
export async function runReportData(src: ReportSources, runId: string): Promise<ReportData> {
  const runs = readRuns(src, [runId]);
  const { images: imgs, missing } = await images(runs, src.artifacts, RUN_IMAGES);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    generatedAt: src.now ?? Date.now(),
    app: src.app,
    kind: 'run',
    title: runs[0]!.summary.task,
    runs,
    benchmark: null,
    images: imgs,
    missingImages: missing,
  };
}

/** A benchmark's report (one or several side by side), with every episode's run. */
export async function benchmarkReportData(
  src: ReportSources,
  bench: { ids: string[]; report: BenchReport; summaries: BenchmarkSummary[] },
): Promise<ReportData> {
  const runIds = [...new Set(bench.report.episodes.flatMap((e) => (e.runId ? [e.runId] : [])))];
  const runs = readRuns(src, runIds);
  const { images: imgs, missing } = await images(runs, src.artifacts, BENCHMARK_IMAGES);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    generatedAt: src.now ?? Date.now(),
    app: src.app,
    kind: 'benchmark',
    title: bench.summaries.map((s) => s.name).join(' · ') || bench.ids.join(' · '),
    runs,
    benchmark: bench,
    images: imgs,
    missingImages: missing,
  };
}
