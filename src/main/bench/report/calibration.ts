/**
 * What makes a benchmark's figures untrustworthy, read off its episodes: a `reference` episode
 * that misses a milestone (the task or its reference solution is broken — every agent's score on
 * it is suspect) and any episode that ended in an error (it is in no figure). `moba bench run`
 * prints these and exits 1 when there are any.
 */
import type { BenchmarkRecord, StoredEpisode } from '../bench-repo.ts';

export interface CalibrationFailure {
  episodeId: string;
  configId: string;
  taskId: string;
  /** `reference-missed`: the reference solution did not reach every milestone; `errored`: the episode ended in an error. */
  kind: 'reference-missed' | 'errored';
  /** One line: the milestones missed and the run's own reason (for a reference: the step, the element, why). */
  detail: string;
}

export function calibrationFailures(
  benchmark: BenchmarkRecord,
  episodes: readonly StoredEpisode[],
): CalibrationFailure[] {
  const reference = new Set(benchmark.configurations.filter((c) => c.agent === 'reference').map((c) => c.id));
  const out: CalibrationFailure[] = [];
  for (const e of episodes) {
    const base = { episodeId: e.id, configId: e.configId, taskId: e.taskId };
    if (e.status === 'error') {
      out.push({ ...base, kind: 'errored', detail: e.error ?? 'the episode ended in an error' });
      continue;
    }
    const r = e.result;
    if (e.status !== 'done' || !r || !reference.has(e.configId) || r.complete) continue;
    const missed = r.milestones.filter((m) => !m.reached).map((m) => m.id);
    const broken = r.invariants.filter((i) => !i.held).map((i) => i.id);
    const parts = [
      missed.length ? `missed ${missed.join(', ')}` : '',
      broken.length ? `broke ${broken.join(', ')}` : '',
      r.reason ? `— ${r.reason}` : '',
    ];
    out.push({ ...base, kind: 'reference-missed', detail: parts.filter(Boolean).join(' ') });
  }
  return out;
}

/** The failures as lines for a terminal, or '' when there are none. */
export function formatCalibration(failures: readonly CalibrationFailure[]): string {
  if (!failures.length) return '';
  const lines = failures.map(
    (f) =>
      `  ${f.kind === 'errored' ? 'ERROR    ' : 'REFERENCE'} ${f.taskId} (${f.configId}, episode ${f.episodeId}): ${f.detail}`,
  );
  return `\n${failures.length} episode${failures.length === 1 ? '' : 's'} make${failures.length === 1 ? 's' : ''} these figures untrustworthy:\n${lines.join('\n')}\n`;
}
