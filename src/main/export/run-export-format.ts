/** The shape of an exported run's `run.json`: what the exporter writes and the HTML report reads. */
import type { RUN_EXPORT_FORMAT, RUN_EXPORT_VERSION } from '../../shared/contract/export.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import type { RunEvent, RunSummary } from '../../shared/schemas/run.ts';

export interface ExportAsset {
  /** Relative to the export folder, e.g. `assets/<sha256>.png`. */
  file: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  /** False when the data folder no longer has the file (the reference is kept). */
  present: boolean;
}

/** One step as training data: what the agent proposed, what a person decided, what ran, how it went. */
export interface TrajectoryStep {
  stepId: string;
  nodeId: string;
  subgoal: string | null;
  /** Screen before the step (asset path), with its elements' count. */
  before: string | null;
  after: string | null;
  proposed: string;
  gate: string | null;
  decision: { kind: string; by: string; action: string | null; feedback: string | null } | null;
  executed: { action: string; by: string; ok: boolean; error: string | null } | null;
  /** The executed action differs from the proposal (edit / override / person). */
  corrected: boolean;
  observation: string | null;
  thought: string | null;
  reflection: { status: 'success' | 'failure'; goalDone: boolean; text: string } | null;
}

export interface RunExport {
  format: typeof RUN_EXPORT_FORMAT;
  version: typeof RUN_EXPORT_VERSION;
  exportedAt: number;
  app: { name: string; version: string };
  summary: RunSummary;
  /** Events that could not be read from the store (damaged or newer rows). */
  skippedEvents: number;
  state: RunState;
  trajectory: TrajectoryStep[];
  /** sha256 → file. */
  assets: Record<string, ExportAsset>;
  events: RunEvent[];
}

/** What the exporter reads: a run's summary and events (RunService fits). */
export interface RunSource {
  get(runId: string): RunSummary;
  events(runId: string, from?: number): { events: RunEvent[]; skipped: number };
}
