/**
 * How the Benchmarks page writes numbers: estimates with their 95 % interval, episode states
 * for the grid, and the time left from the pace so far. Pure, so it is tested on its own.
 */
import type { Estimate } from '../../../shared/bench/report.ts';
import type { EpisodeLink } from '../../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../../shared/bench/results.ts';

/** `72.5 [61.0–83.3]`, `72.5` without an interval, `—` without a value. */
export function formatEstimate(e: Estimate, digits = 1, unit = ''): string {
  if (e.value === null) return '—';
  const v = `${e.value.toFixed(digits)}${unit}`;
  if (e.low === null || e.high === null) return v;
  return `${v} [${e.low.toFixed(digits)}–${e.high.toFixed(digits)}]`;
}

/** A signed difference with its interval: `+12.5 [−3.0–+25.0]`. */
export function formatDifference(e: Estimate, digits = 1): string {
  if (e.value === null) return '—';
  const s = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(digits)}`;
  if (e.low === null || e.high === null) return s(e.value);
  return `${s(e.value)} [${s(e.low)}…${s(e.high)}]`;
}

/** Whether a difference's interval excludes 0. */
export function significant(e: Estimate): boolean {
  return e.low !== null && e.high !== null && (e.low > 0 || e.high < 0);
}

export type GridState = 'pending' | 'running' | 'passed' | 'partial' | 'failed' | 'error';

/** An episode as the grid shows it: passed = every milestone (and invariant), partial = some, failed = none. */
export function gridState(e: Pick<EpisodeLink, 'status' | 'complete' | 'reached'>): GridState {
  if (e.status === 'pending' || e.status === 'running' || e.status === 'error') return e.status;
  if (e.complete) return 'passed';
  return (e.reached ?? 0) > 0 ? 'partial' : 'failed';
}

/** Episodes finished (done or given up with an error), of all. */
export function progressOf(s: Pick<BenchmarkSummary, 'counts'>): { finished: number; total: number; percent: number } {
  const finished = s.counts.done + s.counts.error;
  return {
    finished,
    total: s.counts.total,
    percent: s.counts.total ? Math.round((finished / s.counts.total) * 100) : 0,
  };
}

/**
 * Time left at the pace of the episodes finished since `since` (ms), or null before the first
 * one finishes.
 */
export function etaSeconds(finishedSince: number, left: number, since: number, now: number): number | null {
  if (finishedSince <= 0 || left <= 0 || now <= since) return left <= 0 ? 0 : null;
  return Math.round(((now - since) / 1000 / finishedSince) * left);
}

/** `3 min 20 s`, `45 s`, `1 h 5 min`. */
export function formatSeconds(s: number): string {
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * A goal template as text and parameters: `Add an event "{title}" on {d.en}.` → the text with
 * `title` and `d` as parameters (a parameter's `.field` — a date's English form, a number's
 * digits — says only how it is written).
 */
export function goalParts(goal: string): Array<{ text: string } | { param: string }> {
  const out: Array<{ text: string } | { param: string }> = [];
  let last = 0;
  for (const m of goal.matchAll(/\{([A-Za-z_]\w*)(?:\.[\w.]+)?\}/g)) {
    if (m.index > last) out.push({ text: goal.slice(last, m.index) });
    out.push({ param: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < goal.length) out.push({ text: goal.slice(last) });
  return out;
}

/** The example agent's path in the repository: the command the page offers runs it. */
export const EXAMPLE_AGENT_PATH = 'resources/agent-client/python/examples/alarm_agent.py';

/** The command line that starts the example agent on a benchmark's handed-out episodes (run in the repository's folder). */
export function agentCommand(access: { serveUrl: string; token: string }): string {
  return `MOBA_SERVE_URL=${access.serveUrl} MOBA_SERVE_TOKEN=${access.token} python3 ${EXAMPLE_AGENT_PATH}`;
}

/** Whether a benchmark has a configuration whose agents connect on their own (the page hands its episodes out). */
export function handsOutEpisodes(summary: BenchmarkSummary): boolean {
  return summary.configurations.some((c) => c.config.externalConnect === true);
}
