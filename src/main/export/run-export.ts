/**
 * A run as a portable folder: `run.json` (summary, events, the folded final state and a
 * trajectory of steps with who decided what) and `assets/` with every artifact the events
 * refer to — screenshots, set-of-marks images, UI dumps, images sent to models — and, with
 * `html`, `report.html`: the run as one self-contained report file (`report-html.ts`).
 */
import { chmodSync, copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';
import { join } from 'node:path';
import { formatAction } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import { RUN_EXPORT_FORMAT, RUN_EXPORT_VERSION } from '../../shared/contract/export.ts';
import type { ExportRunResult } from '../../shared/contract/export.ts';
import { MobaError } from '../../shared/errors.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import { assetFile, collectArtifactRefs } from './asset-files.ts';
import { runReportData } from './report-data.ts';
import { renderReportHtml } from './report-html.ts';
import type { ReportBundle } from './report-html.ts';
import type { ExportAsset, RunExport, RunSource, TrajectoryStep } from './run-export-format.ts';

export type { ExportAsset, RunExport, RunSource, TrajectoryStep } from './run-export-format.ts';

function actionText(a: ActionCall | null | undefined): string | null {
  return a ? formatAction(a) : null;
}

/** The steps of a folded run as a trajectory (asset paths for the screens). */
export function buildTrajectory(state: RunState, events: readonly RunEvent[]): TrajectoryStep[] {
  const decisions = new Map<number, RunEvent & { type: 'act_decided' }>();
  let lastAct: (RunEvent & { type: 'act_decided' }) | null = null;
  for (const e of events) {
    if (e.type === 'act_decided') lastAct = e;
    if (e.type === 'step_proposed' && lastAct && lastAct.nodeId === e.nodeId) decisions.set(e.seq, lastAct);
    if (e.type === 'step_proposed') lastAct = null;
  }
  const shot = (id: string | null): string | null => {
    const o = id ? state.observations[id] : undefined;
    return o?.screenshot ? assetFile(o.screenshot) : null;
  };
  return state.steps.map((s) => {
    const act = decisions.get(s.seq) ?? null;
    const executed = s.executed
      ? { action: formatAction(s.executed.action), by: s.executed.by, ok: s.executed.ok, error: s.executed.error }
      : null;
    return {
      stepId: s.stepId,
      nodeId: s.nodeId,
      subgoal: state.nodes[s.nodeId]?.goal ?? null,
      before: shot(s.observationId),
      after: shot(s.afterObservationId),
      proposed: formatAction(s.proposed),
      gate: s.gate,
      decision: s.decision
        ? {
            kind: s.decision.kind,
            by: s.decision.by,
            action: actionText(s.decision.action),
            feedback: s.decision.feedback,
          }
        : null,
      executed,
      corrected: !!executed && (executed.action !== formatAction(s.proposed) || executed.by === 'person'),
      observation: act?.observation ?? null,
      thought: act?.thought ?? null,
      reflection: s.reflection
        ? { status: s.reflection.subgoalStatus, goalDone: s.reflection.goalDone, text: s.reflection.text }
        : null,
    };
  });
}

export interface BuildRunExportOptions {
  runs: RunSource;
  /** Which artifacts the data folder still has (the export lists the missing ones). */
  artifacts: Pick<ArtifactStore, 'has'>;
  runId: string;
  app: { name: string; version: string };
  now?: number;
}

/**
 * The export's data (nothing written yet).
 * @throws MobaError RUN_NOT_FOUND
 */
export function buildRunExport(o: BuildRunExportOptions): RunExport {
  const summary = o.runs.get(o.runId);
  const { events, skipped } = o.runs.events(o.runId, 0);
  const state = foldRun(o.runId, events);
  const assets: Record<string, ExportAsset> = {};
  for (const [sha, ref] of collectArtifactRefs(events)) {
    const present = o.artifacts.has(sha);
    const a: ExportAsset = { file: assetFile(ref), mime: ref.mime, bytes: ref.bytes, present };
    if (ref.width !== undefined) a.width = ref.width;
    if (ref.height !== undefined) a.height = ref.height;
    assets[sha] = a;
  }
  return {
    format: RUN_EXPORT_FORMAT,
    version: RUN_EXPORT_VERSION,
    exportedAt: o.now ?? Date.now(),
    app: o.app,
    summary,
    skippedEvents: skipped,
    state,
    trajectory: buildTrajectory(state, events),
    assets,
    events,
  };
}

export interface WriteRunExportOptions extends BuildRunExportOptions {
  artifacts: ArtifactStore;
  outDir: string;
  html: boolean;
  /** The report viewer to inline (default: the one built into out/report/). */
  reportBundle?: ReportBundle;
}

/**
 * Writes `run.json`, `assets/` and (with `html`) `report.html` into `outDir` (created; files of
 * an earlier export of the same run are overwritten).
 * @throws MobaError RUN_NOT_FOUND; NOT_FOUND when the folder cannot be written or the report
 *   viewer was not built
 */
export async function writeRunExport(o: WriteRunExportOptions): Promise<ExportRunResult> {
  const started = performance.now();
  const data = buildRunExport(o);
  const assetsDir = join(o.outDir, 'assets');
  try {
    mkdirSync(assetsDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw new MobaError('NOT_FOUND', `Cannot create the export folder ${o.outDir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let bytes = 0;
  let copied = 0;
  let missing = 0;
  for (const [sha, asset] of Object.entries(data.assets)) {
    if (!asset.present) {
      missing++;
      continue;
    }
    const target = join(o.outDir, asset.file);
    copyFileSync(o.artifacts.get(sha).path, target);
    chmodSync(target, PRIVATE_FILE_MODE);
    bytes += statSync(target).size;
    copied++;
  }
  const jsonPath = join(o.outDir, 'run.json');
  const json = JSON.stringify(data, null, 1);
  writeFileSync(jsonPath, json, { mode: PRIVATE_FILE_MODE });
  bytes += Buffer.byteLength(json);
  let htmlPath: string | null = null;
  if (o.html) {
    htmlPath = join(o.outDir, 'report.html');
    const html = renderReportHtml(
      await runReportData(
        { runs: o.runs, artifacts: o.artifacts, app: o.app, ...(o.now ? { now: o.now } : {}) },
        o.runId,
      ),
      o.reportBundle,
    );
    writeFileSync(htmlPath, html, { mode: PRIVATE_FILE_MODE });
    bytes += Buffer.byteLength(html);
  }
  return {
    runId: o.runId,
    dir: o.outDir,
    json: jsonPath,
    html: htmlPath,
    assets: copied,
    missingAssets: missing,
    bytes,
    ms: Math.round(performance.now() - started),
  };
}
