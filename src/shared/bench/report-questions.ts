/**
 * Whether a report shows its question columns, apart from the report's schemas so that the
 * command line's table needs no schema library (only the report's types).
 */
import type { BenchReport } from './report.ts';

/**
 * Whether a report shows the question columns: some episode's task has a simulated user, or the
 * agent asked anyway (docs/benchmark.md § Asking the user).
 */
export function showsQuestions(r: Pick<BenchReport, 'configurations'>): boolean {
  return r.configurations.some((c) => c.questions.userEpisodes > 0 || c.questions.asked > 0);
}
